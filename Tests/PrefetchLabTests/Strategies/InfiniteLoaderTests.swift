import Testing

@testable import PrefetchLab

/// infinite_loader's decisions against a hand-set context: 100 pt rows, pages of 10, a 400 pt
/// viewport, 2 pages (rows 0…19) loaded, the loading row at index 20.
@Suite struct InfiniteLoaderTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> InfiniteLoader {
    InfiniteLoader(parameters: TestScenarios.configured("infinite_loader", values).parameters)
  }

  /// threshold 15: at offset 100 rows 1…4 render, the scan reaches row 4 + 15 = 19: loaded; at
  /// 200 (rows 2…5) it reaches 20, the loading row: loadMoreRows, the next page.
  @Test func loadsWhenTheScanReachesTheLoadingRow() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 2)
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 100).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 200) == [.requestPage(.down, guardInFlight: true)])
  }

  /// The memo: the run (20…29) is the same one row later, so no second call even without the
  /// cache; the scan goes quiet until the page is in.
  @Test func memoisedOnTheUnloadedRuns() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 2)
    var strategy = Self.strategy(["pending_rows_cache": .bool(false), "on_repeat": .string("duplicate")])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 200).count == 1)
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 300).isEmpty)
  }

  /// Offset pagination, no cache: the viewport on rows 50…53 of unloaded page 5; the scan 35…68
  /// finds the run 35…68, pages 3…6, and asks for each; one row later the run is 36…69 and
  /// cancel_and_restart cancels and asks for pages 3…6 again.
  @Test func offsetRunsMoveWithEveryRowWithoutTheCache() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 100, pagination: .offset, appliedPages: 10)
    var strategy = Self.strategy([
      "pending_rows_cache": .bool(false), "on_repeat": .string("cancel_and_restart"),
    ])
    context.loadedOverride = 0..<30
    context.viewportOffsetPt = 5000
    context.note(strategy.update(.frame, in: context))
    let restart: [StrategyContextDouble.Action] = (3...6).flatMap {
      [.cancelPageIndex($0), .requestPageIndex($0, .page)]
    }
    #expect(Self.pageActions(context.takeActions()) == restart)
    context.viewportOffsetPt = 5100
    context.note(strategy.update(.frame, in: context))
    #expect(Self.pageActions(context.takeActions()) == restart)
  }

  /// With the cache the pages asked for count as loaded: one row later there is nothing to ask.
  @Test func offsetPendingRowsCacheAsksOnce() {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 100, pagination: .offset, appliedPages: 10)
    var strategy = Self.strategy()
    context.loadedOverride = 0..<30
    context.viewportOffsetPt = 5000
    context.note(strategy.update(.frame, in: context))
    #expect(Self.pageActions(context.takeActions()) == (3...6).map { .requestPageIndex($0, .page) })
    context.viewportOffsetPt = 5100
    context.note(strategy.update(.frame, in: context))
    #expect(Self.pageActions(context.takeActions()).isEmpty)
  }

  static func pageActions(_ actions: [StrategyContextDouble.Action]) -> [StrategyContextDouble.Action] {
    actions.filter { action in
      if case .cancelPageIndex = action { return true }
      return action.isPageRequest
    }
  }
}
