import Testing

@testable import PrefetchLab

/// How strategies count in a grid (`feed.columns`), each as its platform does: a threshold in
/// content height counts rows, a collection view's look-ahead and RecyclerView's grid prefetch
/// count rows of items, and a run of the engine requests a row's images together.
@Suite struct GridStrategyTests {
  /// Three columns of 100 pt rows, pages of 30 items (10 rows, 1000 pt), a 400 pt viewport.
  static func grid(appliedPages: Int = 1) -> StrategyContextDouble {
    StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 30, totalItems: 300, appliedPages: appliedPages, columns: 3)
  }

  /// fixed_threshold at 70 %: 30 items in 3 columns are 10 rows, 1000 pt, so the bottom must
  /// reach 700 pt (offset 300), where a list of the same 30 items (3000 pt) waits until 1700.
  @Test func aSeventyPercentThresholdCountsRows() {
    let grid = Self.grid()
    var strategy = FixedThreshold(parameters: TestScenarios.configured("fixed_threshold").parameters)
    #expect(grid.pageRequests(after: &strategy, atOffsetPt: 299).isEmpty)
    #expect(
      grid.pageRequests(after: &strategy, atOffsetPt: 300) == [.requestPage(.down, guardInFlight: true)])
    let list = StrategyContextDouble(viewportHeightPt: 400, pageSize: 30, totalItems: 300, appliedPages: 1)
    var listStrategy = FixedThreshold(parameters: TestScenarios.configured("fixed_threshold").parameters)
    #expect(list.pageRequests(after: &listStrategy, atOffsetPt: 1699).isEmpty)
    #expect(list.pageRequests(after: &listStrategy, atOffsetPt: 1700).count == 1)
  }

  /// GridLayoutManager: a frame that moved down binds the next row's three items (offset 250:
  /// rows 2…6, items 6…20, show; row 7 is items 21…23).
  @Test func recyclerViewBindsTheNextRowsSpan() {
    let context = Self.grid(appliedPages: 2)
    context.giveEveryItemMedia()
    var strategy = RecyclerView(
      parameters: TestScenarios.configured("recyclerview", ["initial_prefetch_item_count": .number(0)])
        .parameters)
    context.note(strategy.update(.start, in: context))
    _ = context.takeActions()
    context.viewportOffsetPt = 250
    context.note(strategy.update(.frame, in: context))
    let preloads = context.actions.filter {
      if case .requestMedia(_, .preload) = $0 { return true } else { return false }
    }
    #expect(
      preloads == [.requestMedia(21, .preload), .requestMedia(22, .preload), .requestMedia(23, .preload)])
  }

  /// uikit_prefetching with lookahead_rows 2: the window is the next two rows, 6 items; with one
  /// page of 30 loaded, the loading row is index 30.
  @Test func uikitLookaheadCountsRowsOfItems() {
    let context = Self.grid()
    var strategy = UIKitPrefetching(
      parameters: TestScenarios.configured("uikit_prefetching", ["lookahead_rows": .number(2)]).parameters)
    // Rows 0…3 show (items 0…11): the window, items 12…17, is short of the loading row 30.
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 0).isEmpty)
    // Offset 300: rows 3…6 (items 9…20); the window is items 21…26: still short.
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 300).isEmpty)
    // Offset 450: rows 4…8 (items 12…26); the window is items 27…32, holding the loading row.
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 450) == [.requestPage(.down, guardInFlight: true)])
  }

  /// A run of the engine: an 800 pt viewport over 100 pt rows of three images each, pages of 30
  /// (10 rows), loaded on visibility. Every image of a row is requested in the same frame, and
  /// the first frame with content requests exactly the 8 rows shown, 24 images.
  @Test func aRowsThreeImagesAreRequestedInTheSameFrame() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(durationMs: 10_000, pageSize: 30, media: .constant(20_000))
    ) { $0.feed.columns = 3 }
    let outcome = TestScenarios.run(scenario, "infinite_scroll")
    var issuedUs: [Int: Int64] = [:]
    for event in outcome.events where event.kind == .issued {
      if case .media(let item) = event.resource, issuedUs[item] == nil { issuedUs[item] = event.timeUs }
    }
    #expect(issuedUs.count >= 30)
    for (item, timeUs) in issuedUs {
      let row = item / 3
      for cell in (row * 3)..<min(200, row * 3 + 3) {
        #expect(issuedUs[cell] == timeUs, "item \(item), cell \(cell)")
      }
    }
    let firstUs = issuedUs.values.min()!
    #expect(issuedUs.values.filter { $0 == firstUs }.count == 24)
  }

  /// The event engine skips quiet frames by the bands strategies declare and the rows the row
  /// window keeps; in a grid (rows of three items of 80…200 pt, images of 8…40 kB) it must give
  /// the stepped engine's results for every built-in, exactly, as on lists.
  @Test func bothEnginesAgreeOnAGridForEveryStrategy() throws {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(
        rttMs: 300, pageSize: 30, media: .uniform(min: 8_000, max: 40_000), bandwidthKbps: 4_000,
        gestures: TestScenarios.strokes(velocityPtS: 900, strokeMs: 1000, restMs: 400, count: 6))
    ) {
      $0.feed.columns = 3
      $0.feed.itemHeightPt = .uniform(min: 80, max: 200)
    }
    for definition in StrategyRegistry.builtIn.definitions {
      let strategy = try StrategyRegistry.builtIn.configure(
        StrategySpec(name: definition.name, parameters: [:]))
      let result = EngineEquivalenceTests.compare(scenario, strategy, seed: 2, timelineUs: 100_000)
      #expect(result.difference == nil, "\(result.difference ?? "")")
    }
  }
}
