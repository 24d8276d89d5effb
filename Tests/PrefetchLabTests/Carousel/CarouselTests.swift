import Testing

@testable import PrefetchLab

/// `feed.carousel`: a row's horizontal window and blank share worked out by hand, the engine's
/// sub-item images (requests, blank time) on a feed timed by hand, and nested prefetch counts.
@Suite struct CarouselTests {
  /// 150 pt cells in a 393 pt window: at x = 0 cells 0, 1 and 2 show, the third 93 pt of it; at
  /// x = 100 cells 0…3 show, 50, 150, 150 and 43 pt of them (393 in all).
  @Test func theWindowHoldsTheCellsItsRangeMeets() {
    let spec = CarouselSpec(subItems: 12, subItemWidthPt: 150, visibleWidthPt: 393)
    #expect(spec.visibleSubItems(scrollXPt: 0) == 0..<3)
    #expect((0..<3).map { spec.shownWidthPt(ofSubItem: $0, scrollXPt: 0) } == [150, 150, 93])
    #expect(spec.visibleSubItems(scrollXPt: 100) == 0..<4)
    #expect((0..<4).map { spec.shownWidthPt(ofSubItem: $0, scrollXPt: 100) } == [50, 150, 150, 43])
    // The last offset puts cell 11's right edge at the window's: 12 × 150 − 393.
    #expect(spec.maxScrollXPt == 1407)
    #expect(spec.visibleSubItems(scrollXPt: 1407) == 9..<12)
    // A row narrower than the window shows all its cells and cannot scroll.
    let short = CarouselSpec(subItems: 2, subItemWidthPt: 150, visibleWidthPt: 393)
    #expect(short.visibleSubItems(scrollXPt: 0) == 0..<2)
    #expect(short.maxScrollXPt == 0)
  }

  /// The table's blank share: a loaded row missing every image of its window is wholly blank; with
  /// cells 0 and 1 in, only cell 2's 93 pt of 393 is; with all three, none.
  @Test func aRowBlanksTheShareOfItsWindowWithoutImages() {
    var table = CarouselTable(spec: CarouselSpec(subItems: 12, subItemWidthPt: 150, visibleWidthPt: 393))
    let complete = table.rowLoaded(4) { _ in 1000 }
    #expect(!complete)
    #expect(table.window(ofItem: 4) == 0..<3)
    #expect(table.blankShare(ofItem: 4) == 1)
    for sub in 0..<2 { table.subItems.markComplete(table.flatIndex(item: 4, subItem: sub)) }
    #expect(table.blankShare(ofItem: 4) == 93.0 / 393)
    #expect(!table.isWindowComplete(4))
    table.subItems.markComplete(table.flatIndex(item: 4, subItem: 2))
    #expect(table.isWindowComplete(4))
    #expect(table.blankShare(ofItem: 4) == 0)
    // A plain row has no window and no share of its own.
    #expect(table.window(ofItem: 3) == 0..<0)
  }

  /// One 100 pt carousel row fills a 100 pt viewport; 20 rows in one page (the end known with
  /// it), 1 s round trips, one connection, unlimited bandwidth. Page 0 arrives at 1 s (first
  /// content) and the row's window asks for cells 0, 1, 2, fetched one after another: done at 2,
  /// 3 and 4 s. The blank fraction is 1, then 243/393 or 300/393 (≥ 0.5), then 93/393 or
  /// 150/393 (< 0.5), then 0: blank 3 s, mostly blank 2 s (a whole-row rule would give 3 s).
  static func oneRowOneConnection(rowFraction: Double = 1) -> PreparedScenario {
    TestScenarios.modified(
      TestScenarios.steadyDrag(rttMs: 1000, totalItems: 20, pageSize: 20, gestures: [.wait(durationMs: 8000)])
    ) { scenario in
      scenario.viewport.heightPt = 100
      scenario.network.maxConcurrentRequests = 1
      scenario.feed.carousel = CarouselSpec(
        rowFraction: rowFraction, subItems: 12, subItemWidthPt: 150, visibleWidthPt: 393,
        mediaBytes: .constant(1000))
    }
  }

  @Test func theWindowsCellsAreFetchedAndBlankTheirShare() {
    let outcome = Simulator.run(
      Self.oneRowOneConnection(), strategy: TestScenarios.configured("infinite_scroll"), seed: 1,
      options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
    let issued = outcome.events.filter { $0.kind == .issued }.map(\.resource)
    #expect(
      issued == [
        .page(0), .subItemMedia(item: 0, sub: 0), .subItemMedia(item: 0, sub: 1),
        .subItemMedia(item: 0, sub: 2),
      ])
    #expect(outcome.summary.blankUs == 3_000_000)
    #expect(outcome.summary.mostlyBlankUs == 2_000_000)
    // Every image fetched was shown: none wasted.
    #expect(outcome.summary.wastedFetches == 0)
    #expect(outcome.summary.mediaRequests == 3)
  }

