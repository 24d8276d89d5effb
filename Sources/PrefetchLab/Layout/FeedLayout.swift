/// Vertical positions of the feed's rows: which item sits at a given offset, where an item's
/// top is, how tall the content is.
///
/// With cursor pagination only loaded items are laid out (appended as pages are applied); with
/// offset pagination all `totalItems` rows exist from the first response on, unloaded ones as
/// placeholders of `placeholderHeightPt`, replaced by real heights when their page is applied.
/// A list without placeholders lays out unloaded rows with no height (`placeholderHeightPt` 0):
/// they take no place and no query returns them as intersecting.
/// Queries are O(log n) through a Fenwick tree; walking from a known item is O(1) per step.
public struct FeedLayout: Sendable {
  public let pagination: Pagination
  public let placeholderHeightPt: Double
  private var heights: FenwickTree
  /// Summed heights of laid-out rows (placeholders included), the loading footer excluded. Kept
  /// beside the tree: read every frame, changed only when rows are laid out.
  public private(set) var contentHeightPt = 0.0
  /// Bumped whenever laid-out rows change height or place, so row windows know to search afresh
  /// instead of walking. Not by `append`: rows added at the end move no row (the tree's prefix
  /// sums of earlier rows stay, bit for bit), so a window over earlier rows stays right and walks
  /// on into the new rows.
  public private(set) var version = 0

  public init(pagination: Pagination, placeholderHeightPt: Double) {
    self.pagination = pagination
    // 0 is no placeholder at all (a list without them), not a row of the minimum height.
    self.placeholderHeightPt = placeholderHeightPt == 0 ? 0 : FeedContent.snapToGrid(placeholderHeightPt)
    self.heights = FenwickTree()
  }

  /// Rows laid out: loaded items (cursor) or all items (offset, once the total is known).
  public var rowCount: Int { heights.count }

  public func heightPt(ofItem item: Int) -> Double { heights.value(at: item) }

  /// Top of `item`; `contentHeightPt` for `item == rowCount`. O(log n).
  public func topPt(ofItem item: Int) -> Double { heights.prefixSum(item) }

  /// The row covering `offsetPt` (the first row with height above the content, the last row's
  /// index + 1 when past the end). O(log n).
  public func item(atPt offsetPt: Double) -> Int {
    heights.index(containing: max(0, offsetPt))
  }

  /// Rows intersecting [fromPt, toPt), as an index range. O(log n).
  public func items(intersectingFrom fromPt: Double, to toPt: Double) -> Range<Int> {
    guard toPt > fromPt, rowCount > 0 else { return 0..<0 }
    let first = item(atPt: max(0, fromPt))
    guard first < rowCount else { return rowCount..<rowCount }
    guard toPt <= contentHeightPt else {
      // Past the content's end: up to the last row with height (rows without any, a list's
      // unloaded items without placeholders, take no place).
      return first..<max(first, item(atPt: contentHeightPt.nextDown) + 1)
    }
    let last = item(atPt: toPt)  // the row containing toPt is excluded when it starts at toPt
    let end = min(rowCount, topPt(ofItem: min(last, rowCount)) < toPt ? last + 1 : last)
    return first..<max(first, end)
  }

  /// Offset pagination: lays out `count` placeholder rows once the total is known.
  mutating func layOutPlaceholders(count: Int) {
    heights = FenwickTree(count: count, value: placeholderHeightPt)
    contentHeightPt = heights.total
    version += 1
  }

  /// Cursor pagination: appends loaded rows at the end.
  mutating func append(heightPt: Double) {
    heights.append(heightPt)
    contentHeightPt += heightPt
  }

  /// Offset pagination: replaces a placeholder by the loaded row's height; returns the change.
  @discardableResult
  mutating func replace(item: Int, heightPt: Double) -> Double {
    let delta = heightPt - heights.value(at: item)
    heights.set(item, to: heightPt)
    contentHeightPt = heights.total
    version += 1
    return delta
  }
}
