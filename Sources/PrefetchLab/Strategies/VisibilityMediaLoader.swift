/// The common naive cell pattern for media (DESIGN.md §5 "on visibility"): start a row's media
/// fetch when the row becomes visible (`cellForRowAt` / `willDisplay`), cancel it when the row
/// leaves the viewport before it completes (`didEndDisplaying`).
///
/// Per call: O(rows entering or leaving the viewport).
public struct VisibilityMediaLoader: Sendable {
  private var tracked: Range<Int> = 0..<0

  public init() {}

  /// Brings fetches in line with the visible rows. With `refreshAll`, every visible row is
  /// checked (after rows were loaded in place of placeholders), not only newly visible ones.
  public mutating func update(in simulation: Simulation, refreshAll: Bool = false) {
    let visible = simulation.visibleItems
    guard visible != tracked || refreshAll else { return }
    let (leftAbove, leftBelow) = tracked.subtracting(visible)
    for item in leftAbove { cancelIfIncomplete(item, simulation) }
    for item in leftBelow { cancelIfIncomplete(item, simulation) }
    if refreshAll {
      for item in visible { request(item, simulation) }
    } else {
      let (enteredAbove, enteredBelow) = visible.subtracting(tracked)
      for item in enteredAbove { request(item, simulation) }
      for item in enteredBelow { request(item, simulation) }
    }
    tracked = visible
  }

  /// One fetch per row: a row whose fetch is already running is left alone, so nothing is asked
  /// for twice even without coalescing.
  private func request(_ item: Int, _ simulation: Simulation) {
    if !simulation.isMediaInFlight(item: item) { simulation.requestMedia(item: item, priority: .visible) }
  }

  /// `update` as the strategy's event asks: every visible row after a page was applied (rows may
  /// have been loaded in place of placeholders), only the rows that entered or left otherwise.
  public mutating func update(after event: StrategyEvent, in simulation: Simulation) {
    if case .pageApplied = event {
      update(in: simulation, refreshAll: true)
    } else {
      update(in: simulation)
    }
  }

  private func cancelIfIncomplete(_ item: Int, _ simulation: Simulation) {
    if simulation.isMediaInFlight(item: item) { simulation.cancelMedia(item: item) }
  }
}
