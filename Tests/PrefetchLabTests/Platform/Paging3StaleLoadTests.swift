import Testing

@testable import PrefetchLab

/// Paging 3's `max_size` drops a page at one end of the loaded run while a load is out towards
/// that end: the load's response is stale (Paging moves the dropped end to a new generation and
/// skips inserts from older ones, `PageFetcherSnapshotState.drop`/`insert`), so the engine
/// discards it instead of inserting rows past a gap, and that end loads again, from its new edge,
/// only once an access asks for it.
@Suite struct Paging3StaleLoadTests {
  /// What a watched run saw: the span of the applied pages at the last consultation, whether
  /// they were ever not one run, and the pages discarded, in order.
  final class Watch: @unchecked Sendable {
    var run: ClosedRange<Int>?
    var split = false
    var discarded: [Int] = []
  }

  /// `inner` as the engine runs it, checking after every consultation that the applied pages
  /// are one run.
  static func watched<Inner: PrefetchStrategy>(_ inner: Inner, _ watch: Watch) -> ObservingStrategy<Inner> {
    ObservingStrategy(inner) { event, context in
      if case .pageDiscarded(let page) = event { watch.discarded.append(page) }
      let applied = (0..<context.pageCount).filter { context.isPageApplied($0) }
      guard let first = applied.first, let last = applied.last else { return }
      if last - first + 1 != applied.count { watch.split = true }
      watch.run = first...last
    }
  }

  static let parameters: [String: ParameterValue] = [
    "initial_load_size": .number(10), "prefetch_distance": .number(15), "max_size": .number(40),
  ]

  /// 100 pt rows, an 800 pt viewport (rows k…k+7 after a jump to item k), pages of 10, 1 s
  /// round trips, no apply delay; `prefetch_distance` 15 and `max_size` 40 (at least 10 + 2 × 15).
  /// A page loads while fewer than 15 loaded items lie past the hint of its direction.
  static func scenario(_ gestures: [Gesture], _ pagination: Pagination) -> PreparedScenario {
    TestScenarios.steadyDrag(
      rttMs: 1000, totalItems: 200, pageSize: 10, gestures: gestures, pagination: pagination)
  }

  static func run(_ scenario: PreparedScenario) -> (RunOutcome, Watch) {
    let watch = Watch()
    let strategy = Self.watched(
      Paging3(parameters: TestScenarios.configured("paging3", Self.parameters).parameters), watch)
    let outcome = Simulator.run(
      scenario, strategy: strategy, seed: 1,
      options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
    return (outcome, watch)
  }

  static func pages(_ outcome: RunOutcome, _ kind: RequestEvent.Kind) -> [Int] {
    outcome.events.compactMap { event in
      guard event.kind == kind, case .page(let page) = event.resource else { return nil }
      return page
    }
  }

  /// The PREPEND lands first and drops the bottom page while the APPEND is out. Page 0 (t = 1 s)
  /// shows rows 0…7: APPEND hint 7, so pages 1 and 2 load (9 − 7, 19 − 7 < 15; 29 − 7 = 22 is
  /// not), in by t = 3 s. At t = 3.5 s a jump to row 20 binds rows 20…27 (APPEND hint 27):
  /// page 3 (29 − 27 = 2), in at 4.5 s, then page 4 (39 − 27 = 12), in at 5.5 s: 50 items, so
  /// page 0 goes (27 − 10 = 17 ≥ 15 items stay before the hint). At t = 6 s a jump to row 12
  /// binds rows 12…19 (both hints replaced after the drop: PREPEND hint 12, 12 − 10 < 15):
  /// PREPEND of page 0. At t = 6.5 s a jump to row 32 binds rows 32…39 (APPEND hint 39,
  /// 49 − 39 < 15): APPEND of page 5. At t = 7 s page 0 is in: 50 items, so the bottom page 4
  /// goes (49 − 12 − 10 = 27 ≥ 15 stay after the PREPEND hint; rows 40…49 are not on screen),
  /// and the APPEND of page 5 is stale: at t = 7.5 s its response is discarded. Without it, its
  /// rows went in below the gap of page 4 (pages 0…3 and 5 applied, 50 items). The drop cleared
  /// the APPEND hint, so page 4 is asked for again only when a row is next bound: at t = 8 s a
  /// 100 pt/s drag brings row 40 in (39 − 40 < 15): page 4, in at 9 s (50 items: page 0 goes),
  /// then page 5 (49 − 40 < 15), in at 10 s (page 1 goes): pages 2…5 at the end.
  @Test(arguments: [Pagination.cursor, .offset])
  func appendOutWhenThePrependDropsTheBottomPageIsDiscarded(_ pagination: Pagination) {
    let scenario = Self.scenario(
      [
        .wait(durationMs: 2500), .jump(.item(20)), .wait(durationMs: 2500), .jump(.item(12)),
        .wait(durationMs: 500), .jump(.item(32)), .wait(durationMs: 1500),
        .drag(velocityPtS: 100, durationMs: 1000), .wait(durationMs: 1500),
      ], pagination)
    let (outcome, watch) = Self.run(scenario)
    #expect(Self.pages(outcome, .issued) == [0, 1, 2, 3, 4, 0, 5, 4, 5])
    #expect(Self.pages(outcome, .applied) == [0, 1, 2, 3, 4, 0, 4, 5])
    #expect(watch.discarded == [5])
    #expect(!watch.split)
    #expect(watch.run == 2...5)
    #expect(outcome.summary.itemsLoaded == 40)
    // The second fetches of pages 0, 4 and 5; unused: page 4's first (dropped unseen), page 5's
    // first (discarded), page 0's second (dropped unseen again) and page 5's second (rows 50… are
    // never on screen).
    #expect(outcome.summary.pageRequests == 9)
    #expect(outcome.summary.redundantFetches == 3)
    #expect(outcome.summary.wastedFetches == 4)
    let configured = TestScenarios.configured("paging3", Self.parameters)
    #expect(
      EngineEquivalenceTests.compare(scenario, configured, seed: 1, timelineUs: 50_000).difference == nil)
  }

