/// React Native `FlatList` (`VirtualizedList`): `onEndReached` asks for the next page, and the
/// rows inside the render window are mounted in batches, each row fetching its image when it
/// mounts and dropping it when it unmounts.
///
/// - `onEndReached` fires when the data is not empty, the render window reaches the last row, the
///   distance from the end (content + footer − viewport bottom) is at most
///   `on_end_reached_threshold` visible lengths, and the content length differs from the one it
///   last fired for: once per content length, re-armed when the content grows or the viewport
///   leaves the zone. `on_repeat` is what the app's handler does when a page is already out;
///   after a page fails for good the app's error handler re-arms it (careful code).
/// - Window: `window_size` visible lengths, half above and half below (the source's fixed lead
///   factor 0.5). At most `max_to_render_per_batch` rows mount per update; an update is immediate
///   when the mounted rows no longer cover the viewport or the list moves faster than 2 px/ms
///   near the end, otherwise at most every `update_cells_batching_period_ms` (batches wait for
///   the next frame or event: the engine runs no timer while nothing moves). Rows leaving the
///   window unmount, except the first `initial_num_to_render`. With a render stage, mounting is
///   the row's render.
///
/// Sources: facebook/react-native `packages/virtualized-lists/Lists/VirtualizedList.js` @
/// 014c1e342f45 (`_maybeCallOnEdgeReached`, `DEFAULT_THRESHOLD_PX = 2` when the prop is unset,
/// `_sentEndForContentLength`, `_shouldRenderWithPriority`), `VirtualizedListProps.js` @
/// 002c1bb1af3f (defaults 21, 10, 10, 50 ms, threshold 2), `VirtualizeUtils.js` @ 0de6a152471f
/// (`computeWindowedRenderLimits`). One pt stands for one px.
///
/// Time advance: declares no quiet band (`StrategyContext.skipFrames`), so the event engine
/// consults it at every moving frame, as the stepped one does: its window grows in batches timed by
/// the clock (`update_cells_batching_period_ms`) and its priority zone reads the velocity.
public struct FlatList: PrefetchStrategy {
  public static let onEndReachedThreshold = StrategyParameter.OptionalNumber(
    "on_end_reached_threshold", default: 2, keyword: "unset", in: 0...1_000,
    help:
      "Visible lengths from the end that fire onEndReached (docs default 2, VirtualizedListProps.js); "
      + "unset = the prop left out: 2 px (DEFAULT_THRESHOLD_PX, VirtualizedList.js).")
  public static let windowSize = StrategyParameter.Integer(
    "window_size", default: 21, in: 1...1_000,
    help: "Visible lengths kept mounted, half above and half below (windowSize 21, VirtualizedListProps.js).")
  public static let initialNumToRender = StrategyParameter.Integer(
    "initial_num_to_render", default: 10, in: 0...1_000_000,
    help: "Rows mounted first and never unmounted (initialNumToRender 10, VirtualizedListProps.js).")
  public static let maxToRenderPerBatch = StrategyParameter.Integer(
    "max_to_render_per_batch", default: 10, in: 1...1_000_000,
    help: "Rows mounted per update (maxToRenderPerBatch 10, VirtualizedListProps.js).")
  public static let updateCellsBatchingPeriodMs = StrategyParameter.Number(
    "update_cells_batching_period_ms", default: 50, in: 0...60_000,
    help: "ms between low-priority mount batches (updateCellsBatchingPeriod 50, VirtualizedList.js).")

  public static let definition = StrategyDefinition(
    FlatList.self, name: "flatlist",
    summary:
      "React Native FlatList: onEndReached within a threshold of visible lengths; rows mount in batches.",
    source: "react-native VirtualizedList.js @ 014c1e342f45, VirtualizedListProps.js @ 002c1bb1af3f.",
    parameters: [
      onEndReachedThreshold, windowSize, initialNumToRender, maxToRenderPerBatch, updateCellsBatchingPeriodMs,
      PageRepeat.parameter,
    ],
    runsByDefault: false)

  /// Visible lengths; nil: the 2 px fallback.
  private let threshold: Double?
  private let halfWindow: Double
  private let initialRows: Int
  private let batchRows: Int
  private let batchPeriodUs: Int64
  private let onRepeat: PageRepeat
  private var mounted: Range<Int> = 0..<0
  private var lastBatchUs: Int64?
  /// The content length onEndReached last fired for; nil: armed.
  private var sentEndForContentPt: Double?

