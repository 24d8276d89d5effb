import Testing

@testable import PrefetchLab

/// The render stage (`render`): an item is complete only when rendered.
@Suite struct EngineRenderTests {
  static func simulate(_ prepared: PreparedScenario, _ strategy: String) -> (Simulation, RunOutcome) {
    EngineServerPagingTests.simulate(prepared, strategy)
  }

  /// No media, renders of 50 ms on one worker. The 8 rows on screen at first content (t = 1 s)
  /// render one after another: row k is complete 50·(k+1) ms after it showed. The user rests 2 s,
  /// then drags at 400 pt/s: each row that comes into view renders alone, 50 ms.
  @Test func rowsShowOnlyOnceRendered() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(gestures: [
        .wait(durationMs: 2000), .drag(velocityPtS: 400, durationMs: 20_000),
      ])
    ) { $0.render = RenderSpec(timeMs: .constant(50), workers: 1) }
    let summary = TestScenarios.run(scenario, "infinite_scroll").summary
    #expect(summary.coverage == 0)
    #expect(summary.ttcMaxUs == 400_000)
    #expect(summary.ttcP50Us == 50_000)
    #expect(summary.blankUs > 0)
    // The same run without a render stage shows every row complete at first sight.
    let plain = TestScenarios.run(TestScenarios.modified(scenario) { $0.render = nil }, "infinite_scroll")
      .summary
    #expect(plain.coverage == 1)
  }

  /// Media then render: with a 1 s RTT, enough connections and workers, and 100 ms renders, every
  /// row completes 1.1 s after it shows.
  @Test func renderingFollowsTheMedia() {
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag(media: .constant(10_000))) {
      $0.network.maxConcurrentRequests = 100
      $0.render = RenderSpec(timeMs: .constant(100), workers: 100)
    }
    let summary = TestScenarios.run(scenario, "fixed_threshold").summary
    #expect(summary.ttcP50Us == 1_100_000)
    #expect(summary.ttcP95Us == 1_100_000)
    #expect(summary.ttcMaxUs == 1_100_000)
    #expect(summary.coverage == 0)
  }

  /// directional_ranges renders its display range ahead (Texture's display range), so rows are
  /// mostly complete when they show; the on-visibility strategies render only what shows. The
  /// reader scrolls in strokes, whose lifts let Texture batch-fetch ahead.
  @Test func directionalRangesRendersAhead() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(
        rttMs: 100, media: .constant(10_000), bandwidthKbps: 20_000, gestures: TestScenarios.strokes())
    ) { $0.render = RenderSpec(timeMs: .constant(30), workers: 2) }
    let ahead = TestScenarios.run(scenario, "directional_ranges").summary
    let onVisibility = TestScenarios.run(scenario, "fixed_threshold").summary
    #expect((ahead.coverage ?? 0) > 0.8)
    #expect((onVisibility.coverage ?? 1) == 0)
    #expect(ahead.blankUs < onVisibility.blankUs)
  }

  /// Fast flings over rows that render in 200 ms. With a worker per row every row that shows is
  /// rendered; with one worker the renders queued for rows that scrolled away before their turn
  /// are dropped, so far fewer run.
  @Test func queuedRendersOfRowsThatLeaveAreDropped() {
    let fling: [Gesture] = [
      .drag(velocityPtS: 3000, durationMs: 100), .fling(velocityPtS: 6000), .wait(durationMs: 500),
    ]
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(rttMs: 50, gestures: Array(repeating: fling, count: 6).flatMap { $0 })
    ) { $0.render = RenderSpec(timeMs: .constant(200), workers: 100) }
    let (many, manyOutcome) = Self.simulate(scenario, "fixed_threshold")
    let (one, oneOutcome) = Self.simulate(
      TestScenarios.modified(scenario) { $0.render = RenderSpec(timeMs: .constant(200), workers: 1) },
      "fixed_threshold")
    let rendersWithMany = many.render.table.tries.reduce(0) { $0 + Int($1) }
    let rendersWithOne = one.render.table.tries.reduce(0) { $0 + Int($1) }
    #expect(rendersWithMany == manyOutcome.summary.itemsSeen)
    #expect(rendersWithOne < rendersWithMany * 2 / 3)
    #expect(oneOutcome.summary.itemsSeenIncomplete > manyOutcome.summary.itemsSeenIncomplete)
  }

  /// Evicting media drops its rendering: a one-image memory cache re-renders rows that come back.
  @Test func evictedRowsRenderAgain() {
    let scenario = TestScenarios.modified(EngineCacheTests.scrollBack(cache: CacheSpec(memoryBytes: 10_000)))
    {
      $0.render = RenderSpec(timeMs: .constant(20), workers: 4)
    }
    let (simulation, outcome) = Self.simulate(scenario, "fixed_threshold")
    let renders = simulation.render.table.tries.reduce(0) { $0 + Int($1) }
    #expect(renders == 16 + 40)
    // Off-screen rows lost their media, and with it their rendering.
    let visible = simulation.visibleItems
    #expect((0..<16).filter { !visible.contains($0) }.allSatisfy { !simulation.isRendered(item: $0) })
    #expect(outcome.summary.evictions == 48)
  }

  /// Every strategy keeps working with a slow render stage (a reader in strokes).
  @Test(arguments: allStrategies)
  func everyStrategyFinishesWithARenderStage(strategy: String) {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(rttMs: 200, media: .constant(5000), gestures: TestScenarios.strokes())
    ) {
      $0.render = RenderSpec(timeMs: .lognormal(median: 30, sigma: 0.5), workers: 2)
    }
    let summary = TestScenarios.run(scenario, strategy).summary
    #expect(!summary.abandoned)
    #expect(summary.itemsLoaded == 200)
  }
}
