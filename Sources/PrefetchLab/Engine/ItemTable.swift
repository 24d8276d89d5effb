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
  /// demand, like the two columns below: only runs with media use them.
  var mediaTries: [UInt32] = []
  /// The media was in memory at some point (a later network fetch of it is redundant).
  var mediaEverLoaded: [Bool] = []
  /// Disk-cache reads of the item's media so far (keys the next read's latency draw).
  var diskReads: [UInt32] = []

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

/// Per-page state, indexed by page (one extra slot for the empty page past the end).
struct PageTable: Sendable {
  var applied: [Bool]
  /// Delivered, rows about to be inserted.
  var applyPending: [Bool]
  /// Completed page request whose rows have not been on screen yet, or -1.
  var awaitingUse: [Int32]
  /// Latest active request for the page, or -1.
  var activeRequest: [Int32]
  /// Delivered at least once.
  var everDelivered: [Bool]
  /// Network attempts made so far for the page (the next attempt's try number); grown on demand.
  var tries: [UInt32] = []

  init(pageCount: Int) {
    let slots = pageCount + 1
    applied = Array(repeating: false, count: slots)
    applyPending = Array(repeating: false, count: slots)
    awaitingUse = Array(repeating: -1, count: slots)
    activeRequest = Array(repeating: -1, count: slots)
    everDelivered = Array(repeating: false, count: slots)
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
