/// How request attempts fare on the scenario's network: their time to first byte (the RTT
/// distribution, or a periods trace's latency), whether they fail (`network.failure_rate`), the
/// timeout, the retry policy with its backoff, coalescing of media requests, and whether the
/// radio's promotion delays them. Every draw is keyed by (resource, try number), so it does not
/// depend on what else a strategy asks for (common random numbers across strategies).
struct RequestPolicy: Sendable {
  private let rttMs: Distribution
  private let trace: BandwidthTrace
  private let failureRate: Double
  let retry: RetryPolicy
  /// `timeout_ms`, µs.
  let timeoutUs: Int64
  /// `network.coalescing`: media requests join a transfer already queued or in flight.
  let coalescing: Bool
  /// `radio.promotion_delays_requests`.
  let promotionDelaysRequests: Bool
  private let random: CounterRandom
  /// The trace segment of the last latency looked up: requests start at times that mostly
  /// increase, so the next lookup starts there.
  private var latencySegment = 0

  /// An error response takes at least this long, µs, so that a request failing again and again
  /// on a zero-RTT link still lets time pass (and the user's patience run out).
  static let errorResponseMinimumUs: Int64 = 1000

  init(network: NetworkSpec, promotionDelaysRequests: Bool, trace: BandwidthTrace, random: CounterRandom) {
    rttMs = network.rttMs
    self.trace = trace
    failureRate = network.failureRate
    retry = network.retry
    timeoutUs = Int64((network.timeoutMs * 1000).rounded())
    coalescing = network.coalescing
    self.promotionDelaysRequests = promotionDelaysRequests
    self.random = random
  }

  /// Try `tryIndex` of `resource`, started at `nowUs`: its time to first byte, µs, and whether
  /// the response is an error.
  mutating func attempt(of resource: Resource, tryIndex: UInt64, atUs nowUs: Int64) -> (
    latencyUs: Int64, fails: Bool
  ) {
    let latencyMs =
      trace.latencyMs(atUs: nowUs, segmentHint: &latencySegment)
      ?? rttMs.quantile { random.uniform(.latency, key: resource.randomKey, attempt: tryIndex) }
    var latencyUs = max(0, Int64((latencyMs * 1000).rounded()))
    let fails =
      failureRate > 0 && random.uniform(.failure, key: resource.randomKey, attempt: tryIndex) < failureRate
    if fails { latencyUs = max(latencyUs, Self.errorResponseMinimumUs) }
    return (latencyUs, fails)
  }

  /// The wait before the attempt after `attempt` (0-based) of `resource`'s try `tryIndex` failed,
  /// µs; nil when the policy allows no further attempt.
  func retryDelayUs(afterAttempt attempt: Int, of resource: Resource, tryIndex: UInt64) -> Int64? {
    guard attempt + 1 < retry.maxAttempts else { return nil }
    let u = random.uniform(.retryJitter, key: resource.randomKey, attempt: tryIndex)
    return retry.delayUs(afterAttempt: attempt, uniform: u)
  }
}
