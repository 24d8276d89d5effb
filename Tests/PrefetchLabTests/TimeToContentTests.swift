import Testing

@testable import PrefetchLab

/// The per-item time-to-content samples on `RunOutcome` are exactly the samples behind
/// summary.csv's `ttc_*` columns, so a CDF drawn from `ttc/<run>.csv` agrees with the summary.
@Suite struct TimeToContentTests {
  @Test(arguments: allStrategies)
  func samplesAgreeWithTheSummary(strategy: String) {
    let scenario = TestScenarios.steadyDrag(
      velocityPtS: 1500, durationMs: 8000, rttMs: 300, media: .constant(60_000), bandwidthKbps: 8000)
    let outcome = TestScenarios.run(scenario, strategy)
    let records = outcome.timesToContent
    let summary = outcome.summary
    #expect(!records.isEmpty)
    #expect(records.count == summary.itemsSeen)
    #expect(records.filter { !$0.complete }.count == summary.itemsSeenIncomplete)
    #expect(records.map(\.item) == records.map(\.item).sorted())
    #expect(Set(records.map(\.item)).count == records.count)
    let sorted = records.map(\.durationUs).sorted()
    #expect(MetricsRecorder.nearestRank(sorted, 0.5) == summary.ttcP50Us)
    #expect(MetricsRecorder.nearestRank(sorted, 0.95) == summary.ttcP95Us)
    #expect(sorted.last == summary.ttcMaxUs)
    // Items complete at first sight have a zero duration: as many as coverage says.
    let zeros = records.filter { $0.durationUs == 0 && $0.complete }.count
    #expect(summary.coverage.map { Int(($0 * Double(summary.itemsSeen)).rounded()) } == zeros)
    #expect(records.allSatisfy { $0.firstVisibleUs >= 0 && $0.durationUs >= 0 })
  }

  /// A still user on an unlimited link: the first page arrives after one 300 ms round trip; each
  /// visible row then waits exactly one more round trip for its media.
  @Test func stillUserWaitsOneMediaFetchPerRow() {
    let scenario = TestScenarios.steadyDrag(
      rttMs: 300, media: .constant(60_000), gestures: [.wait(durationMs: 5000)])
    let records = TestScenarios.run(scenario, "infinite_scroll").timesToContent
    let first = try! #require(records.first)
    #expect(first.item == 0)
    #expect(first.firstVisibleUs == 300_000)
    #expect(first.complete)
    #expect(first.durationUs == 300_000)
  }
}
