/// The common naive cell pattern for media ("on visibility"): start a row's media fetch when the
/// row becomes visible (`cellForRowAt` / `willDisplay`), cancel it when the row leaves the
/// viewport before it completes (`didEndDisplaying`).
///
/// Per call: O(rows entering or leaving the viewport).
public struct VisibilityMediaLoader: Sendable {
  private var tracked: Range<Int> = 0..<0

  public init() {}

  /// Brings fetches in line with the visible rows. With `refreshAll`, every visible row is
  /// checked (after rows were loaded in place of placeholders), not only newly visible ones.
  public mutating func update(in context: some StrategyContext, refreshAll: Bool = false) {
    // No row can have media: nothing to ask for or cancel (a frame's cheapest path).
    guard context.feedHasMedia else { return }
    let visible = context.visibleItems
    guard visible != tracked || refreshAll else { return }
    let (leftAbove, leftBelow) = tracked.subtracting(visible)
    for item in leftAbove { cancelIfIncomplete(item, context) }
    for item in leftBelow { cancelIfIncomplete(item, context) }
    if refreshAll {
      for item in visible { request(item, context) }
    } else {
      let (enteredAbove, enteredBelow) = visible.subtracting(tracked)
      for item in enteredAbove { request(item, context) }
      for item in enteredBelow { request(item, context) }
    }
    tracked = visible
  }

  /// One fetch per row: a row whose fetch is already running is left alone, so nothing is asked
  /// for twice even without coalescing.
  private func request(_ item: Int, _ context: some StrategyContext) {
    if !context.isMediaInFlight(item: item) { context.requestMedia(item: item, priority: .visible) }
  }

  /// `update` as the strategy's event asks: every visible row after a page was applied (rows may
  /// have been loaded in place of placeholders), only the rows that entered or left otherwise.
  public mutating func update(after event: StrategyEvent, in context: some StrategyContext) {
    if case .pageApplied = event {
      update(in: context, refreshAll: true)
    } else {
      update(in: context)
    }
  }

  private func cancelIfIncomplete(_ item: Int, _ context: some StrategyContext) {
    if context.isMediaInFlight(item: item) { context.cancelMedia(item: item) }
  }
}
