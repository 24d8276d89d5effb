/// Texture (AsyncDisplayKit) directional ranges with batch fetching.
///
/// Pages — Texture batch fetching (`ASBatchFetching.mm`, `ASDisplayShouldFetchBatchForContext`):
/// fetch when no batch is in flight and either the content is shorter than the viewport, or the
/// remaining distance (content − viewport − target offset) is at most `batch_leading_screens`
/// screenfuls (Texture's `leadingScreensForBatching` default 2.0) while not scrolling toward the
/// head. Checked when a drag ends, with the projected target offset
/// (`scrollViewWillEndDragging`), after every page is applied, and on every scroll callback
/// except while a finger is down (`ASTableView`/`ASCollectionView` `_checkForBatchFetching` returns
/// early while `isDragging || isTracking`: "Dragging will be handled in
/// scrollViewWillEndDragging"), so a fling is checked frame by frame; `check_during_drag` lifts
/// that exception.
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
/// ahead of visibility (`requestRender`), as Texture's display state draws nodes asynchronously
/// before they show; leaving it drops a render not yet started. Other strategies render on
/// visibility only.
public struct DirectionalRanges: PrefetchStrategy {
  public static let definition = StrategyDefinition(
    name: "directional_ranges",
    summary: "Texture batch fetching (2 leading screens) and directional preload/display ranges.",
    source: "Texture ASBatchFetching.mm, ASAbstractLayoutController.mm, ASRangeController.mm defaults.",
    parameters: [
      .number(
        "batch_leading_screens", 2.0, in: 0...100,
        help:
          "Fetch when at most this many screenfuls remain below the target offset (Texture leadingScreensForBatching: 2)."
      ),
      .bool(
        "check_during_drag", false,
        help: "Also check batch fetching on every frame of a drag (Texture: false)."),
      .number(
        "preload_leading", 2.5, in: 0...100, help: "Full-mode preload range ahead, screenfuls (Texture: 2.5)."
      ),
      .number(
        "preload_trailing", 1.5, in: 0...100,
        help: "Full-mode preload range behind, screenfuls (Texture: 1.5)."),
      .number(
        "display_leading", 1.0, in: 0...100, help: "Full-mode display range ahead, screenfuls (Texture: 1.0)."
      ),
      .number(
        "display_trailing", 0.5, in: 0...100,
        help: "Full-mode display range behind, screenfuls (Texture: 0.5)."),
      .number(
        "minimum_preload_leading", 0.5, in: 0...100,
        help: "Minimum-mode preload ahead, screenfuls (Texture: 0.5)."),
      .number(
        "minimum_preload_trailing", 0.25, in: 0...100,
        help: "Minimum-mode preload behind, screenfuls (Texture: 0.25)."),
      .number(
        "minimum_display_leading", 0.25, in: 0...100,
        help: "Minimum-mode display ahead, screenfuls (Texture: 0.25)."),
      .number(
        "minimum_display_trailing", 0.25, in: 0...100,
        help: "Minimum-mode display behind, screenfuls (Texture: 0.25)."),
      .bool(
        "guard_in_flight", true,
        help: "Skip batch fetching while a batch is in flight (Texture's ASBatchContext: true)."),
    ],
    make: { DirectionalRanges(parameters: $0) })

  struct Buffers: Sendable {
    var leading: Double
    var trailing: Double
  }

  private let batchLeadingScreens: Double
  private let checkDuringDrag: Bool
  private let guardInFlight: Bool
  private let fullPreload, fullDisplay, minimumPreload, minimumDisplay: Buffers
  private var preloadWindow = RowWindow()
  private var displayWindow = RowWindow()
  private var visibleRows: Range<Int> = 0..<0
  /// Rows whose image the cache dropped while they were in the preload range. A node downloads
  /// when it enters the preload state (`didEnterPreloadState`), not continuously: such a row is
  /// fetched again when it becomes visible or re-enters the range, never in a loop with a cache
  /// smaller than the range.
  private var droppedInRange = Set<Int>()

  public init(parameters: StrategyParameters) {
    batchLeadingScreens = parameters.number("batch_leading_screens")
    checkDuringDrag = parameters.bool("check_during_drag")
    guardInFlight = parameters.bool("guard_in_flight")
    fullPreload = Buffers(
      leading: parameters.number("preload_leading"), trailing: parameters.number("preload_trailing"))
    fullDisplay = Buffers(
      leading: parameters.number("display_leading"), trailing: parameters.number("display_trailing"))
    minimumPreload = Buffers(
      leading: parameters.number("minimum_preload_leading"),
      trailing: parameters.number("minimum_preload_trailing"))
    minimumDisplay = Buffers(
      leading: parameters.number("minimum_display_leading"),
      trailing: parameters.number("minimum_display_trailing"))
  }

