/// What the scroll source may ask of the feed, in the source's coordinates: content offsets less
/// the anchor shift (`ScrollDriver.anchorShiftPt`), so that a gesture resting at the end or a
/// jump lands where the content is after rows above the viewport changed.
extension Simulation: ScrollEnvironment {
  public func topPt(ofLaidOutItem item: Int) -> Double? {
    guard item >= 0, item < feed.layout.rowCount else { return nil }
    let top = feed.layout.topPt(ofItem: item)
    // A list without placeholders has no row yet for an item below its loaded ones: the user
    // waits for it as for a cursor feed's row not laid out yet.
    if !feed.presentsPlaceholders && top >= feed.layout.contentHeightPt && feed.mayGrowBelow { return nil }
    return top - scroll.anchorShiftPt
  }

  public var maxOffsetPtIfEndKnown: Double? {
    feed.mayGrowBelow ? nil : max(0, maxRestingOffsetPt) - scroll.anchorShiftPt
  }

  public var reachableOffsetPt: Double { max(0, maxRestingOffsetPt) - scroll.anchorShiftPt }

  public var minOffsetPt: Double { -scroll.anchorShiftPt }
}