  /// The same feed without carousels (the fraction 0 draws none) has no media at all: the page
  /// alone, nothing blank after first content.
  @Test func aFeedWithNoCarouselRowsIsAPlainFeed() {
    let outcome = TestScenarios.run(Self.oneRowOneConnection(rowFraction: 0), "infinite_scroll")
    #expect(outcome.summary.mediaRequests == 0)
    #expect(outcome.summary.blankUs == 0)
  }

  /// RecyclerView's nested prefetch: GapWorker binding the carousel row below the viewport binds
  /// its nested list's first `initial_prefetch_item_count` cells (2 by default, 4 when set), from
  /// its first cell in view; a plain row's bind stays a media request.
  @Test(arguments: [(nil, 2), (4, 4)] as [(Int?, Int)])
  func recyclerViewBindsNestedItemsWithAPrefetchedRow(count: Int?, expected: Int) {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 3)
    context.giveEveryItemMedia()
    context.subItemWindows = [7: 0..<3, 9: 2..<5]
    let values: [String: ParameterValue] =
      count.map { ["initial_prefetch_item_count": .number(Double($0))] } ?? [:]
    var strategy = RecyclerView(parameters: TestScenarios.configured("recyclerview", values).parameters)
    context.note(strategy.update(.start, in: context))
    _ = context.takeActions()
    // Offset 250: rows 2…6 show, row 7 (a carousel) is bound ahead.
    context.viewportOffsetPt = 250
    context.note(strategy.update(.frame, in: context))
    #expect(context.actions.contains(.requestSubItemMedia(7, 0..<expected, .preload)))
    #expect(!context.actions.contains(.requestMedia(7, .preload)))
    // Row 9, swiped to cell 2, prefetches from there.
    context.viewportOffsetPt = 450
    _ = context.takeActions()
    context.note(strategy.update(.frame, in: context))
    #expect(context.actions.contains(.requestSubItemMedia(9, 2..<(2 + expected), .preload)))
  }

  /// Compose's nested count: 2 until a prefetched row is measured, then the first measurement
  /// as is, then (3 × average + new) / 4 in integers.
  @Test func composeNestedCountIsAMovingAverage() {
    var count = NestedPrefetchCount()
    #expect(count.count == 2)
    count.record(ideal: 3)
    #expect(count.count == 3)
    count.record(ideal: 7)
    #expect(count.count == 4)  // (9 + 7) / 4
    count.record(ideal: 0)
    #expect(count.count == 3)  // 12 / 4
    count.record(ideal: 1)
    #expect(count.count == 2)  // (9 + 1) / 4 = 2.5, truncated
  }

  /// Through the engine: RecyclerView's bind of the carousel row below the viewport asks for
  /// exactly two cells' images with it, at preload priority, before the row shows.
  @Test func recyclerViewRequestsTwoNestedImagesWithTheRowsPrefetch() {
    let scenario = CarouselFixture.feed(
      rttMs: 100,
      gestures: [.wait(durationMs: 1000), .drag(velocityPtS: 50, durationMs: 500), .wait(durationMs: 3000)])
    let outcome = Simulator.run(
      scenario,
      strategy: TestScenarios.configured("recyclerview", ["initial_prefetch_item_count": .number(2)]),
      seed: 1, options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
    let issued = outcome.events.filter { $0.kind == .issued }
    // Rows 0…2 show at first content (their windows, cells 0…2, at visible priority); rows 3 and
    // 4 are bound ahead at start (initial_prefetch_item_count rows) with 2 cells each; the drag
    // binds row 3 again, which has them.
    func cells(_ row: Int) -> [Int] {
      issued.compactMap {
        if case .subItemMedia(row, let sub) = $0.resource { return sub } else { return nil }
      }
    }
    #expect(cells(0) == [0, 1, 2])
    // Rows 3 and 4 never show (the drag moves 25 pt): exactly their two nested cells.
    #expect(cells(3) == [0, 1])
    #expect(cells(4) == [0, 1])
    #expect(issued.first { $0.resource == .subItemMedia(item: 3, sub: 0) }?.priority == .preload)
    #expect(cells(5) == [])
  }

  /// A carousel row that comes on screen asks for every cell of its window, also while the cells
  /// its nested prefetch asked for are still on their way (RecyclerView binds, Compose composes,
  /// the window's cells when the row is laid out). 100 pt rows, a 250 pt viewport, 1 s round
  /// trips: first content at 1 s; row 3 is bound ahead then with cells 0 and 1 (not in before
  /// 2 s); a 200 pt/s drag from τ = 0 brings row 3's top (300 pt) into view once the offset
  /// passes 50 pt, at the first frame after τ = 250 ms (60 Hz: τ = 266.7 ms, t = 1.267 s), where
  /// cell 2 is asked for at visible priority.
  @Test(arguments: ["recyclerview", "compose_paging"])
  func aRowThatShowsAsksForTheCellsItsPrefetchDidNot(strategy: String) {
    let scenario = CarouselFixture.feed(
      rttMs: 1000, gestures: [.drag(velocityPtS: 200, durationMs: 500), .wait(durationMs: 4000)])
    let outcome = Simulator.run(
      scenario, strategy: TestScenarios.configured(strategy), seed: 1,
      options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
    let issued = outcome.events.filter { $0.kind == .issued }
    let row3 = issued.compactMap { event -> (sub: Int, event: RequestEvent)? in
      if case .subItemMedia(3, let sub) = event.resource { return (sub, event) } else { return nil }
    }
    #expect(row3.map(\.sub).sorted() == [0, 1, 2])
    let third = try? #require(row3.first { $0.sub == 2 }?.event)
    #expect(third?.timeUs == 1_266_666 || third?.timeUs == 1_266_667, "\(String(describing: third?.timeUs))")
    #expect(third?.priority == .visible)
    // Its nested cells were still on their way then (issued with the row's bind ahead, at 1 s).
    if strategy == "recyclerview" {
      #expect(row3.filter { $0.sub < 2 }.allSatisfy { $0.event.timeUs == 1_000_000 && $0.event.isPrefetch })
    }
  }

  /// Both engines give the same results on the bundled app-store feed of carousels, for every
  /// registered built-in with its defaults (one seed each, a timeline on alternate ones).
  @Test(arguments: StrategyRegistry.builtIn.definitions.map(\.name).sorted())
  func bothEnginesAgreeOnCarousels(strategy: String) throws {
    let file = try ScenarioJSONTests.bundledScenarios().first { $0.hasSuffix("app-store-carousels.json") }
    let prepared = try PreparedScenario(ScenarioLoader.load(contentsOf: try #require(file)))
    let result = EngineEquivalenceTests.compare(
      prepared, TestScenarios.configured(strategy), seed: 2, timelineUs: strategy.count % 2 == 0 ? 100_000 : 0
    )
    #expect(result.difference == nil, "\(result.difference ?? "")")
  }

  static let rules: [ScenarioRuleCase] = [
    ScenarioRuleCase(
      "feed", #"{"carousel": {"sub_items": 0}}"#, "feed.carousel.sub_items: must be in 1...1000, got 0"),
    ScenarioRuleCase(
      "feed", #"{"carousel": {"row_fraction": 1.5}}"#, "feed.carousel.row_fraction: must be in 0...1, got 1.5"
    ),
    ScenarioRuleCase(
      "feed", #"{"carousel": {"sub_item_width_pt": 0}}"#,
      "feed.carousel.sub_item_width_pt: must be > 0, got 0"),
    ScenarioRuleCase(
      "feed", #"{"carousel": {"media_fraction": 0.5}}"#,
      "feed.carousel.media_fraction: needs feed.carousel.media_bytes; without it sub-items have no images"),
    ScenarioRuleCase(
      "feed", #"{"columns": 3, "carousel": {}}"#,
      #"feed.carousel: needs "columns": 1 (a carousel is a row of a list)"#),
  ]

  @Test(arguments: rules) func refusedWithTheRule(_ rule: ScenarioRuleCase) {
    #expect(ScenarioFixture.error(ScenarioFixture.text([(rule.key, rule.json)])) == rule.error)
  }

  /// A cache or a render stage with carousels is refused, naming the key.
  @Test func cacheAndRenderAreRefusedWithCarousels() {
    let error = ScenarioFixture.error(
      ScenarioFixture.text([("feed", #"{"carousel": {}}"#), ("cache", #"{"memory_bytes": 1000}"#)]))
    #expect(error?.contains("cache: cannot be combined with feed.carousel") == true)
  }

  /// The resolved feed names its carousel only when it has one: manifests of other scenarios
  /// stay as they were.
  @Test func theResolvedFeedWritesACarouselOnlyWhenThereIsOne() {
    var spec = FeedSpec()
    #expect(!spec.json.serialized().contains("carousel"))
    spec.carousel = CarouselSpec()
    #expect(spec.json.serialized().contains(#""carousel":{"row_fraction":1,"sub_items":10"#))
  }
}
