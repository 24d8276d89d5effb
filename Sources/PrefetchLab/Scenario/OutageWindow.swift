/// A stretch of time during which the network is down ([network.outages] entry): a tunnel, a lift,
/// a handover gone wrong.
///
/// While it lasts no byte crosses the link: transfers in progress stop where they are and resume
/// when it ends; a request sent meanwhile gets its first byte one RTT after the end, as does a
/// response that was due during it. Timeouts keep running, so an outage longer than `timeout_ms`
/// fails the attempts it catches (and a retry policy retries them).
public struct OutageWindow: Sendable, Equatable {
  /// [start_ms] Start, ms after t = 0 (the first page request), >= 0.
  public var startMs: Double
  /// [duration_ms] Length, ms, > 0.
  public var durationMs: Double

  public init(startMs: Double, durationMs: Double) {
    self.startMs = startMs
    self.durationMs = durationMs
  }

  /// [start, end) in engine µs, rounded to the nearest µs.
  var intervalUs: (startUs: Int64, endUs: Int64) {
    let start = Int64((startMs * 1000).rounded())
    return (start, start + max(1, Int64((durationMs * 1000).rounded())))
  }
}
