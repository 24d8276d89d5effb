/// What the viewport shows: the rows intersecting it, how many of them are incomplete, and the
/// blank fraction (the share of the viewport not showing complete content: incomplete rows,
/// placeholders and the loading footer; see "Blankness" in docs/model.md).
struct Visibility: Sendable {
  /// Rows intersecting the viewport.
  private(set) var window = RowWindow()
  /// 1 before first content.
  private(set) var blankFraction = 1.0
  /// Rows in the window that are not complete; 0 lets the blank fraction skip the row scan.
  private(set) var incompleteVisibleRows = 0
  /// The larger of the blank runs at the viewport's leading and trailing edges, pt: from the top
  /// down to the first complete row, and from the last complete row (or the loading footer's top)
  /// down to the bottom; the whole blank height when no row shown is complete. FlashList v1's
  /// per-layout `blankArea` (`max(offsetStart, offsetEnd)`), with "drawn" read as "complete".
  /// Refreshed with the blank fraction.
  private(set) var blankAreaPt = 0.0

  var rows: Range<Int> { window.rows }

  /// The feed was refreshed: no row is shown any more (the caller has let each leave), so the
  /// window starts over as before first content.
  mutating func clear() { self = Visibility() }

  /// Moves the window to [topPt, bottomPt); returns the rows before and after.
  @inline(__always)
  mutating func move(topPt: Double, bottomPt: Double, layout: FeedLayout) -> (
    before: Range<Int>, after: Range<Int>
  ) {
    let before = window.rows
    window.update(fromPt: topPt, toPt: bottomPt, layout: layout)
    return (before, window.rows)
  }

  /// A row entered (`complete` or not) or left the window.
  @inline(__always)
  mutating func rowEntered(complete: Bool) { if !complete { incompleteVisibleRows += 1 } }
  @inline(__always)
  mutating func rowLeft(complete: Bool) { if !complete { incompleteVisibleRows -= 1 } }
  /// A row in the window became complete.
  mutating func rowCompleted() { incompleteVisibleRows -= 1 }
  /// A complete row in the window became incomplete (a carousel row swiped onto cells without
  /// their images).
  mutating func rowBecameIncomplete() { incompleteVisibleRows += 1 }

  /// Counts incomplete rows in the window from scratch (after rows changed in place). O(rows
  /// shown).
  mutating func recount(complete: [Bool]) {
    var count = 0
    for item in window.rows where !complete[item] { count += 1 }
    incompleteVisibleRows = count
  }

  /// Sets the blank fraction of the viewport [topPt, topPt + heightPt) when that needs no row
  /// scan: 1 until the session has `started`, 0 when no row shown is incomplete and the `footerPt`
  /// loading footer below the content (which ends at `contentHeightPt`) is out of view. Returns
  /// false when the rows must be scanned (`refreshBlankFraction`). O(1).
  @inline(__always)
  mutating func refreshBlankFractionWithoutScan(
    started: Bool, topPt: Double, heightPt: Double, footerPt: Double, contentHeightPt: Double
  ) -> Bool {
    guard started, heightPt > 0 else {
      blankFraction = 1
      blankAreaPt = heightPt
      return true
    }
    guard incompleteVisibleRows == 0 && (footerPt == 0 || contentHeightPt >= topPt + heightPt) else {
      return false
    }
    blankFraction = 0
    blankAreaPt = 0
    return true
  }

