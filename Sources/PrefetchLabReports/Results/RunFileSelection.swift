/// Which per-run files (`timeline/`, `events/`, `ttc/`) a run writes: `--run-files`.
public enum RunFileSelection: String, Sendable, CaseIterable {
  /// summary.csv and manifest.json only: for big sweeps whose answer is the summary.
  case none
  /// What the reports read: `ttc/` for every run (the time-to-content plots pool them) and
  /// `timeline/` and `events/` for the first seed of each scenario × strategy (the timelines
  /// the report shows).
  case summary
  /// Every file for every run (the default).
  case all

  /// Whether the run `job` writes `ttc/` and `timeline/` + `events/` files; `isFirstSeed` says
  /// whether its seed is the lowest of its scenario × strategy in the whole experiment.
  func writes(isFirstSeed: Bool) -> (timeToContent: Bool, timeline: Bool) {
    switch self {
    case .none: return (false, false)
    case .summary: return (true, isFirstSeed)
    case .all: return (true, true)
    }
  }
}
