import Foundation
import PrefetchLab

/// Is a set of paired differences (B − A over the same scenarios and seeds) evidence that B differs
/// from A? What `compare` and the reports' "best" marks rest on.
///
/// Every comparison reports the mean difference with its Student-t 95 % interval. That interval
/// relies on the mean being close to normally distributed, which a handful of seeds, skewed
/// differences or many ties do not give. The rule, after the usual guidance on the robustness of
/// t procedures (Moore, McCabe & Craig, *Introduction to the Practice of Statistics*, §7.1: "n < 15:
/// use t only if the data are close to normal; 15 ≤ n < 40: not with strong skewness; n ≥ 40:
/// even for clearly skewed data"):
/// - **t** decides alone when n ≥ 40, or when 15 ≤ n < 40 with sample skewness |g₁| ≤ 1 and light
///   ties;
/// - otherwise an exact test that assumes no normality must agree: the **Wilcoxon signed-rank**
///   test (zero differences dropped as Wilcoxon 1945 proposes, tied magnitudes given mid-ranks, the
///   null distribution enumerated exactly over the ranks at hand), or the **sign test** (exact
///   binomial on the signs of the nonzero differences) when ties are heavy: when fewer than half the
///   differences have a magnitude no other difference shares (zeros count as tied), ranks carry
///   little information beyond the signs.
///
/// A difference is *significant* when its 95 % t interval excludes zero and, where an exact test
/// is used, that test's two-sided p is below 0.05. So an interval that includes zero is never a
/// win, and with fewer than six nonzero differences nothing is significant without normality:
/// neither exact test can reach p < 0.05 (the smallest two-sided p is 2 / 2ⁿ).
///
/// Complexity: O(n log n), plus O(n · Σ ranks) = O(n³) for the exact Wilcoxon distribution (n < 40
/// there, so at most a few thousand steps per comparison).
public struct PairedTest: Sendable, Equatable {
  public enum Method: String, Sendable, Equatable {
    /// Student t on the mean difference.
    case t
    /// Wilcoxon signed-rank, exact.
    case wilcoxon
    /// Sign test, exact binomial.
    case sign
  }

  /// The differences' mean and 95 % t interval (also shown when an exact test decides).
  public let difference: MeanEstimate
  /// The test that decides; nil for n < 2 or when every difference is zero.
  public let method: Method?
  /// Two-sided p of `method` (for t: from Student's t with n − 1 degrees of freedom).
  public let pValue: Double?
  /// Why an exact test was needed: `n < 15`, `heavy ties`, `skewness 1.8`, or several of them
  /// joined by commas; nil for t.
  public let reason: String?

  /// The significance level of every test here.
  public static let alpha = 0.05

  /// - Parameter differences: B − A per pair, in a fixed order (the mean's rounding depends on it).
  public init(_ differences: [Double]) {
    difference = MeanEstimate(differences)
    let n = differences.count
    guard n >= 2, differences.contains(where: { $0 != 0 }) else {
      method = nil
      pValue = nil
      reason = nil
      return
    }
    let skewness = Self.skewness(differences)
    let heavyTies = Self.hasHeavyTies(differences)
    var reasons: [String] = []
    if n < 40 {
      if n < 15 { reasons.append("n < 15") }
      if heavyTies { reasons.append("heavy ties") }
      if abs(skewness) > 1 && n >= 15 {
        reasons.append("skewness " + DecimalFormat.fixed(skewness, places: 1))
      }
    }
    reason = reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    if reasons.isEmpty {
      method = .t
      pValue = Self.tTestP(difference)
    } else if heavyTies {
      method = .sign
      pValue = Self.signTestP(differences)
    } else {
      method = .wilcoxon
      pValue = Self.wilcoxonP(differences)
    }
  }

  /// Whether the differences show a real effect (see the type's rule).
  public var isSignificant: Bool {
    guard let method, difference.excludesZero else { return false }
    if method == .t { return true }
    return (pValue ?? 1) < Self.alpha
  }

  /// `t`, `Wilcoxon p=0.004 (n < 15)`, `sign p=0.25 (heavy ties)`: which test decided, for people.
  public var summary: String {
    guard let method else { return "–" }
    switch method {
    case .t: return "t"
    case .wilcoxon, .sign:
      let name = method == .wilcoxon ? "Wilcoxon" : "sign"
      return "\(name) p=\(Self.pText(pValue ?? 1))" + (reason.map { " (\($0))" } ?? "")
    }
  }

  /// p with two significant digits (`0.031`, `0.0020`), `<0.0001` below that.
  static func pText(_ p: Double) -> String {
    if p < 0.0001 { return "<0.0001" }
    if p >= 0.1 { return DecimalFormat.fixed(p, places: 2) }
    if p >= 0.01 { return DecimalFormat.fixed(p, places: 3) }
    if p >= 0.001 { return DecimalFormat.fixed(p, places: 4) }
    return DecimalFormat.fixed(p, places: 5)
  }

