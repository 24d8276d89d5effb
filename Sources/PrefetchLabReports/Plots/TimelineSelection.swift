/// Which run timelines are drawn (`--timelines`): a plot per run costs far more than the run
/// (drawing, bytes), and a report shows the first seed's only.
public enum TimelineSelection: String, Sendable, CaseIterable {
  /// The first (lowest) seed of each scenario × strategy: the ones the reports show.
  case first
  /// Every run that has its timeline/ and events/ files.
  case all
  /// No timeline plots.
  case none
}
