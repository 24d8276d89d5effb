/// Lazy target-range loading: load what the user will stop on, not what a fling flies past.
///
/// Pages: request the next page when the projected end of the current fling (UIKit's
/// `targetContentOffset`; the viewport itself when not decelerating) reaches the end of loaded
/// content; with offset pagination, request the pages under the projected target directly.
///
/// Media: when a drag ends in a fling that skips more than `skip_rows` rows, fetch only the rows
/// in the projected target rect plus `extra_rows` rows on the side the content arrives from, and
/// nothing for rows passed on the way; when scrolling stops (or a new drag starts) fall back to
/// the visible rows. Rows leaving the viewport that are no longer wanted have their fetch
/// cancelled, as in the on-visibility pattern.
///
/// Source: VVeboTableViewDemo (johnil/VVeboTableViewDemo, `VVeboTableView.m`,
/// `scrollViewWillEndDragging:withVelocity:targetContentOffset:`): skip count 8 rows, 3 extra rows
/// beyond the target rect, load list cleared on `scrollViewWillBeginDragging` and when
/// deceleration ends: "lazy loading of the target range".
///
/// Time advance (the returned `Wake`, cursor pagination): a frame reads the projected
/// target for its page trigger, the phase and the rows shown. Within one motion the projected
/// target is either the viewport's top itself (a drag, a rest) or fixed (a fling's end, a
/// recorded segment's annotated target), so a trigger that has not fired stays quiet while the
/// top stays below the frontier less a screenful (rounded down): true under either rule, with no
/// need for the velocity to hold. A trigger that fired and can ask for nothing more (a page in
/// flight behind the guard, none left) is quiet at every offset; one that fired without the
/// guard asks again each frame and declares nothing. The media side changes only when the rows
/// shown or the fling's target rows do; a consultation outside a fling that still holds target
/// rows (an event between the lift and the next frame) declares nothing, since the next frame
/// drops them.
public struct TargetRange: PrefetchStrategy {
  public static let skipRows = StrategyParameter.Integer(
    "skip_rows", default: 8, in: 0...10_000,
    help:
      "A fling must move the first visible row by more than this many rows to load only its target (VVebo: 8)."
  )
  public static let extraRows = StrategyParameter.Integer(
    "extra_rows", default: 3, in: 0...10_000,
    help: "Rows beyond the target rect, on the side the content arrives from, loaded with it (VVebo: 3).")

  public static let definition = StrategyDefinition(
    TargetRange.self,
    name: "target_range",
    summary: "Pages and media for the projected fling target only; visible rows once scrolling stops.",
    source: "VVeboTableViewDemo's scrollViewWillEndDragging target-rect loading (skip 8 rows, 3 extra).",
    parameters: [skipRows, extraRows, StrategyParameter.guardInFlight])

  private let skipRows: Int
  private let extraRows: Int
  private let guardInFlight: Bool
  /// Rows a fling is heading for (VVebo's `needLoadArr`); nil = load the visible rows.
  private var targetRows: Range<Int>?
  private var wanted: Range<Int> = 0..<0

  public init(parameters: StrategyParameters) {
    skipRows = parameters[Self.skipRows]
    extraRows = parameters[Self.extraRows]
    guardInFlight = parameters[StrategyParameter.guardInFlight]
  }

