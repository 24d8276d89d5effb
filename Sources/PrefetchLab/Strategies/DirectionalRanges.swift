/// Texture (AsyncDisplayKit) directional ranges with batch fetching.
///
/// Pages — Texture batch fetching (`ASBatchFetching.mm`, `ASDisplayShouldFetchBatchForContext`):
/// fetch when no batch is in flight and either the content is shorter than the viewport, or the
/// remaining distance (content − viewport − target offset) is at most `batch_leading_screens`
/// screenfuls (Texture's `leadingScreensForBatching` default 2.0) while not scrolling toward the
/// head. Checked when a drag ends, with the projected target offset
/// (`scrollViewWillEndDragging`), and after every page is applied and on every scroll callback
/// except while a finger is down (`ASTableView`/`ASCollectionView` `_checkForBatchFetching`, which
/// both paths call, returns early while `isDragging || isTracking`: "Dragging will be handled in
/// scrollViewWillEndDragging"), so a fling is checked frame by frame while a finger dragging into
/// the end of content waits for its lift; `check_during_drag` lifts that exception.
///
/// Media — Texture's range controller (`ASAbstractLayoutController.mm` tuning parameters,
/// `ASRangeController.mm`): a preload range and a display range around the viewport, in
/// screenfuls, larger on the leading side (the last non-zero scroll direction, initially down).
/// Full mode: preload 2.5 leading / 1.5 trailing, display 1.0 / 0.5. Minimum mode, used until the
/// first drag: preload 0.5 / 0.25, display 0.25 / 0.25. Rows entering the preload range are
/// fetched with priority visible > display > preload; leaving it cancels the fetch (Texture's
/// `didExitPreloadState` cancels the download), so a late result is never delivered.
///
/// Rendering — with a render stage (`render`), cells entering the display range are rendered
/// ahead of visibility (`setRenderWanted`), as Texture's display state draws nodes asynchronously
/// before they show; leaving it drops a render not yet started. Other strategies render on
/// visibility only.
///
/// Time advance (the returned `Wake`, cursor pagination): a frame checks batch fetching
/// at the viewport's top (the projected target only when a drag ends, which is consulted) and
/// moves its ranges with the viewport; neither reads the velocity or the clock. The batch check
/// asks for nothing while the remaining distance exceeds the leading screens, i.e. up to a top
/// computed from the frontier and checked with the test's own expression (the distance is
/// monotone in the top), or at every top while it cannot ask (a batch in flight behind the
/// guard, the end known, the user heading up, a finger down without `check_during_drag`). With
/// media or a render stage the preload and display ranges must keep their rows too: the tops at
/// which both windows' edges stay inside their first and last rows (`RowWindow.holds`, checked
/// at the band's ends). A short run (content under a screenful, which asks on every check)
/// declares nothing.
public struct DirectionalRanges: PrefetchStrategy {
  public static let batchLeadingScreens = StrategyParameter.Number(
    "batch_leading_screens", default: 2.0, in: 0...100,
    help:
      "Fetch when at most this many screenfuls remain below the target offset (Texture leadingScreensForBatching: 2)."
  )
  public static let checkDuringDrag = StrategyParameter.Flag(
    "check_during_drag", default: false,
    help:
      "Also check batch fetching while a finger is down: frames and pages applied during a drag (Texture: false)."
  )
  public static let preloadLeading = StrategyParameter.Number(
    "preload_leading", default: 2.5, in: 0...100,
    help: "Full-mode preload range ahead, screenfuls (Texture: 2.5).")
  public static let preloadTrailing = StrategyParameter.Number(
    "preload_trailing", default: 1.5, in: 0...100,
    help: "Full-mode preload range behind, screenfuls (Texture: 1.5).")
  public static let displayLeading = StrategyParameter.Number(
    "display_leading", default: 1.0, in: 0...100,
    help: "Full-mode display range ahead, screenfuls (Texture: 1.0).")
  public static let displayTrailing = StrategyParameter.Number(
    "display_trailing", default: 0.5, in: 0...100,
    help: "Full-mode display range behind, screenfuls (Texture: 0.5).")
  public static let minimumPreloadLeading = StrategyParameter.Number(
    "minimum_preload_leading", default: 0.5, in: 0...100,
    help: "Minimum-mode preload ahead, screenfuls (Texture: 0.5).")
  public static let minimumPreloadTrailing = StrategyParameter.Number(
    "minimum_preload_trailing", default: 0.25, in: 0...100,
    help: "Minimum-mode preload behind, screenfuls (Texture: 0.25).")
  public static let minimumDisplayLeading = StrategyParameter.Number(
    "minimum_display_leading", default: 0.25, in: 0...100,
    help: "Minimum-mode display ahead, screenfuls (Texture: 0.25).")
  public static let minimumDisplayTrailing = StrategyParameter.Number(
    "minimum_display_trailing", default: 0.25, in: 0...100,
    help: "Minimum-mode display behind, screenfuls (Texture: 0.25).")
  public static let guardInFlight = StrategyParameter.Flag(
    "guard_in_flight", default: true,
    help: "Skip batch fetching while a batch is in flight (Texture's ASBatchContext: true).")

