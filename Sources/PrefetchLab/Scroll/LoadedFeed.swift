/// Every page applied: item tops from the seed's heights, end known (unless the feed is too long
/// to lay out, see `ScrollTrace.maximumLaidOutItems`).
struct LoadedFeed: ScrollEnvironment {
  private let tops: [Double]
  let maxOffsetPtIfEndKnown: Double?

  init(scenario: Scenario, seed: UInt64) {
    let count = scenario.feed.totalItems
    guard count <= ScrollTrace.maximumLaidOutItems else {
      tops = []
      maxOffsetPtIfEndKnown = nil
      return
    }
    let content = FeedContent(spec: scenario.feed, seed: seed)
    var tops = [Double](repeating: 0, count: count + 1)
    for item in 0..<count { tops[item + 1] = tops[item] + content.heightPt(ofItem: item) }
    self.tops = tops
    maxOffsetPtIfEndKnown = max(0, tops[count] - scenario.viewport.heightPt)
  }

  func topPt(ofLaidOutItem item: Int) -> Double? {
    item >= 0 && item + 1 < tops.count ? tops[item] : nil
  }

  var reachableOffsetPt: Double { maxOffsetPtIfEndKnown ?? .infinity }
}
