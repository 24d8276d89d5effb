/// Vertical positions of the feed's items: which item sits at a given offset, where an item's
/// top is, how tall the content is.
///
/// Items are laid out in rows of `columns` (`feed.columns`; 1, a list, by default), filled left
/// to right in item order: item i sits in grid row i / columns, every cell of a row shares the
/// row's top, and a row is as tall as its tallest cell (a placeholder counts as a cell of
/// `placeholderHeightPt`). Queries answer in items: the items of the rows intersecting a band
/// form one contiguous index range, so "rows shown" stay ranges of item indices whatever the
/// column count. With one column a grid row is an item and every figure is the list's.
///
/// With cursor pagination only loaded items are laid out (appended as pages are applied; a page
/// ending inside a row leaves that row short until the next page fills it); with offset
/// pagination all `totalItems` items exist from the first response on, unloaded ones as
/// placeholders of `placeholderHeightPt`, replaced by real heights when their page is applied.
/// A list without placeholders lays out unloaded items with no height (`placeholderHeightPt`
/// 0): they take no place and no query returns them as intersecting.
/// Queries are O(log rows) through a Fenwick tree over grid rows; walking from a known row is
/// O(1) per step.
public struct FeedLayout: Sendable {
  public let pagination: Pagination
  public let placeholderHeightPt: Double
  /// Items per grid row, >= 1 (`feed.columns`).
  public let columns: Int
  /// Heights of the grid rows.
  private var heights: FenwickTree
  /// With more than one column: each laid-out item's own height (its cell's), from which its
  /// row's height is the maximum. Empty for a list, whose rows are its items.
  private var cellHeights: [Double] = []
  /// Summed heights of laid-out rows (placeholders included), the loading footer excluded. Kept
  /// beside the tree: read every frame, changed only when rows are laid out.
  public private(set) var contentHeightPt = 0.0
  /// Bumped whenever laid-out rows change height or place, so row windows know to search afresh
  /// instead of walking. Not by `append` of a new row: rows added at the end move no row (the
  /// tree's prefix sums of earlier rows stay, bit for bit), so a window over earlier rows stays
  /// right and walks on into the new rows. An item appended into a short last row that makes it
  /// taller does bump it (the row's bottom moved).
  public private(set) var version = 0

  public init(pagination: Pagination, placeholderHeightPt: Double, columns: Int = 1) {
    self.pagination = pagination
    // 0 is no placeholder at all (a list without them), not a row of the minimum height.
    self.placeholderHeightPt = placeholderHeightPt == 0 ? 0 : FeedContent.snapToGrid(placeholderHeightPt)
    self.columns = max(1, columns)
    self.heights = FenwickTree()
  }

  /// Items laid out: loaded items (cursor) or all items (offset, once the total is known). The
  /// engine calls items rows: with one column they are.
  public var rowCount: Int { columns == 1 ? heights.count : cellHeights.count }

  /// Grid rows laid out (the last one possibly short of `columns` items).
  public var gridRowCount: Int { heights.count }

  /// The grid row holding `item`.
  @inline(__always)
  public func gridRow(ofItem item: Int) -> Int { columns == 1 ? item : item / columns }

  /// The items of grid rows `rows`, clamped to the items laid out.
  @inline(__always)
  public func items(ofGridRows rows: Range<Int>) -> Range<Int> {
    if columns == 1 { return rows }
    let count = cellHeights.count
    return min(count, rows.lowerBound * columns)..<min(count, rows.upperBound * columns)
  }

  /// Height of grid row `row`, pt.
  @inline(__always)
  public func heightPt(ofGridRow row: Int) -> Double { heights.value(at: row) }

  /// Top of grid row `row` (`contentHeightPt` for `row == gridRowCount`), pt. O(log rows).
  @inline(__always)
  public func topPt(ofGridRow row: Int) -> Double { heights.prefixSum(row) }

  /// The grid row covering `offsetPt` (`gridRowCount` when past the end). O(log rows).
  @inline(__always)
  public func gridRow(atPt offsetPt: Double) -> Int { heights.index(containing: max(0, offsetPt)) }

  /// Height of the grid row holding `item` (the slot its cell fills), pt.
  public func heightPt(ofItem item: Int) -> Double { heights.value(at: gridRow(ofItem: item)) }

