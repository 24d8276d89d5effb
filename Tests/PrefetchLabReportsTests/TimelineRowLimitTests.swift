import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// A run's timeline is held in memory until written, so its length is capped before anything
/// is simulated: at most `TimelineRowLimit.maxIntervals` spacings, the longest session fitting at
/// 1000 ms. A `duration_s: 1000000` run at the default 100 ms used to peak at 1.38 GB.
@Suite struct TimelineRowLimitTests {
  /// A scripted drag then rest for `seconds`, with `fixed_threshold`, seed 1.
  static func experiment(seconds: Int64) throws -> Experiment {
    var scenario = Scenario(
      name: "long", durationUs: seconds * 1_000_000, seed: 1, patienceUs: 30_000_000,
      viewport: ViewportSpec(heightPt: 852, frameRateHz: 60),
      feed: FeedSpec(
        totalItems: 100, pageSize: 10, itemHeightPt: .constant(100), pageBytes: .constant(24_000)),
      network: NetworkSpec(rttMs: .constant(100), bandwidthKbps: 10_000),
      scroll: ScrollSpec(physics: .ios, source: .script([.drag(velocityPtS: 500, durationMs: 4000)])))
    scenario.sourcePath = "long.json"
    return try Experiment(
      scenarios: [try PreparedScenario(scenario)], strategyOverrides: [StrategySpec(name: "fixed_threshold")],
      seeds: [1])
  }

  static func options(intervalMs: Int64) -> SimulationOptions {
    SimulationOptions(timelineIntervalUs: intervalMs * 1000, recordEvents: intervalMs > 0)
  }

  @Test func theLongestSessionIsRefusedAtTheDefaultSpacingNamingTheOneThatFits() throws {
    let experiment = try Self.experiment(seconds: 1_000_000)
    let problems = TimelineRowLimit.problems(
      experiment, options: Self.options(intervalMs: 100), runFiles: .all)
    #expect(
      problems == [
        InputError(
          file: "long.json", location: "duration_s",
          message:
            "a session of 1000000 s at --timeline-interval-ms 100 is 10000000 timeline intervals (10000001 rows "
            + "per run), more than the 1000000 a run may write (a timeline is held in memory until written); use "
            + "--timeline-interval-ms 1000 or more, --timeline-interval-ms 0 or --run-files none")
      ])
    // --run-files report still writes the first seed's timeline.
    #expect(
      TimelineRowLimit.problems(experiment, options: Self.options(intervalMs: 100), runFiles: .report).count
        == 1)
    #expect(
      TimelineRowLimit.problems(experiment, options: Self.options(intervalMs: 999), runFiles: .all).count == 1
    )
  }

  @Test func theSpacingNamedAndRunsWithoutTimelinesPass() throws {
    let experiment = try Self.experiment(seconds: 1_000_000)
    #expect(
      TimelineRowLimit.problems(experiment, options: Self.options(intervalMs: 1000), runFiles: .all).isEmpty)
    #expect(
      TimelineRowLimit.problems(experiment, options: Self.options(intervalMs: 100), runFiles: .none).isEmpty)
    #expect(
      TimelineRowLimit.problems(experiment, options: Self.options(intervalMs: 0), runFiles: .all).isEmpty)
    let writer = ResultsWriter(
      experiment: experiment, options: Self.options(intervalMs: 100),
      record: RunRecord(command: ["run"], sources: [], strategiesGiven: [], seedsGiven: nil))
    #expect(writer.runFileProblems.count == 1)
  }

  /// The boundary: 10^6 intervals pass, one more does not.
  @Test func theLimitCountsIntervals() throws {
    #expect(TimelineRowLimit.projectedRows(durationUs: 100_000_000_000, intervalUs: 100_000) == 1_000_001)
    let atLimit = try Self.experiment(seconds: 100_000)
    #expect(
      TimelineRowLimit.problems(atLimit, options: Self.options(intervalMs: 100), runFiles: .all).isEmpty)
    let past = try Self.experiment(seconds: 100_001)
    #expect(
      TimelineRowLimit.problems(past, options: Self.options(intervalMs: 100), runFiles: .all).count == 1)
    #expect(TimelineRowLimit.smallestIntervalMs(durationUs: 100_001_000_000) == 101)
    #expect(TimelineRowLimit.smallestIntervalMs(durationUs: 1_000_000) == 1)
  }
}
