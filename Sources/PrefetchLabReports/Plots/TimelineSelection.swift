/// Which run timelines are drawn (`--timelines`): a plot per run costs far more than the run
/// (gnuplot spends 60 to 90 ms of CPU on one timeline PNG, most of it libpng and zlib encoding
/// 1100 × 660 pixels, against well under a millisecond to simulate a run), and a report shows the
/// first seed's only.
public enum TimelineSelection: String, Sendable, CaseIterable {
  /// The default. Per scenario, the first (lowest) seed of the strategies the decision is about:
  /// the recommended strategy (with no clear winner, the two best of those tied), the runner-up,
  /// and the clairvoyant bound (`oracle`) when it ran. A third of the figures of `first` on the
  /// bundled scenarios, which keeps the main job's plots within its time budget.
  case recommended
  /// The first (lowest) seed of each scenario × strategy.
  case first
  /// Every run that has its timeline and events rows.
  case all
  /// No timeline plots.
  case none

  /// What `run`, `report` and `merge` draw when not told.
  public static let standard = TimelineSelection.recommended

  /// The accepted values for messages: `recommended, first, all or none`.
  public static let choicesText: String = {
    let names = allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
  }()
}
