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
/// (`computeWindowedRenderLimits`). One pt stands for one px. In a grid (`feed.columns`, FlatList's
/// `numColumns`) the counts are rows of `columns` items, as FlatList passes rows to
/// VirtualizedList (`FlatList.js`, `_getItemCount` groups `numColumns` items per row).
///
/// Time advance: after each consultation it declares (the returned `Wake`) the offsets
/// at which a `.frame` consultation would change nothing, in one of three cases. While the
/// render window (the target) is the mounted rows, an update mounts and unmounts nothing and
/// leaves the batch clock alone, due or not, whatever rows are shown (the band holds across row
/// changes) and whatever the velocity; the band is where the target stays those rows. While the
/// mounted rows cover the viewport and the last batch is less than the batching period old, no
/// update is due until the next batch time (`beforeUs`) unless the list is fast near the end:
/// the band stops where the priority zone begins, whatever the velocity (a declaration made at an
/// event reads the velocity of the last frame, which need not be the next one's: the frame
/// before a stall ends is held still). With no row on screen the window does not move. In each case the band also keeps onEndReached's test quiet
/// (outside the zone while armed, inside it once sent, and no new fire). Each end of a band is
/// checked with the strategy's own expressions (`target`, `distanceFromEndPt`), which are
/// monotone in the offset, so a band is never wider than the test allows: exact. A band found
/// once is declared again, without the search, while the state it was found for holds. With
/// offset pagination (every moving frame computed by the engine) it declares nothing.
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
  /// Items per row (`feed.columns`): with `numColumns` FlatList hands VirtualizedList rows of
  /// that many items, so its counts (`initialNumToRender`, `maxToRenderPerBatch`) are rows.
  private var columns = 1
  private var lastBatchUs: Int64?
  /// The content length onEndReached last fired for; nil: armed.
  private var sentEndForContentPt: Double?
  /// The last quiet band found, with the state it was found for (see `quietWake`).
  private var lastQuiet: QuietDeclaration?

  public init(parameters: StrategyParameters) {
    threshold = parameters[Self.onEndReachedThreshold]
    halfWindow = Double(parameters[Self.windowSize] - 1) / 2
    initialRows = parameters[Self.initialNumToRender]
    batchRows = parameters[Self.maxToRenderPerBatch]
    batchPeriodUs = Int64((parameters[Self.updateCellsBatchingPeriodMs] * 1000).rounded())
    onRepeat = parameters[PageRepeat.parameter]
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    columns = context.columns
    if case .start = event { mount(0..<min(initialRows * columns, context.rowCount), context) }
    // A page that failed for good: the app's error handler re-arms onEndReached (careful code).
    if case .fetchFailed(.page) = event { sentEndForContentPt = nil }
    let target = updateWindow(context)
    maybeCallOnEndReached(context, window: target)
    // With offset pagination the engine computes every moving frame.
    return context.pagination == .cursor ? quietWake(context) : .everyFrame
  }

  /// Distance from the end of content (footer included) to the bottom of a viewport whose top is
  /// at `offsetPt`, pt (`viewportBottomPt` is the same sum).
  private func distanceFromEndPt(_ context: some StrategyContext, offsetPt: Double) -> Double {
    let distance = context.contentHeightPt + context.footerHeightPt - (offsetPt + context.viewportHeightPt)
    return distance < 0.001 ? 0 : distance
  }

  /// The render window for a viewport whose top is at `offsetPt`: `window_size` visible lengths,
  /// half above and half below.
  private func target(_ context: some StrategyContext, offsetPt: Double) -> Range<Int> {
    let height = context.viewportHeightPt
    return context.items(
      intersectingFromPt: offsetPt - halfWindow * height, toPt: (offsetPt + height) + halfWindow * height)
  }

  /// The priority zone: an update is due at once when the list moves faster than 2 px/ms within
  /// half the threshold (default 2, onEndReachedThresholdOrDefault) of visible lengths of the end.
  private func fastNearEnd(_ context: some StrategyContext, offsetPt: Double, velocityPtS: Double) -> Bool {
    abs(velocityPtS) > 2000
      && distanceFromEndPt(context, offsetPt: offsetPt) < (threshold ?? 2) * context.viewportHeightPt / 2
  }

  /// The onEndReached zone for a viewport of `viewportPt`, pt: the threshold in visible lengths,
  /// or 2 px when the prop is unset.
  private func thresholdPt(viewportPt: Double) -> Double { threshold.map { $0 * viewportPt } ?? 2 }

  /// `window`: the render window the list is heading for (its state's `cellsAroundViewport`;
  /// mounting it may take batches, which only delay images and renders here).
  private mutating func maybeCallOnEndReached(_ context: some StrategyContext, window: Range<Int>) {
    let rows = context.rowCount
    guard rows > 0 else { return }
    let distance = distanceFromEndPt(context, offsetPt: context.viewportOffsetPt)
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
    let target = target(context, offsetPt: context.viewportOffsetPt)
    let fast = fastNearEnd(context, offsetPt: context.viewportOffsetPt, velocityPtS: context.velocityPtS)
    let batchDue = lastBatchUs.map { context.nowUs - $0 >= batchPeriodUs } ?? true
    guard uncovered(visible) || fast || batchDue else { return target }
    let grown = grow(toward: target, visible: visible, fillAfter: context.velocityPtS >= -1000)
    if grown != mounted || target != mounted { lastBatchUs = context.nowUs }
    mount(grown, context)
    return target
  }

  // MARK: Time advance

  /// A quiet band (the returned `Wake`) and the state it holds for: the strategy's own,
  /// the layout's (cursor pagination: rows are only appended) and, unless it holds across row
  /// changes, the rows shown.
  private struct QuietDeclaration: Sendable, Equatable {
    var mounted: Range<Int>
    var lastBatchUs: Int64?
    var sentEndForContentPt: Double?
    var rows: Int
    var contentPt: Double
    var visible: Range<Int>?
    var lowPt: Double
    var highPt: Double
    var beforeUs: Int64
    var acrossRows: Bool

    var wake: Wake { .whileOffset(within: lowPt, highPt, acrossRowChanges: acrossRows, beforeUs: beforeUs) }
  }

  /// The offsets (and the clock condition) under which the next `.frame` consultations
  /// would change nothing (see "Time advance" above). A band found at an earlier consultation is
  /// returned again while the state it was found for holds, the offset is in it and its clock
  /// bound is ahead: the claim is the same, and frames that are not quiet (rows changing) do not
  /// pay for the search each time. Nothing is worked out when no wake-up is heeded
  /// (`StrategyContext.heedsWake`: the stepped engine).
  private mutating func quietWake(_ context: some StrategyContext) -> Wake {
    guard context.heedsWake else { return .everyFrame }
    let visible = context.visibleItems
    let offset = context.viewportOffsetPt
    let contentPt = context.contentHeightPt + context.footerHeightPt
    if let last = lastQuiet, last.mounted == mounted, last.lastBatchUs == lastBatchUs,
      last.sentEndForContentPt == sentEndForContentPt, last.rows == context.rowCount,
      last.contentPt == contentPt,
      last.visible.map({ $0 == visible }) ?? true, offset >= last.lowPt, offset <= last.highPt,
      context.nowUs < last.beforeUs
    {
      return last.wake
    }
    lastQuiet = nil
    guard let band = quietBand(context) else { return .everyFrame }
    let found = QuietDeclaration(
      mounted: mounted, lastBatchUs: lastBatchUs, sentEndForContentPt: sentEndForContentPt,
      rows: context.rowCount,
      contentPt: contentPt, visible: band.acrossRows ? nil : visible, lowPt: band.low, highPt: band.high,
      beforeUs: band.beforeUs, acrossRows: band.acrossRows)
    lastQuiet = found
    return found.wake
  }

  /// The quiet band at the current state, with its clock bound and whether it holds across row
  /// changes; nil when the next frame may act. Every end is checked with the same expressions
  /// `update` evaluates.
  private func quietBand(_ context: some StrategyContext) -> (
    low: Double, high: Double, beforeUs: Int64, acrossRows: Bool
  )? {
    let rows = context.rowCount
    // No rows: nothing to mount or to ask for until a page is applied (an event).
    guard rows > 0 else { return (-.infinity, .infinity, .max, true) }
    let current = context.viewportOffsetPt
    let visible = context.visibleItems
    var band = (low: -Double.infinity, high: Double.infinity)
    var acrossRows = false
    var beforeUs = Int64.max
    // The window onEndReached reads: the mounted rows, or the target at each offset (nil).
    let fixedWindow: Range<Int>?
    if visible.isEmpty {
      fixedWindow = mounted
    } else if !mounted.isEmpty && target(context, offsetPt: current) == mounted {
      // `grow` returns the mounted rows, so nothing changes, due or not, whatever rows are shown.
      fixedWindow = mounted
      acrossRows = true
      band = mountedTargetBand(context, from: current)
    } else {
      guard !uncovered(visible), let lastUs = lastBatchUs, batchPeriodUs > 0 else { return nil }
      fixedWindow = nil
      beforeUs = lastUs + batchPeriodUs
      // Whatever the velocity (a frame's may differ from this consultation's), the list is not
      // fast near the end while the distance stays outside the priority zone.
      guard !fastNearEnd(context, offsetPt: current, velocityPtS: .infinity) else { return nil }
      let contentPt = context.contentHeightPt + context.footerHeightPt
      let zonePt = (threshold ?? 2) * context.viewportHeightPt / 2
      band.high = QuietOffsets.extent(
        from: current, toward: PageTrigger.roundedDown(contentPt - context.viewportHeightPt - zonePt)
      ) { !fastNearEnd(context, offsetPt: $0, velocityPtS: .infinity) }
    }
    guard let end = endReachedBand(context, from: current, fixedWindow: fixedWindow) else { return nil }
    band = (max(band.low, end.low), min(band.high, end.high))
    guard band.low <= current, current <= band.high else { return nil }
    return (band.low, band.high, beforeUs, acrossRows)
  }

  /// The offsets around `current` at which the target is the mounted rows (non-empty): each end
  /// of the target is monotone in the offset, so the set is an interval, estimated from the rows'
  /// edges and checked with `target` itself.
  private func mountedTargetBand(_ context: some StrategyContext, from current: Double) -> (
    low: Double, high: Double
  ) {
    let height = context.viewportHeightPt
    let spanPt = halfWindow * height
    let first = mounted.lowerBound
    let end = mounted.upperBound
    let rows = context.rowCount
    // Going down, the first row leaves when the window's top passes its bottom, and the row after
    // the last enters when the window's bottom passes its top; going up, the reverse.
    var high = Double.infinity
    // In a grid the first row's bottom is the next row's top (`columns` items on).
    if first + columns <= rows { high = min(high, context.topPt(ofItem: first + columns) + spanPt) }
    if end < rows { high = min(high, context.topPt(ofItem: end) - height - spanPt) }
    var low = -Double.infinity
    if first > 0 { low = max(low, context.topPt(ofItem: first) + spanPt) }
    if end > 0 { low = max(low, context.topPt(ofItem: end - 1) - height - spanPt) }
    let holds = { (offset: Double) in target(context, offsetPt: offset) == mounted }
    if high.isFinite {
      high = QuietOffsets.extent(from: current, toward: PageTrigger.roundedDown(high), holds: holds)
    }
    if low.isFinite {
      low = QuietOffsets.extent(from: current, toward: PageTrigger.roundedUp(low), holds: holds)
    }
    return (low, high)
  }

  /// The offsets around `current` at which onEndReached does nothing, given the window it reads
  /// (`fixedWindow`, or the target at each offset): outside the zone while armed, inside it once
  /// sent for this content length or while the window does not reach the last row. The distance
  /// falls and the target's end rises with the offset, so the set is an interval; nil when the
  /// current offset is not in it.
  private func endReachedBand(_ context: some StrategyContext, from current: Double, fixedWindow: Range<Int>?)
    -> (low: Double, high: Double)?
  {
    let rows = context.rowCount
    let height = context.viewportHeightPt
    let zonePt = thresholdPt(viewportPt: height)
    let contentPt = context.contentHeightPt + context.footerHeightPt
    let sent = sentEndForContentPt
    let quiet = { (offset: Double) -> Bool in
      if distanceFromEndPt(context, offsetPt: offset) > zonePt { return sent == nil }
      let window = fixedWindow ?? target(context, offsetPt: offset)
      return window.upperBound < rows || sent == contentPt
    }
    guard quiet(current) else { return nil }
    // Where the distance reaches the zone (a distance under 0.001 pt counts as 0), and where the
    // target's bottom reaches the last row.
    let zoneStartPt = contentPt - height - max(zonePt, 0.001)
    let lastRowPt = context.topPt(ofItem: rows - 1) - height - halfWindow * height
    let windowBelowLast = fixedWindow.map { $0.upperBound < rows }
    var band = (low: -Double.infinity, high: Double.infinity)
    if sent != contentPt {
      // Armed (or sent for another length): the zone, unless the window stays short of the last
      // row, ends it going down.
      if windowBelowLast != true {
        var candidate = PageTrigger.roundedDown(zoneStartPt)
        if windowBelowLast == nil { candidate = max(candidate, PageTrigger.roundedDown(lastRowPt)) }
        band.high = QuietOffsets.extent(from: current, toward: candidate, holds: quiet)
      }
    }
    if sent != nil {
      // Sent: leaving the zone going up re-arms it.
      band.low = QuietOffsets.extent(from: current, toward: PageTrigger.roundedUp(zoneStartPt), holds: quiet)
    }
    return band
  }

  /// The mounted rows do not cover `visible`: an update is due at once.
  private func uncovered(_ visible: Range<Int>) -> Bool {
    visible.lowerBound < mounted.lowerBound || visible.upperBound > mounted.upperBound
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
    var budget = batchRows * columns
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
    for item in mounted where !window.contains(item) && item >= initialRows * columns {
      if context.isMediaInFlight(item: item) { context.cancelMedia(item: item) }
      context.setRenderWanted(item: item, false)
    }
    for item in window where !mounted.contains(item) {
      if context.needsMedia(item: item) && !context.isMediaInFlight(item: item) {
        context.requestMedia(item: item, priority: visible.contains(item) ? .visible : .display)
      }
      if context.hasRenderStage { context.setRenderWanted(item: item, true) }
    }
    mounted = window
  }
}
