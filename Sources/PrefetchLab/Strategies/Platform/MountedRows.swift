/// The rows a list keeps built outside and inside the viewport (Compose's composed items,
/// Flutter's built children, FlashList's mounted cells) and what building a row does: its image
/// starts (the cell's image view asks for it when it is created: Coil's `AsyncImage`, Flutter's
/// `Image.network`, React Native's `Image`) and, with a render stage, the row renders. A row
/// leaving the built rows is disposed: its unfinished image request and render are cancelled (the
/// view's request is tied to its lifetime). Rows in the viewport load at visible priority, the
/// others at preload priority (the engine raises a prefetch to visible priority when its row
/// shows).
///
/// A row built as a placeholder (its page not applied) starts its image when its page is applied
/// (the list rebuilds it with the item). A row that enters the viewport without its media (its
/// media evicted from memory meanwhile) asks for it again then.
///
/// Per call: O(rows entering or leaving the built rows or the viewport), O(built rows) after a
/// page was applied.
public struct MountedRows: Sendable {
  /// The rows built now.
  public private(set) var rows: Range<Int> = 0..<0
  private var shown: Range<Int> = 0..<0
  /// Compose's nested prefetch (`feed.carousel`): a carousel row built outside the viewport
  /// builds only this many of its nested items (from its window's first), and its measurement
  /// feeds the average; nil: a row built ahead loads its whole window, as a visible one does.
  public var nestedPrefetch: NestedPrefetchCount?

  public init() {}

  /// Brings the built rows to `newRows` (which hold the viewport's rows); `rebuilt`: every built
  /// row is built again (a page was applied, so placeholders may now be items). Returns the rows
  /// that entered, above and below.
  @discardableResult
  public mutating func update(
    to newRows: Range<Int>, rebuilt: Bool, in context: some StrategyContext
  ) -> (above: Range<Int>, below: Range<Int>) {
    let visible = context.visibleItems
    let (leftAbove, leftBelow) = rows.subtracting(newRows)
    let entered = newRows.subtracting(rows)
    defer {
      rows = newRows
      shown = visible
    }
    guard context.feedHasMedia || context.hasRenderStage else { return entered }
    for item in leftAbove { dispose(item, context) }
    for item in leftBelow { dispose(item, context) }
    if rebuilt {
      for item in newRows { build(item, visible: visible, context) }
    } else {
      for item in entered.0 { build(item, visible: visible, context) }
      for item in entered.1 { build(item, visible: visible, context) }
      if visible != shown {
        // Rows that show now and were built before: their media may have been evicted.
        for item in visible where !shown.contains(item) && rows.contains(item) {
          build(item, visible: visible, context)
        }
      }
    }
    return entered
  }

  /// Whether building `item` now would do nothing: its media loaded, in flight or absent and,
  /// with a render stage, the row rendered.
  @inline(__always)
  public static func buildDoesNothing(_ item: Int, _ context: some StrategyContext) -> Bool {
    (!context.needsMedia(item: item) || context.isMediaInFlight(item: item))
      && (!context.hasRenderStage || context.isRendered(item: item))
  }

  private mutating func build(_ item: Int, visible: Range<Int>, _ context: some StrategyContext) {
    if nestedPrefetch != nil && !visible.contains(item) {
      let nested = context.subItemWindow(ofItem: item)
      if !nested.isEmpty {
        let count = nestedPrefetch!.count
        context.requestSubItemMedia(
          item: item, subItems: nested.lowerBound..<(nested.lowerBound + count), priority: .preload)
        // Measured, the row reports the nested items its layout shows.
        nestedPrefetch!.record(ideal: nested.count)
        if context.hasRenderStage && !context.isRendered(item: item) {
          context.setRenderWanted(item: item, true)
        }
        return
      }
    }
    // A carousel row composes every cell of its window, also when the cells it precomposed
    // still wait for their images (the engine asks only for cells with neither).
    if context.needsMedia(item: item)
      && (!context.isMediaInFlight(item: item) || !context.subItemWindow(ofItem: item).isEmpty)
    {
      context.requestMedia(item: item, priority: visible.contains(item) ? .visible : .preload)
    }
    if context.hasRenderStage && !context.isRendered(item: item) { context.setRenderWanted(item: item, true) }
  }

  private func dispose(_ item: Int, _ context: some StrategyContext) {
    guard item < context.rowCount, !context.isComplete(item: item) else { return }
    if context.isMediaInFlight(item: item) { context.cancelMedia(item: item) }
    context.setRenderWanted(item: item, false)
  }
}
