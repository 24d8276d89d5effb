import Testing

@testable import PrefetchLab

/// `blank_area_max_pt` and `blank_area_sum_pt`: FlashList v1's blank-area figures (Shopify/flash-list
/// v1.8.3 `src/benchmark/useBlankAreaTracker.ts`, the native `AutoLayoutView`'s per-layout
/// `blankArea = max(offsetStart, offsetEnd)`), with "drawn" read as "complete".
@Suite struct BlankAreaTests {
  /// Ten 100 pt rows; the viewport [top, top + 400).
  static func visibility(topPt: Double, complete: [Bool], footerPt: Double = 0) -> Visibility {
    var layout = FeedLayout(pagination: .cursor, placeholderHeightPt: 100)
    for _ in complete { layout.append(heightPt: 100) }
    var visibility = Visibility()
    _ = visibility.move(topPt: topPt, bottomPt: topPt + 400, layout: layout)
    visibility.refreshBlankFraction(
      topPt: topPt, heightPt: 400, footerPt: footerPt, layout: layout, complete: complete)
    return visibility
  }

  /// Rows 1…4 show from top 150 (row 1 by 50 pt). Rows 1 and 2 blank, 3 complete, 4 blank:
  /// leading run 50 + 100 = 150 pt, trailing 50 pt (row 4's visible part): 150.
  @Test func theLargerOfTheLeadingAndTrailingRuns() {
    var complete = Array(repeating: true, count: 10)
    complete[1] = false
    complete[2] = false
    complete[4] = false
    let visibility = Self.visibility(topPt: 150, complete: complete)
    #expect(visibility.blankAreaPt == 150)
    // 250 pt of the 400 are blank: the fraction counts the middle too.
    #expect(visibility.blankFraction == 250.0 / 400)
  }

  /// A blank row between complete ones is not at an edge: no blank area, though the fraction
  /// counts it.
  @Test func aHoleInTheMiddleIsNotAnEdgeRun() {
    var complete = Array(repeating: true, count: 10)
    complete[2] = false
    let visibility = Self.visibility(topPt: 100, complete: complete)
    #expect(visibility.blankAreaPt == 0)
    #expect(visibility.blankFraction == 0.25)
  }

  /// Nothing complete on screen: the whole blank height (here the viewport).
  @Test func nothingCompleteIsTheWholeViewport() {
    let visibility = Self.visibility(topPt: 0, complete: Array(repeating: false, count: 10))
    #expect(visibility.blankAreaPt == 400)
  }

  /// The loading footer is part of the trailing run: rows 0…9 end at 1000, a 60 pt footer below;
  /// from top 660, rows 6…9 complete show down to 1000 and 60 pt of footer: 60.
  @Test func theFooterIsTrailingBlank() {
    let visibility = Self.visibility(topPt: 660, complete: Array(repeating: true, count: 10), footerPt: 60)
    #expect(visibility.blankAreaPt == 60)
  }

  /// `useBlankAreaTracker.test.tsx` `keeps result object updated with correct values on
  /// unmount`: events 100, 200 and −200 give a cumulative 300 and a max 200 (negative values are
  /// not summed: the engine counts only frames with a blank run).
  @Test func maxAndSumAsTheTrackerKeepsThem() {
    var recorder = MetricsRecorder(options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false))
    for area in [100.0, 200.0, -200.0] where area > 0 { recorder.recordBlankArea(pt: area) }
    recorder.finish(sessionUs: 2_000_000, firstContentUs: 0, requests: [], itemsLoaded: 0, frames: 0)
    #expect(recorder.summary.blankAreaMaxPt == 200)
    #expect(recorder.summary.blankAreaSumPt == 300)
  }
}
