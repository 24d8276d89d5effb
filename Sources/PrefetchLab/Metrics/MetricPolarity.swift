/// Which way a metric should move: `compare`, `check` and the reports use it to call a change a
/// regression or an improvement, and to name the best strategy.
public enum MetricPolarity: String, Sendable, CaseIterable {
  case lowerIsBetter = "lower"
  case higherIsBetter = "higher"
  /// Describes the run rather than judging it (items seen, frames, session length).
  case neutral

  /// The polarity of a summary.csv column, from `MetricCatalogue`. A column this version does
  /// not write (a folder made by another version) has no known direction: neutral, so its changes
  /// are reported as changes and never judged.
  public static func of(_ column: String) -> MetricPolarity {
    MetricCatalogue.definition(column)?.polarity ?? .neutral
  }
}
