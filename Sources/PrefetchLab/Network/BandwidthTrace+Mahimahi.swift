extension BandwidthTrace {
  /// Bytes per Mahimahi delivery opportunity: one MTU-sized packet. Mahimahi's `traces/README`
  /// and man page say 1500 bytes (`src/frontend/link_queue.hh` counts 1504); we use 1500.
  public static let mahimahiOpportunityBytes: Double = 1500

  /// Reads a Mahimahi packet-delivery trace (`mm-link` format, Mahimahi `traces/README`).
  ///
  /// Format: one integer per line, milliseconds since the trace start (at most 10^12), each line one opportunity
  /// to deliver 1500 bytes; a millisecond may repeat for several packets; timestamps never
  /// decrease. Surrounding blanks and CR line ends are tolerated, as are blank lines at the end;
  /// any other empty line is an error (as in `src/frontend/link_queue.cc`).
  ///
  /// Model: the opportunities at millisecond k deliver their bytes uniformly over (k − 1, k] ms,
  /// so each millisecond is a 1-ms segment of `count × 1 500 000` bytes/s, and runs of equal
  /// milliseconds (gaps included) are merged into one segment, which keeps a 1000-s trace small.
  /// The period (and loop period) is the last timestamp, as `link_queue.cc` adds it to its base
  /// time at wrap-around; it must be > 0. Opportunities at ms 0 belong to (−1, 0]: with looping
  /// that is the last millisecond of the previous lap, (T − 1, T], where they are counted (this
  /// is exactly where `mm-link` places them on every lap after the first); without looping
  /// they lie before the start and are dropped. Without looping the last millisecond's rate
  /// holds for ever, which is rarely what one wants from a packet trace.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - file: the path reported in errors.
  ///   - loop: see `BandwidthTrace.loops`.
  /// - Throws: `InputError` (`location` = `line N`) for an empty file, a line that is not a
  ///   non-negative integer, a timestamp beyond the µs clock, a decreasing timestamp, a last
  ///   timestamp of 0, or no capacity.
  /// - Complexity: O(lines) time, O(runs of equal milliseconds) memory.
  public static func mahimahi(bytes: [UInt8], file: String, loop: Bool) throws(InputError)
    -> BandwidthTrace
  {
    var reader = LineReader(bytes, blankLines: .trailingOnly)
    var builder = RunLengthSegments()
    var previousMs: Int64 = -1
    var bucketMs: Int64 = 0
    var bucketCount: Int64 = 0
    var countAtZero: Int64 = 0
    var emittedMs: Int64 = 0  // segments cover [0, emittedMs) ms so far
    var lastLine = 0

    func flush(_ ms: Int64, _ count: Int64) {
      if ms - 1 > emittedMs { builder.append(milliseconds: ms - 1 - emittedMs, opportunities: 0) }
      builder.append(milliseconds: 1, opportunities: count)
      emittedMs = ms
    }

    while let line = reader.next() {
      if line.isEmpty {
        throw InputError(
          file: file, location: line.location,
          message: "expected a timestamp in ms (an integer >= 0), got an empty line")
      }
      guard let ms = integer(bytes, line.range), Double(ms) <= InputLimits.maxTraceTimeMs else {
        throw InputError(
          file: file, location: line.location,
          message:
            "expected a timestamp in ms (an integer from 0 to 1000000000000), got \(TraceText.quoted(bytes, line.range))"
        )
      }
      if ms < previousMs {
        throw InputError(
          file: file, location: line.location,
          message: "timestamps must not decrease, got \(ms) ms after \(previousMs) ms")
      }
      previousMs = ms
      lastLine = line.number
      if ms == 0 {
        countAtZero += 1
      } else if ms == bucketMs {
        bucketCount += 1
      } else {
        if bucketCount > 0 { flush(bucketMs, bucketCount) }
        bucketMs = ms
        bucketCount = 1
      }
    }
    guard previousMs >= 0 else {
      throw InputError(file: file, location: "", message: "no timestamps found")
    }
    guard previousMs > 0 else {
      throw InputError(
        file: file, location: "line \(lastLine)",
        message: "the last timestamp is the trace's duration and must be > 0 ms, got 0")
    }
    flush(bucketMs, bucketCount + (loop ? countAtZero : 0))
    do {
      return try BandwidthTrace(segments: builder.segments, loop: loop)
    } catch {
      throw InputError(file: file, location: "", message: error.message)
    }
  }

  /// A non-negative decimal integer (digits only), or nil (also on overflow).
  private static func integer(_ bytes: [UInt8], _ range: Range<Int>) -> Int64? {
    guard !range.isEmpty else { return nil }
    var value: Int64 = 0
    for position in range {
      let digit = Int64(bytes[position]) - 48
      guard digit >= 0 && digit <= 9 else { return nil }
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = sum
    }
    return value
  }
}

/// Accumulates 1-ms Mahimahi buckets into segments, merging runs of equal rate.
private struct RunLengthSegments {
  var segments: [BandwidthTrace.Segment] = []
  private var runMs: Int64 = 0
  private var runOpportunities: Int64 = -1

  mutating func append(milliseconds: Int64, opportunities: Int64) {
    if opportunities == runOpportunities, !segments.isEmpty {
      runMs += milliseconds
      segments[segments.count - 1].durationUs = runMs * 1000
    } else {
      runMs = milliseconds
      runOpportunities = opportunities
      segments.append(
        BandwidthTrace.Segment(
          durationUs: milliseconds * 1000,
          bytesPerSecond: Double(opportunities) * BandwidthTrace.mahimahiOpportunityBytes * 1000))
    }
  }
}
