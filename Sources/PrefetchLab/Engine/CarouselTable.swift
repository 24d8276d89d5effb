/// What the engine knows about the feed's carousel rows (`feed.carousel`): their sub-items'
/// images and each row's horizontal offset. A row shows the cells its window [offset, offset +
/// `visible_width_pt`) meets: its first screenful (`firstWindow`) until it is swiped
/// (`setScrollX`). Sub-items live in one `ItemTable` of their own, indexed by
/// a flat sub-item index: a row's K sub-items take K consecutive entries from the first time its
/// page is applied (kept if the page is dropped and applied again), so only rows a run loads pay.
///
/// A carousel row carries no image of its own (its `ItemTable` entry has none); it is complete
/// when its page is applied and every sub-item in its horizontal window has its image (or has
/// none), and its blank share is the incomplete sub-items' shown width over the window's width.
/// Columns are read directly on the hot path and written through the named transitions below.
struct CarouselTable: Sendable {
  /// The feed has carousel rows; false leaves every column empty.
  let isActive: Bool
  let spec: CarouselSpec
  /// Per item: the flat index of its first sub-item, or -1 (not a carousel, or never loaded).
  private(set) var base: [Int32] = []
  /// The cells a row's window shows at offset 0: its first screenful.
  let firstWindow: Range<Int>
  /// Per item: the row's horizontal offset, pt, 0…`spec.maxScrollXPt` (0 until it is swiped;
  /// kept while the row is off screen, as a list that restores its rows' state does, and back to
  /// 0 when its page is dropped or the feed refreshed). Grown with `base`.
  private(set) var scrollXPt: [Double] = []
  /// Per item: the strategy asked for the row's media and has not cancelled it since: the
  /// row's cells load their window's images when it shows (after a nested prefetch of a few of
  /// them, the rest). Grown with `base`.
  private(set) var bound: [Bool] = []
  /// Sub-items' image state; "item" there is the flat sub-item index.
  var subItems = ItemTable()
  /// Per flat sub-item: the row that holds it.
  private(set) var owner: [Int32] = []

  init(spec: CarouselSpec?) {
    isActive = spec != nil
    self.spec = spec ?? CarouselSpec()
    firstWindow = self.spec.visibleSubItems(scrollXPt: 0)
  }

  /// Item `item`'s first sub-item's flat index, or -1. O(1).
  @inline(__always)
  func firstSubItem(ofItem item: Int) -> Int { item < base.count ? Int(base[item]) : -1 }

  /// The flat index of sub-item `sub` of row `item` (a loaded carousel row).
  @inline(__always)
  func flatIndex(item: Int, subItem sub: Int) -> Int { Int(base[item]) + sub }

  /// The sub-items row `item`'s window shows now (empty for a row that is not a loaded carousel).
  @inline(__always)
  func window(ofItem item: Int) -> Range<Int> {
    guard firstSubItem(ofItem: item) >= 0 else { return 0..<0 }
    let offset = scrollXPt[item]
    return offset == 0 ? firstWindow : spec.visibleSubItems(scrollXPt: offset)
  }

  /// Moves loaded carousel row `item`'s window to `offsetPt`, clamped to 0…`spec.maxScrollXPt`;
  /// returns the offset set, pt. O(1).
  @discardableResult
  mutating func setScrollX(_ item: Int, _ offsetPt: Double) -> Double {
    guard firstSubItem(ofItem: item) >= 0 else { return 0 }
    let clamped = min(max(0, offsetPt), spec.maxScrollXPt)
    scrollXPt[item] = clamped
    return clamped
  }

  /// Carousel row `item`'s page was applied: its sub-items (given their image sizes by
  /// `bytesOf`) are loaded, none of their images yet unless they have none. Returns whether the
  /// row is complete (its window holds no sub-item with an image). O(sub-items).
  mutating func rowLoaded(_ item: Int, bytesOf: (Int) -> Int64) -> Bool {
    if item >= base.count {
      base.grow(toInclude: item, filling: -1)
      bound.grow(toInclude: item, filling: false)
      scrollXPt.grow(toInclude: item, filling: 0)
    }
    if base[item] < 0 {
      base[item] = Int32(subItems.count)
      for sub in 0..<spec.subItems {
        subItems.markLoaded(subItems.count, mediaBytes: bytesOf(sub), complete: bytesOf(sub) == 0)
        owner.append(Int32(item))
      }
    } else {
      let first = Int(base[item])
      for sub in 0..<spec.subItems {
        let bytes = bytesOf(sub)
        subItems.markLoaded(first + sub, mediaBytes: bytes, complete: bytes == 0)
      }
    }
    return isWindowComplete(item)
  }

  /// Row `item`'s page was dropped: its sub-items' images are unknown again (their memory and
  /// requests are the caller's).
  mutating func contentDropped(_ item: Int) {
    let first = firstSubItem(ofItem: item)
    guard first >= 0 else { return }
    bound[item] = false
    scrollXPt[item] = 0
    for flat in first..<(first + spec.subItems) { subItems.contentDropped(flat) }
  }

  /// The user pulled to refresh: no row is loaded or bound and no cell seen, loaded or waited
  /// for any more (the caller has released the images the cells held and ended their requests),
  /// as `ItemTable.refreshed` does for rows. A row keeps its flat sub-item indices, so what
  /// outlives the list stays per cell as it does per row: the image attempts made (a later one
  /// is a new draw) and which images were ever in memory (a fetch of one again is redundant).
  /// O(sub-items ever loaded).
  mutating func refreshed() {
    guard isActive else { return }
    for item in bound.indices { bound[item] = false }
    for item in scrollXPt.indices { scrollXPt[item] = 0 }
    subItems.refreshed()
    subItems.ensureCount(owner.count)
  }

  /// The row that holds flat sub-item `flat`. O(1).
  func ownerOf(_ flat: Int) -> Int { Int(owner[flat]) }

  /// The strategy asked for row `item`'s media (`true`) or cancelled it (`false`).
  mutating func setBound(_ item: Int, _ isBound: Bool) {
    if firstSubItem(ofItem: item) >= 0 { bound[item] = isBound }
  }

  /// Every sub-item in row `item`'s window has its image or has none. O(window).
  func isWindowComplete(_ item: Int) -> Bool {
    let first = firstSubItem(ofItem: item)
    guard first >= 0 else { return true }
    for sub in window(ofItem: item) where !subItems.complete[first + sub] {
      return false
    }
    return true
  }

  /// The share of row `item`'s window left blank: the incomplete sub-items' shown widths over
  /// the window's width, 0…1 (1 for a row whose page is not applied). O(window).
  func blankShare(ofItem item: Int) -> Double {
    let first = firstSubItem(ofItem: item)
    guard first >= 0, subItems.mediaState[first] != .unknown else { return 1 }
    var blankPt = 0.0
    let offset = scrollXPt[item]
    for sub in window(ofItem: item) where !subItems.complete[first + sub] {
      blankPt += spec.shownWidthPt(ofSubItem: sub, scrollXPt: offset)
    }
    return min(1, blankPt / spec.visibleWidthPt)
  }
}
