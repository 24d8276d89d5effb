import Foundation

/// Where the real network traces are: `$PREFETCHLAB_TRACES` if set, else `../shared/traces`
/// beside the repository (the layout CI checks out). Tests read them in place; they are never
/// copied into the repository.
enum SharedTraces {
  static let folder: String = {
    if let override = ProcessInfo.processInfo.environment["PREFETCHLAB_TRACES"], !override.isEmpty {
      return override
    }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("shared/traces").path
  }()

  /// The path of a trace file, e.g. `mahimahi/TMobile-LTE-short.down`.
  static func path(_ relative: String) -> String { folder + "/" + relative }

  /// A hint for failures caused by a missing traces folder.
  static var missingHint: String {
    FileManager.default.fileExists(atPath: folder)
      ? ""
      : " (no traces at \(folder): clone next to ../shared/traces or set PREFETCHLAB_TRACES)"
  }
}
