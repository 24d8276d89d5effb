/// Every page applied: item tops from the seed's heights, end known (unless the feed is too long
/// to lay out, see `ScrollTrace.maximumLaidOutItems`).
///
/// Memory O(1) beyond the tops asked for (`LazyItemTops`); building one sums every item's height
/// once, O(items) time, for the end.
struct LoadedFeed: ScrollEnvironment {
  /// nil when the feed is too long to lay out: no item is laid out then.
  private let tops: LazyItemTops?
  let maxOffsetPtIfEndKnown: Double?

  init(scenario: Scenario, seed: UInt64) {
    let count = scenario.feed.totalItems
    guard count <= ScrollTrace.maximumLaidOutItems else {
      tops = nil
      maxOffsetPtIfEndKnown = nil
      return
    }
    let content = FeedContent(spec: scenario.feed, seed: seed)
    // The end is the last top: the same sum in the same order gives the same bits, without
    // keeping the tops on the way.
    var endPt = 0.0
    for item in 0..<count { endPt += content.stackedHeightPt(ofItem: item) }
    tops = LazyItemTops(content: content, count: count)
    maxOffsetPtIfEndKnown = max(0, endPt - scenario.viewport.heightPt)
  }

  func topPt(ofLaidOutItem item: Int) -> Double? { tops?.topPt(ofItem: item) }

  var reachableOffsetPt: Double { maxOffsetPtIfEndKnown ?? .infinity }

  /// Items whose tops are known so far, 0 when none can be (tests).
  var topsKnown: Int { tops?.topsKnown ?? 0 }
}
