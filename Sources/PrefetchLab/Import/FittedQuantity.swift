/// One quantity `import har` fitted, as its report shows it: the samples' quantiles beside the
/// written distribution's, and how far apart the two CDFs are.
public struct FittedQuantity: Sendable, Equatable {
  /// The scenario key it was written to (`network.media.rtt_ms`).
  public var key: String
  /// `ms`, `bytes`, `kbit/s`, `items`.
  public var unit: String
  public var count: Int
  /// The samples' p50, p90, p99 (type 7 quantiles).
  public var dataQuantiles: [Double]
  /// The written distribution's p50, p90, p99.
  public var fitQuantiles: [Double]
  /// One-sample Kolmogorov–Smirnov distance between the samples and the written lognormal; nil
  /// for an empirical distribution (the samples themselves) or a single number.
  public var ksDistance: Double?
  /// What was written.
  public var distribution: Distribution

  /// Fewer samples than this get the empirical distribution and a warning instead of a fit.
  public static let minimumFitSamples = 20
}
