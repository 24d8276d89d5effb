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
}
