extension BandwidthTrace {
  /// Reads a throughput trace: Pensieve's "cooked" format (Pensieve `README.md`:
  /// `[time_stamp (sec), throughput (Mbit/sec)]`).
  ///
  /// Format: one row per line, two columns separated by spaces or TABs: time in seconds and
  /// throughput in Mbit/s (10⁶ bit/s = 125 000 bytes/s), both plain non-negative decimals
  /// (`1.5`, `2e-3`; no sign, `nan` or `inf`): times at most 10^9 s, throughputs at most
  /// 100 000 Mbit/s (`InputLimits`). Times never decrease. CR line ends and blank lines at the end
  /// are tolerated, and so is a leading UTF-8 byte order mark. No comments or header row.
  ///
  /// Model (as Pensieve's `sim/env.py` uses it): row i's throughput holds over (t[i−1], t[i]],
  /// so row 0's value is never used and the trace starts at time 0 = t[0] (normally 0.0). Each
  /// row i ≥ 1 becomes one segment of t[i] − t[i−1] seconds, with the times rounded to whole µs
  /// before subtracting (so durations add up to the rounded total). Rows with equal times give
  /// empty segments, which are dropped. The period is t_last − t_first.
  ///
  /// - Throws: `InputError` (`location` = `line N`) for an empty file, fewer than two rows, a row
  ///   without exactly two columns, a malformed or negative number, a time beyond the µs clock,
  ///   a decreasing time, a zero total duration, or no capacity (every used value 0).
  /// - Complexity: O(rows).
  public static func throughput(bytes: [UInt8], file: String, loop: Bool) throws(InputError)
    -> BandwidthTrace
  {
    var reader = LineReader(bytes, blankLines: .trailingOnly)
    var segments: [Segment] = []
    var firstUs: Int64 = -1
    var previousUs: Int64 = -1
    var previousSeconds = 0.0
    var rows = 0
    var lastLine = 0
    while let line = reader.next() {
      let location = line.location
      if line.isEmpty {
        throw InputError(
          file: file, location: location, message: "expected a row `time_s Mbit/s`, got an empty line")
      }
      let fields = reader.fields(of: line)
      guard fields.count == 2 else {
        throw InputError(
          file: file, location: location,
          message:
            "expected 2 columns (time_s, Mbit/s), got \(fields.count): \(TraceText.quoted(bytes, line.range))"
            + (bytes[line.range].contains(UInt8(ascii: ","))
              ? "; columns are separated by whitespace (spaces or tabs), not commas" : "")
        )
      }
      guard let seconds = TraceText.unsignedDecimal(bytes, fields[0]) else {
        throw InputError(
          file: file, location: location,
          message: "time must be a number >= 0 (s), got \(TraceText.quoted(bytes, fields[0]))")
      }
      guard let mbps = TraceText.unsignedDecimal(bytes, fields[1]) else {
        throw InputError(
          file: file, location: location,
          message:
            "throughput must be a number >= 0 (Mbit/s), got \(TraceText.quoted(bytes, fields[1]))")
      }
      guard seconds * 1000 <= InputLimits.maxTraceTimeMs,
        let timeUs = TraceText.microseconds(seconds, scale: 1_000_000)
      else {
        throw InputError(
          file: file, location: location,
          message: "time must be at most 1e9 s, got \(TraceText.quoted(bytes, fields[0]))")
      }
      guard mbps * 1000 <= InputLimits.bandwidthKbps.upperBound else {
        throw InputError(
          file: file, location: location,
          message: "throughput must be at most 100000 Mbit/s, got \(TraceText.quoted(bytes, fields[1]))")
      }
      if rows > 0 {
        guard seconds >= previousSeconds else {
          throw InputError(
            file: file, location: location,
            message:
              "times must not decrease, got \(TraceText.quoted(bytes, fields[0])) s after \(DecimalFormat.readable(previousSeconds)) s"
          )
        }
        segments.append(Segment(durationUs: timeUs - previousUs, bytesPerSecond: mbps * 125_000))
      } else {
        firstUs = timeUs
      }
      previousUs = timeUs
      previousSeconds = seconds
      rows += 1
      lastLine = line.number
    }
    guard rows >= 2 else {
      throw InputError(
        file: file, location: rows == 0 ? "" : "line \(lastLine)",
        message:
          "a throughput trace needs at least 2 rows (row 0 only marks the start time), got \(rows)")
    }
    guard previousUs > firstUs else {
      throw InputError(
        file: file, location: "line \(lastLine)",
        message: "the trace lasts 0 s: the last time must be greater than the first")
    }
    do {
      return try BandwidthTrace(segments: segments, loop: loop)
    } catch {
      throw InputError(file: file, location: "", message: error.message)
    }
  }
}
