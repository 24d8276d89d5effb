import Testing

@testable import PrefetchLab

/// Hand-computed cases: constant speed, constant latency, unlimited bandwidth ⇒ exact counts.
@Suite struct EngineAnalyticTests {
  /// infinite_scroll asks for page k+1 only when the viewport's bottom reaches the content's
  /// end (τ = 3 s, 8 s, 13 s, …: content 2000·k pt, reached when 400·τ + 800 = 2000·k), so each
  /// of pages 2…10 costs a stall of exactly one RTT. Session = 1000 + 60000 + 9·1000 ms.
  @Test func infiniteScrollStallsOneRoundTripPerPage() {
    let outcome = TestScenarios.run(TestScenarios.steadyDrag(), "infinite_scroll")
    let summary = outcome.summary
    #expect(summary.firstContentUs == 1_000_000)
    #expect(summary.stallCount == 9)
    #expect(summary.stallUs == 9_000_000)
    #expect(summary.stallMaxUs == 1_000_000)
    #expect(summary.pageRequests == 10)
    #expect(summary.sessionUs == 70_000_000)
    #expect(summary.abandoned == false)
    #expect(summary.itemsLoaded == 200)
  }

  @Test(arguments: ["fixed_threshold", "dynamic_threshold"])
  func thresholdStrategiesNeverStallWithOneSecondOfLead(strategy: String) {
    let summary = TestScenarios.run(TestScenarios.steadyDrag(), strategy).summary
    #expect(summary.firstContentUs == 1_000_000)
    #expect(summary.stallCount == 0)
    #expect(summary.stallUs == 0)
    #expect(summary.pageRequests == 10)
    #expect(summary.sessionUs == 61_000_000)
  }
}