  public static let definition = StrategyDefinition(
    DirectionalRanges.self,
    name: "directional_ranges",
    summary: "Texture batch fetching (2 leading screens) and directional preload/display ranges.",
    source: "Texture ASBatchFetching.mm, ASAbstractLayoutController.mm, ASRangeController.mm defaults.",
    parameters: [
      batchLeadingScreens, checkDuringDrag, preloadLeading, preloadTrailing, displayLeading, displayTrailing,
      minimumPreloadLeading, minimumPreloadTrailing, minimumDisplayLeading, minimumDisplayTrailing,
      guardInFlight,
    ])

  struct Buffers: Sendable {
    var leading: Double
    var trailing: Double
  }

  private let batchLeadingScreens: Double
  private let checkDuringDrag: Bool
  private let guardInFlight: Bool
  private let fullPreload, fullDisplay, minimumPreload, minimumDisplay: Buffers
  /// The user has dragged at least once since first content: Texture's range controller leaves
  /// Minimum mode for Full mode then. Seen on the first update whose phase is `.dragging` (a
  /// drag always reaches the strategy: its first frame changes the phase, even when it runs into
  /// the end of loaded content, against which the finger stays down).
  private var hasDragged = false
  private var preloadWindow = RowWindow()
  private var displayWindow = RowWindow()
  private var visibleRows: Range<Int> = 0..<0
  /// Rows whose image the cache dropped while they were in the preload range. A node downloads
  /// when it enters the preload state (`didEnterPreloadState`), not continuously: such a row is
  /// fetched again when it becomes visible or re-enters the range, never in a loop with a cache
  /// smaller than the range.
  private var droppedInRange = Set<Int>()

  public init(parameters: StrategyParameters) {
    batchLeadingScreens = parameters[Self.batchLeadingScreens]
    checkDuringDrag = parameters[Self.checkDuringDrag]
    guardInFlight = parameters[Self.guardInFlight]
    fullPreload = Buffers(
      leading: parameters[Self.preloadLeading], trailing: parameters[Self.preloadTrailing])
    fullDisplay = Buffers(
      leading: parameters[Self.displayLeading], trailing: parameters[Self.displayTrailing])
    minimumPreload = Buffers(
      leading: parameters[Self.minimumPreloadLeading], trailing: parameters[Self.minimumPreloadTrailing])
    minimumDisplay = Buffers(
      leading: parameters[Self.minimumDisplayLeading], trailing: parameters[Self.minimumDisplayTrailing])
  }