  public init(parameters: StrategyParameters) {
    threshold = parameters[Self.onEndReachedThreshold]
    halfWindow = Double(parameters[Self.windowSize] - 1) / 2
    initialRows = parameters[Self.initialNumToRender]
    batchRows = parameters[Self.maxToRenderPerBatch]
    batchPeriodUs = Int64((parameters[Self.updateCellsBatchingPeriodMs] * 1000).rounded())
    onRepeat = parameters[PageRepeat.parameter]
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) {
    if case .start = event { mount(0..<min(initialRows, context.rowCount), context) }
    // A page that failed for good: the app's error handler re-arms onEndReached (careful code).
    if case .fetchFailed(.page) = event { sentEndForContentPt = nil }
    let target = updateWindow(context)
    maybeCallOnEndReached(context, window: target)
  }

  /// Distance from the end of content (footer included) to the viewport's bottom, pt.
  private func distanceFromEndPt(_ context: some StrategyContext) -> Double {
    let distance = context.contentHeightPt + context.footerHeightPt - context.viewportBottomPt
    return distance < 0.001 ? 0 : distance
  }

  /// The onEndReached zone for a viewport of `viewportPt`, pt: the threshold in visible lengths,
  /// or 2 px when the prop is unset.
  private func thresholdPt(viewportPt: Double) -> Double { threshold.map { $0 * viewportPt } ?? 2 }

  /// `window`: the render window the list is heading for (its state's `cellsAroundViewport`;
  /// mounting it may take batches, which only delay images and renders here).
  private mutating func maybeCallOnEndReached(_ context: some StrategyContext, window: Range<Int>) {
    let rows = context.rowCount
    guard rows > 0 else { return }
    let distance = distanceFromEndPt(context)
    let zone = thresholdPt(viewportPt: context.viewportHeightPt)
    let contentPt = context.contentHeightPt + context.footerHeightPt
    if distance > zone {
      sentEndForContentPt = nil
      return
    }
    guard window.upperBound >= rows, sentEndForContentPt != contentPt else { return }
    sentEndForContentPt = contentPt
    onRepeat.requestPage(.down, in: context)
  }

  /// Mounts the next batch of the render window if an update is due; returns the window.
  private mutating func updateWindow(_ context: some StrategyContext) -> Range<Int> {
    let rows = context.rowCount
    let visible = context.visibleItems
    guard rows > 0, !visible.isEmpty else { return mounted }
    let height = context.viewportHeightPt
    let target = context.items(
      intersectingFromPt: context.viewportOffsetPt - halfWindow * height,
      toPt: context.viewportBottomPt + halfWindow * height)
    let uncovered = visible.lowerBound < mounted.lowerBound || visible.upperBound > mounted.upperBound
    // The priority zone uses the threshold with its default of 2 (onEndReachedThresholdOrDefault).
    let fastNearEnd =
      abs(context.velocityPtS) > 2000 && distanceFromEndPt(context) < (threshold ?? 2) * height / 2
    let batchDue = lastBatchUs.map { context.nowUs - $0 >= batchPeriodUs } ?? true
    guard uncovered || fastNearEnd || batchDue else { return target }
    let grown = grow(toward: target, visible: visible, fillAfter: context.velocityPtS >= -1000)
    if grown != mounted || target != mounted { lastBatchUs = context.nowUs }
    mount(grown, context)
    return target
  }

  /// The window after one update: rows outside `target` unmount, and up to `batchRows` rows of
  /// `target` mount, on the side the list moves towards first.
  private func grow(toward target: Range<Int>, visible: Range<Int>, fillAfter: Bool) -> Range<Int> {
    var low = max(mounted.lowerBound, target.lowerBound)
    var high = min(mounted.upperBound, target.upperBound)
    if low >= high {
      // A jump: the old window is gone; start from the visible rows.
      low = visible.lowerBound
      high = visible.lowerBound
    }
    var budget = batchRows
    for side in fillAfter ? [true, false] : [false, true] {
      if side {
        let added = min(budget, target.upperBound - high)
        high += added
        budget -= added
      } else {
        let added = min(budget, low - target.lowerBound)
        low -= added
        budget -= added
      }
    }
    return low..<high
  }

  /// Mounts `window` (the first `initialRows` rows stay mounted): entering rows fetch their image
  /// (and render), leaving rows cancel both.
  private mutating func mount(_ window: Range<Int>, _ context: some StrategyContext) {
    guard window != mounted else { return }
    let visible = context.visibleItems
    for item in mounted where !window.contains(item) && item >= initialRows {
      if context.isMediaInFlight(item: item) { context.cancelMedia(item: item) }
      context.cancelRender(item: item)
    }
    for item in window where !mounted.contains(item) {
      if context.needsMedia(item: item) && !context.isMediaInFlight(item: item) {
        context.requestMedia(item: item, priority: visible.contains(item) ? .visible : .display)
      }
      if context.hasRenderStage { context.requestRender(item: item) }
    }
    mounted = window
  }
}
