import PrefetchLab

/// The longest timeline one run may write, checked before anything is simulated: at most
/// `maxIntervals` spacings (`maxIntervals` + 1 rows), so the longest session, 10^6 s, fits at
/// 1000 ms.
///
/// A run's timeline is built in memory before its file is written (the engine returns every row
/// in `RunOutcome.timeline`, and the CSV is formatted whole), so its length is bounded by memory,
/// not by disk: a `duration_s: 1000000` session at the default 100 ms spacing makes 10^7 rows,
/// which peaked at 1.38 GB and wrote a 466 MB file for a single run, while the same run without
/// per-run files took 0.01 s. 10^6 intervals (27.8 hours at 100 ms; about 47 MB of CSV and under
/// 200 MB of memory per run in a debug build, times `--jobs`) is far past any timeline a person
/// or a plot reads, so a longer one is refused with the ways to get it within the limit.
public enum TimelineRowLimit {
  /// Spacings per run's `timeline/` file, one row more than this at most (docs/scale.md).
  public static let maxIntervals: Int64 = 1_000_000

  /// The rows a run writes at `intervalUs` when its scroll trace lasts `durationUs`: one per
  /// interval from 0 to the trace's end. Stalls lengthen the session past the trace and add rows
  /// this does not count, so it is the fewest the run can write.
  public static func projectedRows(durationUs: Int64, intervalUs: Int64) -> Int64 {
    durationUs / max(1, intervalUs) + 1
  }

  /// One error per scenario whose runs would write more than `maxIntervals` timeline intervals with
  /// `options` and `runFiles`, at the JSON path that sets the session's length, naming the
  /// spacing that would fit. None when no timelines are written (`--timeline-interval-ms 0`,
  /// `--run-files none`).
  public static func problems(
    _ experiment: Experiment, options: SimulationOptions, runFiles: RunFileSelection
  ) -> [InputError] {
    experiment.scenarios.compactMap { problem(for: $0, options: options, runFiles: runFiles) }
  }

  /// The error for one scenario as `problems` words it, or nil: `validate`, `run` and `sweep`
  /// check each scenario as it is prepared (`ScenarioInputs.load`), so that this problem is
  /// reported with the other files' problems, not only once they are fixed.
  public static func problem(
    for prepared: PreparedScenario, options: SimulationOptions, runFiles: RunFileSelection
  ) -> InputError? {
    let intervalUs = options.timelineIntervalUs
    guard intervalUs > 0, runFiles != .none else { return nil }
    let durationUs = prepared.traceDurationUs
    let rows = projectedRows(durationUs: durationUs, intervalUs: intervalUs)
    guard rows - 1 > maxIntervals else { return nil }
    let scenario = prepared.scenario
    let seconds = DecimalFormat.readable(Double(durationUs) / 1_000_000)
    return InputError(
      file: scenario.sourcePath, location: lengthKey(of: scenario),
      message:
        "a session of \(seconds) s at --timeline-interval-ms \(DecimalFormat.readable(Double(intervalUs) / 1000))"
        + " is \(rows - 1) timeline intervals (\(rows) rows per run), more than the \(maxIntervals) a run may"
        + " write (a timeline is held in memory until written); use --timeline-interval-ms "
        + "\(smallestIntervalMs(durationUs: durationUs)) or more, --timeline-interval-ms 0 or --run-files none"
    )
  }

  /// The JSON path that sets `scenario`'s session length, for errors about it: `duration_s`
  /// when given, else the scroll source whose length it is.
  public static func lengthKey(of scenario: Scenario) -> String {
    guard scenario.durationUs == nil else { return "duration_s" }
    switch scenario.scroll.source {
    case .script: return "scroll.script"
    case .recorded, .touch: return "scroll.trace.path"
    case .model: return "duration_s"
    }
  }

  /// The smallest whole `--timeline-interval-ms` at which a trace of `durationUs` stays within
  /// `maxIntervals`.
  public static func smallestIntervalMs(durationUs: Int64) -> Int64 {
    var intervalMs = max(1, durationUs / (maxIntervals * 1000))
    while projectedRows(durationUs: durationUs, intervalUs: intervalMs * 1000) - 1 > maxIntervals {
      intervalMs += 1
    }
    return intervalMs
  }
}
