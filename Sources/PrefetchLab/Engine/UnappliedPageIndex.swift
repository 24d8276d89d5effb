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

  /// Page `page` (applied) is unapplied again (Paging 3's `maxSize` dropped it). The halved paths
  /// never skip an unapplied page, so only pointers inside the applied run around `page` can jump
  /// over it: those are reset to their neighbours. O(pages in that run).
  mutating func markUnapplied(_ page: Int) {
    let runStart = previousUnapplied(from: page) + 1
    let runEnd = nextUnapplied(from: page)
    for p in runStart..<page { nextFree[p] = Int32(p + 1) }
    for p in (page + 1)..<max(page + 1, runEnd) { previousFree[p] = Int32(p - 1) }
    nextFree[page] = Int32(page)
    previousFree[page] = Int32(page)
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
