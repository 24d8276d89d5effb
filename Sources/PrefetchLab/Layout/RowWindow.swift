/// The rows intersecting a vertical band [fromPt, toPt) of the content, kept up to date by walking
/// from the previous band: a frame that scrolls by a few rows costs a few steps whatever the
/// feed's length. After the layout changed (rows inserted or resized; not rows appended at the
/// end, which move none) it searches afresh, O(log n). The engine tracks the viewport with one; strategies can track their own ranges
/// (preload, display) with `StrategyContext.update(_:fromPt:toPt:)`.
public struct RowWindow: Sendable, Equatable {
  /// Items of the rows intersecting the band, [first, end): whole grid rows (items, with one
  /// column), so a row's cells enter and leave together.
  public private(set) var rows: Range<Int> = 0..<0
  /// The grid rows intersecting the band (`rows` with one column).
  public private(set) var gridRows: Range<Int> = 0..<0
  /// Top of row `rows.lowerBound`, pt.
  public private(set) var firstTopPt = 0.0
  /// Top of row `rows.upperBound`, pt.
  private var endTopPt = 0.0
  /// Bottom of the first row and top of the last row: while the band's edges stay inside those
  /// two rows the window cannot change, which is most frames.
  private var firstBottomPt = 0.0
  private var lastTopPt = 0.0
  private var layoutVersion = -1

  public init() {}

  @inline(__always)
  mutating func update(fromPt top: Double, toPt bottom: Double, layout: FeedLayout) {
    if layoutVersion == layout.version && holds(fromPt: top, toPt: bottom) { return }
    walk(fromPt: top, toPt: bottom, layout: layout)
  }

  /// The tops of a band `heightPt` high that `holds` may accept: from the first row's top (or
  /// where the bottom leaves the last row's top) to the first row's bottom (or where the bottom
  /// reaches the end of the last row), pt. An estimate for searches (its ends may be off by a
  /// rounding either way); `holds` decides. O(1).
  public func keptTopsPt(heightPt: Double) -> (low: Double, high: Double) {
    (max(firstTopPt, lastTopPt - heightPt), min(firstBottomPt, endTopPt - heightPt))
  }

  /// True when `update` for the band [top, bottom) would keep the rows without walking, and so
  /// change nothing, as long as the layout has not changed since the window's last update: both
  /// edges stay inside the first and the last row. False for an empty window. O(1).
  ///
  /// For a strategy that returns a quiet `Wake` band while its own
  /// ranges stay: with each edge monotone in the viewport's top, the tops for which this holds
  /// form an interval, so checking its two ends checks every top between them.
  @inline(__always)
  public func holds(fromPt top: Double, toPt bottom: Double) -> Bool {
    top >= firstTopPt && top < firstBottomPt && bottom > lastTopPt && bottom <= endTopPt && !rows.isEmpty
  }

  /// The viewport tops `t` for which `holds(fromPt: t - abovePt, toPt: t + viewportHeightPt +
  /// belowPt)` (a window tracking the viewport with `abovePt` and `belowPt` of margin, pt),
  /// computed as that expression is: the ends of `keptTopsPt`'s estimate rounded inwards
  /// (`PageTrigger.roundedUp` / `roundedDown`) and checked. Each edge grows with the top, so both
  /// ends holding means every top between them does. nil when the check fails or the window is
  /// empty. O(1).
  @inline(__always)
  public func heldTopsPt(abovePt: Double, belowPt: Double, viewportHeightPt height: Double)
    -> (low: Double, high: Double)?
  {
    let estimate = keptTopsPt(heightPt: height + abovePt + belowPt)
    let low = PageTrigger.roundedUp(estimate.low + abovePt)
    let high = PageTrigger.roundedDown(estimate.high + abovePt)
    guard low <= high, holds(fromPt: low - abovePt, toPt: low + height + belowPt),
      holds(fromPt: high - abovePt, toPt: high + height + belowPt)
    else { return nil }
    return (low, high)
  }

  /// True when `update` for the band [top, bottom) over the layout at `layoutVersion` with
  /// `rowCount` rows (`FeedLayout.version`, `rowCount`: a caller asking for many bands reads them
  /// once) would keep the rows, and so change nothing. Either `holds`, or the band reaches past
  /// the end of the content while the window already holds the layout's last row and the top
  /// stays inside the first row: nothing lies below the last row to enter, and `update` walks
  /// and finds the same rows. O(1).
  @inline(__always)
  func keeps(fromPt top: Double, toPt bottom: Double, layoutVersion version: Int, rowCount: Int) -> Bool {
    guard layoutVersion == version else { return false }
    return holds(fromPt: top, toPt: bottom)
      || (!rows.isEmpty && rows.upperBound == rowCount && top >= firstTopPt && top < firstBottomPt
        && bottom > endTopPt)
  }

  private mutating func walk(fromPt top: Double, toPt bottom: Double, layout: FeedLayout) {
    let rowCount = layout.gridRowCount
    guard rowCount > 0, bottom > top else {
      rows = 0..<0
      gridRows = 0..<0
      firstTopPt = 0
      endTopPt = 0
      layoutVersion = layout.version
      return
    }
    // Walks grid rows (items, with one column); `rows` holds their items.
    var first = gridRows.lowerBound
    var firstTop = firstTopPt
    var end = gridRows.upperBound
    var endTop = endTopPt
    if layoutVersion != layout.version || rows.isEmpty || abs(top - firstTop) > 2 * (bottom - top) + 2000 {
      first = layout.gridRow(atPt: top)
      firstTop = first < rowCount ? layout.topPt(ofGridRow: first) : layout.contentHeightPt
      end = first
      endTop = firstTop
    } else {
      // Rows that ended above the band leave at the top; rows reaching into it enter.
      while first < rowCount && firstTop + layout.heightPt(ofGridRow: first) <= top {
        firstTop += layout.heightPt(ofGridRow: first)
        first += 1
      }
      // Rows above the content with no height (a list without placeholders) never enter.
      while first > 0 && firstTop > top && layout.heightPt(ofGridRow: first - 1) > 0 {
        first -= 1
        firstTop -= layout.heightPt(ofGridRow: first)
      }
      if end < first {
        end = first
        endTop = firstTop
      }
    }
    // Rows after the content's end have no height (a list without placeholders): not in the band.
    let contentEndPt = layout.contentHeightPt
    while end < rowCount && endTop < bottom && endTop < contentEndPt {
      endTop += layout.heightPt(ofGridRow: end)
      end += 1
    }
    while end > first && endTop - layout.heightPt(ofGridRow: end - 1) >= bottom {
      end -= 1
      endTop -= layout.heightPt(ofGridRow: end)
    }
    gridRows = first..<end
    rows = layout.items(ofGridRows: gridRows)
    firstTopPt = firstTop
    endTopPt = endTop
    firstBottomPt = end > first ? firstTop + layout.heightPt(ofGridRow: first) : firstTop
    lastTopPt = end > first ? endTop - layout.heightPt(ofGridRow: end - 1) : endTop
    layoutVersion = layout.version
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