  public mutating func update(_ event: StrategyEvent, in simulation: Simulation) {
    switch event {
    case .start, .pageApplied, .fetchFailed(.page):
      checkBatchFetch(simulation, targetOffsetPt: simulation.viewportOffsetPt)
    case .dragEnded:
      checkBatchFetch(simulation, targetOffsetPt: simulation.projectedTargetOffsetPt)
    case .frame where checkDuringDrag || simulation.phase != .dragging:
      checkBatchFetch(simulation, targetOffsetPt: simulation.viewportOffsetPt)
    case .fetchCompleted(.media):
      return
    case .mediaEvicted(let item):
      if preloadWindow.rows.contains(item) { droppedInRange.insert(item) }
      return
    default:
      break
    }
    let refreshAll: Bool
    if case .pageApplied = event { refreshAll = true } else { refreshAll = false }
    updateRanges(simulation, refreshAll: refreshAll)
  }

  private func checkBatchFetch(_ simulation: Simulation, targetOffsetPt: Double) {
    let direction = simulation.pageTriggerDirection
    if guardInFlight && simulation.isPageInFlight(direction) { return }
    guard let frontier = simulation.loadFrontier(direction) else { return }
    let viewLength = simulation.viewportHeightPt
    guard batchLeadingScreens > 0, viewLength > 0 else { return }
    let contentLength = abs(frontier.edgePt - frontier.runStartPt)
    if contentLength < viewLength {
      simulation.requestPage(direction, guardInFlight: guardInFlight)
      return
    }
    // Texture never batch-fetches while the user scrolls toward the head (no prepend support).
    if simulation.pagination == .cursor && simulation.scrollDirection == .up { return }
    let remaining =
      direction == .down
      ? frontier.edgePt - viewLength - targetOffsetPt
      : targetOffsetPt - frontier.edgePt
    if remaining <= batchLeadingScreens * viewLength {
      simulation.requestPage(direction, guardInFlight: guardInFlight)
    }
  }

  private mutating func updateRanges(_ simulation: Simulation, refreshAll: Bool) {
    let renders = simulation.hasRenderStage
    guard simulation.feedHasMedia || renders else { return }
    let full = simulation.hasDragged
    let previousPreload = preloadWindow.rows
    let previousDisplay = displayWindow.rows
    update(&preloadWindow, full ? fullPreload : minimumPreload, simulation)
    update(&displayWindow, full ? fullDisplay : minimumDisplay, simulation)
    let preload = preloadWindow.rows
    let display = displayWindow.rows
    let visible = simulation.visibleItems
    guard refreshAll || preload != previousPreload || display != previousDisplay || visible != visibleRows
    else { return }
    if renders {
      updateRenders(simulation, previous: previousDisplay, display: display, refreshAll: refreshAll)
    }
    visibleRows = visible
    guard simulation.feedHasMedia else { return }
    let (leftAbove, leftBelow) = previousPreload.subtracting(preload)
    for item in leftAbove { simulation.cancelMedia(item: item) }
    for item in leftBelow { simulation.cancelMedia(item: item) }
    if !droppedInRange.isEmpty {
      droppedInRange = droppedInRange.filter { preload.contains($0) && !visible.contains($0) }
    }
    for item in preload where simulation.needsMedia(item: item) && !droppedInRange.contains(item) {
      let priority: FetchPriority =
        visible.contains(item) ? .visible : display.contains(item) ? .display : .preload
      // A node starts its download once, on entering the preload range; later range changes
      // only move its priority.
      if simulation.isMediaInFlight(item: item) {
        simulation.setMediaPriority(item: item, priority: priority)
      } else {
        simulation.requestMedia(item: item, priority: priority)
      }
    }
  }

  /// Texture's display range: cells entering it are rendered ahead of visibility, those leaving
  /// it lose a render not yet started (`ASDisplayNode` display state).
  private func updateRenders(
    _ simulation: Simulation, previous: Range<Int>, display: Range<Int>, refreshAll: Bool
  ) {
    let (leftAbove, leftBelow) = previous.subtracting(display)
    for item in leftAbove { simulation.cancelRender(item: item) }
    for item in leftBelow { simulation.cancelRender(item: item) }
    if refreshAll {
      for item in display { simulation.requestRender(item: item) }
    } else {
      let (enteredAbove, enteredBelow) = display.subtracting(previous)
      for item in enteredAbove { simulation.requestRender(item: item) }
      for item in enteredBelow { simulation.requestRender(item: item) }
    }
  }

  /// Moves `window` to the viewport expanded by `buffers` screenfuls, the leading buffer on the
  /// side the user last scrolled towards (Texture's CGRectExpandToRangeWithScrollableDirections).
  private func update(_ window: inout RowWindow, _ buffers: Buffers, _ simulation: Simulation) {
    let height = simulation.viewportHeightPt
    let down = simulation.scrollDirection == .down
    let above = (down ? buffers.trailing : buffers.leading) * height
    let below = (down ? buffers.leading : buffers.trailing) * height
    simulation.update(
      &window, fromPt: simulation.viewportOffsetPt - above, toPt: simulation.viewportBottomPt + below)
  }
}
