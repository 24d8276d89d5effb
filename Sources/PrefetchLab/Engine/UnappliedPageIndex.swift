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
