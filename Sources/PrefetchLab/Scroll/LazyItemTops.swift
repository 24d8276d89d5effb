/// The tops of a feed's items with every page applied, laid out only as far as they are asked
/// for: `tops[i + 1] = tops[i] + stackedHeightPt(ofItem: i)` from `tops[0] = 0` (in a grid an
/// item's top is its row's), summed in item order,
/// so every top has the bits a layout of the whole feed gives it, whatever order the queries
/// come in. A class because `ScrollEnvironment`'s queries are non-mutating and the prefix grows
/// under them.
///
/// Memory: one `Double` per item up to the furthest one asked for (a feed of 10^6 items laid out
/// whole took 8 MB for a user who never left its first few hundred rows).
final class LazyItemTops {
  private let content: FeedContent
  /// Items in the feed, >= 0.
  let count: Int
  /// The tops known so far, pt: `tops[i]` is item i's (item 0's, 0, from the start).
  private var tops: [Double] = [0]

  init(content: FeedContent, count: Int) {
    self.content = content
    self.count = count
  }

  /// The top of `item` in pt, nil outside 0..<count. Amortised O(1) per item laid out: the
  /// prefix is extended to `item` first, never laid out again.
  func topPt(ofItem item: Int) -> Double? {
    guard item >= 0 && item < count else { return nil }
    while tops.count <= item {
      let last = tops.count - 1
      tops.append(tops[last] + content.stackedHeightPt(ofItem: last))
    }
    return tops[item]
  }

  /// How many tops are known: items 0..<topsKnown; 1 at the start, item 0's top being 0 (tests:
  /// the prefix grows only as far as asked).
  var topsKnown: Int { tops.count }
}
