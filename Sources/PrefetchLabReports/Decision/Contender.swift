import PrefetchLab

/// One side of a `Contest`: a strategy (with its parameters) and its values per pairing key —
/// a seed within one scenario, or a seed across a population's segments.
public struct Contender: Sendable {
  /// `fixed_threshold` or `fixed_threshold:ratio=0.5`.
  public let label: String
  /// The strategy's registered name.
  public let strategy: String
  /// Runs of a clairvoyant bound (the oracle): shown for scale, never compared.
  public let isReference: Bool
  /// Values per pairing key, in a fixed order (means are summed in it), for the metrics asked;
  /// `comparable` already applied (`Contest.comparableValue`).
  let comparable: @Sendable (String) -> [(key: UInt64, value: Double)]
  /// The same without the per-minute reading: what summary.csv says.
  let raw: @Sendable (String) -> [(key: UInt64, value: Double)]

  public init(
    label: String, strategy: String, isReference: Bool,
    comparable: @escaping @Sendable (String) -> [(key: UInt64, value: Double)],
    raw: @escaping @Sendable (String) -> [(key: UInt64, value: Double)]
  ) {
    self.label = label
    self.strategy = strategy
    self.isReference = isReference
    self.comparable = comparable
    self.raw = raw
  }

  /// A strategy of one scenario: pairs by seed.
  public init(_ results: StrategyResults) {
    let rows = results.rows
    self.init(
      label: results.label, strategy: results.strategy, isReference: Contest.isReference(results.strategy),
      comparable: { metric in
        rows.compactMap { row in Contest.comparableValue(row, metric).map { (row.key.seed, $0) } }
      },
      raw: { metric in rows.compactMap { row in row.value(metric).map { (row.key.seed, $0) } } })
  }
}
