/// Percentiles of weighted values: the population leaderboard's per-session p50 and p95, where
/// each session counts with its segment's share.
///
/// Definition: the p-quantile is the smallest value v whose cumulative weight — the total weight
/// of the values ≤ v — reaches p × the total weight. That is the inverse of the weighted empirical
/// distribution function, Hyndman & Fan's definition 1 ("Sample Quantiles in Statistical
/// Packages", The American Statistician 50(4), 1996) with weights; with equal weights it is the
/// nearest-rank percentile (the ⌈p·n⌉-th smallest value). No interpolation: the result is always
/// a value that was observed. Sums of weights are compared with a relative tolerance of 10⁻⁹, so
/// shares such as 0.6 / 3 that do not add up exactly in binary still meet their target.
public enum WeightedPercentile {
  /// The p-quantile (p in (0, 1]) of `values`; nil when there are none or the total weight is not
  /// positive. Zero-weight values never decide it. O(n log n).
  public static func of(_ values: [(value: Double, weight: Double)], _ p: Double) -> Double? {
    precondition(p > 0 && p <= 1, "p must be in (0, 1]")
    let kept = values.filter { $0.weight > 0 }.sorted { $0.value < $1.value }
    let total = kept.reduce(0) { $0 + $1.weight }
    guard total > 0 else { return nil }
    let target = p * total * (1 - 1e-9)
    var cumulative = 0.0
    for (index, item) in kept.enumerated() {
      cumulative += item.weight
      // Equal values share their cumulative weight: decide at the last of them.
      if index + 1 < kept.count && kept[index + 1].value == item.value { continue }
      if cumulative >= target { return item.value }
    }
    return kept.last?.value
  }
}
