/// What the server's changes (`feed.changes`) do to the rows the client shows, and the counts
/// that follow: which item each row shows, items shown twice, items passed over.
///
/// The client never hears of a change; it sees one only through the pages it fetches. Every page
/// is resolved against the server's list at the instant its response arrives
/// (`pageServed(_:atUs:)`):
/// - **Offset pagination** asks for positions. After I inserts at the top and D deletions of
///   items already served (taken to lie above every position asked for later: the part of the
///   feed the user has read), position r holds the new item inserted (I − 1 − r)-th if r < I,
///   else original item r − I + D. So a page fetched after k more inserts than the page before
///   it repeats that page's last k items (duplicates), and one fetched after d more deletions
///   misses d items between them (skipped).
/// - **Cursor pagination** asks for the items after the last one it holds: neither kind of change
///   moves a later page, so row r shows original item r — or, after a pull-to-refresh at an
///   instant with I inserts and D deletions made, what position r of the list held then (the
///   formula above with that I and D): the new items come first.
///
/// Items are identified by an `Int64`: original item j is j ≥ 0, the item inserted n-th
/// (0-based) is −n − 1. A row is *shown* when it is on screen with its page applied; a row
/// shown with an item already shown in another row counts a duplicate, and two adjacent rows
/// shown with original items j < j′ count the items between them that no row has shown as
/// skipped. Each row is counted again only when it shows a different item (its page dropped and
/// fetched again after a change). Rows are laid out, and their heights and media drawn, by
/// position: a change moves which item a row shows, not the layout. A refresh starts a new list:
/// what the rows showed before it is forgotten, so an item seen before and again after it is not
/// a duplicate (`refreshed(atUs:)`).
struct FeedChangeTracker: Sendable {
  /// `feed.changes` is set: the engine reports pages served and rows shown.
  let isActive: Bool
  private let isOffsetPagination: Bool
  private var inserts: FeedChangeSchedule
  private var deletes: FeedChangeSchedule
  /// Offset pagination: the inserts and deletions the server had made when each page's response
  /// arrived.
  private var pageInserts = GrowingArray<Int64>(default: 0)
  private var pageDeletes = GrowingArray<Int64>(default: 0)
  /// Cursor pagination: the inserts and deletions made by the last refresh (0 before one).
  private var listInserts: Int64 = 0
  private var listDeletes: Int64 = 0
  /// The item each row showed when last counted, or `notShown`.
  private var shownItem = GrowingArray<Int64>(default: notShown)
  /// The first row that showed each item.
  private var rowShowing: [Int64: Int] = [:]
  private(set) var duplicateItemsShown = 0
  private(set) var itemsSkipped = 0

  private static let notShown = Int64.min

  init(spec: FeedChangeSpec?, pagination: Pagination, seed: UInt64) {
    isActive = spec != nil
    isOffsetPagination = pagination == .offset
    let spec = spec ?? FeedChangeSpec()
    inserts = FeedChangeSchedule(.insert, spec: spec, seed: seed)
    deletes = FeedChangeSchedule(.delete, spec: spec, seed: seed)
  }

  /// `page`'s response arrived at `nowUs` (the clock only moves forward): its rows show the
  /// server's list as it is now.
  mutating func pageServed(_ page: Int, atUs nowUs: Int64) {
    guard isOffsetPagination else { return }
    pageInserts[page] = inserts.count(atUs: nowUs)
    pageDeletes[page] = deletes.count(atUs: nowUs)
  }

  /// The user pulled to refresh at `nowUs`: the client fetches the server's list as it is now
  /// from its first page on (cursor pagination keeps to that list; offset pages still read the
  /// list when their responses arrive), and the rows shown so far are forgotten.
  mutating func refreshed(atUs nowUs: Int64) {
    guard isActive else { return }
    listInserts = inserts.count(atUs: nowUs)
    listDeletes = deletes.count(atUs: nowUs)
    pageInserts = GrowingArray<Int64>(default: 0)
    pageDeletes = GrowingArray<Int64>(default: 0)
    shownItem = GrowingArray<Int64>(default: Self.notShown)
    rowShowing = [:]
  }

  /// The item row `row` of page `page` shows (see the type's comment).
  func item(ofRow row: Int, page: Int) -> Int64 {
    let position = Int64(row)
    let inserted = isOffsetPagination ? pageInserts[page] : listInserts
    let deleted = isOffsetPagination ? pageDeletes[page] : listDeletes
    return position < inserted ? position - inserted : position - inserted + deleted
  }

  /// Row `row` (of page `page`, applied) is on screen: counts a duplicate if its item already
  /// showed in another row, and the items skipped between it and a shown neighbour. O(1), plus
  /// the gap's length when it has one.
  mutating func rowShown(_ row: Int, page: Int) {
    let item = item(ofRow: row, page: page)
    guard shownItem[row] != item else { return }
    shownItem[row] = item
    if let first = rowShowing[item] {
      if first != row { duplicateItemsShown += 1 }
    } else {
      rowShowing[item] = row
    }
    for neighbour in [row - 1, row + 1] where neighbour >= 0 {
      let other = shownItem[neighbour]
      guard other != Self.notShown else { continue }
      let (low, high) = neighbour < row ? (other, item) : (item, other)
      guard low >= 0 && high > low + 1 else { continue }
      for missing in (low + 1)..<high where rowShowing[missing] == nil { itemsSkipped += 1 }
    }
  }
}
