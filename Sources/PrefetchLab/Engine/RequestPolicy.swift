/// How request attempts fare on the scenario's network: their time to first byte (the RTT
/// distribution, or a periods trace's latency), whether they fail (`network.failure_rate`), the
/// timeout, the retry policy with its backoff, coalescing of media requests, and whether the
/// radio's promotion delays them. Every draw is keyed by (resource, try number), so it does not
/// depend on what else a strategy asks for (common random numbers across strategies).
///
/// With `network.media`, media attempts follow the media origin's policy (`OriginPolicy`) and
/// pages the API's; without it both follow `network`.
struct RequestPolicy: Sendable {
  private var pages: OriginPolicy
  /// The media origin's policy; nil when media share `network`.
  private var media: OriginPolicy?
  /// Whether `media` is set, fixed at `init`. Every attempt tests this instead of `media`:
  /// comparing the optional policy with nil copies it (its trace's arrays retained and released).
  private let hasMediaOrigin: Bool
  /// `network.coalescing` (or `network.media.coalescing`): media requests join a transfer already
  /// queued or in flight.
  let coalescing: Bool
  /// `radio.promotion_delays_requests`.
  let promotionDelaysRequests: Bool
  /// `RunConstants.mediaRoundTripMedianMs`: the media origin's median round trip, ms.
  let mediaRoundTripMedianMs: Double
  private let random: CounterRandom

  /// An error response takes at least this long, µs, so that a request failing again and again
  /// on a zero-RTT link still lets time pass (and the user's patience run out).
  static let errorResponseMinimumUs: Int64 = 1000

  /// - Parameter media: the media origin's network and link trace, when `network.media` is given.
  init(
    network: NetworkSpec, promotionDelaysRequests: Bool, trace: BandwidthTrace, random: CounterRandom,
    media: (network: NetworkSpec, trace: BandwidthTrace)? = nil
  ) {
    pages = OriginPolicy(network: network, trace: trace)
    self.media = media.map { OriginPolicy(network: $0.network, trace: $0.trace) }
    hasMediaOrigin = media != nil
    coalescing = media?.network.coalescing ?? network.coalescing
    self.promotionDelaysRequests = promotionDelaysRequests
    self.random = random
    let origin = self.media ?? pages
    var segment = 0
    mediaRoundTripMedianMs =
      origin.trace.latencyMs(atUs: 0, segmentHint: &segment) ?? origin.rttMs.quantile(0.5)
  }

  /// Try `tryIndex` of `resource`, started at `nowUs`: its time to first byte, µs, and whether
  /// the response is an error.
  mutating func attempt(of resource: Resource, tryIndex: UInt64, atUs nowUs: Int64) -> (
    latencyUs: Int64, fails: Bool
  ) {
    if hasMediaOrigin, resource.isMedia {
      return Self.attempt(of: resource, tryIndex: tryIndex, atUs: nowUs, &media!, random)
    }
    return Self.attempt(of: resource, tryIndex: tryIndex, atUs: nowUs, &pages, random)
  }

  private static func attempt(
    of resource: Resource, tryIndex: UInt64, atUs nowUs: Int64, _ origin: inout OriginPolicy,
    _ random: CounterRandom
  ) -> (latencyUs: Int64, fails: Bool) {
    let latencyMs =
      origin.trace.latencyMs(atUs: nowUs, segmentHint: &origin.latencySegment)
      ?? origin.rttMs.quantile { random.uniform(.latency, key: resource.randomKey, attempt: tryIndex) }
    var latencyUs = max(0, Int64((latencyMs * 1000).rounded()))
    let failureRate = origin.failureRate
    let fails =
      failureRate > 0 && random.uniform(.failure, key: resource.randomKey, attempt: tryIndex) < failureRate
    if fails { latencyUs = max(latencyUs, Self.errorResponseMinimumUs) }
    return (latencyUs, fails)
  }

  /// The timeout of an attempt for `resource`, µs. `mutating` only so that the engine reads it in
  /// place: a non-mutating call on the policy stored in the simulation copied the policy.
  mutating func timeoutUs(for resource: Resource) -> Int64 {
    if hasMediaOrigin, resource.isMedia { return media!.timeoutUs }
    return pages.timeoutUs
  }

  /// The wait before the attempt after `attempt` (0-based) of `resource`'s try `tryIndex` failed,
  /// µs; nil when the policy allows no further attempt.
  func retryDelayUs(afterAttempt attempt: Int, of resource: Resource, tryIndex: UInt64) -> Int64? {
    var retry = pages.retry
    if resource.isMedia, let mediaRetry = media?.retry { retry = mediaRetry }
    guard attempt + 1 < retry.maxAttempts else { return nil }
    let u = random.uniform(.retryJitter, key: resource.randomKey, attempt: tryIndex)
    return retry.delayUs(afterAttempt: attempt, uniform: u)
  }
}
