import Foundation

/// Reads recorded bandwidth traces (`network.trace` in a scenario, DESIGN.md §4) in the three
/// formats of `BandwidthTraceFormat`. See `BandwidthTrace.mahimahi(bytes:file:loop:)`,
/// `BandwidthTrace.throughput(bytes:file:loop:)` and `BandwidthTrace.periods(bytes:file:loop:)`
/// for each format's exact reading.
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

// MARK: - Helpers shared by the text formats

/// Splits bytes into lines on LF, dropping a trailing CR and leading/trailing spaces and tabs.
/// Line numbers start at 1.
struct TraceLineReader {
  let bytes: [UInt8]
  private var index = 0
  private(set) var lineNumber = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The next line's trimmed byte range, or nil at the end. A final LF does not start a line.
  mutating func next() -> Range<Int>? {
    guard index < bytes.count else { return nil }
    lineNumber += 1
    var end = index
    while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
    var low = index
    var high = end
    index = end + 1
    while low < high && isBlank(bytes[low]) { low += 1 }
    while high > low && isBlank(bytes[high - 1]) { high -= 1 }
    return low..<high
  }

  /// True when nothing but blanks and line ends follows the current line.
  func restIsBlank() -> Bool {
    var position = index
    while position < bytes.count {
      if !isBlank(bytes[position]) && bytes[position] != UInt8(ascii: "\n") { return false }
      position += 1
    }
    return true
  }

  @inline(__always) private func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}

enum TraceText {
  /// `bytes[range]` quoted for an error message, shortened to 40 characters, invalid UTF-8
  /// replaced.
  static func quoted(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    let text = String(decoding: bytes[range], as: UTF8.self)
    let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
    return "\"" + short + "\""
  }

  /// A plain decimal number (digits, at most one point, an optional exponent; no sign, no `nan`,
  /// `inf` or hex), or nil.
  static func unsignedDecimal(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
    guard !range.isEmpty, range.count <= 64 else { return nil }
    var sawDigit = false
    var sawPoint = false
    var sawExponent = false
    var position = range.lowerBound
    while position < range.upperBound {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        sawDigit = true
      case UInt8(ascii: "."):
        if sawPoint || sawExponent { return nil }
        sawPoint = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        if sawExponent || !sawDigit { return nil }
        sawExponent = true
        if position + 1 < range.upperBound
          && (bytes[position + 1] == UInt8(ascii: "+") || bytes[position + 1] == UInt8(ascii: "-"))
        {
          position += 1
        }
        guard position + 1 < range.upperBound else { return nil }
      default:
        return nil
      }
      position += 1
    }
    guard sawDigit, let value = Double(String(decoding: bytes[range], as: UTF8.self)),
      value.isFinite
    else { return nil }
    return value
  }

  /// Seconds (or ms, with `scale` 1000) to whole µs, or nil when out of the clock's range.
  static func microseconds(_ value: Double, scale: Double) -> Int64? {
    let micros = (value * scale).rounded()
    guard micros.isFinite, micros >= 0, micros < 9.0e18 else { return nil }
    return Int64(micros)
  }
}
