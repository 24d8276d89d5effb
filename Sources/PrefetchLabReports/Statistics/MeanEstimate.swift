/// The mean of a sample with its Student-t 95 % confidence interval: what reports show per
/// metric across seeds, and what `compare` shows for paired differences.
///
/// For n = 1 there is no interval (`halfWidth` is nil, reports print "n=1"); for n = 0 there is
/// no mean either. Never NaN: empty cells (ratios with an empty denominator) are left out of the
/// sample by the caller.
public struct MeanEstimate: Sendable, Equatable {
  /// Number of values.
  public let n: Int
  /// The arithmetic mean, nil for n = 0.
  public let mean: Double?
  /// The sample standard deviation (n − 1 in the denominator), nil for n < 2.
  public let standardDeviation: Double?
  /// t(0.975, n − 1) · s / √n, nil for n < 2. Zero when every value is the same.
  public let halfWidth: Double?

  /// Summarises `values` in the given order (the sum's rounding depends on it, so callers pass
  /// values in file order to keep outputs byte-identical).
  public init(_ values: [Double]) {
    n = values.count
    guard n > 0 else {
      mean = nil
      standardDeviation = nil
      halfWidth = nil
      return
    }
    let mean = values.reduce(0, +) / Double(n)
    self.mean = mean
    guard n > 1 else {
      standardDeviation = nil
      halfWidth = nil
      return
    }
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    let sd = (squares / Double(n - 1)).squareRoot()
    standardDeviation = sd
    halfWidth = StudentT.critical95(sampleSize: n) * sd / Double(n).squareRoot()
  }

  /// Lower end of the 95 % interval, nil for n < 2.
  public var low: Double? {
    guard let mean, let halfWidth else { return nil }
    return mean - halfWidth
  }

  /// Upper end of the 95 % interval, nil for n < 2.
  public var high: Double? {
    guard let mean, let halfWidth else { return nil }
    return mean + halfWidth
  }

  /// Whether the interval lies entirely above or below zero (a significant difference, for
  /// paired differences). False for n < 2.
  public var excludesZero: Bool {
    guard let low, let high else { return false }
    return low > 0 || high < 0
  }
}
