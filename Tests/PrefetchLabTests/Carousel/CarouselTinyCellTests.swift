import Testing

@testable import PrefetchLab

/// Cells far narrower than a point (`sub_item_width_pt` 0.001) are modelled as the rules say,
/// not lost to the arithmetic: every cell of the row is in its window, each blanks its sliver,
/// and the row is complete, ending a blank run, only once every one of them has its image. That
/// is why a feed of 1000 such cells per row, each with a 40 kB image, is blank for a whole
/// session under every strategy: each row on screen waits for 40 MB of images.
@Suite struct CarouselTinyCellTests {
  /// 1000 cells of 0.001 pt (1 pt in all) in a 393 pt window: all 1000 show, each 0.001 pt of
  /// it, the row cannot scroll, and with no image in yet it blanks 1/393 of its height.
  @Test func everyTinyCellIsInTheWindow() {
    let spec = CarouselSpec(subItems: 1000, subItemWidthPt: 0.001, visibleWidthPt: 393)
    #expect(spec.visibleSubItems(scrollXPt: 0) == 0..<1000)
    #expect(spec.maxScrollXPt == 0)
    #expect(abs(spec.shownWidthPt(ofSubItem: 999, scrollXPt: 0) - 0.001) < 1e-12)
    let total = (0..<1000).reduce(0.0) { $0 + spec.shownWidthPt(ofSubItem: $1, scrollXPt: 0) }
    #expect(abs(total - 1) < 1e-9)
    var table = CarouselTable(spec: spec)
    #expect(!table.rowLoaded(2) { _ in 40_000 })
    #expect(table.window(ofItem: 2) == 0..<1000)
    // A loaded row's share: its cells' shown widths over the window (1 pt of 393).
    for sub in 0..<999 { table.subItems.markComplete(table.flatIndex(item: 2, subItem: sub)) }
    #expect(abs(table.blankShare(ofItem: 2) - 0.001 / 393) < 1e-12)
    #expect(!table.isWindowComplete(2))
    table.subItems.markComplete(table.flatIndex(item: 2, subItem: 999))
    #expect(table.isWindowComplete(2))
  }

  /// The one-row feed of `CarouselTests.oneRowOneConnection` (1 s round trips, one connection,
  /// 1000-byte images) with 4 cells of 0.001 pt: all 4 are in the window, so after the page at
  /// 1 s they arrive at 2, 3, 4 and 5 s, and the row is blank (not complete) for 4 s but never
  /// mostly blank (at most 0.004 pt of 393). The oracle asks for the same 4 images, which it can
  /// ask for only once the row is loaded, so it is blank as long. With 150 pt cells (3 in the
  /// window, the normal case) infinite_scroll fetches 3 and is blank 3 s, 2 s of it mostly.
  @Test(arguments: ["infinite_scroll", "oracle"])
  func tinyCellsAreFetchedAndBlankTheirRowUntilAllArrive(strategy: String) {
    let tiny = TestScenarios.modified(CarouselTests.oneRowOneConnection()) { scenario in
      scenario.feed.carousel?.subItems = 4
      scenario.feed.carousel?.subItemWidthPt = 0.001
    }
    let outcome = Simulator.run(
      tiny, strategy: TestScenarios.configured(strategy), seed: 1,
      options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
    let images = outcome.events.filter { $0.kind == .issued }.map(\.resource).filter { $0 != .page(0) }
    #expect(images == (0..<4).map { .subItemMedia(item: 0, sub: $0) })
    #expect(outcome.summary.blankUs == 4_000_000)
    #expect(outcome.summary.mostlyBlankUs == 0)
    #expect(outcome.summary.wastedFetches == 0)
    let normal = TestScenarios.run(CarouselTests.oneRowOneConnection(), "infinite_scroll")
    #expect(normal.summary.mediaRequests == 3)
    #expect(normal.summary.blankUs == 3_000_000 && normal.summary.mostlyBlankUs == 2_000_000)
  }
}