  /// Top of the grid row holding `item`; for an item past the laid-out ones, the top of the row
  /// it would join (`contentHeightPt` when the last row is full). O(log rows).
  public func topPt(ofItem item: Int) -> Double {
    if columns == 1 { return heights.prefixSum(item) }
    return heights.prefixSum(min(item / columns, heights.count))
  }

  /// Bottom of the grid row holding `item` (< `rowCount`), pt. With one column,
  /// `topPt(ofItem: item + 1)`. O(log rows).
  public func bottomPt(ofItem item: Int) -> Double {
    if columns == 1 { return heights.prefixSum(item + 1) }
    return heights.prefixSum(min(item / columns + 1, heights.count))
  }

  /// The first item of the row covering `offsetPt` (the first row with height above the content,
  /// `rowCount` when past the end). O(log rows).
  public func item(atPt offsetPt: Double) -> Int {
    let row = heights.index(containing: max(0, offsetPt))
    return columns == 1 ? row : min(cellHeights.count, row * columns)
  }

  /// Items of the rows intersecting [fromPt, toPt), as an index range. O(log rows).
  public func items(intersectingFrom fromPt: Double, to toPt: Double) -> Range<Int> {
    items(ofGridRows: gridRows(intersectingFrom: fromPt, to: toPt))
  }

  /// Grid rows intersecting [fromPt, toPt). O(log rows).
  public func gridRows(intersectingFrom fromPt: Double, to toPt: Double) -> Range<Int> {
    let rowCount = heights.count
    guard toPt > fromPt, rowCount > 0 else { return 0..<0 }
    let first = heights.index(containing: max(0, fromPt))
    guard first < rowCount else { return rowCount..<rowCount }
    guard toPt <= contentHeightPt else {
      // Past the content's end: up to the last row with height (rows without any, a list's
      // unloaded items without placeholders, take no place).
      return first..<max(first, heights.index(containing: contentHeightPt.nextDown) + 1)
    }
    let last = heights.index(containing: toPt)  // the row containing toPt is excluded when it starts at toPt
    let end = min(rowCount, heights.prefixSum(min(last, rowCount)) < toPt ? last + 1 : last)
    return first..<max(first, end)
  }

  /// Offset pagination: lays out `count` placeholder items once the total is known.
  mutating func layOutPlaceholders(count: Int) {
    if columns == 1 {
      heights = FenwickTree(count: count, value: placeholderHeightPt)
    } else {
      cellHeights = Array(repeating: placeholderHeightPt, count: count)
      heights = FenwickTree(count: (count + columns - 1) / columns, value: placeholderHeightPt)
    }
    contentHeightPt = heights.total
    version += 1
  }

  /// Cursor pagination: appends a loaded item at the end (a new row, or a cell of the short last
  /// row, which grows to the tallest of its cells).
  mutating func append(heightPt: Double) {
    if columns == 1 {
      heights.append(heightPt)
      contentHeightPt += heightPt
      return
    }
    let item = cellHeights.count
    cellHeights.append(heightPt)
    if item % columns == 0 {
      heights.append(heightPt)
      contentHeightPt += heightPt
      return
    }
    let row = heights.count - 1
    let before = heights.value(at: row)
    guard heightPt > before else { return }
    heights.set(row, to: heightPt)
    contentHeightPt = heights.total
    version += 1
  }

  /// Offset pagination (or a list without placeholders): sets an item's height, its row taking
  /// the tallest of its cells; returns the change of the row's height.
  @discardableResult
  mutating func replace(item: Int, heightPt: Double) -> Double {
    if columns == 1 {
      let delta = heightPt - heights.value(at: item)
      heights.set(item, to: heightPt)
      contentHeightPt = heights.total
      version += 1
      return delta
    }
    cellHeights[item] = heightPt
    let row = item / columns
    var tallest = 0.0
    for cell in (row * columns)..<min(cellHeights.count, row * columns + columns) {
      tallest = max(tallest, cellHeights[cell])
    }
    let delta = tallest - heights.value(at: row)
    heights.set(row, to: tallest)
    contentHeightPt = heights.total
    version += 1
    return delta
  }
}
