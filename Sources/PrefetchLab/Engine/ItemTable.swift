/// What the engine knows about each item, as parallel arrays indexed by item (cheap to scan, no
/// per-item objects). Grows on demand to the largest item touched, so a long cursor feed pays
/// only for what was loaded.
struct ItemTable: Sendable {
  enum MediaState: UInt8, Sendable {
    /// The row is not loaded (placeholder or not laid out), so its media is unknown.
    case unknown
    /// The item carries no media.
    case none
    case notLoaded
    case loaded
  }

  private(set) var count = 0
  var mediaBytes: [Int64] = []
  var mediaState: [MediaState] = []
  /// Active request for the item's media, or -1.
  var mediaRequest: [Int32] = []
  /// Completed media request whose content has not been on screen yet, or -1.
  var mediaAwaitingUse: [Int32] = []
  /// Page applied and media (if any) loaded.
  var complete: [Bool] = []
  /// First time any part of the row was in the viewport after first content, or -1.
  var firstVisibleUs: [Int64] = []
  /// Time-to-content clock still running (seen, incomplete, not yet left the viewport).
  var ttcOpen: [Bool] = []
  /// Network attempts made so far for the item's media (the next attempt's try number). Grown on
  /// demand, like the column below: only runs with media use them.
  var mediaTries: [UInt32] = []
  /// The media was in memory at some point (a later network fetch of it is redundant).
  var mediaEverLoaded: [Bool] = []

  mutating func ensureCount(_ needed: Int) {
    guard needed > count else { return }
    let extra = needed - count
    mediaBytes.append(contentsOf: repeatElement(0, count: extra))
    mediaState.append(contentsOf: repeatElement(.unknown, count: extra))
    mediaRequest.append(contentsOf: repeatElement(-1, count: extra))
    mediaAwaitingUse.append(contentsOf: repeatElement(-1, count: extra))
    complete.append(contentsOf: repeatElement(false, count: extra))
    firstVisibleUs.append(contentsOf: repeatElement(-1, count: extra))
    ttcOpen.append(contentsOf: repeatElement(false, count: extra))
    count = needed
  }
}

/// Per-page state, indexed by page. Grows on first write, so a feed of billions of items costs
/// only the pages touched; unwritten pages read as their default.
struct PageTable: Sendable {
  var applied = GrowingArray(default: false)
  /// Delivered, rows about to be inserted.
  var applyPending = GrowingArray(default: false)
  /// Completed page request whose rows have not been on screen yet, or -1.
  var awaitingUse = GrowingArray<Int32>(default: -1)
  /// Latest active request for the page, or -1.
  var activeRequest = GrowingArray<Int32>(default: -1)
  /// Delivered at least once.
  var everDelivered = GrowingArray(default: false)
  /// Network attempts made so far for the page (the next attempt's try number).
  var tries = GrowingArray<UInt32>(default: 0)
}

/// An array indexed from 0 whose elements all start as `defaultValue`; storage grows to the
/// highest index written. Reads past the end return the default without growing.
struct GrowingArray<Element: Sendable>: Sendable {
  private var storage: [Element] = []
  let defaultValue: Element

  init(default defaultValue: Element) { self.defaultValue = defaultValue }

  subscript(index: Int) -> Element {
    get { index < storage.count ? storage[index] : defaultValue }
    set {
      storage.grow(toInclude: index, filling: defaultValue)
      storage[index] = newValue
    }
  }
}

/// Finds the nearest page not yet applied at or beyond a page, in either direction, in
/// near-constant amortised time (union-find with path halving over "applied" runs).
struct UnappliedPageIndex: Sendable {
  private var nextFree: [Int32]
  private var previousFree: [Int32]

  /// Pages 0..<pageCount, none applied; pageCount and -1 act as sentinels.
  init(pageCount: Int) {
    nextFree = (0...pageCount).map { Int32($0) }
    previousFree = (0...pageCount).map { Int32($0) }
  }

  mutating func markApplied(_ page: Int) {
    nextFree[page] = Int32(page + 1)
    previousFree[page] = Int32(page - 1)
  }

  /// The first unapplied page >= page; pageCount when none.
  mutating func nextUnapplied(from page: Int) -> Int {
    var p = page
    while p < nextFree.count - 1 && Int(nextFree[p]) != p {
      let next = Int(nextFree[p])
      if next < nextFree.count { nextFree[p] = nextFree[min(next, nextFree.count - 1)] }
      p = next
    }
    return min(p, nextFree.count - 1)
  }

  /// The last unapplied page <= page; -1 when none.
  mutating func previousUnapplied(from page: Int) -> Int {
    var p = page
    while p >= 0 && Int(previousFree[p]) != p {
      let previous = Int(previousFree[p])
      if previous >= 0 { previousFree[p] = previousFree[previous] }
      p = previous
    }
    return p
  }
}
