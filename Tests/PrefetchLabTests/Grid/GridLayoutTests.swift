import Testing

@testable import PrefetchLab

/// `feed.columns`: items in rows of N, a row as tall as its tallest item; positions, queries,
/// the row window and the blank fraction worked out by hand.
@Suite struct GridLayoutTests {
  /// Seven items in three columns, heights 100, 150, 120 | 80, 80, 200 | 50: rows of 150, 200
  /// and 50 pt (the last short of two items), tops 0, 150 and 350, content 400 pt.
  static func layout() -> FeedLayout {
    var layout = FeedLayout(pagination: .cursor, placeholderHeightPt: 100, columns: 3)
    for height in [100.0, 150, 120, 80, 80, 200, 50] { layout.append(heightPt: height) }
    return layout
  }

  @Test func aRowIsAsTallAsItsTallestItem() {
    let layout = Self.layout()
    #expect(layout.rowCount == 7)
    #expect(layout.gridRowCount == 3)
    #expect(layout.contentHeightPt == 400)
    // Every item of row 1 shares its top and its height.
    #expect([3, 4, 5].map { layout.topPt(ofItem: $0) } == [150, 150, 150])
    #expect([3, 4, 5].map { layout.heightPt(ofItem: $0) } == [200, 200, 200])
    #expect(layout.bottomPt(ofItem: 4) == 350)
    #expect(layout.topPt(ofItem: 6) == 350)
    // Item 7 would join the short last row.
    #expect(layout.topPt(ofItem: 7) == 350)
  }

  /// Offsets map to the first item of the row covering them; a band takes whole rows.
  @Test func queriesAnswerInWholeRows() {
    let layout = Self.layout()
    #expect(layout.item(atPt: 0) == 0)
    #expect(layout.item(atPt: 149.5) == 0)
    #expect(layout.item(atPt: 150) == 3)
    #expect(layout.item(atPt: 360) == 6)
    #expect(layout.item(atPt: 400) == 7)
    // [150, 350) is row 1 exactly: its three items.
    #expect(layout.items(intersectingFrom: 150, to: 350) == 3..<6)
    // [140, 360) touches all three rows: the seven items.
    #expect(layout.items(intersectingFrom: 140, to: 360) == 0..<7)
    #expect(layout.items(intersectingFrom: 10, to: 150) == 0..<3)
  }

  /// A later item taller than its short row grows the row (and the content) and bumps the
  /// layout's version, since the row's bottom moved; a shorter one changes nothing.
  @Test func appendingIntoAShortRowGrowsIt() {
    var layout = Self.layout()
    let version = layout.version
    layout.append(heightPt: 30)
    #expect(layout.contentHeightPt == 400)
    #expect(layout.version == version)
    layout.append(heightPt: 300)
    #expect(layout.contentHeightPt == 650)
    #expect(layout.heightPt(ofItem: 6) == 300)
    #expect(layout.version == version + 1)
    // The row is full: the next item starts row 3 at 650.
    layout.append(heightPt: 10)
    #expect(layout.topPt(ofItem: 9) == 650)
    #expect(layout.contentHeightPt == 660)
  }

  /// Offset pagination: ten placeholders of 100 pt in three columns are four rows (400 pt); a
  /// loaded item of 250 pt makes its row 250, one of 40 pt beside two placeholders leaves its row
  /// at 100; item 9, alone in the short last row, takes its row down to its own 40 pt.
  @Test func placeholdersAreCellsOfTheirRow() {
    var layout = FeedLayout(pagination: .offset, placeholderHeightPt: 100, columns: 3)
    layout.layOutPlaceholders(count: 10)
    #expect(layout.gridRowCount == 4)
    #expect(layout.contentHeightPt == 400)
    #expect(layout.replace(item: 4, heightPt: 250) == 150)
    #expect(layout.contentHeightPt == 550)
    #expect(layout.replace(item: 7, heightPt: 40) == 0)
    #expect(layout.topPt(ofItem: 9) == 450)
    #expect(layout.replace(item: 9, heightPt: 40) == -60)
    #expect(layout.contentHeightPt == 490)
  }

  /// The row window walks rows: from [0, 300) (rows 0 and 1, items 0…5) down to [160, 460),
  /// rows 1 and 2 (items 3…6, the last row short), as a fresh search finds.
  @Test func theRowWindowHoldsWholeRows() {
    let layout = Self.layout()
    var window = RowWindow()
    window.update(fromPt: 0, toPt: 300, layout: layout)
    #expect(window.rows == 0..<6)
    #expect(window.gridRows == 0..<2)
    window.update(fromPt: 160, toPt: 460, layout: layout)
    #expect(window.rows == 3..<7)
    #expect(window.firstTopPt == 150)
    var fresh = RowWindow()
    fresh.update(fromPt: 160, toPt: 460, layout: layout)
    #expect(fresh == window)
  }

  /// Blankness of a grid row by hand: viewport [0, 300) over rows 0 (150 pt) and 1 (150 of its
  /// 200 pt shown). Row 0 has one incomplete item of three: 150 / 3 = 50 pt; row 1 none
  /// complete: 150 pt. Blank 200 of 300 pt; the leading run takes both rows (row 0 is not all
  /// complete), 200 pt.
  @Test func anIncompleteItemBlanksItsShareOfTheRow() {
    let layout = Self.layout()
    var complete = Array(repeating: false, count: 7)
    complete[0] = true
    complete[2] = true
    var visibility = Visibility()
    _ = visibility.move(topPt: 0, bottomPt: 300, layout: layout)
    visibility.refreshBlankFraction(topPt: 0, heightPt: 300, footerPt: 0, layout: layout, complete: complete)
    #expect(visibility.blankFraction == 200.0 / 300)
    #expect(visibility.blankAreaPt == 200)
    // Row 0 all complete: it ends the leading run; row 1's 150 pt are the trailing run.
    complete[1] = true
    visibility.refreshBlankFraction(topPt: 0, heightPt: 300, footerPt: 0, layout: layout, complete: complete)
    #expect(visibility.blankFraction == 0.5)
    #expect(visibility.blankAreaPt == 150)
  }

  /// The whole-feed tops a scroll source reads (`LazyItemTops` through `stackedHeightPt`) are the
  /// engine layout's: heights 100 | 150 | … drawn per item, summed row by row.
  @Test func stackedHeightsGiveTheLayoutsTops() {
    var spec = FeedSpec(totalItems: 8, pageSize: 8, itemHeightPt: .uniform(min: 50, max: 300))
    spec.columns = 3
    let content = FeedContent(spec: spec, seed: 7)
    var layout = FeedLayout(pagination: .cursor, placeholderHeightPt: 100, columns: 3)
    for item in 0..<8 { layout.append(heightPt: content.heightPt(ofItem: item)) }
    let tops = LazyItemTops(content: content, count: 8)
    for item in 0..<8 { #expect(tops.topPt(ofItem: item) == layout.topPt(ofItem: item)) }
    let rowTwo = max(content.heightPt(ofItem: 6), content.heightPt(ofItem: 7))
    #expect(content.stackedHeightPt(ofItem: 7) == rowTwo)
    #expect(content.stackedHeightPt(ofItem: 6) == 0)
    #expect((0..<8).reduce(0.0) { $0 + content.stackedHeightPt(ofItem: $1) } == layout.contentHeightPt)
  }
}
