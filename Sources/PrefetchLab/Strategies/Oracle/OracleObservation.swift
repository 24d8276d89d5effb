/// What a planning replay of the oracle saw: when each row was on screen with its page applied,
/// when each carousel cell first was, and when each page applied. Recorded from the `StrategyContext` at every consultation (the
/// rows on screen change only at frames and page applications, which always consult the
/// strategy), so the intervals are exact.
struct OracleObservation: Sendable {
  /// [startUs, endUs) on screen; `endUs` is `Int64.max` while it lasts (closed at the session's end
  /// by `close`).
  struct Interval: Sendable, Equatable {
    var startUs: Int64
    var endUs: Int64
  }

  /// Visibility intervals of loaded rows, by item.
  private(set) var intervals: [[Interval]] = []
  /// Carousel cells (`feed.carousel`) in their row's window while the row was on screen, loaded,
  /// each with the first time (in the order first seen by consultations, then swiped cells).
  private(set) var cellsSeen: [(item: Int, subItem: Int, firstUs: Int64)] = []
  private var cellSeen: Set<CellKey> = []
  private struct CellKey: Hashable {
    var item: Int
    var subItem: Int
  }
  /// Apply time of each page, µs, by page index; -1 for pages not applied.
  private(set) var pageAppliedUs: [Int64] = []
  /// Rows on screen (loaded or not) at the last consultation.
  private var shown: Range<Int> = 0..<0
  /// Rows on screen that are not loaded yet (offset placeholders) at the last consultation.
  private var placeholders: Set<Int> = []
  /// Pages whose rows were on screen as placeholders (offset pagination), with the first time.
  private(set) var placeholderPagesSeenUs: [Int: Int64] = [:]
  /// The same pages with the last consultation at which one of their placeholders was on screen.
  private(set) var placeholderPagesLastUs: [Int: Int64] = [:]

  /// Brings the intervals up to date at a consultation.
  mutating func note(_ event: StrategyEvent, in context: some StrategyContext) {
    let now = context.nowUs
    if case .pageApplied(let page) = event {
      if page >= pageAppliedUs.count {
        pageAppliedUs.append(contentsOf: repeatElement(-1, count: page + 1 - pageAppliedUs.count))
      }
      pageAppliedUs[page] = now
    }
    let visible = context.visibleItems
    let pageEvent: Bool
    if case .pageApplied = event { pageEvent = true } else { pageEvent = false }
    // Iterating even an empty set retains and releases its storage: skipped when there is none.
    if !placeholders.isEmpty {
      for item in placeholders { placeholderPagesLastUs[context.page(ofItem: item)] = now }
    }
    guard visible != shown || (pageEvent && !placeholders.isEmpty) else { return }
    for item in shown where !visible.contains(item) && !placeholders.contains(item) { close(item, atUs: now) }
    var stillPlaceholders: Set<Int> = []
    for item in visible {
      let loaded = context.isLoaded(item: item)
      if !loaded {
        stillPlaceholders.insert(item)
        let page = context.page(ofItem: item)
        if placeholderPagesSeenUs[page] == nil { placeholderPagesSeenUs[page] = now }
        placeholderPagesLastUs[page] = now
      } else if !shown.contains(item) || placeholders.contains(item) {
        open(item, atUs: now)
        // The window the row shows as it opens; cells a swipe brings in later are the
        // replay's (`noteSwipedCells`).
        for sub in context.subItemWindow(ofItem: item) { noteCell(item, sub, atUs: now) }
      }
    }
    placeholders = stillPlaceholders
    shown = visible
  }

  private mutating func open(_ item: Int, atUs timeUs: Int64) {
    if item >= intervals.count {
      intervals.append(contentsOf: repeatElement([], count: item + 1 - intervals.count))
    }
    intervals[item].append(Interval(startUs: timeUs, endUs: .max))
  }

  private mutating func noteCell(_ item: Int, _ sub: Int, atUs timeUs: Int64) {
    if cellSeen.insert(CellKey(item: item, subItem: sub)).inserted { cellsSeen.append((item, sub, timeUs)) }
  }

  /// Cells a swipe brought into a row's window on screen during the replay
  /// (`Simulation.swipes.reveals`, in order): each is seen at the earlier of that time and the
  /// one its row's window gave it. Consultations do not see a swipe (it moves no row of the
  /// list), so the replay's engine records them. O(cells seen + reveals).
  mutating func noteSwipedCells(_ reveals: [(item: Int, subItem: Int, timeUs: Int64)]) {
    guard !reveals.isEmpty else { return }
    var index: [CellKey: Int] = [:]
    for (position, cell) in cellsSeen.enumerated() {
      index[CellKey(item: cell.item, subItem: cell.subItem)] = position
    }
    for reveal in reveals {
      let key = CellKey(item: reveal.item, subItem: reveal.subItem)
      if let position = index[key] {
        if reveal.timeUs < cellsSeen[position].firstUs { cellsSeen[position].firstUs = reveal.timeUs }
      } else {
        index[key] = cellsSeen.count
        cellSeen.insert(key)
        cellsSeen.append((reveal.item, reveal.subItem, reveal.timeUs))
      }
    }
  }

  private mutating func close(_ item: Int, atUs timeUs: Int64) {
    guard item < intervals.count, let last = intervals[item].last, last.endUs == .max else { return }
    intervals[item][intervals[item].count - 1].endUs = timeUs
  }

  /// The session ended at `timeUs`: intervals still open end there.
  mutating func close(atUs timeUs: Int64) {
    for item in shown { close(item, atUs: timeUs) }
    shown = 0..<0
  }

  /// Items seen with their page applied, each with the first time it was.
  var itemsSeen: [(item: Int, firstUs: Int64)] {
    intervals.indices.compactMap { item in intervals[item].first.map { (item, $0.startUs) } }
  }

  /// The last time a row of `page` (`items`) is on screen, loaded or as a placeholder, µs; -1 if
  /// never.
  func lastSeenUs(ofPage page: Int, items: Range<Int>) -> Int64 {
    var last = placeholderPagesLastUs[page] ?? -1
    for item in items where item < intervals.count {
      if let end = intervals[item].last?.endUs { last = max(last, end) }
    }
    return last
  }

  /// The first time `item` is on screen at or after `timeUs`, or nil.
  func nextVisibleUs(of item: Int, after timeUs: Int64) -> Int64? {
    guard item < intervals.count else { return nil }
    return intervals[item].first { $0.endUs > timeUs }.map { max($0.startUs, timeUs) }
  }
}
