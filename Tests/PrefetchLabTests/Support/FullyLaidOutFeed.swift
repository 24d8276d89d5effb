@testable import PrefetchLab

/// A feed with every page applied, laid out whole up front by the direct sequential sum: the
/// reference `LoadedFeed`'s lazy layout must match to the bit (it is what `LoadedFeed` did before
/// it laid out only what is asked for).
struct FullyLaidOutFeed: ScrollEnvironment {
  /// Count + 1 tops, pt: `tops[i]` is item i's, the last one the feed's end.
  let tops: [Double]
  let maxOffsetPtIfEndKnown: Double?

  init(scenario: Scenario, seed: UInt64) {
    let content = FeedContent(spec: scenario.feed, seed: seed)
    var tops = [0.0]
    for item in 0..<scenario.feed.totalItems { tops.append(tops[item] + content.heightPt(ofItem: item)) }
    self.tops = tops
    maxOffsetPtIfEndKnown = max(0, tops[tops.count - 1] - scenario.viewport.heightPt)
  }

  func topPt(ofLaidOutItem item: Int) -> Double? {
    item >= 0 && item + 1 < tops.count ? tops[item] : nil
  }

  var reachableOffsetPt: Double { maxOffsetPtIfEndKnown ?? .infinity }
}
