import Foundation

/// A lognormal written as two of its quantiles, as latency is usually quoted
/// (`{"lognormal": {"p50": 180, "p95": 600}}`), turned into its median and sigma.
///
/// ln X is normal, so two quantiles q_a < q_b at standard-normal scores z_a < z_b fix it
/// exactly: sigma = ln(q_b / q_a) / (z_b − z_a), median = q_a · exp(−z_a · sigma). With p50 given,
/// the median is p50 itself (z = 0), so `{"p50": m, "p95": q}` is the same distribution as
/// `{"median": m, "sigma": ln(q / m) / 1.6448536269514722}`, byte for byte.
public enum LognormalQuantiles {
  /// The quantile keys in order, lower first.
  public static let keys = ["p50", "p90", "p95", "p99"]

  /// Standard-normal quantiles Φ⁻¹(p), rounded to the nearest `Double` (the values of R's
  /// `qnorm` and SciPy's `norm.ppf` at 0.9, 0.95, 0.99).
  public static let zScores: [String: Double] = [
    "p50": 0, "p90": 1.2815515655446004, "p95": 1.6448536269514722, "p99": 2.3263478740408408,
  ]

  /// The lognormal through `(low.key, low.value)` and `(high.key, high.value)`; `low` is the lower
  /// quantile, both values > 0 and high.value >= low.value. O(1).
  public static func fit(_ low: (key: String, value: Double), _ high: (key: String, value: Double))
    -> Distribution
  {
    let zLow = zScores[low.key] ?? 0
    let zHigh = zScores[high.key] ?? 0
    let sigma = log(high.value / low.value) / (zHigh - zLow)
    let median = zLow == 0 ? low.value : low.value * exp(-zLow * sigma)
    return .lognormal(median: median, sigma: sigma)
  }
}
