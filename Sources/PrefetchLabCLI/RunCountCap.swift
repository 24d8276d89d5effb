import PrefetchLab

/// The most runs one `run` or `sweep` command may plan, and the most one process (the whole
/// command, or one `--shard`) may finish, checked before anything is allocated per run: each
/// factor (scenarios, strategies, `--vary` settings, `--seeds`) has a limit of its own, but their
/// product had none, and `sweep --vary ratio=0:1:0.001 --seeds 1-100000` aborted (exit 134)
/// trying to allocate 30 GB for its plan (docs/scale.md, "How many runs one command may plan").
enum RunCountCap {
  /// Runs one command may plan, sharded or not: every process, each shard's too, lists every run
  /// of the experiment to find its slice (`Experiment.jobs`), measured at about 510 bytes per
  /// planned run in a debug build (532 MB for 990000), so about 1 GB at the cap.
  static let maxPlannedRuns = 2_000_000
  /// Runs one process may finish (the whole command, or one `--shard`): each keeps its summary
  /// row in memory until summary.csv is written, measured at about 1.3 kB per finished run in a
  /// debug build (5000 runs took 6.6 MB more than one), so about 1.3 GB at the cap; with a full
  /// plan, a process stays under about 2.3 GB.
  static let maxFinishedRuns = 1_000_000

  /// The usage error for a plan past `maxPlannedRuns`.
  static func planError(_ limit: RunCountLimit) -> ValidationError { planError(planned: limit.planned) }

  /// The usage error for `planned` runs (nil: more than an `Int` holds), as `RunCountLimit` says it.
  static func planError(planned: Int?) -> ValidationError {
    ValidationError(
      "\(planned.map(String.init) ?? "more than \(Int.max)") runs planned (scenarios × strategies × parameter settings × seeds), more than "
        + "the \(maxPlannedRuns) one command may plan (every run is listed in memory, each shard's process too); "
        + "use fewer seeds, settings or scenarios, or split the seeds over several commands (docs/scale.md)")
  }

  /// The usage error when this process would finish more than `maxFinishedRuns` of `planned`
  /// runs, or nil; `shardCount` is the `--shard` N, 1 when unsharded.
  static func finishedError(planned: Int, shardCount: Int) -> ValidationError? {
    // The largest slice: the slices' sizes differ by at most one.
    let finished = planned / shardCount + (planned % shardCount == 0 ? 0 : 1)
    guard finished > maxFinishedRuns else { return nil }
    let fitting = planned / maxFinishedRuns + (planned % maxFinishedRuns == 0 ? 0 : 1)
    let what = shardCount == 1 ? "" : " per shard of \(shardCount)"
    return ValidationError(
      "\(finished) runs\(what) (of \(planned) planned: scenarios × strategies × parameter settings × seeds), "
        + "more than the \(maxFinishedRuns) one process may finish (each run's summary row is held in memory "
        + "until summary.csv is written); use --shard K/\(fitting) or more (docs/scale.md), or fewer seeds")
  }

  /// The usage error when `settings` strategies on each of `scenarios` scenarios with `seeds`
  /// seeds each pass `maxPlannedRuns`, or nil: what `sweep` checks before it checks every setting
  /// against every scenario's feed and plans, which for a plan past the cap took hundreds of MB
  /// before `Experiment` refused it.
  static func sweepPlanError(settings: Int, scenarios: Int, seeds: Int) -> ValidationError? {
    let planned = RunCountLimit.plannedRuns(
      strategyCounts: Array(repeating: settings, count: scenarios), seedCount: seeds)
    guard planned.map({ $0 > maxPlannedRuns }) ?? true else { return nil }
    return planError(planned: planned)
  }

  /// `make`'s experiment, with a plan past its `runLimit` turned into the usage error.
  static func experiment(_ make: () throws -> Experiment) throws -> Experiment {
    do {
      return try make()
    } catch let limit as RunCountLimit {
      throw planError(limit)
    }
  }
}
