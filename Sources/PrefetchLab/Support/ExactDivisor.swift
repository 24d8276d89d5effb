/// Division of non-negative `Int64`s by a fixed divisor through a multiplication: the quotient is
/// the high word of the dividend times a precomputed reciprocal, shifted (T. Granlund and P. L.
/// Montgomery, "Division by Invariant Integers using Multiplication", PLDI 1994, theorem 4.2,
/// for N = 63-bit dividends). Exact, bit for bit the quotient `/` gives, for every dividend in
/// 0…`Int64.max`.
///
/// Why: the frame grid divides by the frame rate for every frame time it computes
/// (`FrameClock.timeUs(ofFrame:)`); a 64-bit hardware division takes tens of cycles, a
/// multiplication a few, and the event engine computes a few such times per jump.
///
/// Shapes: the divisor is 1…`Int64.max`; with l = ⌈log₂ d⌉ the multiplier m = ⌈2^(63+l) / d⌉
/// fits 64 bits, and q = ⌊n·m / 2^(63+l)⌋ = (high word of n·m) >> (l − 1); a divisor of 1 is
/// the identity. O(1).
struct ExactDivisor: Sendable, Equatable {
  let divisor: Int64
  private let multiplier: UInt64
  /// l − 1, for l ≥ 1; unused for a divisor of 1.
  private let shift: UInt64

  /// - Precondition: `divisor` ≥ 1 (a caller bug otherwise; release builds treat it as 1).
  init(_ divisor: Int64) {
    assert(divisor >= 1, "divisor must be at least 1")
    let d = UInt64(max(1, divisor))
    self.divisor = Int64(d)
    guard d > 1 else {
      multiplier = 1
      shift = 0
      return
    }
    let l = UInt64(64 - (d - 1).leadingZeroBitCount)  // ⌈log₂ d⌉, 1…63
    // ⌈2^(63+l) / d⌉: 2^(63+l) as the 128-bit value (2^(l−1), 0), divided by d.
    let (quotient, remainder) = d.dividingFullWidth((high: 1 << (l - 1), low: 0))
    multiplier = remainder == 0 ? quotient : quotient + 1
    shift = l - 1
  }

  /// `dividend / divisor` for `dividend` ≥ 0 (debug builds assert; release builds divide a
  /// negative dividend's two's-complement bit pattern as an unsigned number, and never trap).
  @inline(__always)
  func quotient(of dividend: Int64) -> Int64 {
    assert(dividend >= 0, "the dividend must not be negative")
    if divisor == 1 { return dividend }
    let high = UInt64(truncatingIfNeeded: dividend).multipliedFullWidth(by: multiplier).high
    return Int64(truncatingIfNeeded: high &>> shift)
  }

  /// `dividend % divisor` for `dividend` ≥ 0.
  @inline(__always)
  func remainder(of dividend: Int64) -> Int64 { dividend &- quotient(of: dividend) &* divisor }
}
