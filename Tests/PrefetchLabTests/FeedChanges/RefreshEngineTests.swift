import Testing

@testable import PrefetchLab

/// Pull to refresh through the engine: what a refresh cancels and counts, the new list it shows,
/// and both engines agreeing on it for every built-in.
@Suite struct RefreshEngineTests {
  /// Asks for page 1 when it starts (and again when the refreshed list starts it over), nothing
  /// else; logs when it is consulted and why.
  struct SecondPageAtStart: PrefetchStrategy {
    final class Log: @unchecked Sendable {
      var consultations: [(timeUs: Int64, event: StrategyEvent)] = []
    }
    let log = Log()
    var starts = 0

    init(parameters: StrategyParameters) {}
    init() {}

    mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
      log.consultations.append((context.nowUs, event))
      if event == .start {
        starts += 1
        _ = context.requestPage(.index(1))
      }
      return .nextEvent
    }
  }

  /// The analytic feed (800 pt viewport, 100 pt rows, pages of 20 of 24 000 bytes, cursor,
  /// apply delay 0) with a 1 000 ms round trip on a 192 kbps link: a page's body takes 1 s, so a
  /// page asked for at t arrives at t + 2 s. The user rests 1.5 s, pulls to refresh, rests 5 s.
  static func refreshWithAPageInFlight() -> (PreparedScenario, ScriptedScroll) {
    let prepared = TestScenarios.steadyDrag(
      bandwidthKbps: 192,
      gestures: [.wait(durationMs: 1500), .refresh, .wait(durationMs: 5000)])
    let source = ScriptedScroll(
      gestures: [.wait(durationMs: 1500), .refresh, .wait(durationMs: 5000)], physics: .ios)
    return (prepared, source)
  }

  /// By hand: page 0 is asked for at 0 and in at 2.0 s (first content, τ = 0); the strategy asks
  /// for page 1 then (first byte 3.0 s, body until 4.0 s). The rest ends at τ = 1.5 s, the 90th
  /// frame after first content, t = 3.5 s: the refresh cancels page 1 half way through its body
  /// (12 000 bytes moved, invalidated and wasted), throws page 0's rows away and asks for
  /// page 0 again, in at 5.5 s, which the strategy hears as `start` (no consultation between)
  /// and asks for page 1 again (in at 7.5 s). The session ends at τ = 6.5 s, t = 8.5 s.
  @Test func aRefreshCancelsThePageInFlightAndRefetchesTheFirstPage() {
    let (prepared, source) = Self.refreshWithAPageInFlight()
    let simulation = Simulation(
      scenario: prepared.scenario, seed: 1, source: source, trace: prepared.trace,
      options: SimulationOptions(recordEvents: true), edgeBehavior: prepared.edgeBehavior)
    var strategy = SecondPageAtStart()
    let outcome = simulation.run(&strategy)
    let events = outcome.events.filter { $0.kind == .issued || $0.kind == .cancelled || $0.kind == .applied }
    let expected: [(RequestEvent.Kind, Resource, Int64)] = [
      (.issued, .page(0), 0), (.applied, .page(0), 2_000_000), (.issued, .page(1), 2_000_000),
      (.cancelled, .page(1), 3_500_000), (.issued, .page(0), 3_500_000), (.applied, .page(0), 5_500_000),
      (.issued, .page(1), 5_500_000), (.applied, .page(1), 7_500_000),
    ]
    #expect(events.map(\.kind) == expected.map(\.0))
    #expect(events.map(\.resource) == expected.map(\.1))
    #expect(events.map(\.timeUs) == expected.map(\.2))
    #expect(events.first { $0.kind == .cancelled }?.bytes == 12_000)
    let summary = outcome.summary
    #expect(summary.invalidatedBytes == 12_000)
    // Wasted: those 12 000 bytes, and the second page 1 (24 000), in at 7.5 s and never on
    // screen (the user rests at the top); only the first is the refresh's.
    #expect(summary.wastedBytes == 12_000 + 24_000)
    #expect(summary.requestsCancelled == 1)
    #expect(summary.pageRequests == 4)
    #expect(summary.bytesFetched == 3 * 24_000 + 12_000)
    #expect(summary.sessionUs == 8_500_000)
    #expect(summary.firstContentUs == 2_000_000)
    // From the refresh (3.5 s) to the new page 0 (5.5 s) the user looks at an empty list, all of
    // it blank; before and after, page 0's rows are complete (no media) and fill the viewport.
    #expect(summary.blankUs == 2_000_000)
    // Consulted at first content, at page 1's first arrival never (cancelled), and at the
    // refreshed first page, as `start` both times: nothing between the refresh and 5.5 s.
    let starts = strategy.log.consultations.filter { $0.event == .start }.map(\.timeUs)
    #expect(starts == [2_000_000, 5_500_000])
    #expect(!strategy.log.consultations.contains { $0.timeUs > 3_500_000 && $0.timeUs < 5_500_000 })
    // The strategy started over: its own count is the one of the list's second start only.
    #expect(strategy.starts == 1)
  }

  /// Five 100 pt rows a page in a 300 pt viewport, no latency, one insert a second (regular).
  /// The user reads rows 0…8 (page 1 comes at τ = 3.4 s, three inserts in), rests, pulls to
  /// refresh at τ = 6.5 s (six inserts in), rests 0.5 s and reads rows 0…8 again. Cursor: the new
  /// list's rows 0…5 hold the six new items, newest first, and rows 6…8 items 0…2, seen before
  /// in rows 0…2 but not duplicates (a new list; counted across the refresh they would be 3).
  /// Offset: the three duplicates of page 1 before the refresh (`FeedChangeEngineTests`), and one
  /// after it: the new page 0 (six inserts) ends with item −2 in row 4, and page 1, asked for
  /// when row 5's placeholder shows at τ = 7.2 s (seven inserts), starts with it again.
  @Test func aRefreshAfterInsertsShowsTheNewItemsAtTheTopWithoutDuplicates() {
    let gestures: [Gesture] = [
      .wait(durationMs: 3200), .drag(velocityPtS: 1000, durationMs: 600), .wait(durationMs: 2700), .refresh,
      .wait(durationMs: 500), .drag(velocityPtS: 1000, durationMs: 600), .wait(durationMs: 500),
    ]
    for pagination in [Pagination.cursor, .offset] {
      let prepared = TestScenarios.modified(
        TestScenarios.steadyDrag(
          rttMs: 0, totalItems: 50, pageSize: 5, gestures: gestures, pagination: pagination)
      ) { scenario in
        scenario.viewport.heightPt = 300
        scenario.feed.changes = FeedChangeSpec(insertsPerMin: 60, arrivals: .regular)
      }
      let summary = TestScenarios.run(prepared, "infinite_scroll").summary
      #expect(summary.duplicateItemsShown == (pagination == .offset ? 4 : 0), "\(pagination)")
      #expect(summary.itemsSkipped == 0)
      #expect(summary.pageRequests == 4, "\(pagination): pages 0 and 1 before the refresh and after")
    }
  }

  /// The tracker itself: rows 0…4 shown (items 0…4), six inserts, a refresh; the new list's rows
  /// 0…5 show the inserted items, newest first (−6 … −1), rows 6…10 items 0…4 again, and no
  /// duplicate is counted. Without the refresh, the cursor rows would show items 0…10.
  @Test func theTrackerStartsANewListAtARefresh() {
    var tracker = FeedChangeTracker(
      spec: FeedChangeSpec(insertsPerMin: 60, arrivals: .regular), pagination: .cursor, seed: 1)
    for row in 0..<5 { tracker.rowShown(row, page: 0) }
    #expect((0..<5).map { tracker.item(ofRow: $0, page: 0) } == [0, 1, 2, 3, 4])
    tracker.refreshed(atUs: 6_500_000)
    #expect(
      (0..<11).map { tracker.item(ofRow: $0, page: $0 / 5) } == [-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4])
    for row in 0..<11 { tracker.rowShown(row, page: row / 5) }
    #expect(tracker.duplicateItemsShown == 0)
    #expect(tracker.itemsSkipped == 0)
  }

  /// The bundled news feed with a pull to refresh (media, changes, both paginations), cut to
  /// 50 s (one refresh, at τ = 40 s): every built-in gives byte-identical results under the
  /// event engine and the frame-stepped one, with a timeline and the request events.
  @Test(arguments: ["news-feed-refresh-cursor", "news-feed-refresh-offset"])
  func bothEnginesAgreeOnARefreshForEveryBuiltIn(name: String) throws {
    let scenario = try ScenarioLoader.load(
      contentsOf: ScenarioJSONTests.repository + "/scenarios/\(name).json")
    let prepared = TestScenarios.modified(try PreparedScenario(scenario)) { $0.durationUs = 50_000_000 }
    var differences: [String] = []
    var invalidated: Int64 = 0
    for definition in StrategyRegistry.builtIn.definitions {
      let configured = TestScenarios.configured(definition.name)
      let result = EngineEquivalenceTests.compare(prepared, configured, seed: 2, timelineUs: 250_000)
      if let difference = result.difference { differences.append(difference) }
      invalidated += TestScenarios.run(prepared, definition.name, seed: 2).summary.invalidatedBytes
    }
    #expect(differences.isEmpty, "\(differences.count) differ, e.g. \(differences.prefix(1))")
    // Not vacuous: some strategy had something on its way or unseen when the user refreshed.
    #expect(invalidated > 0)
  }
}
