/// One item's time to content: the sample behind `ttc_p50_ms`, `ttc_p95_ms` and
/// `ttc_max_ms`, kept per item so reports can draw its distribution (`ttc.csv`).
public struct TimeToContent: Sendable, Equatable {
  /// The item's index in the feed.
  public var item: Int
  /// When any part of the row first entered the viewport after first content (engine µs).
  public var firstVisibleUs: Int64
  /// 0 when the item was complete at first visibility, else the time from first visibility until
  /// it became complete or, still incomplete, left the viewport or the run ended.
  public var durationUs: Int64
  /// False when the clock stopped on an incomplete item (counted in `items_seen_incomplete`).
  public var complete: Bool

  public init(item: Int, firstVisibleUs: Int64, durationUs: Int64, complete: Bool) {
    self.item = item
    self.firstVisibleUs = firstVisibleUs
    self.durationUs = durationUs
    self.complete = complete
  }

  /// Columns of `ttc.csv` after the run's key.
  public static let columnNames = ["item", "first_visible_ms", "ttc_ms", "complete"]
}
