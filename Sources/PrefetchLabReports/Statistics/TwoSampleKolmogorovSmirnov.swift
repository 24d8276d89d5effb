import Foundation

/// The two-sample Kolmogorov–Smirnov statistic: how far apart two samples' empirical
/// distribution functions get, D = sup over x of |F₁(x) − F₂(x)|, 0 (the same) … 1 (disjoint).
///
/// `criticalDistance` is the asymptotic 5 % critical value c(α)·√((n + m)/(n·m)) with
/// c(0.05) = √(−ln(0.025)/2) ≈ 1.358 (Smirnov's limit; e.g. NIST/SEMATECH e-Handbook of Statistical
/// Methods, section 1.3.5.16): a D above it says the samples differ at the 5 % level, given
/// independent draws (within-session draws of a recording are not quite that).
public enum TwoSampleKolmogorovSmirnov {
  /// D for two samples; nil when either is empty. Ties are stepped over together. O((n + m) log(n + m)).
  public static func distance(_ a: [Double], _ b: [Double]) -> Double? {
    guard !a.isEmpty, !b.isEmpty else { return nil }
    let x = a.sorted()
    let y = b.sorted()
    var i = 0
    var j = 0
    var largest = 0.0
    while i < x.count && j < y.count {
      let value = min(x[i], y[j])
      while i < x.count && x[i] == value { i += 1 }
      while j < y.count && y[j] == value { j += 1 }
      largest = max(largest, abs(Double(i) / Double(x.count) - Double(j) / Double(y.count)))
    }
    return largest
  }

  /// The asymptotic 5 % critical D for samples of n and m values (both > 0).
  public static func criticalDistance(_ n: Int, _ m: Int) -> Double {
    (-log(0.025) / 2).squareRoot() * (Double(n + m) / (Double(n) * Double(m))).squareRoot()
  }
}
