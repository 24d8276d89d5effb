import Foundation

/// A one-dimensional distribution of a non-negative quantity (a height in pt, a size in bytes, a
/// latency in ms), as written in scenario files (docs/scenario-format.md, "Distributions").
///
/// Every case samples by inverse transform from a single uniform draw, so a value is a pure
/// function of its counter-based key: the same item gets the same height whichever strategy loads
/// it, and in whatever order.
public enum Distribution: Sendable, Equatable, CustomStringConvertible {
  /// Always `value`.
  case constant(Double)
  /// Uniform on [min, max]; requires 0 <= min <= max.
  case uniform(min: Double, max: Double)
  /// Normal(mean, sd) truncated to [0, ∞) by conditioning (not clamping): requires sd >= 0 and,
  /// when sd > 0, that the mass above 0 is not vanishing (mean > -8 sd).
  case normal(mean: Double, sd: Double)
  /// exp(N(ln median, sigma²)); requires median > 0, sigma >= 0.
  case lognormal(median: Double, sigma: Double)
  /// Pareto type I: P(X > x) = (scale / x)^shape for x >= scale; requires scale > 0, shape > 0.
  case pareto(scale: Double, shape: Double)
  /// Each listed value with equal probability; requires a non-empty list of values >= 0.
  case empirical([Double])

  /// No draw exceeds this, in any key's unit: 10^9 (ms, bytes, pt). The tails of the unbounded
  /// families are capped here so that every delay fits the engine's µs clock and every size its
  /// byte counts whatever the parameters (docs/scenario-format.md, "Distributions"); keys with a
  /// lower maximum cap their draws where they use them.
  public static let maximumDraw = InputLimits.maxMilliseconds

  /// The value at the given quantile `u` in (0, 1), at most `maximumDraw`. O(1).
  public func quantile(_ u: Double) -> Double {
    Swift.min(uncappedQuantile(u), Self.maximumDraw)
  }

  /// `quantile(draw())`, calling `draw` only when the value depends on it: a constant needs no
  /// uniform, and with counter-based draws (`CounterRandom`) skipping one changes nothing else.
  /// The engine asks for a page's size and apply delay and a row's height once each; with the
  /// constants most scenarios use, the draw would be most of the cost.
  @inline(__always)
  func quantile(drawing draw: () -> Double) -> Double {
    if case .constant(let value) = self { return Swift.min(value, Self.maximumDraw) }
    return quantile(draw())
  }

  /// The inverse CDF without the cap (infinite for tails beyond `Double`'s range). O(1).
  func uncappedQuantile(_ u: Double) -> Double {
    switch self {
    case .constant(let value):
      return value
    case .uniform(let low, let high):
      return low + u * (high - low)
    case .normal(let mean, let sd):
      guard sd > 0 else { return Swift.max(0, mean) }
      // Condition on X >= 0: map u into the CDF range above zero, then invert.
      let lowerTail = StandardNormal.cdf(-mean / sd)
      let p = lowerTail + u * (1 - lowerTail)
      return Swift.max(0, mean + sd * StandardNormal.quantile(Swift.min(p, 1 - 1e-16)))
    case .lognormal(let median, let sigma):
      return median * exp(sigma * StandardNormal.quantile(u))
    case .pareto(let scale, let shape):
      return scale / pow(u, 1 / shape)
    case .empirical(let values):
      let index = Swift.min(values.count - 1, Int(u * Double(values.count)))
      return values[index]
    }
  }

  /// The distribution's mean; `nil` when it is infinite (Pareto with shape <= 1).
  public var mean: Double? {
    switch self {
    case .constant(let value): return value
    case .uniform(let low, let high): return (low + high) / 2
    case .normal(let mean, let sd):
      guard sd > 0 else { return Swift.max(0, mean) }
      // Mean of a normal truncated below at 0: mu + sd * phi(a) / (1 - Phi(a)), a = -mu/sd.
      let a = -mean / sd
      return mean + sd * StandardNormal.pdf(a) / (1 - StandardNormal.cdf(a))
    case .lognormal(let median, let sigma): return median * exp(sigma * sigma / 2)
    case .pareto(let scale, let shape): return shape > 1 ? shape * scale / (shape - 1) : nil
    case .empirical(let values): return values.reduce(0, +) / Double(values.count)
    }
  }

  /// The scenario-file spelling, e.g. `lognormal(median=80,sigma=0.5)`.
  public var description: String {
    func f(_ x: Double) -> String { DecimalFormat.shortest(x) }
    switch self {
    case .constant(let value): return f(value)
    case .uniform(let low, let high): return "uniform(min=\(f(low)),max=\(f(high)))"
    case .normal(let mean, let sd): return "normal(mean=\(f(mean)),sd=\(f(sd)))"
    case .lognormal(let median, let sigma): return "lognormal(median=\(f(median)),sigma=\(f(sigma)))"
    case .pareto(let scale, let shape): return "pareto(scale=\(f(scale)),shape=\(f(shape)))"
    case .empirical(let values): return "empirical(\(values.map(f).joined(separator: ";")))"
    }
  }
}

/// The standard normal distribution's density, CDF and quantile function.
public enum StandardNormal {
  public static func pdf(_ x: Double) -> Double { exp(-x * x / 2) / (2 * Double.pi).squareRoot() }

  public static func cdf(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

  /// Inverse CDF for p in (0, 1), by P. J. Acklam's rational approximation (relative error below
  /// 1.15e-9), refined by one Halley step against `erfc` to near machine precision.
  public static func quantile(_ p: Double) -> Double {
    let a = [
      -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00,
    ]
    let b = [
      -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
      6.680131188771972e+01, -1.328068155288572e+01,
    ]
    let c = [
      -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00,
    ]
    let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
    let pLow = 0.02425
    var x: Double
    if p < pLow {
      let q = (-2 * log(p)).squareRoot()
      x =
        (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
        / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    } else if p <= 1 - pLow {
      let q = p - 0.5
      let r = q * q
      x =
        (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    } else {
      let q = (-2 * log(1 - p)).squareRoot()
      x =
        -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
        / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    let e = cdf(x) - p
    let u = e * (2 * Double.pi).squareRoot() * exp(x * x / 2)
    x = x - u / (1 + x * u / 2)
    return x
  }
}