  /// Sets the blank fraction by scanning the rows shown: incomplete rows' visible parts (in a
  /// grid, the incomplete cells' share of each row) plus the visible part of the footer, over the
  /// viewport's height. O(items shown).
  mutating func refreshBlankFraction(
    topPt: Double, heightPt: Double, footerPt: Double, layout: FeedLayout, complete: [Bool]
  ) {
    let bottom = topPt + heightPt
    let footerTop = layout.contentHeightPt
    var blank = 0.0
    // The blank run from the top down to the first complete row, and the one from the last
    // complete row down to the bottom (`trailing`, restarted at every complete row).
    var leading = 0.0
    var trailing = 0.0
    var sawComplete = false
    var rowTop = window.firstTopPt
    if layout.columns == 1 {
      for item in window.rows {
        let height = layout.heightPt(ofItem: item)
        if !complete[item] {
          let shown = max(0, min(bottom, rowTop + height) - max(topPt, rowTop))
          blank += shown
          trailing += shown
          if !sawComplete { leading += shown }
        } else {
          sawComplete = true
          trailing = 0
        }
        rowTop += height
      }
    } else {
      // A grid row's cells share its height, each a 1/columns share of the width: the row's
      // blank is its shown height times its incomplete cells' share; only a row whose every cell
      // is complete ends a blank run (a row with a blank cell leaves a hole in the screen).
      let columns = layout.columns
      let items = window.rows
      for row in window.gridRows {
        let height = layout.heightPt(ofGridRow: row)
        let cells = max(items.lowerBound, row * columns)..<min(items.upperBound, row * columns + columns)
        var incomplete = 0
        for item in cells where !complete[item] { incomplete += 1 }
        if incomplete > 0 {
          let shown =
            max(0, min(bottom, rowTop + height) - max(topPt, rowTop)) * Double(incomplete) / Double(columns)
          blank += shown
          trailing += shown
          if !sawComplete { leading += shown }
        } else {
          sawComplete = true
          trailing = 0
        }
        rowTop += height
      }
    }
    if footerPt > 0 {
      let footer = Self.footerShownPt(
        topPt: topPt, bottomPt: bottom, footerTopPt: footerTop, footerPt: footerPt)
      blank += footer
      trailing += footer
      if !sawComplete { leading += footer }
    }
    blankFraction = min(1, max(0, blank / heightPt))
    blankAreaPt = max(leading, trailing)
  }

  /// `refreshBlankFraction` for a list holding carousel rows (one column): an incomplete carousel
  /// row blanks its shown height times its window's blank share (`CarouselTable.blankShare`), a
  /// plain row all of it; only a complete row ends a blank run. O(rows shown × window).
  mutating func refreshBlankFraction(
    topPt: Double, heightPt: Double, footerPt: Double, layout: FeedLayout, complete: [Bool],
    carousels: borrowing CarouselTable
  ) {
    let bottom = topPt + heightPt
    var blank = 0.0
    var leading = 0.0
    var trailing = 0.0
    var sawComplete = false
    var rowTop = window.firstTopPt
    for item in window.rows {
      let height = layout.heightPt(ofItem: item)
      if !complete[item] {
        var shown = max(0, min(bottom, rowTop + height) - max(topPt, rowTop))
        if carousels.firstSubItem(ofItem: item) >= 0 { shown *= carousels.blankShare(ofItem: item) }
        blank += shown
        trailing += shown
        if !sawComplete { leading += shown }
      } else {
        sawComplete = true
        trailing = 0
      }
      rowTop += height
    }
    if footerPt > 0 {
      let footer = Self.footerShownPt(
        topPt: topPt, bottomPt: bottom, footerTopPt: layout.contentHeightPt, footerPt: footerPt)
      blank += footer
      trailing += footer
      if !sawComplete { leading += footer }
    }
    blankFraction = min(1, max(0, blank / heightPt))
    blankAreaPt = max(leading, trailing)
  }

  /// Sets the blank fraction `refreshBlankFraction` would when every row shown is complete (only
  /// the loading footer can be blank), by the same operations, without the rows. O(1).
  @inline(__always)
  mutating func refreshFooterOnlyBlankFraction(
    topPt: Double, heightPt: Double, footerPt: Double, footerTopPt: Double
  ) {
    var blank = 0.0
    if footerPt > 0 {
      blank += Self.footerShownPt(
        topPt: topPt, bottomPt: topPt + heightPt, footerTopPt: footerTopPt, footerPt: footerPt)
    }
    blankFraction = min(1, max(0, blank / heightPt))
    // Every row shown is complete: the footer is the trailing blank run, and nothing leads.
    blankAreaPt = blank
  }

  /// The visible height of the footer (`footerPt` tall, from `footerTopPt`) in `topPt`…`bottomPt`.
  @inline(__always)
  private static func footerShownPt(topPt: Double, bottomPt: Double, footerTopPt: Double, footerPt: Double)
    -> Double
  {
    max(0, min(bottomPt, footerTopPt + footerPt) - max(topPt, footerTopPt))
  }

  /// Debug builds, O(rows shown): the incomplete count matches the rows, the fraction is a share.
  func checkInvariants(complete: [Bool]) {
    assert(blankFraction >= 0 && blankFraction <= 1, "blank fraction out of 0…1")
    #if DEBUG
      var incomplete = 0
      for item in window.rows where item >= complete.count || !complete[item] { incomplete += 1 }
      assert(incomplete == incompleteVisibleRows, "incomplete visible rows miscounted")
    #endif
  }
}
