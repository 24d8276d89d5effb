/// react-window-infinite-loader / react-virtualized `InfiniteLoader`: every time the rendered
/// rows change, scan `threshold` rows above and below them for rows not loaded, widen each run
/// to at least `minimum_batch_size` rows and call `loadMoreRows` for it — in both directions,
/// whatever way the user scrolls. Calls are memoised on the set of unloaded runs, so the same
/// runs are not asked for twice in a row.
///
/// - `pending_rows_cache` true (react-window-infinite-loader v2): rows already requested count
///   as loaded. false (react-virtualized, and v1 unless the app's `isRowLoaded` says otherwise):
///   with a known row count (offset pagination) rows in flight are unloaded, the runs move with
///   every row scrolled, the memo never matches, and `loadMoreRows` is called again for the page
///   already out — `on_repeat` then decides whether the app guards, sends it again (`duplicate`:
///   each repeat is another request, its response a redundant fetch) or cancels and restarts.
/// - Cursor pagination: the list's row count is the loaded items + 1, a loading row; the scan
///   stops there, its run (the loading row widened to a batch) maps to the next page and stays
///   the same until that page is in, so the memo holds with or without the cache.
///
/// Sources: bvaughn/react-window-infinite-loader `src/useInfiniteLoader.ts` @ 6675a35a1566
/// (`threshold = 15`, `minimumBatchSize = 10`, `pendingRowsCache`), bvaughn/react-virtualized
/// `source/InfiniteLoader/InfiniteLoader.js` @ c737715486f7.
public struct InfiniteLoader: PrefetchStrategy {
  public static let threshold = StrategyParameter.Integer(
    "threshold", default: 15, in: 0...1_000_000,
    help:
      "Rows above and below the rendered ones scanned for unloaded rows (threshold 15, useInfiniteLoader.ts)."
  )
  public static let minimumBatchSize = StrategyParameter.Integer(
    "minimum_batch_size", default: 10, in: 1...1_000_000,
    help: "Rows an unloaded run is widened to (minimumBatchSize 10, useInfiniteLoader.ts).")
  public static let pendingRowsCache = StrategyParameter.Flag(
    "pending_rows_cache", default: true,
    help: "Requested rows count as loaded (v2's pendingRowsCache); false: react-virtualized / v1 behaviour.")

  public static let definition = StrategyDefinition(
    InfiniteLoader.self, name: "infinite_loader",
    summary: "react-window InfiniteLoader: unloaded rows within threshold of the rendered ones, both ways.",
    source:
      "react-window-infinite-loader useInfiniteLoader.ts @ 6675a35a1566; react-virtualized InfiniteLoader.js.",
    parameters: [threshold, minimumBatchSize, pendingRowsCache, PageRepeat.parameter]
      + MediaLibrary.parameters,
    runsByDefault: false)

  private let thresholdRows: Int
  private let batchRows: Int
  private let pendingCache: Bool
  private let onRepeat: PageRepeat
  private var media: ImagePrefetcher
  private var rendered: Range<Int> = 0..<0
  /// The unloaded runs of the last `loadMoreRows` calls (the memo).
  private var lastRuns: [Range<Int>] = []
  /// Pages asked for and not yet in (offset pagination): the pending-rows cache.
  private var requested = Set<Int>()

  public init(parameters: StrategyParameters) {
    thresholdRows = parameters[Self.threshold]
    batchRows = parameters[Self.minimumBatchSize]
    pendingCache = parameters[Self.pendingRowsCache]
    onRepeat = parameters[PageRepeat.parameter]
    media = ImagePrefetcher(parameters: parameters)
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    if case .fetchCompleted(.media) = event, !media.needsMediaCompletions { return .everyFrame }
    var visible = context.visibleItems
    // The list shows a loading row after the last loaded one while more may come (the app's
    // `rowCount = items + 1` with cursor pagination); it renders once the viewport reaches it.
    if context.pagination == .cursor, context.loadFrontier(.down) != nil,
      context.viewportBottomPt >= context.contentHeightPt, !visible.isEmpty
    {
      visible = visible.lowerBound..<(context.rowCount + 1)
    }
    // onRowsRendered: the rendered rows changed, or the list re-rendered with new rows. A page
    // that failed for good: the app's error handler clears the memo and scans again.
    if case .fetchFailed(.page) = event { lastRuns = [] }
    let reRendered: Bool = {
      switch event {
      case .start, .pageApplied, .fetchFailed(.page): return true
      default: return false
      }
    }()
    if !visible.isEmpty && (visible != rendered || reRendered) {
      rendered = visible
      scan(visible, context)
    }
    media.update(after: event, in: context)
    // While the rows shown stay (the engine watches them), only the loading row's showing can
    // change what this does: quiet on this side of the content's end.
    if context.pagination == .cursor {
      let endOffsetPt = context.contentHeightPt - context.viewportHeightPt
      if context.viewportBottomPt >= context.contentHeightPt {
        return media.narrowed(
          .whileOffset(within: PageTrigger.roundedUp(endOffsetPt), .infinity), in: context)
      } else {
        return media.narrowed(
          .whileOffset(within: -.infinity, PageTrigger.roundedDown(endOffsetPt)), in: context)
      }
    }
    return .everyFrame
  }

  private mutating func scan(_ visible: Range<Int>, _ context: some StrategyContext) {
    requested = requested.filter { !context.isPageApplied($0) }
    let low = max(0, visible.lowerBound - thresholdRows)
    var runs: [Range<Int>] = []
    if context.pagination == .cursor {
      // The scan stops at the loading row (the list's row count is the items + 1): the run is
      // that row widened to a batch, the same until the next page is in, so the memo holds.
      let loadingRow = context.rowCount
      guard context.loadFrontier(.down) != nil, visible.upperBound + thresholdRows > loadingRow else {
        return
      }
      if pendingCache && context.isPageInFlight(.down) { return }
      runs.append(loadingRow..<(loadingRow + batchRows))
    } else {
      // Offset pagination: the scan window is clipped to the feed, and in-flight rows count as
      // loaded only with the cache; without it the runs move with every row scrolled.
      let high = min(context.rowCount, visible.upperBound + thresholdRows)
      var item = low
      while item < high {
        guard !isLoaded(item, context) else {
          item += 1
          continue
        }
        var end = item
        while end < high && !isLoaded(end, context) { end += 1 }
        runs.append(item..<min(context.rowCount, max(end, item + batchRows)))
        item = end
      }
    }
    guard !runs.isEmpty, runs != lastRuns else { return }
    lastRuns = runs
    for run in runs { loadMoreRows(run, context) }
  }

  private func isLoaded(_ item: Int, _ context: some StrategyContext) -> Bool {
    context.isLoaded(item: item) || (pendingCache && requested.contains(context.page(ofItem: item)))
  }

  private mutating func loadMoreRows(_ run: Range<Int>, _ context: some StrategyContext) {
    if context.pagination == .cursor {
      onRepeat.requestPage(.down, in: context)
    } else {
      for page in context.page(ofItem: run.lowerBound)...context.page(ofItem: run.upperBound - 1)
      where !context.isPageApplied(page) {
        onRepeat.requestPage(index: page, in: context)
        requested.insert(page)
      }
    }
  }
}
