/// How attempts to one origin fare: its round trip (the RTT distribution, or its periods trace's
/// latency), failure rate, timeout and retry policy (`network`, or `network.media` for media).
struct OriginPolicy: Sendable {
  let rttMs: Distribution
  let trace: BandwidthTrace
  let failureRate: Double
  let retry: RetryPolicy
  /// `timeout_ms`, µs.
  let timeoutUs: Int64
  /// The trace segment of the last latency looked up: requests start at times that mostly
  /// increase, so the next lookup starts there.
  var latencySegment = 0

  init(network: NetworkSpec, trace: BandwidthTrace) {
    rttMs = network.rttMs
    self.trace = trace
    failureRate = network.failureRate
    retry = network.retry
    timeoutUs = Int64((network.timeoutMs * 1000).rounded())
  }
}