  @inline(__always)
  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    // Evictions (context.evictedItems) need nothing special: an evicted row is off screen and is
    // fetched again when it shows; the checks below find nothing new to do.
    if case .fetchCompleted(.media) = event {
      return quietWake(context, pageAsked: nil)
    }
    let pageAsked = requestPages(context)
    switch event {
    case .dragEnded:
      targetRows = context.phase == .decelerating ? flingTarget(context) : nil
    case .frame where context.phase != .decelerating:
      targetRows = nil
    default:
      break
    }
    updateMedia(
      context, refreshAll: { if case .pageApplied = event { return true } else { return false } }())
    return quietWake(context, pageAsked: pageAsked)
  }

  /// The frames that follow would do nothing (see "Time advance" above) while the viewport's top
  /// stays within the band returned here. `pageAsked`: what this consultation's page request
  /// returned, nil if it made none. Cursor pagination only: with offset pagination the pages
  /// under the target are requested row by row (and the event engine steps every frame anyway).
  @inline(__always)
  private func quietWake(_ context: some StrategyContext, pageAsked: Bool?) -> Wake {
    // The stepped engine ignores the wake-up: not worked out there.
    guard context.heedsWake, context.pagination == .cursor,
      targetRows == nil || context.phase == .decelerating
    else {
      return .everyFrame
    }
    var highPt = Double.infinity
    if let frontier = context.loadFrontier(.down) {
      let height = context.viewportHeightPt
      if context.projectedTargetOffsetPt + height >= frontier.edgePt {
        // Fired: the next frame asks again. A request refused now (the guard, the end) is refused
        // until an event, and so is any behind the guard while a page is out; otherwise it would go.
        if pageAsked != false && !(guardInFlight && context.isPageInFlight(.down)) { return .everyFrame }
      } else {
        // Not fired: the top itself as the target is below the edge less a screenful, as the fixed
        // target is. The rounded bound is checked with the test's own expression: the sum is
        // monotone in the top, so every top up to it passes too.
        highPt = PageTrigger.roundedDown(frontier.edgePt - height)
        if highPt + height >= frontier.edgePt { return .everyFrame }
      }
    }
    // The page side does not read the rows; the media side does when the feed has media.
    return .whileOffset(within: -.infinity, highPt, acrossRowChanges: !context.feedHasMedia)
  }

  /// Asks for the next page when the projected target reaches the loaded edge; returns whether
  /// that request went out, nil when it asked for none.
  @inline(__always)
  private func requestPages(_ context: some StrategyContext) -> Bool? {
    let direction = context.pageTriggerDirection
    let targetTop = context.projectedTargetOffsetPt
    let targetBottom = targetTop + context.viewportHeightPt
    if context.pagination == .offset {
      let rows = context.items(intersectingFromPt: targetTop, toPt: targetBottom)
      if !rows.isEmpty {
        for page in context.page(ofItem: rows.lowerBound)...context.page(ofItem: rows.upperBound - 1) {
          context.requestPage(.index(page))
        }
      }
    }
    guard let frontier = context.loadFrontier(direction) else { return nil }
    let reached = direction == .down ? targetBottom >= frontier.edgePt : targetTop <= frontier.edgePt
    return reached ? context.requestPage(.frontier(direction), guardInFlight: guardInFlight) : nil
  }

  /// The rows to load for a fling just released, or nil if it does not skip enough rows.
  private func flingTarget(_ context: some StrategyContext) -> Range<Int>? {
    let targetTop = context.projectedTargetOffsetPt
    let rows = context.items(intersectingFromPt: targetTop, toPt: targetTop + context.viewportHeightPt)
    let currentFirst = context.visibleItems.lowerBound
    // VVebo counts table rows: in a grid a row is `columns` items.
    let columns = context.columns
    guard !rows.isEmpty, abs(rows.lowerBound - currentFirst) > skipRows * columns else { return nil }
    // The content arrives from behind the fling: rows above the target going down, below going up.
    if context.velocityPtS >= 0 {
      return max(0, rows.lowerBound - extraRows * columns)..<rows.upperBound
    } else {
      return rows.lowerBound..<min(context.rowCount, rows.upperBound + extraRows * columns)
    }
  }

  private mutating func updateMedia(_ context: some StrategyContext, refreshAll: Bool) {
    // No row can have media: nothing to ask for or cancel (a frame's cheapest path).
    guard context.feedHasMedia else { return }
    let visible = context.visibleItems
    let next = targetRows ?? visible
    guard next != wanted || refreshAll else { return }
    let (droppedAbove, droppedBelow) = wanted.subtracting(next)
    for item in droppedAbove where !visible.contains(item) { context.cancelMedia(item: item) }
    for item in droppedBelow where !visible.contains(item) { context.cancelMedia(item: item) }
    for item in next where !context.isMediaInFlight(item: item) {
      context.requestMedia(item: item, priority: .visible)
    }
    wanted = next
  }
}
