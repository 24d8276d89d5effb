import Testing

@testable import PrefetchLab

/// Texture's batch-fetch unit tests (TextureGroup/Texture `Tests/ASBatchFetchingTests.mm`), case
/// by case, against `TextureBatchFetch`: the vertical cases, and the horizontal ones a carousel or
/// pager scrolling sideways meets. Each expectation is the test's `XCTAssert`.
@Suite struct TextureBatchFetchTests {
  typealias Directions = TextureBatchFetch.Directions

  /// The test file's macros: a 1×1 passing rect, size and point; vertical and horizontal rects,
  /// sizes and offsets of one length (the other dimension 1 for rects, 0 for sizes).
  static func fetch(
    _ direction: Directions, _ scrollable: Directions, view: (Double, Double), content: (Double, Double),
    target: (Double, Double), leading: Double = 1, fetching: Bool = false
  ) -> Bool {
    TextureBatchFetch.shouldFetch(
      isFetching: fetching, scrolling: direction, scrollable: scrollable,
      geometry: .init(
        viewWidthPt: view.0, viewHeightPt: view.1, contentWidthPt: content.0, contentHeightPt: content.1,
        targetXPt: target.0, targetYPt: target.1),
      leadingScreens: leading)
  }

  @Test func nullStateAndFetching() {
    // testBatchNullState: CGRectZero, no leading screens.
    #expect(!Self.fetch(.down, .vertical, view: (0, 0), content: (0, 0), target: (0, 0), leading: 0))
    // testBatchAlreadyFetching.
    #expect(!Self.fetch(.down, .vertical, view: (1, 1), content: (1, 1), target: (1, 1), fetching: true))
  }

  /// testUnsupportedScrollDirections: right and down fetch, up and left (the head) do not.
  @Test func onlyTowardsTheTail() {
    #expect(Self.fetch(.right, .horizontal, view: (1, 1), content: (1, 1), target: (1, 1)))
    #expect(Self.fetch(.down, .vertical, view: (1, 1), content: (1, 1), target: (1, 1)))
    #expect(!Self.fetch(.up, .vertical, view: (1, 1), content: (1, 1), target: (1, 1)))
    #expect(!Self.fetch(.left, .horizontal, view: (1, 1), content: (1, 1), target: (1, 1)))
  }

  @Test func verticalCases() {
    // testVerticalScrollToExactLeading: 3 screens, top at 1: 1 screen left, leading 1.
    #expect(Self.fetch(.down, .vertical, view: (1, 1), content: (0, 3), target: (0, 1)))
    // testVerticalScrollToLessThanLeading: top at 0.5: 1.5 screens left.
    #expect(!Self.fetch(.down, .vertical, view: (1, 1), content: (0, 3), target: (0, 0.5)))
    // testVerticalScrollingPastContentSize: top at 3.
    #expect(Self.fetch(.down, .vertical, view: (1, 1), content: (0, 3), target: (0, 3)))
    // testVerticalScrollingSmallContentSize: content half a screen.
    #expect(Self.fetch(.down, .vertical, view: (1, 1), content: (0, 0.5), target: (0, 0)))
  }

  /// The horizontal cases as the test file writes them, scrollable directions included: two of
  /// them pass vertical or horizontal directions that do not match their names, and agree for the
  /// reason the rule gives.
  @Test func horizontalCases() {
    // testHorizontalScrollToExactLeading: scrollable *vertical*, so the axis is vertical, where
    // the content (height 0) is shorter than the view: it fetches.
    #expect(Self.fetch(.right, .vertical, view: (1, 1), content: (3, 0), target: (1, 0)))
    // testHorizontalScrollToLessThanLeading: scrolling left is towards the head.
    #expect(!Self.fetch(.left, .horizontal, view: (1, 1), content: (3, 0), target: (0.5, 0)))
    // testHorizontalScrollingPastContentSize: horizontal axis, 3 − 1 − 3 = −1 ≤ 1.
    #expect(Self.fetch(.down, .horizontal, view: (1, 1), content: (3, 0), target: (3, 0)))
    // testHorizontalScrollingSmallContentSize.
    #expect(Self.fetch(.right, .horizontal, view: (1, 1), content: (0.5, 0), target: (0, 0)))
  }

  /// The horizontal rule on its own terms, worked by hand: a 390 pt wide carousel of 1560 pt,
  /// leading 2 screens (780 pt): at x 389 the remaining 781 pt is too far, at 390 it fetches;
  /// right-to-left, scrolling right is towards the head.
  @Test func aCarouselScrollingRight() {
    let geometry = { (x: Double) in
      TextureBatchFetch.Geometry(
        viewWidthPt: 390, viewHeightPt: 200, contentWidthPt: 1560, contentHeightPt: 200, targetXPt: x)
    }
    #expect(
      !TextureBatchFetch.shouldFetch(
        isFetching: false, scrolling: .right, scrollable: .horizontal, geometry: geometry(389),
        leadingScreens: 2))
    #expect(
      TextureBatchFetch.shouldFetch(
        isFetching: false, scrolling: .right, scrollable: .horizontal, geometry: geometry(390),
        leadingScreens: 2))
    #expect(
      !TextureBatchFetch.shouldFetch(
        isFetching: false, scrolling: .right, scrollable: .horizontal, geometry: geometry(390),
        leadingScreens: 2,
        rightToLeft: true))
  }
}
