/// How many items of a nested lazy list (a carousel row's sub-items) Compose prefetches with the
/// row that holds it: `LazyListPrefetchStrategy(nestedPrefetchItemCount = 2)` until a prefetched
/// row has been measured, then the moving average `Averages.saveNestedPrefetchCount` keeps of
/// the "ideal" count each measured row reports (the nested items its layout shows): the first
/// measurement as is, then `(3 × average + new) / 4` in integer arithmetic
/// (`Averages.calculateAverageCount`). One content type: every carousel row shares the average.
///
/// Sources: androidx/androidx `compose/foundation/foundation/src/commonMain/kotlin/androidx/compose/foundation/lazy/`
/// `LazyListPrefetchStrategy.kt` (`nestedPrefetchItemCount = 2`) and
/// `layout/LazyLayoutPrefetchState.kt` (`Averages`, `calculateAverageCount`,
/// `collectIdealNestedPrefetchCount` after `performMeasure`).
public struct NestedPrefetchCount: Sendable, Equatable {
  /// `nestedPrefetchItemCount`'s default.
  public static let initialCount = 2
  /// `UnspecifiedNestedPrefetchCount` until the first measurement.
  private var average = -1

  public init() {}

  /// The nested items the next prefetched row prefetches.
  public var count: Int { average < 0 ? Self.initialCount : average }

  /// A prefetched row was measured and shows `ideal` nested items.
  public mutating func record(ideal: Int) {
    average = average < 0 ? ideal : (average * 3 + ideal) / 4
  }
}