  /// The APPEND lands first and drops the top page while the PREPEND towards it is out. As above
  /// until t = 5.5 s (pages 1…4 loaded, page 0 dropped). At t = 6 s a jump to row 34 binds rows
  /// 34…41 (APPEND hint 41, 49 − 41 < 15): APPEND of page 5. At t = 6.3 s a jump back to row 20
  /// binds rows 20…27 (PREPEND hint 20, 20 − 10 < 15): PREPEND of page 0. At t = 7 s page 5 is
  /// in: 50 items, so the top page 1 goes (41 − 10 − 10 = 21 ≥ 15 stay before the APPEND hint;
  /// rows 10…19 are not on screen), which makes the PREPEND of page 0 stale: at t = 7.3 s it is
  /// discarded, and nothing more is asked for (the drop cleared the PREPEND hint and no row is
  /// bound after it). Without it, page 0 went in above the gap of page 1 (pages 0 and 2…5).
  @Test(arguments: [Pagination.cursor, .offset])
  func prependOutWhenTheAppendDropsTheTopPageIsDiscarded(_ pagination: Pagination) {
    let scenario = Self.scenario(
      [
        .wait(durationMs: 2500), .jump(.item(20)), .wait(durationMs: 2500), .jump(.item(34)),
        .wait(durationMs: 300), .jump(.item(20)), .wait(durationMs: 2000),
      ], pagination)
    let (outcome, watch) = Self.run(scenario)
    #expect(Self.pages(outcome, .issued) == [0, 1, 2, 3, 4, 5, 0])
    #expect(Self.pages(outcome, .applied) == [0, 1, 2, 3, 4, 5])
    #expect(watch.discarded == [0])
    #expect(!watch.split)
    #expect(watch.run == 2...5)
    #expect(outcome.summary.itemsLoaded == 40)
    let configured = TestScenarios.configured("paging3", Self.parameters)
    #expect(
      EngineEquivalenceTests.compare(scenario, configured, seed: 1, timelineUs: 50_000).difference == nil)
  }

  /// A jump past `jump_threshold` refreshes while the APPEND's response waits out its apply delay
  /// (offset pagination, 1 s round trips, 600 ms apply delay, `initial_load_size` 40: page 0 is
  /// items 0…39, the others 10 items; `jump_threshold` 5). Page 0 is in at 1.6 s. At 2 s a jump
  /// to row 30 binds rows 30…37 (39 − 37 < 10, the default distance): APPEND of page 1, its
  /// response at 3 s. At 3.2 s a jump to row 50 binds rows 50…57, 18 items past the loaded ones:
  /// a refresh around row 57 (items 37…76, pages 0…4). Page 1's load is past cancelling, so the
  /// refresh's drop of page 0 makes it stale: discarded at 3.6 s, and asked for again then
  /// (without that, the refresh counted it as in and refreshed again and again). Pages 0, 2, 3
  /// and 4 are in at 4.8 s, page 1 at 5.2 s: pages 0…4, 80 items. Unused: page 1 twice (the
  /// stale response, and rows 40…49 never on screen after), pages 3 and 4 and page 0's second
  /// fetch; fetched again after a delivery: pages 0 and 1.
  @Test func aRefreshAsksAgainForAPageWhoseStaleResponseItCouldNotCancel() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(
        rttMs: 1000, totalItems: 200, pageSize: 10,
        gestures: [
          .wait(durationMs: 2000), .jump(.item(30)), .wait(durationMs: 1200), .jump(.item(50)),
          .wait(durationMs: 4000),
        ], pagination: .offset)
    ) { $0.feed.applyDelayMs = .constant(600) }
    let watch = Watch()
    let values: [String: ParameterValue] = ["initial_load_size": .number(40), "jump_threshold": .number(5)]
    let configured = TestScenarios.configured("paging3", values)
    let outcome = Simulator.run(
      scenario, strategy: Self.watched(Paging3(parameters: configured.parameters), watch), seed: 1,
      options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
    #expect(Self.pages(outcome, .issued) == [0, 1, 0, 2, 3, 4, 1])
    #expect(Self.pages(outcome, .applied) == [0, 0, 2, 3, 4, 1])
    #expect(watch.discarded == [1])
    #expect(watch.run == 0...4)
    #expect(outcome.summary.itemsLoaded == 80)
    #expect(outcome.summary.pageRequests == 7)
    #expect(outcome.summary.wastedFetches == 5)
    #expect(outcome.summary.redundantFetches == 2)
    #expect(
      EngineEquivalenceTests.compare(scenario, configured, seed: 1, timelineUs: 50_000).difference == nil)
  }

  /// A generated scenario (`RunnableScenario.many(_:seed:)`, number `index` of seed 606) with a
  /// strategy and its parameters.
  struct Reproduction: Sendable, CustomTestStringConvertible {
    var index: Int
    var strategy: String
    var values: [String: ParameterValue]
    var testDescription: String { "s\(index) \(strategy) \(values)" }
  }

  static let reproductions = [
    Reproduction(index: 257, strategy: "paging3", values: ["max_size": .number(28)]),
    Reproduction(
      index: 128, strategy: "recyclerview",
      values: ["prefetch_distance": .number(61), "max_size": .number(177)]),
  ]

  /// Generated scenarios where a drop over `max_size` met a load out towards the dropped end (in
  /// debug builds a rows-and-pages mismatch trapped in `FeedState.checkInvariants`): they run to
  /// the end, the applied pages stay one run, a stale response is discarded, and both engines
  /// agree.
  @Test(arguments: reproductions)
  func generatedReproductionsKeepOneRun(_ reproduction: Reproduction) throws {
    let scenario = RunnableScenario.many(reproduction.index + 1, seed: 606)[reproduction.index]
    let prepared = try PreparedScenario(scenario)
    let configured = TestScenarios.configured(reproduction.strategy, reproduction.values)
    let watch = Watch()
    if reproduction.strategy == "paging3" {
      let strategy = Self.watched(Paging3(parameters: configured.parameters), watch)
      _ = Simulator.run(prepared, strategy: strategy, seed: scenario.seed)
    } else {
      let strategy = Self.watched(RecyclerView(parameters: configured.parameters), watch)
      _ = Simulator.run(prepared, strategy: strategy, seed: scenario.seed)
    }
    #expect(!watch.split)
    #expect(!watch.discarded.isEmpty)
    let comparison = EngineEquivalenceTests.compare(
      prepared, configured, seed: scenario.seed, timelineUs: 50_000)
    #expect(comparison.difference == nil)
  }
}
