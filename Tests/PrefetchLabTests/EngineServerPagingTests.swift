import Testing

@testable import PrefetchLab

/// Server page caps, short pages and a first page larger than the rest: pages keyed by item
/// offset deliver every item exactly once, in order.
@Suite struct EngineServerPagingTests {
  /// Runs `strategy` and returns the finished simulation, to inspect its layout.
  static func simulate(_ prepared: PreparedScenario, _ strategy: String, seed: UInt64 = 1) -> (
    Simulation, RunOutcome
  ) {
    let simulation = Simulator.makeSimulation(prepared, seed: seed, options: SimulationOptions())
    let configured = TestScenarios.configured(strategy)
    let outcome = configured.definition.run(
      { simulation }, RunLookahead(scenario: prepared, seed: seed), configured.parameters)
    return (simulation, outcome)
  }

  /// Rows laid out are items 0…n−1 in order, each once: every row's height is its own item's
  /// (heights are drawn per item, so a skipped or repeated item shows as a wrong height).
  static func expectEveryItemOnceInOrder(_ simulation: Simulation, totalItems: Int) {
    #expect(simulation.rowCount == totalItems)
    var mismatches = 0
    for item in 0..<simulation.rowCount
    where simulation.heightPt(ofItem: item) != simulation.feed.content.heightPt(ofItem: item) {
      mismatches += 1
    }
    #expect(mismatches == 0)
  }

  /// 500 rows of 50…150 pt (about 50 000 pt) and a fast reader: 100 strokes of 750 pt (0.25 s at
  /// 3 000 pt/s, 50 ms rests), 75 000 pt in 30 s.
  static func feed(initial: Int, cap: Int?, shortPageRate: Double = 0, endSignal: EndSignal = .flag)
    -> PreparedScenario
  {
    TestScenarios.modified(
      TestScenarios.steadyDrag(
        rttMs: 100, totalItems: 500, endSignal: endSignal,
        gestures: TestScenarios.strokes(velocityPtS: 3000, strokeMs: 250, restMs: 50, count: 100))
    ) {
      $0.feed.initialPageSize = initial
      $0.feed.serverMaxPageSize = cap
      $0.feed.shortPageRate = shortPageRate
      $0.feed.itemHeightPt = .uniform(min: 50, max: 150)
    }
  }

  /// Paging 3's default first load, 3 × page size (60 items), then pages of 20.
  @Test(arguments: allStrategies)
  func aTripleFirstPageDeliversEveryItemOnce(strategy: String) {
    let (simulation, outcome) = Self.simulate(Self.feed(initial: 60, cap: nil), strategy)
    Self.expectEveryItemOnceInOrder(simulation, totalItems: 500)
    #expect(outcome.summary.pageRequests == 1 + (500 - 60) / 20)
    #expect(outcome.summary.redundantFetches == 0)
  }

  /// The same with a server that sends at most 50 items: the first page asked for 60 brings 50
  /// and the next request starts at item 50, not 60.
  @Test(arguments: allStrategies)
  func aCappedServerDeliversEveryItemOnce(strategy: String) {
    let (simulation, outcome) = Self.simulate(Self.feed(initial: 60, cap: 50), strategy)
    Self.expectEveryItemOnceInOrder(simulation, totalItems: 500)
    #expect(outcome.summary.pageRequests == 1 + (450 + 19) / 20)
    let appliedFirst = outcome.events.filter { $0.kind == .applied }.map(\.resource)
    #expect(appliedFirst.prefix(2) == [.page(0), .page(1)])
    #expect(simulation.feed.plan.items(ofPage: 1) == 50..<70)
  }

  /// Short pages (30 % of responses hold fewer items than asked) and a cap: still every item
  /// once, in order, over many seeds.
  @Test(arguments: allStrategies)
  func shortPagesDeliverEveryItemOnce(strategy: String) {
    for seed in UInt64(1)...5 {
      let (simulation, outcome) = Self.simulate(
        Self.feed(initial: 60, cap: 25, shortPageRate: 0.3), strategy, seed: seed)
      Self.expectEveryItemOnceInOrder(simulation, totalItems: 500)
      #expect(outcome.summary.pageRequests == simulation.feed.plan.pageCount)
      #expect(simulation.feed.plan.pageCount > 1 + 475 / 20)
    }
  }

  /// A capped page is short but not the end: with `empty_page` the client asks until an empty
  /// response (pages of 50, 20, 20, 10 items for 100 items, then the empty one).
  @Test(arguments: [(EndSignal.flag, 4), (.emptyPage, 5)])
  func shortPagesAreNotTheEnd(endSignal: EndSignal, requests: Int) {
    let scenario = TestScenarios.modified(Self.feed(initial: 60, cap: 50, endSignal: endSignal)) {
      $0.feed.totalItems = 100
    }
    let (simulation, outcome) = Self.simulate(scenario, "infinite_scroll")
    Self.expectEveryItemOnceInOrder(simulation, totalItems: 100)
    #expect(outcome.summary.pageRequests == requests)
    #expect(!outcome.summary.abandoned)
  }

  @Test func planLookupsAgreeForIrregularPages() {
    let plan = PagePlan(totalItems: 10, pageStarts: [0, 3, 4, 9], initialPageSize: 5, pageSize: 5)
    #expect(plan.pageCount == 4)
    #expect((0..<4).map(plan.items(ofPage:)) == [0..<3, 3..<4, 4..<9, 9..<10])
    #expect((0..<10).map(plan.page(ofItem:)) == [0, 0, 0, 1, 2, 2, 2, 2, 2, 3])
    #expect(plan.firstItem(ofPage: 4) == 10)
    #expect(plan.itemCount(ofPage: 4) == 0)
    #expect(plan.page(ofItem: 10) == 4)
  }

  @Test func shortPagesHoldBetweenOneAndAllButOneItem() {
    let starts = FeedContent.servedPageStarts(
      totalItems: 10_000, initialPageSize: 30, pageSize: 20, shortPageRate: 0.5,
      random: CounterRandom(seed: 3))
    let sizes = zip(starts, starts.dropFirst() + [10_000]).map { $1 - $0 }
    #expect(sizes.allSatisfy { $0 >= 1 && $0 <= 30 })
    #expect(sizes.dropFirst().allSatisfy { $0 <= 20 })
    let short = sizes.dropFirst().dropLast().filter { $0 < 20 }.count
    #expect(Double(short) / Double(sizes.count - 2) > 0.4 && Double(short) / Double(sizes.count - 2) < 0.6)
  }
}
