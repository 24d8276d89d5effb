/// `UITableView` / `UICollectionView` with a `prefetchDataSource`: as the user scrolls, UIKit
/// calls `prefetchRowsAt` with the rows that enter a window ahead of the viewport in the scroll
/// direction, nearest first, and `cancelPrefetchingForRowsAt` with those that leave it.
///
/// - Pages: the rows a prefetch call names can reach past the loaded rows — the loading row
///   after the last one (cursor pagination), or placeholder rows (offset pagination) — and the
///   app then asks for that page (`on_repeat` says what it does when one is already out).
/// - Media: handed to the image library chosen with `media` for the same window, with its
///   cancellation on `cancelPrefetchingForRowsAt`; with `media=visibility` the prefetch calls only
///   load pages and images load when rows show.
///
/// Apple documents neither how far ahead the window reaches nor when cancellation fires
/// (developer.apple.com `uitableviewdatasourceprefetching`, `tableview(_:prefetchrowsat:)`):
/// `lookahead_rows` is an assumption to vary, not a measured value. It counts rows of the layout:
/// in a grid (`feed.columns`) the window holds `lookahead_rows` × columns items.
public struct UIKitPrefetching: PrefetchStrategy {
  public static let lookaheadRows = StrategyParameter.Integer(
    "lookahead_rows", default: 10, in: 1...10_000,
    help:
      "Rows ahead of the viewport that prefetchRowsAt names (an assumption: Apple documents no "
      + "distance; 10 rows, one to two screenfuls of feed cards).")

  public static let definition = StrategyDefinition(
    UIKitPrefetching.self, name: "uikit_prefetching",
    summary:
      "UIKit prefetchDataSource: rows entering a look-ahead window load their page and (with media=) image.",
    source: "Apple UIKit docs: UITableViewDataSourcePrefetching, prefetchRowsAt, cancelPrefetchingForRowsAt.",
    parameters: [
      lookaheadRows, PageRepeat.parameter, MediaLibrary.parameter, MediaLibrary.lowPriorityMaxConnections,
      MediaLibrary.maxPreload, MediaLibrary.lazyThresholdPt,
    ],
    runsByDefault: false)

  private let lookahead: Int
  private let onRepeat: PageRepeat
  private var media: ImagePrefetcher
  /// The window named by the last prefetch call, in rows (the loading row may be at `rowCount`).
  private var window: Range<Int> = 0..<0

  public init(parameters: StrategyParameters) {
    lookahead = parameters[Self.lookaheadRows]
    onRepeat = parameters[PageRepeat.parameter]
    media = ImagePrefetcher(parameters: parameters, lookaheadRows: lookahead)
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    if case .fetchCompleted(.media) = event, !media.needsMediaCompletions { return .everyFrame }
    // A reload names the whole window again; so does the app's retry after a page failed for good.
    let reloaded: Bool = {
      switch event {
      case .pageApplied, .fetchFailed(.page): return true
      default: return false
      }
    }()
    prefetchPages(context, reloaded: reloaded)
    media.update(after: event, in: context)
    // The prefetch window follows the rows shown and the direction, which the engine watches:
    // with both unchanged the window is the same and nothing is asked for, wherever the offset.
    return media.narrowed(.nextEventOrRowChange, in: context)
  }

  private mutating func prefetchPages(_ context: some StrategyContext, reloaded: Bool) {
    let visible = context.visibleItems
    guard !visible.isEmpty else { return }
    // The loading row after the last loaded one exists while more pages may come (cursor).
    let cursorMore = context.pagination == .cursor && context.loadFrontier(.down) != nil
    let rows = context.rowCount + (cursorMore ? 1 : 0)
    // The look-ahead counts rows of the layout: a collection view prefetches the cells of the
    // area ahead, so in a grid each row brings its `columns` items.
    let ahead = lookahead * context.columns
    let next =
      context.scrollDirection == .down
      ? visible.upperBound..<min(rows, visible.upperBound + ahead)
      : max(0, visible.lowerBound - ahead)..<visible.lowerBound
    // A reload names the whole window again (UIKit prefetches rows that appear after reloadData).
    let previous = reloaded ? 0..<0 : window
    window = next
    if cursorMore {
      let loadingRow = context.rowCount
      if next.contains(loadingRow) && !previous.contains(loadingRow) {
        onRepeat.requestPage(.down, in: context)
      }
    } else if context.pagination == .offset {
      for item in next where !previous.contains(item) && !context.isLoaded(item: item) {
        context.requestPage(.index(context.page(ofItem: item)))
      }
    }
  }
}
