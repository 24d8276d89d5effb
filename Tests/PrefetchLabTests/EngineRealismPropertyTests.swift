import Testing

@testable import PrefetchLab

/// Properties that must hold with every realism feature on at once, over many seeds.
@Suite struct EngineRealismPropertyTests {
  /// Flings and reading pauses back and forth over a feed with lognormal media, on a lossy,
  /// rate-limited link with an outage, a small cache and a render stage.
  static let everything: PreparedScenario = {
    let cycle: [Gesture] = [
      .drag(velocityPtS: 1200, durationMs: 300), .fling(velocityPtS: 3000), .wait(durationMs: 1500),
      .drag(velocityPtS: -900, durationMs: 300), .wait(durationMs: 800),
    ]
    return TestScenarios.modified(
      TestScenarios.steadyDrag(
        rttMs: 150, media: .lognormal(median: 20_000, sigma: 0.7), bandwidthKbps: 6000, patienceMs: 120_000,
        gestures: Array(repeating: cycle, count: 12).flatMap { $0 })
    ) {
      $0.feed.totalItems = 600
      $0.feed.initialPageSize = 60
      $0.feed.serverMaxPageSize = 40
      $0.feed.shortPageRate = 0.2
      $0.feed.itemHeightPt = .uniform(min: 60, max: 300)
      $0.network.failureRate = 0.2
      $0.network.retry = .alamofire
      $0.network.timeoutMs = 4000
      $0.network.outages = [OutageWindow(startMs: 9000, durationMs: 3000)]
      $0.network.rateLimit = .nuke
      $0.cache = CacheSpec(memoryBytes: 150_000, diskBytes: 400_000, cacheDurationMs: 20_000)
      $0.render = RenderSpec(timeMs: .lognormal(median: 12, sigma: 0.6), workers: 2)
      $0.radio = RadioSpec(model: .lte, promotionDelaysRequests: true)
    }
  }()

  @Test(arguments: allStrategies)
  func invariantsHoldOverManySeeds(strategy: String) {
    for seed in UInt64(1)...12 {
      let (simulation, outcome) = EngineServerPagingTests.simulate(Self.everything, strategy, seed: seed)
      let summary = outcome.summary
      // The blank-row count kept incrementally matches a recount of the rows on screen.
      let recount = simulation.visibleItems.filter { !simulation.isComplete(item: $0) }.count
      #expect(simulation.visibility.incompleteVisibleRows == recount, "seed \(seed)")
      #expect(!summary.abandoned, "seed \(seed)")
      #expect((0...1).contains(summary.blankness ?? 0), "seed \(seed)")
      #expect((0...1).contains(summary.coverage ?? 0), "seed \(seed)")
      #expect(summary.wastedBytes <= summary.bytesFetched, "seed \(seed)")
      #expect(summary.itemsSeenIncomplete <= summary.itemsSeen, "seed \(seed)")
      #expect(summary.peakMemoryBytes > 0, "seed \(seed)")
      #expect((summary.energyJ ?? 0) > 0, "seed \(seed)")
      #expect((summary.radioActiveUs ?? 0) > 0, "seed \(seed)")
      // Rows laid out are the feed's items in order, whatever the server's page sizes.
      var wrongRows = 0
      for item in 0..<simulation.rowCount
      where simulation.heightPt(ofItem: item) != simulation.feed.content.heightPt(ofItem: item) {
        wrongRows += 1
      }
      #expect(wrongRows == 0, "seed \(seed)")
      // Deterministic: the same seed gives the same run.
      #expect(TestScenarios.run(Self.everything, strategy, seed: seed).summary == summary, "seed \(seed)")
    }
  }

  /// Common random numbers: the first page (asked for by the app, the same for every strategy)
  /// meets the same failures, retries and latencies under every strategy.
  @Test func everyStrategyMeetsTheSameFirstPage() {
    for seed in UInt64(1)...12 {
      let firstContent = Set(
        allStrategies.map { TestScenarios.run(Self.everything, $0, seed: seed).summary.firstContentUs })
      #expect(firstContent.count == 1, "seed \(seed)")
    }
  }
}
