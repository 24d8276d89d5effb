import Foundation

/// Student's t distribution: CDF and quantile for the confidence intervals of reports and
/// `compare` (Student-t intervals are the right ones for the handful of seeds a run has).
///
/// The CDF is exact up to floating point: P(T ≤ t) = 1 − ½·I_x(ν/2, ½) for t ≥ 0, with
/// x = ν / (ν + t²) and I the regularized incomplete beta function (Abramowitz & Stegun 26.7.1),
/// evaluated by its continued fraction with the modified Lentz method (Numerical Recipes, 3rd ed.,
/// §6.4 `betai`/`betacf`). The quantile inverts the CDF by bisection to full double precision,
/// so it matches published tables (e.g. NIST/SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.2)
/// to every printed digit; see the tests.
public enum StudentT {
  /// P(T ≤ t) for `degreesOfFreedom` ν > 0.
  public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
    precondition(nu > 0, "degrees of freedom must be positive")
    if t.isNaN { return .nan }
    if t == .infinity { return 1 }
    if t == -.infinity { return 0 }
    let x = nu / (nu + t * t)
    let tail = 0.5 * regularizedIncompleteBeta(x, a: nu / 2, b: 0.5)
    return t >= 0 ? 1 - tail : tail
  }

  /// The t with P(T ≤ t) = p, for p in (0, 1) and ν > 0: `quantile(0.975, degreesOfFreedom: 9)`
  /// ≈ 2.262157. Closed forms for ν = 1 (Cauchy) and ν = 2; bisection otherwise.
  public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
    precondition(p > 0 && p < 1, "p must be in (0, 1)")
    precondition(nu > 0, "degrees of freedom must be positive")
    if p == 0.5 { return 0 }
    if nu == 1 { return tan(Double.pi * (p - 0.5)) }
    if nu == 2 { return (2 * p - 1) / (2 * p * (1 - p)).squareRoot() }
    if p < 0.5 { return -quantile(1 - p, degreesOfFreedom: nu) }
    // Bracket: t grows from 0 until the CDF passes p, then bisect to adjacent doubles.
    var low = 0.0
    var high = 1.0
    while cdf(high, degreesOfFreedom: nu) < p {
      low = high
      high *= 2
    }
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if middle <= low || middle >= high { break }
      if cdf(middle, degreesOfFreedom: nu) < p { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  /// The two-sided 95 % critical value t(0.975, n − 1) for a sample of `n` ≥ 2, cached for the
  /// small samples that reports use.
  public static func critical95(sampleSize n: Int) -> Double {
    precondition(n >= 2, "a confidence interval needs at least two values")
    if n - 1 < cached95.count { return cached95[n - 1] }
    return quantile(0.975, degreesOfFreedom: Double(n - 1))
  }

  /// t(0.975, ν) for ν = 0 (unused) … 100.
  private static let cached95: [Double] =
    [.nan] + (1...100).map { quantile(0.975, degreesOfFreedom: Double($0)) }

  /// I_x(a, b), the regularized incomplete beta function, for x in [0, 1], a, b > 0.
  static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
    let logPowers: Double = a * log(x) + b * log(1 - x)
    let front = exp(logPowers - logBeta)
    // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry
    // I_x(a, b) = 1 − I_{1−x}(b, a) on the other side.
    if x < (a + 1) / (a + b + 2) {
      return front * betaContinuedFraction(x, a: a, b: b) / a
    }
    return 1 - front * betaContinuedFraction(1 - x, a: b, b: a) / b
  }

  /// The continued fraction for I_x(a, b) by the modified Lentz method.
  private static func betaContinuedFraction(_ x: Double, a: Double, b: Double) -> Double {
    let tiny = 1e-300
    let epsilon = 1e-16
    let qab = a + b
    let qap = a + 1
    let qam = a - 1
    var c = 1.0
    var d = 1 - qab * x / qap
    if abs(d) < tiny { d = tiny }
    d = 1 / d
    var h = d
    for m in 1...10_000 {
      let m = Double(m)
      let m2 = 2 * m
      var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
      d = 1 + aa * d
      if abs(d) < tiny { d = tiny }
      c = 1 + aa / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      h *= d * c
      aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
      d = 1 + aa * d
      if abs(d) < tiny { d = tiny }
      c = 1 + aa / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let delta = d * c
      h *= delta
      if abs(delta - 1) < epsilon { break }
    }
    return h
  }
}
