import Foundation

/// How a request retries after a failed attempt ([network.retry]): exponential backoff with
/// optional jitter, the policy of Alamofire's `RetryPolicy` (retry limit 2, backoff base 2, scale
/// 0.5 s) with jitter as in "Exponential Backoff and Jitter" (M. Brooker, AWS Architecture Blog,
/// 2015).
///
/// An attempt fails on an error response, a timeout, or a connection lost in an outage. The wait
/// after failed attempt k (0-based) is `backoff_ms × multiplier^k × (1 − jitter × u)`, u uniform
/// in (0, 1) drawn by `CounterRandom` keyed by (seed, resource, try): jitter 0 is Alamofire's
/// plain backoff, 1 is "full jitter", 0.5 "equal jitter".
public struct RetryPolicy: Sendable, Equatable {
  /// [max_attempts] Attempts per request, the first included: >= 1; 1 = never retry.
  public var maxAttempts: Int
  /// [backoff_ms] Wait before the first retry, ms, >= 0.
  public var backoffMs: Double
  /// [multiplier] Growth of the wait per further retry, >= 1.
  public var multiplier: Double
  /// [jitter] Share of each wait that is randomised away, 0...1.
  public var jitter: Double

  public init(maxAttempts: Int, backoffMs: Double, multiplier: Double, jitter: Double) {
    self.maxAttempts = maxAttempts
    self.backoffMs = backoffMs
    self.multiplier = multiplier
    self.jitter = jitter
  }

  /// No retries: what a request does when the scenario has no `network.retry` (today's behaviour
  /// and URLSession's: a failed task is not retried).
  public static let none = RetryPolicy(maxAttempts: 1, backoffMs: 0, multiplier: 1, jitter: 0)

  /// The defaults of a `retry` object: Alamofire `RetryPolicy` (`defaultRetryLimit` 2 retries =
  /// 3 attempts, `defaultExponentialBackoffScale` 0.5 s, `defaultExponentialBackoffBase` 2), no
  /// jitter (Alamofire adds none).
  public static let alamofire = RetryPolicy(maxAttempts: 3, backoffMs: 500, multiplier: 2, jitter: 0)

  /// The wait after failed attempt `attempt` (0-based), µs, for the uniform draw `u` in (0, 1).
  /// O(1); capped at 10^9 ms so that it always fits the clock.
  public func delayUs(afterAttempt attempt: Int, uniform u: Double) -> Int64 {
    let base = backoffMs * pow(multiplier, Double(attempt))
    let ms = min(1e9, base * (1 - jitter * u))
    return max(0, Int64((ms * 1000).rounded()))
  }
}
