@testable import PrefetchLab

/// The small feed of carousels the carousel tests time by hand: 20 rows of 100 pt in one page
/// (the end known with it), every row a carousel of 12 cells of 150 pt in a 393 pt window, each
/// cell a 1000-byte image, a constant round trip on an unlimited link, the user following
/// `gestures`. Strategies are the caller's.
enum CarouselFixture {
  static func feed(
    rttMs: Double, gestures: [Gesture], viewportHeightPt: Double = 250, maxConcurrentRequests: Int = 6
  ) -> PreparedScenario {
    TestScenarios.modified(
      TestScenarios.steadyDrag(rttMs: rttMs, totalItems: 20, pageSize: 20, gestures: gestures)
    ) { scenario in
      scenario.viewport.heightPt = viewportHeightPt
      scenario.network.maxConcurrentRequests = maxConcurrentRequests
      scenario.feed.carousel = CarouselSpec(
        subItems: 12, subItemWidthPt: 150, visibleWidthPt: 393, mediaBytes: .constant(1000))
      scenario.strategies = []
    }
  }

  /// The feed in a 100 pt viewport (row 0 alone on screen) with 1 s round trips: the user rests
  /// 3 s, swipes `row` 300 pt over 1 s, and rests 3 s more.
  static func swipedOnce(_ row: CarouselSwipe.Row = .item(0)) -> PreparedScenario {
    feed(
      rttMs: 1000,
      gestures: [
        .wait(durationMs: 3000), .swipe(CarouselSwipe(row: row, distancePt: 300, durationMs: 1000)),
        .wait(durationMs: 3000),
      ], viewportHeightPt: 100)
  }
}
