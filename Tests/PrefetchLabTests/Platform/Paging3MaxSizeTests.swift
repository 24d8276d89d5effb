import Testing

@testable import PrefetchLab

/// Paging 3's `max_size` in the engine: pages dropped far from the latest access, fetched again
/// when the user comes back, and the `PagingConfig` rule on its value.
@Suite struct Paging3MaxSizeTests {
  /// 100 pt rows in an 800 pt viewport, pages of 20 (2000 pt), 200 items, 100 ms RTT; the first
  /// load is one page (`initial_load_size` 20) and `prefetch_distance` 10, so the rule asks for
  /// max_size >= 20 + 2 x 10 = 40; 60 = 3 pages. Drag down 12 000 pt (6 pages) at 1000 pt/s,
  /// rest, drag back up to the top.
  static func scenario(_ pagination: Pagination) -> PreparedScenario {
    TestScenarios.steadyDrag(
      rttMs: 100, totalItems: 200, pageSize: 20,
      gestures: [
        .drag(velocityPtS: 1000, durationMs: 12_000), .wait(durationMs: 1000),
        .drag(velocityPtS: -1000, durationMs: 12_000), .wait(durationMs: 1000),
      ], pagination: pagination)
  }

  static let parameters: [String: ParameterValue] = [
    "initial_load_size": .number(20), "prefetch_distance": .number(10),
  ]

  /// Down: page k+1 is asked for once fewer than 10 loaded rows lie past the last visible row
  /// (last visible row > 20(k+1) − 10), so pages 1…6 load (page 7 would need row 130 on screen;
  /// the drag stops with rows 120…127 showing): 1 + 6 = 7 requests. Each APPEND that takes the
  /// run past 60 items drops its top page (the access, ~30 rows below it, keeps >= 10 rows):
  /// pages 0…3 go, pages 4…6 stay. Up: PREPEND asks for page p once the first visible row is
  /// fewer than 10 rows below p's end (row < 20(p+1) + 10): pages 3, 2, 1, 0 load again, each
  /// dropping the bottom page: 4 more requests, 11 in all, against 7 unbounded (going back up
  /// finds every page loaded). Both paginations keep the rows laid out, so the counts agree.
  @Test(arguments: [Pagination.cursor, .offset])
  func pagesDroppedAtTheTopAreFetchedAgainOnTheWayBack(_ pagination: Pagination) {
    let scenario = Self.scenario(pagination)
    let unbounded = TestScenarios.run(scenario, "paging3", Self.parameters)
    var bounded = Self.parameters
    bounded["max_size"] = .number(60)
    let dropping = TestScenarios.run(scenario, "paging3", bounded)
    #expect(unbounded.summary.pageRequests == 7)
    #expect(dropping.summary.pageRequests == 11)
    #expect(dropping.summary.redundantFetches == 4)
    #expect(unbounded.summary.redundantFetches == 0)
    // Every page was on screen before it was dropped: nothing wasted.
    #expect(dropping.summary.wastedFetches == unbounded.summary.wastedFetches)
  }

  /// The same drags over a cursor feed of 140 items (7 pages): page 6, asked for with row 110 on
  /// screen, makes the end known on the way down. Pages 0…3 dropped at the top must still be
  /// fetched again going up (a dropped page lies inside the known feed): 7 + 4 = 11 requests,
  /// each back before it shows (nothing blank), pages 0…2 loaded at the end.
  @Test func droppedCursorPagesAreFetchedAgainAfterTheEndIsKnown() {
    let scenario = TestScenarios.modified(Self.scenario(.cursor)) { $0.feed.totalItems = 140 }
    var bounded = Self.parameters
    bounded["max_size"] = .number(60)
    let summary = TestScenarios.run(scenario, "paging3", bounded).summary
    #expect(summary.pageRequests == 11)
    #expect(summary.redundantFetches == 4)
    #expect(summary.itemsLoaded == 60)
    #expect(summary.blankUs == 0)
  }
}
