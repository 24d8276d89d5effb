import Foundation

/// A lognormal fitted to positive samples by maximum likelihood on their logarithms, with the
/// statistics `import har` reports beside it: sample quantiles and the exact one-sample
/// Kolmogorov–Smirnov distance.
///
/// The maximum-likelihood estimates of a lognormal are those of a normal fitted to ln x:
/// µ̂ = mean of ln xᵢ, σ̂² = (1/n) Σ (ln xᵢ − µ̂)² (divided by n, not n − 1: the MLE, slightly
/// biased low for small n). The median is exp(µ̂).
public struct LognormalFit: Sendable, Equatable {
  /// Samples fitted (the positive ones).
  public let count: Int
  /// exp(µ̂), in the samples' unit.
  public let median: Double
  /// σ̂ of ln x, >= 0.
  public let sigma: Double

  /// The fit to the positive values of `samples`; nil when none is positive. O(n).
  public init?(_ samples: [Double]) {
    let logs = samples.filter { $0 > 0 && $0.isFinite }.map { log($0) }
    guard !logs.isEmpty else { return nil }
    let mean = logs.reduce(0, +) / Double(logs.count)
    let variance = logs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(logs.count)
    count = logs.count
    median = exp(mean)
    sigma = variance.squareRoot()
  }

  /// As a scenario distribution.
  public var distribution: Distribution { .lognormal(median: median, sigma: sigma) }

  /// P(X <= x).
  public func cdf(_ x: Double) -> Double {
    guard x > 0 else { return 0 }
    guard sigma > 0 else { return x >= median ? 1 : 0 }
    return StandardNormal.cdf(log(x / median) / sigma)
  }

  /// The fit's quantile at p in (0, 1).
  public func quantile(_ p: Double) -> Double { median * exp(sigma * StandardNormal.quantile(p)) }

  /// The sample quantile at p in [0, 1] of ascending `sorted` (non-empty): linear interpolation
  /// between order statistics at h = (n − 1) p (Hyndman and Fan's type 7, the default of R's
  /// `quantile` and NumPy's `percentile`).
  public static func sampleQuantile(_ sorted: [Double], _ p: Double) -> Double {
    let h = Double(sorted.count - 1) * p
    let low = Int(h.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low])
  }

  /// The Kolmogorov–Smirnov distance sup |Fₙ(x) − F(x)| between the empirical CDF of ascending
  /// `sorted` (non-empty) and `cdf`, computed exactly. Both CDFs are right-continuous steps or
  /// continuous, so the supremum is reached at a sample, at its step or just before it:
  /// D = max over distinct values x₍ᵢ₎ of max(|Fₙ(x₍ᵢ₎) − F(x₍ᵢ₎)|, |Fₙ(x₍ᵢ₎⁻) − F(x₍ᵢ₎⁻)|), ties
  /// stepping by their multiplicity. `leftLimit` is F(x⁻), needed only where F jumps (a lognormal
  /// with sigma 0); it defaults to `cdf` (a continuous F). Between samples Fₙ is flat and F
  /// monotone, so no other point can be farther. O(n).
  public static func ksDistance(
    _ sorted: [Double], cdf: (Double) -> Double, leftLimit: ((Double) -> Double)? = nil
  ) -> Double {
    let n = Double(sorted.count)
    var distance = 0.0
    var index = 0
    while index < sorted.count {
      var end = index
      while end + 1 < sorted.count && sorted[end + 1] == sorted[index] { end += 1 }
      let f = cdf(sorted[index])
      let before = leftLimit?(sorted[index]) ?? f
      distance = max(distance, abs(Double(end + 1) / n - f), abs(Double(index) / n - before))
      index = end + 1
    }
    return distance
  }
}
