/// What the scroll source may ask of the feed.
extension Simulation: ScrollEnvironment {
  public func topPt(ofLaidOutItem item: Int) -> Double? {
    guard item >= 0, item < feed.layout.rowCount else { return nil }
    return feed.layout.topPt(ofItem: item)
  }

  public var maxOffsetPtIfEndKnown: Double? {
    feed.mayGrowBelow ? nil : max(0, maxRestingOffsetPt)
  }

  public var reachableOffsetPt: Double { max(0, maxRestingOffsetPt) }
}
