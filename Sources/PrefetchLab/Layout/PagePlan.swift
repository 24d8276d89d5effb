/// How the server's items split into pages: page 0 holds `initialPageSize` items, every later
/// page `pageSize`, the last one whatever remains. Pages are keyed by the index of their first
/// item, never by pageIndex × pageSize, so a first page larger than the rest (Paging 3's
/// `initialLoadSize = 3 × pageSize`) neither skips nor repeats items.
public struct PagePlan: Sendable, Equatable {
  public let totalItems: Int
  public let initialPageSize: Int
  public let pageSize: Int

  public init(totalItems: Int, initialPageSize: Int, pageSize: Int) {
    self.totalItems = max(0, totalItems)
    self.initialPageSize = max(1, initialPageSize)
    self.pageSize = max(1, pageSize)
  }

  /// Pages that hold at least one item. O(1).
  public var pageCount: Int {
    if totalItems == 0 { return 0 }
    if totalItems <= initialPageSize { return 1 }
    let rest = totalItems - initialPageSize
    return 1 + (rest + pageSize - 1) / pageSize
  }

  /// Index of the first item of page `page` (may be `totalItems` for the page past the end).
  public func firstItem(ofPage page: Int) -> Int {
    page == 0 ? 0 : min(totalItems, initialPageSize + (page - 1) * pageSize)
  }

  /// Items in page `page`: 0 for pages past the end.
  public func itemCount(ofPage page: Int) -> Int {
    let start = firstItem(ofPage: page)
    let nominal = page == 0 ? initialPageSize : pageSize
    return max(0, min(nominal, totalItems - start))
  }

  /// Item indices of page `page`.
  public func items(ofPage page: Int) -> Range<Int> {
    let start = firstItem(ofPage: page)
    return start..<(start + itemCount(ofPage: page))
  }

  /// The page holding `item`. O(1).
  public func page(ofItem item: Int) -> Int {
    item < initialPageSize ? 0 : 1 + (item - initialPageSize) / pageSize
  }
}
