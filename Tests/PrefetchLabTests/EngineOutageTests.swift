import Testing

@testable import PrefetchLab

/// Network outages (`network.outages`).
@Suite struct EngineOutageTests {
  /// infinite_scroll on the analytic drag asks for page 2 at t = 4 s and stalls there. An outage
  /// from 3.5 s to 43.5 s holds the response back past the 15 s timeout twice (4 → 19 s, 19 → 34 s);
  /// at 34 s the stall reaches the 30 s patience and the user leaves.
  @Test func anOutageLongerThanPatienceAbandons() {
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag()) {
      $0.network.outages = [OutageWindow(startMs: 3500, durationMs: 40_000)]
    }
    let summary = TestScenarios.run(scenario, "infinite_scroll").summary
    #expect(summary.abandoned)
    #expect(summary.sessionUs == 34_000_000)
    #expect(summary.stallMaxUs == 30_000_000)
    #expect(summary.requestsFailed == 2)
  }

  /// A 2 s outage from 3.5 s: page 2's request (sent at 4 s) gets out when the network is back at
  /// 5.5 s and arrives one RTT later, at 6.5 s: that stall lasts 2.5 s instead of 1 s; the other
  /// eight stay at 1 s.
  @Test func aShortOutageOnlyStalls() {
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag()) {
      $0.network.outages = [OutageWindow(startMs: 3500, durationMs: 2000)]
    }
    let summary = TestScenarios.run(scenario, "infinite_scroll").summary
    #expect(!summary.abandoned)
    #expect(summary.stallCount == 9)
    #expect(summary.stallUs == 10_500_000)
    #expect(summary.stallMaxUs == 2_500_000)
    #expect(summary.sessionUs == 71_500_000)
    #expect(summary.requestsFailed == 0)
  }

  /// A transfer caught by an outage stops and resumes: 24 000 bytes at 96 kbit/s (12 000 B/s)
  /// take 2 s; an outage from 1 s to 4 s moves the end to 5 s, and no byte is moved twice.
  @Test func transfersFreezeAndResume() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(durationMs: 1000, rttMs: 0, bandwidthKbps: 96)
    ) {
      $0.network.outages = [OutageWindow(startMs: 1000, durationMs: 3000)]
    }
    let outcome = TestScenarios.run(scenario, "infinite_scroll")
    #expect(outcome.summary.firstContentUs == 5_000_000)
    #expect(outcome.events.first { $0.kind == .completed }?.timeUs == 5_000_000)
    #expect(outcome.summary.wastedBytes == 0)
  }

  /// Overlapping or touching windows act as one outage.
  @Test func overlappingWindowsMerge() {
    let merged = OutageSchedule.disjointIntervals([(5, 8), (0, 2), (2, 3), (6, 10)])
    #expect(merged.map(\.startUs) == [0, 5])
    #expect(merged.map(\.endUs) == [3, 10])
  }

  /// Outages combine with retries: the same outage, retried every 500 ms, never abandons when the
  /// network comes back within patience, and every strategy finishes (a reader in strokes).
  @Test(arguments: allStrategies)
  func everyStrategyRecoversFromAnOutage(strategy: String) {
    let reader = TestScenarios.steadyDrag(
      rttMs: 200, media: .constant(5000), gestures: TestScenarios.strokes())
    let scenario = TestScenarios.modified(reader) {
      $0.network.outages = [
        OutageWindow(startMs: 3000, durationMs: 20_000), OutageWindow(startMs: 40_000, durationMs: 5000),
      ]
      $0.network.timeoutMs = 2000
      $0.network.retry = RetryPolicy(maxAttempts: 2, backoffMs: 500, multiplier: 1, jitter: 0)
    }
    let summary = TestScenarios.run(scenario, strategy).summary
    #expect(!summary.abandoned)
    #expect(summary.itemsLoaded == 200)
  }
}
