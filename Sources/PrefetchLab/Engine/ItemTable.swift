/// What the engine knows about each item, as parallel arrays indexed by item (cheap to scan, no
/// per-item objects). Grows on demand to the largest item touched, so a long cursor feed pays
/// only for what was loaded.
///
/// The columns are read directly (the engine's hot path) and written only through the named
/// transitions below, each O(1).
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
  private(set) var mediaBytes: [Int64] = []
  private(set) var mediaState: [MediaState] = []
  /// Active request for the item's media, or -1.
  private(set) var mediaRequest: [Int32] = []
  /// Completed media request whose content has not been on screen yet, or -1.
  private(set) var mediaAwaitingUse: [Int32] = []
  /// Page applied and media (if any) loaded.
  private(set) var complete: [Bool] = []
  /// First time any part of the row was in the viewport after first content, or -1.
  private(set) var firstVisibleUs: [Int64] = []
  /// Time-to-content clock still running (seen, incomplete, not yet left the viewport).
  private(set) var ttcOpen: [Bool] = []
  /// Network attempts made so far for the item's media (the next attempt's try number). Grown on
  /// demand, like the column below: only runs with media use them.
  private(set) var mediaTries: [UInt32] = []
  /// The media was in memory at some point (a later network fetch of it is redundant).
  private(set) var mediaEverLoaded: [Bool] = []

  /// Rows reserved up front (`reserveCapacity`): a feed that loads more than a few hundred rows
  /// then grows each column a few times instead of once per doubling from one row. A judgement:
  /// 1 024 rows cost about 30 KB.
  static let initialCapacity = 1024

  /// Reserves room for `rows` items in every column `ensureCount` grows (the media columns grown
  /// on demand only grow in runs with media).
  mutating func reserveCapacity(_ rows: Int) {
    mediaBytes.reserveCapacity(rows)
    mediaState.reserveCapacity(rows)
    mediaRequest.reserveCapacity(rows)
    mediaAwaitingUse.reserveCapacity(rows)
    complete.reserveCapacity(rows)
    firstVisibleUs.reserveCapacity(rows)
    ttcOpen.reserveCapacity(rows)
  }

  /// Grows every column to `needed` items, new entries at their defaults. Element by element:
  /// a cursor feed grows by one page at a time, often a handful of rows, where a generic
  /// `append(contentsOf:)` costs more than the rows themselves.
  @inline(never)
  mutating func ensureCount(_ needed: Int) {
    // The check alone, with the growth apart: the engine asks after every visibility change and
    // page, and the table mostly holds the rows already. Not inlined: inlined, it saved 13 000
    // instructions of a constant drag on the event engine but made the stepped engine's frames
    // (refreshVisibility, every frame) 8–10% slower by code placement alone.
    if needed > count { grow(to: needed) }
  }

  private mutating func grow(to needed: Int) {
    for _ in count..<needed {
      mediaBytes.append(0)
      mediaState.append(.unknown)
      mediaRequest.append(-1)
      mediaAwaitingUse.append(-1)
      complete.append(false)
      firstVisibleUs.append(-1)
      ttcOpen.append(false)
    }
    count = needed
  }

  /// Item `item`'s page is applied: its media size and state, and whether it is complete. The
  /// item is in the table, or is the next one (`count`): appended, loaded, at once, instead of
  /// at its defaults and then written over.
  mutating func markLoaded(_ item: Int, mediaBytes bytes: Int64, complete isComplete: Bool) {
    assert(item <= count, "item \(item) is past the table's next row \(count)")
    let state: MediaState = bytes > 0 ? .notLoaded : .none
    guard item == count else {
      mediaBytes[item] = bytes
      mediaState[item] = state
      complete[item] = isComplete
      return
    }
    mediaBytes.append(bytes)
    mediaState.append(state)
    mediaRequest.append(-1)
    mediaAwaitingUse.append(-1)
    complete.append(isComplete)
    firstVisibleUs.append(-1)
    ttcOpen.append(false)
    count += 1
  }

  /// The user pulled to refresh: no row is loaded, seen or waited for any more (the caller has
  /// released the media the rows held and ended their requests). What outlives the list stays:
  /// the media attempts made (a later one is a new draw) and which media were ever in memory (a
  /// fetch of one again is redundant, as after an eviction). O(1) plus freeing the columns.
  mutating func refreshed() {
    let tries = mediaTries
    let everLoaded = mediaEverLoaded
    self = ItemTable()
    mediaTries = tries
    mediaEverLoaded = everLoaded
  }

  // MARK: Transitions

  /// Request `id` (a fetch or a disk read) is now `item`'s active media request.
  mutating func mediaRequested(_ item: Int, id: Int) { mediaRequest[item] = Int32(id) }

  /// Request `id` for `item`'s media ended (delivered, failed, given up): the item has no
  /// active request, unless a later one replaced it.
  mutating func mediaRequestEnded(_ item: Int, id: Int) {
    if mediaRequest[item] == Int32(id) { mediaRequest[item] = -1 }
  }

  /// Forgets `item`'s active media request, whichever it was (the caller cancelled it).
  mutating func forgetMediaRequest(_ item: Int) { mediaRequest[item] = -1 }

  /// Counts a network attempt for `item`'s media; returns its try number (0 for the first).
  mutating func countMediaTry(_ item: Int) -> UInt32 {
    mediaTries.grow(toInclude: item, filling: 0)
    mediaTries[item] += 1
    return mediaTries[item] - 1
  }

  /// `item`'s media entered memory; returns whether it had been in memory before (a later
  /// network fetch of it is redundant).
  mutating func mediaLoaded(_ item: Int) -> Bool {
    mediaEverLoaded.grow(toInclude: item, filling: false)
    let before = mediaEverLoaded[item]
    mediaEverLoaded[item] = true
    mediaState[item] = .loaded
    return before
  }

  /// Request `id` brought `item`'s media while the row was off screen: used once it shows.
  mutating func mediaAwaitsUse(_ item: Int, id: Int) { mediaAwaitingUse[item] = Int32(id) }

  /// The request whose media `item` showed for the first time, if one awaited use; forgotten.
  mutating func takeMediaAwaitingUse(_ item: Int) -> Int? {
    let id = Int(mediaAwaitingUse[item])
    guard id >= 0 else { return nil }
    mediaAwaitingUse[item] = -1
    return id
  }

  mutating func markComplete(_ item: Int) { complete[item] = true }

  /// Carousel row `item`'s window moved onto cells without their images (a swipe).
  mutating func markIncomplete(_ item: Int) { complete[item] = false }

  /// `item` lost its media from memory: it needs a fetch or a disk read again, and a fetch
  /// whose content was not seen stays unused.
  mutating func mediaEvicted(_ item: Int) {
    mediaState[item] = .notLoaded
    complete[item] = false
    mediaAwaitingUse[item] = -1
  }

  /// `item`'s page was dropped: its media is unknown again, as before the page came.
  mutating func contentDropped(_ item: Int) {
    mediaState[item] = .unknown
    complete[item] = false
    mediaAwaitingUse[item] = -1
  }

  /// `item` was on screen for the first time after first content, at `nowUs`; its
  /// time-to-content clock runs if it is incomplete.
  mutating func firstSeen(_ item: Int, atUs nowUs: Int64) {
    firstVisibleUs[item] = nowUs
    if !complete[item] { ttcOpen[item] = true }
  }

  /// `item`'s time-to-content clock stops (it completed, left the viewport or the run ended).
  mutating func closeTimeToContent(_ item: Int) { ttcOpen[item] = false }
}
