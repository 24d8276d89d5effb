import Testing

@testable import PrefetchLab

/// Server-side changes through the engine: what offset and cursor pages show after inserts and
/// deletions, on a feed worked out by hand and on the bundled news feed.
@Suite struct FeedChangeEngineTests {
  /// Five 100 pt rows a page in a 300 pt viewport, no latency anywhere, one change a second
  /// (regular). The user rests 3.2 s (changes at 1, 2 and 3 s), then drags at 1 000 pt/s for
  /// 0.6 s: row 5's placeholder (offset) or the footer (cursor) shows once the viewport's bottom
  /// passes 500 pt, at τ = 3.4 s, and page 1 comes at that instant, three changes in. The drag
  /// ends at 600 pt (rows 0…8 seen), before the fourth change and before row 10 shows.
  static func threeChanges(_ pagination: Pagination, inserts: Bool, deletes: Bool) -> PreparedScenario {
    let base = TestScenarios.steadyDrag(
      rttMs: 0, totalItems: 50, pageSize: 5,
      gestures: [.wait(durationMs: 3200), .drag(velocityPtS: 1000, durationMs: 600), .wait(durationMs: 500)],
      pagination: pagination)
    return TestScenarios.modified(base) { scenario in
      scenario.viewport.heightPt = 300
      scenario.feed.changes = FeedChangeSpec(
        insertsPerMin: inserts ? 60 : 0, deletesPerMin: deletes ? 60 : 0, arrivals: .regular)
    }
  }

  /// Offset: page 1 holds items 2…6 (three inserts above it), so rows 5…7 repeat items 2…4,
  /// which rows 2…4 showed: 3 duplicates. Cursor pages continue after item 4: nothing repeats.
  /// (`dynamic_threshold` asks for page 1 when the viewport's bottom passes 70 % of page 0, at
  /// τ = 3.25 s: the same three inserts.)
  @Test(arguments: ["infinite_scroll", "dynamic_threshold"])
  func threeInsertsRepeatThreeItemsUnderOffsetPagination(strategy: String) {
    let offset = TestScenarios.run(Self.threeChanges(.offset, inserts: true, deletes: false), strategy)
      .summary
    #expect(offset.duplicateItemsShown == 3)
    #expect(offset.itemsSkipped == 0)
    let cursor = TestScenarios.run(Self.threeChanges(.cursor, inserts: true, deletes: false), strategy)
      .summary
    #expect(cursor.duplicateItemsShown == 0)
    #expect(cursor.itemsSkipped == 0)
  }

  /// Three deletions above page 1 move items 5…7 into page 0's positions, already fetched:
  /// page 1 holds items 8…12, and the three between row 4 (item 4) and row 5 never show.
  @Test func threeDeletionsSkipThreeItemsUnderOffsetPagination() {
    let offset = TestScenarios.run(
      Self.threeChanges(.offset, inserts: false, deletes: true), "infinite_scroll")
    #expect(offset.summary.itemsSkipped == 3)
    #expect(offset.summary.duplicateItemsShown == 0)
    let cursor = TestScenarios.run(
      Self.threeChanges(.cursor, inserts: false, deletes: true), "infinite_scroll")
    #expect(cursor.summary.itemsSkipped == 0)
  }

  /// A feed that does not change counts nothing, and a change that comes after the last page
  /// moves nothing shown: the metrics are the run's otherwise.
  @Test func changesOnlyMatterThroughThePagesTheyShift() {
    let still = TestScenarios.modified(Self.threeChanges(.offset, inserts: true, deletes: false)) {
      $0.feed.changes = nil
    }
    let unchanged = TestScenarios.run(still, "infinite_scroll").summary
    #expect(unchanged.duplicateItemsShown == 0)
    var changed = TestScenarios.run(
      Self.threeChanges(.offset, inserts: true, deletes: false), "infinite_scroll"
    )
    .summary
    changed.duplicateItemsShown = 0
    #expect(changed == unchanged)
  }

  /// The bundled news feed with offset pagination, seed 1, `infinite_scroll`: pages come in
  /// order as the reader moves down. By hand: page j (rows 20j…20j + 19) arrives at t_j with
  /// I_j inserts and D_j deletions made, so its rows show items shifted by s_j = I_j − D_j. At
  /// the boundary before page j, Δ = s_j − s_{j−1} > 0 repeats the last Δ items of page j − 1
  /// (its first min(Δ, 20) rows are duplicates, counted where seen); Δ < 0 skips −Δ items when
  /// both rows of the boundary were seen. Cursor pagination shows neither, for every strategy.
  @Test func theNewsFeedRepeatsItemsUnderOffsetPaginationOnly() throws {
    let offset = try PreparedScenario(
      ScenarioLoader.load(contentsOf: ScenarioJSONTests.repository + "/scenarios/news-feed-offset.json"))
    let outcome = TestScenarios.run(offset, "infinite_scroll")
    let spec = try #require(offset.scenario.feed.changes)
    var inserts = FeedChangeSchedule(.insert, spec: spec, seed: 1)
    var deletes = FeedChangeSchedule(.delete, spec: spec, seed: 1)
    var arrivals: [Int: Int64] = [:]
    for event in outcome.events where event.kind == .completed {
      if case .page(let page) = event.resource, arrivals[page] == nil { arrivals[page] = event.timeUs }
    }
    let pages = arrivals.keys.sorted()
    #expect(pages == Array(0..<pages.count), "pages come in order")
    var shifts: [Int64] = []
    for page in pages {
      let timeUs = arrivals[page]!
      shifts.append(inserts.count(atUs: timeUs) - deletes.count(atUs: timeUs))
      // No page holds new items: the formula above needs every row at or below the inserts.
      #expect(Int64(page * 20) >= shifts.last! || page == 0)
    }
    let seen = Set(outcome.timesToContent.map(\.item))
    var duplicates = 0
    var skipped = 0
    for page in pages.dropFirst() {
      let delta = Int(shifts[page] - shifts[page - 1])
      let first = page * 20
      if delta > 0 {
        duplicates += (first..<(first + min(delta, 20))).filter { seen.contains($0) }.count
      } else if delta < 0 && seen.contains(first - 1) && seen.contains(first) {
        skipped += -delta
      }
    }
    #expect(outcome.summary.duplicateItemsShown > 0)
    #expect(outcome.summary.duplicateItemsShown == duplicates)
    #expect(outcome.summary.itemsSkipped == skipped)

    let cursor = try PreparedScenario(
      ScenarioLoader.load(contentsOf: ScenarioJSONTests.repository + "/scenarios/news-feed-cursor.json"))
    for strategy in cursor.scenario.strategies.map(\.name) {
      let summary = TestScenarios.run(cursor, strategy).summary
      #expect(summary.duplicateItemsShown == 0, "\(strategy)")
      #expect(summary.itemsSkipped == 0, "\(strategy)")
    }
  }
}