  @inline(__always)
  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    if context.phase == .dragging { hasDragged = true }
    if context.feedHasMedia { noteEvictions(context) }
    switch event {
    case .start, .pageApplied, .fetchFailed(.page):
      if checkDuringDrag || context.phase != .dragging {
        checkBatchFetch(context, targetOffsetPt: context.viewportOffsetPt)
      }
    case .dragEnded:
      checkBatchFetch(context, targetOffsetPt: context.projectedTargetOffsetPt)
    case .frame where checkDuringDrag || context.phase != .dragging:
      checkBatchFetch(context, targetOffsetPt: context.viewportOffsetPt)
    case .fetchCompleted(.media):
      return quietWake(context)
    default:
      break
    }
    let refreshAll: Bool
    if case .pageApplied = event { refreshAll = true } else { refreshAll = false }
    updateRanges(context, refreshAll: refreshAll)
    return quietWake(context)
  }

  /// The tops at which the next frames would do nothing (see "Time advance" above).
  /// Cursor pagination only (with offset pagination the event engine steps every frame).
  @inline(__always)
  private func quietWake(_ context: some StrategyContext) -> Wake {
    guard context.heedsWake, context.pagination == .cursor, var highPt = quietBatchHighPt(context)
    else { return .everyFrame }
    var lowPt = -Double.infinity
    let ranges = context.feedHasMedia || context.hasRenderStage
    if ranges {
      // The rows shown are the engine's to watch; `updateRanges` also compares them with its own.
      // The windows are asked in place (`move`'s margins): passing one along would copy it.
      guard context.visibleItems == visibleRows else { return .everyFrame }
      let height = context.viewportHeightPt
      let preload = Self.edges(hasDragged ? fullPreload : minimumPreload, context)
      let display = Self.edges(hasDragged ? fullDisplay : minimumDisplay, context)
      guard
        let preloadTops = preloadWindow.heldTopsPt(
          abovePt: preload.above, belowPt: preload.below, viewportHeightPt: height),
        let displayTops = displayWindow.heldTopsPt(
          abovePt: display.above, belowPt: display.below, viewportHeightPt: height)
      else { return .everyFrame }
      lowPt = max(preloadTops.low, displayTops.low)
      highPt = min(highPt, preloadTops.high, displayTops.high)
    }
    return .whileOffset(within: lowPt, highPt, acrossRowChanges: !ranges)
  }

  /// The highest top at which a frame's batch check (`checkBatchFetch` at the viewport's top)
  /// asks for nothing, every top below it asking for nothing too; nil when it would ask at any
  /// top. Cursor pagination (the trigger direction is down).
  private func quietBatchHighPt(_ context: some StrategyContext) -> Double? {
    guard checkDuringDrag || context.phase != .dragging else { return .infinity }
    if guardInFlight && context.isPageInFlight(.down) { return .infinity }
    guard let frontier = context.loadFrontier(.down) else { return .infinity }
    let viewLength = context.viewportHeightPt
    guard batchLeadingScreens > 0, viewLength > 0 else { return .infinity }
    if abs(frontier.edgePt - frontier.runStartPt) < viewLength { return nil }
    if context.scrollDirection == .up { return .infinity }
    // `checkBatchFetch`'s expressions: the remaining distance falls as the top grows.
    let leadPt = batchLeadingScreens * viewLength
    let highPt = PageTrigger.roundedDown(frontier.edgePt - viewLength - leadPt)
    return frontier.edgePt - viewLength - highPt > leadPt ? highPt : nil
  }

  /// The buffers above and below the viewport, pt, the leading one on the side the user last
  /// scrolled towards.
  @inline(__always)
  private static func edges(_ buffers: Buffers, _ context: some StrategyContext) -> (
    above: Double, below: Double
  ) {
    let height = context.viewportHeightPt
    let down = context.scrollDirection == .down
    return (
      (down ? buffers.trailing : buffers.leading) * height,
      (down ? buffers.leading : buffers.trailing) * height
    )
  }

  /// Images the cache dropped while their rows were in the preload range wait until the row shows
  /// or re-enters the range (see `droppedInRange`).
  @inline(__always)
  private mutating func noteEvictions(_ context: some StrategyContext) {
    if context.evictedItems.isEmpty { return }
    for item in context.evictedItems where preloadWindow.rows.contains(item) { droppedInRange.insert(item) }
  }

  private func checkBatchFetch(_ context: some StrategyContext, targetOffsetPt: Double) {
    let direction = context.pageTriggerDirection
    if guardInFlight && context.isPageInFlight(direction) { return }
    guard let frontier = context.loadFrontier(direction) else { return }
    let viewLength = context.viewportHeightPt
    guard batchLeadingScreens > 0, viewLength > 0 else { return }
    let contentLength = abs(frontier.edgePt - frontier.runStartPt)
    if context.pagination == .cursor && frontier.runStartPt == 0 {
      // Texture's own case, a tail that grows: its decision on the vertical axis.
      let fetch = TextureBatchFetch.decide(
        contentLength: contentLength, viewLength: viewLength, offset: targetOffsetPt,
        leadingScreens: batchLeadingScreens, visible: true, towardHead: context.scrollDirection == .up)
      if fetch { context.requestPage(.frontier(direction), guardInFlight: guardInFlight) }
      return
    }
    if contentLength < viewLength {
      context.requestPage(.frontier(direction), guardInFlight: guardInFlight)
      return
    }
    // Texture never batch-fetches while the user scrolls toward the head (no prepend support).
    if context.pagination == .cursor && context.scrollDirection == .up { return }
    let remaining =
      direction == .down
      ? frontier.edgePt - viewLength - targetOffsetPt
      : targetOffsetPt - frontier.edgePt
    if remaining <= batchLeadingScreens * viewLength {
      context.requestPage(.frontier(direction), guardInFlight: guardInFlight)
    }
  }

  private mutating func updateRanges(_ context: some StrategyContext, refreshAll: Bool) {
    let renders = context.hasRenderStage
    guard context.feedHasMedia || renders else { return }
    let full = hasDragged
    let previousPreload = preloadWindow.rows
    let previousDisplay = displayWindow.rows
    Self.move(&preloadWindow, full ? fullPreload : minimumPreload, context)
    Self.move(&displayWindow, full ? fullDisplay : minimumDisplay, context)
    let preload = preloadWindow.rows
    let display = displayWindow.rows
    let visible = context.visibleItems
    guard refreshAll || preload != previousPreload || display != previousDisplay || visible != visibleRows
    else { return }
    if renders {
      updateRenders(context, previous: previousDisplay, display: display, refreshAll: refreshAll)
    }
    visibleRows = visible
    guard context.feedHasMedia else { return }
    let (leftAbove, leftBelow) = previousPreload.subtracting(preload)
    for item in leftAbove { context.cancelMedia(item: item) }
    for item in leftBelow { context.cancelMedia(item: item) }
    if !droppedInRange.isEmpty {
      droppedInRange = droppedInRange.filter { preload.contains($0) && !visible.contains($0) }
    }
    for item in preload where context.needsMedia(item: item) && !droppedInRange.contains(item) {
      let priority: FetchPriority =
        visible.contains(item) ? .visible : display.contains(item) ? .display : .preload
      // A node starts its download once, on entering the preload range; later range changes
      // only move its priority.
      if context.isMediaInFlight(item: item) {
        context.setMediaPriority(item: item, priority: priority)
      } else {
        context.requestMedia(item: item, priority: priority)
      }
    }
  }

  /// Texture's display range: cells entering it are rendered ahead of visibility, those leaving
  /// it lose a render not yet started (`ASDisplayNode` display state).
  private func updateRenders(
    _ context: some StrategyContext, previous: Range<Int>, display: Range<Int>, refreshAll: Bool
  ) {
    let (leftAbove, leftBelow) = previous.subtracting(display)
    for item in leftAbove { context.setRenderWanted(item: item, false) }
    for item in leftBelow { context.setRenderWanted(item: item, false) }
    if refreshAll {
      for item in display { context.setRenderWanted(item: item, true) }
    } else {
      let (enteredAbove, enteredBelow) = display.subtracting(previous)
      for item in enteredAbove { context.setRenderWanted(item: item, true) }
      for item in enteredBelow { context.setRenderWanted(item: item, true) }
    }
  }

  /// Moves `window` to the viewport expanded by `buffers` screenfuls, the leading buffer on the
  /// side the user last scrolled towards (Texture's CGRectExpandToRangeWithScrollableDirections).
  /// Static: a method reading `self` while one of its windows is being changed would copy the
  /// strategy on every call.
  private static func move(_ window: inout RowWindow, _ buffers: Buffers, _ context: some StrategyContext) {
    let (above, below) = edges(buffers, context)
    context.update(
      &window, fromPt: context.viewportOffsetPt - above, toPt: context.viewportBottomPt + below)
  }
}
