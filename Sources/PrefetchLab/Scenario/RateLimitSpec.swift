/// A token-bucket limit on how fast request attempts may start ([network.rate_limit]): the
/// bucket holds up to `burst` tokens, refills at `requestsPerSecond`, starts full, and every
/// attempt (first try or retry) takes one token before it may open a connection. Attempts that
/// find the bucket empty wait in the connection queue, in priority order.
///
/// `.nuke` mirrors Nuke's `RateLimiter` (`ImagePipeline` rate limiting, on by default): 80
/// requests per second with bursts of 25, "to support large (infinite) collections of images by
/// preventing trashing of underlying systems".
public struct RateLimitSpec: Sendable, Equatable {
  /// [requests_per_s] Refill rate, tokens per second, > 0.
  public var requestsPerSecond: Double
  /// [burst] Bucket size: attempts that may start at once after a quiet spell, >= 1.
  public var burst: Int

  public init(requestsPerSecond: Double, burst: Int) {
    self.requestsPerSecond = requestsPerSecond
    self.burst = burst
  }

  /// Nuke's defaults (`RateLimiter(rate: 80, burst: 25)`).
  public static let nuke = RateLimitSpec(requestsPerSecond: 80, burst: 25)
}
