extension MetricCatalogue {
  /// The metrics that accumulate over session time — a session that ends early (its user
  /// abandoned) has less of them because it is shorter, not because its strategy did better.
  /// Every comparison (best marks, Pareto sets, knee, headroom, `compare --pair`, the population
  /// leaderboard, `recommend`) reads them per minute of the time they are counted over
  /// (`Contest.comparableValue`: blank time after first content, the others over the session);
  /// docs/metrics.md, "Comparisons and abandonment".
  public static let accumulating: [MetricDefinition] = [
    .blankMs, .mostlyBlankMs, .pageRequests, .mediaRequests, .bytesFetched, .wastedFetches, .wastedBytes,
    .invalidatedBytes, .radioActiveMs, .energyJ,
  ]

  private static let accumulatingColumns = Set(accumulating.map(\.column))

  /// Whether comparisons read `column` per minute.
  public static func accumulates(_ column: String) -> Bool { accumulatingColumns.contains(column) }
}
