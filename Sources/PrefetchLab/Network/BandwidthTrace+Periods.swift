extension BandwidthTrace {
  /// The keys a periods object may have.
  static let periodKeys = ["duration_ms", "bandwidth_kbps", "latency_ms"]

  /// Reads a periods trace: Sabre's network file format (Sabre `src/sabre.py`).
  ///
  /// Format: a JSON array of objects `{"duration_ms": number, "bandwidth_kbps": number,
  /// "latency_ms": number}`, played in order. `duration_ms` and `bandwidth_kbps` are required;
  /// `latency_ms` must be given in every period or in none. Values are JSON numbers >= 0:
  /// durations and latencies at most 10^9 ms (durations rounded to whole µs), bandwidths at most
  /// 10^8 kbit/s (`InputLimits`). Any other key is an error (a typo must not pass
  /// silently), as is a duplicate key, a non-number value, or anything after the array.
  ///
  /// Model (as `src/sabre.py`): each period is one segment of `duration_ms` at `bandwidth_kbps`
  /// kbit/s (= bits/ms; 1 kbit/s = 125 bytes/s), which may be 0; the period's `latency_ms` is the
  /// time to first byte of a request issued during it and replaces `network.rtt_ms`
  /// (`latencyMs(atUs:)`). Zero-length periods are dropped. Sabre wraps to the first period when
  /// the trace ends (looping).
  ///
  /// The JSON is read by a small non-recursive reader of this one shape, so hostile input (deep
  /// nesting, huge numbers, invalid UTF-8) gives an error, never a crash.
  ///
  /// - Throws: `InputError` whose `location` is `line N` for malformed JSON and the JSON index
  ///   (`[12]`, `[12].bandwidth_kbps`) for a bad period, with the rule and what was found.
  /// - Complexity: O(file size).
  public static func periods(bytes: [UInt8], file: String, loop: Bool) throws(InputError)
    -> BandwidthTrace
  {
    var reader = PeriodsJSONReader(bytes: bytes, file: file)
    let periods = try reader.readPeriods()
    guard !periods.isEmpty else {
      throw InputError(file: file, location: "", message: "a periods trace needs at least one period, got []")
    }
    let withLatency = periods[0].latencyMs != nil
    var segments: [Segment] = []
    segments.reserveCapacity(periods.count)
    for (index, period) in periods.enumerated() {
      guard (period.latencyMs != nil) == withLatency else {
        throw InputError(
          file: file, location: "[\(index)]",
          message: withLatency
            ? "latency_ms must be given in every period or none: period 0 has it, this one does not"
            : "latency_ms must be given in every period or none: period 0 has none, this one has it")
      }
      guard period.durationMs <= InputLimits.maxMilliseconds,
        let durationUs = TraceText.microseconds(period.durationMs, scale: 1000)
      else {
        throw InputError(
          file: file, location: "[\(index)].duration_ms",
          message: "must be at most 1000000000, got "
            + DecimalFormat.readable(period.durationMs, against: [InputLimits.maxMilliseconds]))
      }
      guard period.bandwidthKbps <= InputLimits.bandwidthKbps.upperBound else {
        throw InputError(
          file: file, location: "[\(index)].bandwidth_kbps",
          message: "must be at most 100000000, got "
            + DecimalFormat.readable(period.bandwidthKbps, against: [InputLimits.bandwidthKbps.upperBound]))
      }
      if let latency = period.latencyMs, latency > InputLimits.maxMilliseconds {
        throw InputError(
          file: file, location: "[\(index)].latency_ms",
          message: "must be at most 1000000000, got "
            + DecimalFormat.readable(latency, against: [InputLimits.maxMilliseconds]))
      }
      segments.append(
        Segment(
          durationUs: durationUs, bytesPerSecond: period.bandwidthKbps * 125,
          latencyMs: period.latencyMs))
    }
    do {
      return try BandwidthTrace(segments: segments, loop: loop)
    } catch {
      throw InputError(file: file, location: "", message: error.message)
    }
  }
}
