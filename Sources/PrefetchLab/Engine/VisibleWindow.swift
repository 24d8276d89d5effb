/// The rows intersecting the viewport, kept up to date by walking from the previous window: a
/// frame that scrolls by a few rows costs a few steps, whatever the feed's length.
struct VisibleWindow: Sendable {
  /// Visible rows, [first, end).
  private(set) var rows: Range<Int> = 0..<0
  /// Top of row `rows.lowerBound`, pt.
  private(set) var firstTopPt = 0.0

  /// Recomputes the window for the viewport [offsetPt, offsetPt + heightPt). Walks from the
  /// current window when it is still anchored (`layoutChanged == false`), else searches.
  mutating func update(offsetPt: Double, heightPt: Double, layout: FeedLayout, layoutChanged: Bool) {
    let rowCount = layout.rowCount
    let bottom = offsetPt + heightPt
    guard rowCount > 0, heightPt > 0 else {
      rows = 0..<0
      firstTopPt = 0
      return
    }
    var first = min(rows.lowerBound, rowCount)
    var top = firstTopPt
    if layoutChanged || rows.isEmpty || abs(offsetPt - firstTopPt) > 4 * heightPt {
      first = layout.item(atPt: offsetPt)
      top = first < rowCount ? layout.topPt(ofItem: first) : layout.contentHeightPt
    } else {
      // Walk down past rows that ended above the viewport, up over rows that now intersect it.
      while first < rowCount && top + layout.heightPt(ofItem: first) <= offsetPt {
        top += layout.heightPt(ofItem: first)
        first += 1
      }
      while first > 0 && top > offsetPt {
        first -= 1
        top -= layout.heightPt(ofItem: first)
      }
    }
    var end = first
    var rowTop = top
    while end < rowCount && rowTop < bottom {
      rowTop += layout.heightPt(ofItem: end)
      end += 1
    }
    rows = first..<end
    firstTopPt = top
  }
}

extension Range where Bound == Int {
  /// The parts of `self` not in `other` (at most two ranges, in order).
  func subtracting(_ other: Range<Int>) -> (Range<Int>, Range<Int>) {
    if other.isEmpty || other.upperBound <= lowerBound || other.lowerBound >= upperBound {
      return (self, upperBound..<upperBound)
    }
    let below = lowerBound..<Swift.max(lowerBound, other.lowerBound)
    let above = Swift.min(upperBound, Swift.max(lowerBound, other.upperBound))..<upperBound
    return (below, above)
  }
}
