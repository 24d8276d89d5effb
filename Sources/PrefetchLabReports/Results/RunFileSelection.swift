/// Which rows the run tables (`timeline.csv`, `events.csv`, `ttc.csv`) get: `--run-files`.
public enum RunFileSelection: String, Sendable, CaseIterable {
  /// No tables: summary.csv and manifest.json only, for big sweeps whose answer is the summary.
  case none
  /// What the report draws (`run`'s default): `ttc.csv` rows of every run (the time-to-content
  /// plots pool them) and `timeline.csv` and `events.csv` rows of the first seed of each
  /// scenario × strategy (the timelines the report shows). Called `summary` before the tables.
  case report
  /// Every table's rows for every run.
  case all

  /// The value `--run-files summary` was renamed to, for the message that says so.
  public static let renamed: [String: RunFileSelection] = ["summary": .report]

  /// Whether the run `job` writes `ttc.csv` rows and `timeline.csv` + `events.csv` rows;
  /// `isFirstSeed` says whether its seed is the lowest of its scenario × strategy in the whole
  /// experiment.
  func writes(isFirstSeed: Bool) -> (timeToContent: Bool, timeline: Bool) {
    switch self {
    case .none: return (false, false)
    case .report: return (true, isFirstSeed)
    case .all: return (true, true)
    }
  }
}
