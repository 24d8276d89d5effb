/// How the server's items split into pages: page 0 holds `initialPageSize` items, every later
/// page `pageSize`, the last one whatever remains — or, when the server sends short pages, the
/// pages it actually delivered. Pages are keyed by the index of their first item (the cursor of
/// the request that fetched them), never by pageIndex × pageSize, so a first page larger than the
/// rest (Paging 3's `initialLoadSize = 3 × pageSize`), a server cap below the size asked for, or
/// a short page neither skips nor repeats items: each request starts at the first item not yet
/// loaded.
public struct PagePlan: Sendable, Equatable {
  public let totalItems: Int
  /// Items in page 0 (as delivered: the size asked for, capped by the server).
  public let initialPageSize: Int
  /// Items in a full later page (as delivered).
  public let pageSize: Int
  /// First item of every page, then `totalItems`, when the pages are irregular; nil for the
  /// regular plan, whose boundaries follow from the two sizes.
  private let pageStarts: [Int]?
  /// Pages that hold at least one item. Stored: strategies read it through
  /// `StrategyContext.constants`, which the engine builds at every read.
  public let pageCount: Int

  /// The regular plan: `initialPageSize` items, then pages of `pageSize`.
  public init(totalItems: Int, initialPageSize: Int, pageSize: Int) {
    self.totalItems = max(0, totalItems)
    self.initialPageSize = max(1, initialPageSize)
    self.pageSize = max(1, pageSize)
    self.pageStarts = nil
    pageCount = Self.regularPageCount(
      totalItems: self.totalItems, initialPageSize: self.initialPageSize, pageSize: self.pageSize)
  }

  /// Pages as delivered: `pageStarts` lists each page's first item, strictly increasing from 0
  /// and below `totalItems` (empty when there are no items). Lookups by item are O(log pages).
  public init(totalItems: Int, pageStarts: [Int], initialPageSize: Int, pageSize: Int) {
    self.totalItems = max(0, totalItems)
    self.initialPageSize = max(1, initialPageSize)
    self.pageSize = max(1, pageSize)
    self.pageStarts = pageStarts + [max(0, totalItems)]
    pageCount = pageStarts.count
  }

  /// Pages of the regular plan that hold at least one item.
  private static func regularPageCount(totalItems: Int, initialPageSize: Int, pageSize: Int) -> Int {
    if totalItems == 0 { return 0 }
    if totalItems <= initialPageSize { return 1 }
    let rest = totalItems - initialPageSize
    return 1 + (rest + pageSize - 1) / pageSize
  }

  /// Index of the first item of page `page` (`totalItems` for the page past the end). O(1).
  public func firstItem(ofPage page: Int) -> Int {
    if let pageStarts { return page < pageStarts.count ? pageStarts[page] : totalItems }
    return page == 0 ? 0 : min(totalItems, initialPageSize + (page - 1) * pageSize)
  }

  /// Items in page `page`: 0 for pages past the end. O(1).
  public func itemCount(ofPage page: Int) -> Int {
    if let pageStarts { return page + 1 < pageStarts.count ? pageStarts[page + 1] - pageStarts[page] : 0 }
    return regularItemCount(ofPage: page, from: firstItem(ofPage: page))
  }

  /// Item indices of page `page`.
  @inline(__always)
  public func items(ofPage page: Int) -> Range<Int> {
    let start = firstItem(ofPage: page)
    guard pageStarts == nil else { return start..<(start + itemCount(ofPage: page)) }
    return start..<(start + regularItemCount(ofPage: page, from: start))
  }

  /// `itemCount(ofPage:)` of the regular plan, given the page's first item (found once by callers
  /// that need both).
  @inline(__always)
  private func regularItemCount(ofPage page: Int, from start: Int) -> Int {
    let nominal = page == 0 ? initialPageSize : pageSize
    return max(0, min(nominal, totalItems - start))
  }

  /// The page holding `item` (`pageCount` or beyond for items past the end). O(1) for the
  /// regular plan, O(log pages) otherwise.
  public func page(ofItem item: Int) -> Int {
    guard let pageStarts else {
      return item < initialPageSize ? 0 : 1 + (item - initialPageSize) / pageSize
    }
    if item >= totalItems { return pageStarts.count - 1 }
    // The last page whose first item is <= item.
    var low = 0
    var high = pageStarts.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if pageStarts[middle] <= item { low = middle } else { high = middle }
    }
    return low
  }
}
