import Foundation

/// Reads recorded bandwidth traces (`network.trace` in a scenario, docs/scenario-format.md) in the
/// three formats of `BandwidthTraceFormat`. See `BandwidthTrace.mahimahi(bytes:file:loop:)`,
/// `BandwidthTrace.throughput(bytes:file:loop:)` and `BandwidthTrace.periods(bytes:file:loop:)` for
/// each format's exact reading.
public enum BandwidthTraceLoader {
  /// Loads the trace at `path` (already resolved against the scenario file's folder).
  ///
  /// - Parameters:
  ///   - path: the trace file; it is reported as given in errors.
  ///   - format: how to read it.
  ///   - loop: replay the trace after its end (as `mm-link` and Sabre do) or hold the last
  ///     segment's capacity for ever.
  /// - Throws: `InputError` with `file` = `path`, `location` = `line N` (text formats) or a JSON
  ///   index such as `[12].bandwidth_kbps` (periods), and a message that states the rule and what
  ///   was found: missing, unreadable or empty file, a malformed, negative or non-finite value,
  ///   decreasing timestamps, unknown keys, a trace with no capacity at all.
  /// - Complexity: O(file size) time; O(segments) memory for the result.
  public static func load(path: String, format: BandwidthTraceFormat, loop: Bool) throws(InputError)
    -> BandwidthTrace
  {
    let bytes = try readFile(path)
    switch format {
    case .mahimahi: return try BandwidthTrace.mahimahi(bytes: bytes, file: path, loop: loop)
    case .throughput: return try BandwidthTrace.throughput(bytes: bytes, file: path, loop: loop)
    case .periods: return try BandwidthTrace.periods(bytes: bytes, file: path, loop: loop)
    }
  }

  /// The file's bytes; errors for a missing path, a folder, an unreadable or an empty file.
  static func readFile(_ path: String) throws(InputError) -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(file: path, location: "", message: "bandwidth trace file not found")
    }
    guard !isDirectory.boolValue else {
      throw InputError(
        file: path, location: "", message: "a bandwidth trace must be a file, got a folder")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputError(file: path, location: "", message: "cannot read the bandwidth trace file")
    }
    guard !data.isEmpty else {
      throw InputError(file: path, location: "", message: "the bandwidth trace file is empty")
    }
    return [UInt8](data)
  }
}
