import Foundation
import Testing

/// The package's root folder (this file is Tests/PrefetchLabTests/…).
private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The recorded network traces stored in the repository, `scenarios/traces/`: Pensieve's
/// throughput traces in `pensieve/` (hongzimao/pensieve `test/cooked_traces/`, MIT) and Sabre's
/// period traces in `sabre/` (UMass-LIDS/sabre `example/mmsys18/`, BSD-2-Clause), byte for byte
/// (origin and checksums: scenarios/traces/SOURCES.md). Every clone has them.
enum BundledTraces {
  static let folder = packageRoot + "/scenarios/traces"

  /// The path of a bundled trace, e.g. `sabre/report_bus_0001.json`.
  static func path(_ relative: String) -> String { folder + "/" + relative }
}

/// Mahimahi's packet-delivery traces (ravinet/mahimahi `traces/`) are GPL-3.0 and stay outside
/// the repository. The tests that replay them run when a folder holding them is found —
/// `$PREFETCHLAB_MAHIMAHI_TRACES`, else `shared/traces/mahimahi` beside the checkout — and are
/// skipped otherwise, with `skipNote` in the test output.
enum MahimahiTraces {
  static let folder: String? = {
    let environment = ProcessInfo.processInfo.environment["PREFETCHLAB_MAHIMAHI_TRACES"] ?? ""
    let candidate =
      environment.isEmpty
      ? URL(fileURLWithPath: packageRoot).deletingLastPathComponent().appendingPathComponent(
        "shared/traces/mahimahi"
      ).path : environment
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue
    else { return nil }
    return candidate
  }()

  static var available: Bool { folder != nil }

  static let skipNote: Comment =
    "Mahimahi traces (GPL-3.0, not in the repository) not found: set PREFETCHLAB_MAHIMAHI_TRACES to a folder of ravinet/mahimahi's traces/ files to run this test"

  /// The path of a Mahimahi trace, e.g. `TMobile-LTE-short.down` (only when `available`).
  static func path(_ name: String) -> String { (folder ?? "/nonexistent") + "/" + name }
}
