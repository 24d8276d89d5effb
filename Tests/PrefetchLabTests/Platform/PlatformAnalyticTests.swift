import Testing

@testable import PrefetchLab

/// Hand-computed constant-speed drags for the platform models, on `TestScenarios.steadyDrag`:
/// 800 pt viewport, 100 pt rows, pages of 20, 200 items, one 400 pt/s drag of 60 s, a constant
/// 1000 ms RTT, unlimited bandwidth, no footer, apply delay 0. First content at 1 s.
///
/// A row k becomes visible once the viewport's bottom passes 100·k pt, i.e. at τ = (100·k − 800)
/// / 400 s of the trace, seen at the first 60 Hz frame after that; the viewport reaches the end
/// of loaded content (n rows) at τ = (100·n − 800) / 400 s.
@Suite struct PlatformAnalyticTests {
  /// Paging 3, 60-item initial load, `prefetch_distance` 20: an append goes out when the last
  /// visible row is within 20 of the last loaded one — row n − 20 showing, 2000 pt (5 s) before
  /// the viewport reaches row n's end — and takes 1 s: never a stall. Requests: the initial 60
  /// items, then pages 60…79, …, 180…199 (7): 8 for 200 items.
  @Test func paging3WithDistanceTwentyNeverStalls() {
    let outcome = TestScenarios.run(TestScenarios.steadyDrag(), "paging3", ["prefetch_distance": .number(20)])
    let summary = outcome.summary
    #expect(summary.firstContentUs == 1_000_000)
    #expect(summary.pageRequests == 8)
    #expect(summary.itemsLoaded == 200)
    #expect(summary.stallCount == 0)
    #expect(summary.stallUs == 0)
  }

  /// The default distance is the page size (20): the same 8 requests and no stall.
  @Test func paging3DefaultDistanceIsThePageSize() {
    let summary = TestScenarios.run(TestScenarios.steadyDrag(), "paging3").summary
    #expect(summary.pageRequests == 8)
    #expect(summary.stallCount == 0)
  }

  /// `prefetch_distance` 1: an append goes out only when the last loaded row (n − 1) shows, at
  /// τ = (100·(n − 1) − 800) / 400 = the end time − 0.25 s, seen at the next frame (up to
  /// 16.7 ms later); the viewport reaches the end 0.25 s after that and waits for the rest of
  /// the 1 s round trip. Each of the 7 appends stalls 750 ms plus at most one frame.
  @Test func paging3WithDistanceOneStallsOnEveryAppend() {
    let summary = TestScenarios.run(TestScenarios.steadyDrag(), "paging3", ["prefetch_distance": .number(1)])
      .summary
    #expect(summary.pageRequests == 8)
    #expect(summary.stallCount == 7)
    #expect(summary.stallMaxUs >= 750_000 && summary.stallMaxUs <= 766_667)
    #expect(summary.stallUs >= 7 * 750_000 && summary.stallUs <= 7 * 766_667)
  }

  /// FlatList, threshold 2 (1600 pt): onEndReached fires once the last row is mounted and the
  /// distance from the end is ≤ 1600 pt — at first on the first batch after start (the first page,
  /// 2000 pt, is already within 1200 pt), then whenever the bottom passes n·100 − 1600 pt, 4 s
  /// before the end: a 1 s round trip never stalls. 10 pages of 20 for 200 items.
  @Test func flatListThresholdTwoNeverStalls() {
    let summary = TestScenarios.run(TestScenarios.steadyDrag(), "flatlist").summary
    #expect(summary.pageRequests == 10)
    #expect(summary.itemsLoaded == 200)
    #expect(summary.stallCount == 0)
  }

  /// Threshold 0: onEndReached fires when the viewport reaches the end, like fetching at the end
  /// (infinite_scroll): each of pages 2…10 costs one full round trip, 9 stalls of exactly 1 s.
  @Test func flatListThresholdZeroStallsLikeFetchingAtTheEnd() {
    let summary = TestScenarios.run(
      TestScenarios.steadyDrag(), "flatlist", ["on_end_reached_threshold": .number(0)]
    )
    .summary
    let atEnd = TestScenarios.run(TestScenarios.steadyDrag(), "infinite_scroll").summary
    #expect(summary.stallCount == 9)
    #expect(summary.stallUs == 9_000_000)
    #expect(summary.stallUs == atEnd.stallUs)
    #expect(summary.pageRequests == 10)
  }

