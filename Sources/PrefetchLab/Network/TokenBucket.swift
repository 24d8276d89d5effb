/// A token bucket on the engine's µs clock (see `RateLimitSpec`). Tokens are fractional and
/// refill continuously; the bucket starts full. Deterministic: plain IEEE arithmetic in a fixed
/// order. All operations O(1).
struct TokenBucket: Sendable {
  let tokensPerUs: Double
  let capacity: Double
  private(set) var tokens: Double
  private var lastUs: Int64 = 0

  /// Slack for the rounding of refills, so that waiting until `nextTokenUs` always finds a token.
  private static let tolerance = 1e-9

  init(_ spec: RateLimitSpec) {
    tokensPerUs = spec.requestsPerSecond / 1_000_000
    capacity = Double(spec.burst)
    tokens = capacity
  }

  private mutating func refill(atUs timeUs: Int64) {
    guard timeUs > lastUs else { return }
    tokens = min(capacity, tokens + Double(timeUs - lastUs) * tokensPerUs)
    lastUs = timeUs
  }

  /// Takes a token at `timeUs` if one is there.
  mutating func take(atUs timeUs: Int64) -> Bool {
    refill(atUs: timeUs)
    guard tokens >= 1 - Self.tolerance else { return false }
    tokens = max(0, tokens - 1)
    return true
  }

  /// A token is there at `timeUs` (none is taken).
  mutating func peek(atUs timeUs: Int64) -> Bool {
    refill(atUs: timeUs)
    return tokens >= 1 - Self.tolerance
  }

  /// The first µs at or after `timeUs` at which a token is there.
  mutating func nextTokenUs(atUs timeUs: Int64) -> Int64 {
    refill(atUs: timeUs)
    let missing = 1 - Self.tolerance - tokens
    if missing <= 0 { return timeUs }
    return timeUs + max(1, Int64((missing / tokensPerUs).rounded(.up)))
  }
}