  // MARK: - The tests

  /// Two-sided p of the one-sample t test of mean 0. All differences equal and nonzero: 0.
  static func tTestP(_ estimate: MeanEstimate) -> Double? {
    guard let mean = estimate.mean, let sd = estimate.standardDeviation, estimate.n >= 2 else { return nil }
    if sd == 0 { return mean == 0 ? 1 : 0 }
    let t = mean / (sd / Double(estimate.n).squareRoot())
    return min(1, 2 * StudentT.cdf(-abs(t), degreesOfFreedom: Double(estimate.n - 1)))
  }

  /// Two-sided exact sign test: zeros dropped; with k positive of m, p = min(1, 2 · P(X ≤ min(k,
  /// m − k))) for X ~ Binomial(m, ½). 1 when every difference is zero.
  static func signTestP(_ differences: [Double]) -> Double {
    let positive = differences.filter { $0 > 0 }.count
    let m = differences.filter { $0 != 0 }.count
    guard m > 0 else { return 1 }
    let k = min(positive, m - positive)
    // Σ_{i ≤ k} C(m, i) / 2^m: exact in doubles up to m = 50 (C(50, 25) < 2^53, and dividing by a
    // power of two is exact); in logs beyond, where the coefficients would overflow.
    var tail = 0.0
    if m <= 50 {
      var coefficient = 1.0
      for i in 0...k {
        if i > 0 { coefficient = coefficient * Double(m - i + 1) / Double(i) }
        tail += coefficient
      }
      tail = scalbn(tail, -m)
    } else {
      for i in 0...k { tail += exp(logChoose(m, i) - Double(m) * log(2)) }
    }
    return min(1, 2 * tail)
  }

  /// Two-sided exact Wilcoxon signed-rank p: zeros dropped, mid-ranks for tied magnitudes, W⁺
  /// (the sum of the positive differences' ranks) against its exact distribution when each rank's
  /// sign is + or − with probability ½. Ranks are doubled so mid-ranks are whole numbers.
  static func wilcoxonP(_ differences: [Double]) -> Double {
    let nonzero = differences.filter { $0 != 0 }
    guard !nonzero.isEmpty else { return 1 }
    let ranks = doubledMidRanks(nonzero.map(abs))
    let observed = zip(nonzero, ranks).reduce(0) { $0 + ($1.0 > 0 ? $1.1 : 0) }
    let counts = subsetSumCounts(ranks)
    let total = pow(2, Double(nonzero.count))
    var below = 0.0
    var above = 0.0
    for (sum, count) in counts.enumerated() where count > 0 {
      if sum <= observed { below += count }
      if sum >= observed { above += count }
    }
    return min(1, 2 * min(below, above) / total)
  }

  /// 2 × the mid-rank of each value among `values` (ascending ranks 1…n; tied values share the
  /// mean of their ranks).
  static func doubledMidRanks(_ values: [Double]) -> [Int] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var ranks = Array(repeating: 0, count: values.count)
    var start = 0
    while start < order.count {
      var end = start
      while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
      // Ranks start + 1 … end + 1 share their mean; doubled: start + end + 2.
      for position in start...end { ranks[order[position]] = start + end + 2 }
      start = end + 1
    }
    return ranks
  }

  /// counts[s] = the number of subsets of `weights` summing to s (as Doubles: exact below 2⁵³).
  static func subsetSumCounts(_ weights: [Int]) -> [Double] {
    var counts = Array(repeating: 0.0, count: weights.reduce(0, +) + 1)
    counts[0] = 1
    var reach = 0
    for weight in weights {
      reach += weight
      var sum = reach
      while sum >= weight {
        counts[sum] += counts[sum - weight]
        sum -= 1
      }
    }
    return counts
  }

  static func logChoose(_ n: Int, _ k: Int) -> Double {
    lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
  }

  // MARK: - Shape of the sample

  /// The Fisher–Pearson coefficient g₁ = m₃ / m₂^{3/2} (population moments); 0 when every value is
  /// the same.
  static func skewness(_ values: [Double]) -> Double {
    let n = Double(values.count)
    let mean = values.reduce(0, +) / n
    let m2 = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
    guard m2 > 0 else { return 0 }
    let m3 = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) * ($1 - mean) } / n
    return m3 / (m2 * m2.squareRoot())
  }

  /// Fewer than half the differences have a magnitude of their own (zeros count as tied).
  static func hasHeavyTies(_ differences: [Double]) -> Bool {
    var counts: [Double: Int] = [:]
    for value in differences { counts[abs(value), default: 0] += 1 }
    let untied = differences.filter { $0 != 0 && counts[abs($0)] == 1 }.count
    return 2 * untied < differences.count
  }
}