  /// The prop left unset: 2 px from the end, reached 5 ms before the end at 400 pt/s and seen at a
  /// frame (16.7 ms grid): each page still stalls between 1000 − 5 − 16.7 and 1000 ms.
  @Test func flatListUnsetThresholdIsTwoPixels() {
    let summary = TestScenarios.run(
      TestScenarios.steadyDrag(), "flatlist", ["on_end_reached_threshold": .string("unset")]
    ).summary
    #expect(summary.stallCount == 9)
    #expect(summary.stallUs >= 9 * 978_333 && summary.stallUs <= 9 * 1_000_000)
  }

  /// InfiniteLoader, threshold 15: a load when the last visible row + 15 reaches the first
  /// unloaded row n, i.e. row n − 15 shows, 1500 pt = 3.75 s before the end: no stall; 10 pages.
  @Test func infiniteLoaderNeverStallsWithFifteenRows() {
    let summary = TestScenarios.run(TestScenarios.steadyDrag(), "infinite_loader").summary
    #expect(summary.pageRequests == 10)
    #expect(summary.stallCount == 0)
  }

  /// InfiniteLoader with threshold 0: row n must show — impossible before the end (it is not
  /// laid out), so the load goes out at the frame the viewport reaches the end: 9 stalls of 1 s.
  @Test func infiniteLoaderThresholdZeroStallsAtEveryPage() {
    let summary = TestScenarios.run(TestScenarios.steadyDrag(), "infinite_loader", ["threshold": .number(0)])
      .summary
    #expect(summary.stallCount == 9)
    #expect(summary.stallUs == 9_000_000)
  }

  /// IntersectionObserver with a 0 px margin and no footer: the 0 pt sentinel at the end of
  /// content intersects when the viewport's bottom reaches it: fetching at the end, 9 stalls of
  /// 1 s. With a 1600 px margin it intersects 1600 pt (4 s) earlier: no stall.
  @Test func intersectionObserverMarginDecidesTheLead() {
    let atEnd = TestScenarios.run(TestScenarios.steadyDrag(), "intersection_observer").summary
    #expect(atEnd.stallCount == 9)
    #expect(atEnd.stallUs == 9_000_000)
    let ahead = TestScenarios.run(
      TestScenarios.steadyDrag(), "intersection_observer", ["root_margin_px": .number(1600)]
    ).summary
    #expect(ahead.stallCount == 0)
    #expect(ahead.pageRequests == 10)
  }

  /// UIKit prefetching, 10 rows ahead: the loading row n enters the window when row n − 10
  /// shows, 1000 pt = 2.5 s before the end: no stall. With 1 row ahead, it enters when row n − 1
  /// shows, 0.25 s before the end: each of the 9 later pages stalls 750 ms plus at most a frame.
  @Test func uikitLookaheadDecidesTheLead() {
    let ten = TestScenarios.run(TestScenarios.steadyDrag(), "uikit_prefetching").summary
    #expect(ten.stallCount == 0)
    #expect(ten.pageRequests == 10)
    let one = TestScenarios.run(
      TestScenarios.steadyDrag(), "uikit_prefetching", ["lookahead_rows": .number(1)]
    )
    .summary
    #expect(one.stallCount == 9)
    #expect(one.stallUs >= 9 * 750_000 && one.stallUs <= 9 * 766_667)
  }

  /// RecyclerView pages through Paging 3 with its defaults (60-item initial load, distance 20):
  /// as paging3, 8 requests and no stall.
  @Test func recyclerViewPagesLikePagingThree() {
    let summary = TestScenarios.run(TestScenarios.steadyDrag(), "recyclerview").summary
    #expect(summary.pageRequests == 8)
    #expect(summary.stallCount == 0)
  }
}
