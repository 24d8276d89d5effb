import Testing

@testable import PrefetchLab

/// Glide's own `ListPreloaderTest` (bumptech/glide `library/test/src/test/java/com/bumptech/glide/
/// ListPreloaderTest.java`, `maxPreload = 10`, one model per position unless stated) replayed
/// against `GlidePreloader`: each test names the one it restates.
@Suite struct GlidePreloaderTests {
  static func preloaded(_ actions: [GlidePreloader.Action]) -> [Int] {
    actions.compactMap { if case .preload(let position, _) = $0 { return position } else { return nil } }
  }

  static func one(_: Int) -> Int { 1 }

  /// `testGetItemsIsCalledIncreasing`: onScroll(1, 10, 30) preloads positions 11…20, 10 calls.
  @Test func getItemsIsCalledIncreasing() {
    var preloader = GlidePreloader(maxPreload: 10)
    let actions = preloader.onScroll(firstVisible: 1, visibleCount: 10, totalCount: 30, models: Self.one)
    #expect(Self.preloaded(actions) == Array(11...20))
  }

  /// `testGetItemsIsCalledInOrderIncreasing` and `testGetItemsIsCalledDecreasing` /
  /// `…InOrderDecreasing`: (30, 10, 40) then (29, 10, 40) preloads 28 down to 19, in that order.
  @Test func getItemsIsCalledDecreasingInOrder() {
    var preloader = GlidePreloader(maxPreload: 10)
    #expect(
      Self.preloaded(preloader.onScroll(firstVisible: 30, visibleCount: 10, totalCount: 40, models: Self.one))
        .isEmpty)
    let actions = preloader.onScroll(firstVisible: 29, visibleCount: 10, totalCount: 40, models: Self.one)
    #expect(Self.preloaded(actions) == Array((19...28).reversed()))
  }

  /// `testGetItemsIsNeverCalledWithEndGreaterThanTotalItems`: (16, 10, 30) starts at 26 and
  /// stops before 30.
  @Test func neverPastTheItemCount() {
    var preloader = GlidePreloader(maxPreload: 10)
    let actions = preloader.onScroll(firstVisible: 16, visibleCount: 10, totalCount: 30, models: Self.one)
    #expect(Self.preloaded(actions) == [26, 27, 28, 29])
  }

  /// `testGetItemsIsNeverCalledWithStartLessThanZero`: (7, 10, 30) then (6, 10, 30) preloads 5
  /// down to 0 on the way back.
  @Test func neverBelowZero() {
    var preloader = GlidePreloader(maxPreload: 10)
    _ = preloader.onScroll(firstVisible: 7, visibleCount: 10, totalCount: 30, models: Self.one)
    let actions = preloader.onScroll(firstVisible: 6, visibleCount: 10, totalCount: 30, models: Self.one)
    #expect(Self.preloaded(actions) == [5, 4, 3, 2, 1, 0])
  }

  /// `testDontPreloadItemsRepeatedlyWhileIncreasing`: (1, 10, 30) then (4, 10, 30) makes 13
  /// calls, 11…23; the second adds only 21…23.
  @Test func noRepeatsWhileIncreasing() {
    var preloader = GlidePreloader(maxPreload: 10)
    let first = preloader.onScroll(firstVisible: 1, visibleCount: 10, totalCount: 30, models: Self.one)
    let second = preloader.onScroll(firstVisible: 4, visibleCount: 10, totalCount: 30, models: Self.one)
    #expect(Self.preloaded(first + second) == Array(11...23))
    #expect(Self.preloaded(second) == [21, 22, 23])
  }

  /// `testDontPreloadItemsRepeatedlyWhileDecreasing`: (21, …), (20, …), (17, …) make 13 calls,
  /// from 19 down to 7.
  @Test func noRepeatsWhileDecreasing() {
    var preloader = GlidePreloader(maxPreload: 10)
    var all: [GlidePreloader.Action] = []
    for first in [21, 20, 17] {
      all += preloader.onScroll(firstVisible: first, visibleCount: 10, totalCount: 30, models: Self.one)
    }
    #expect(Self.preloaded(all) == Array((7...19).reversed()))
  }

  /// `testMultipleItemsForPositionIncreasing`: two models a position, (1, 10, 13): 4 requests,
  /// positions 11 and 12, models in order.
  @Test func multipleModelsIncreasing() {
    var preloader = GlidePreloader(maxPreload: 10)
    let actions = preloader.onScroll(firstVisible: 1, visibleCount: 10, totalCount: 13) { _ in 2 }
    #expect(
      actions == [
        .preload(position: 11, model: 0), .preload(position: 11, model: 1), .preload(position: 12, model: 0),
        .preload(position: 12, model: 1),
      ])
  }

  /// `testMultipleItemsForPositionDecreasing`: maxPreload 2, (3, 2, 5) then (2, 2, 5): 4
  /// requests, positions 1 and 0, models in reverse order. (With 3 targets the 4th request
  /// reuses the 1st's target, clearing position 1's request: Glide's test does not look.)
  @Test func multipleModelsDecreasing() {
    var preloader = GlidePreloader(maxPreload: 2)
    #expect(preloader.onScroll(firstVisible: 3, visibleCount: 2, totalCount: 5) { _ in 2 }.isEmpty)
    let actions = preloader.onScroll(firstVisible: 2, visibleCount: 2, totalCount: 5) { _ in 2 }
    #expect(
      actions.filter { if case .preload = $0 { return true } else { return false } }
        == [
          .preload(position: 1, model: 1), .preload(position: 1, model: 0), .preload(position: 0, model: 1),
          .preload(position: 0, model: 0),
        ])
  }

  /// [derived from `ListPreloader.PreloadTargetQueue`] The ring: with maxPreload 2 there are 3
  /// targets, so the 4th preload clears the 1st's request, the 5th the 2nd's; and a turn clears
  /// every target (`cancelAll`, after Glide PR #3854).
  @Test func theRingClearsTheOldestAndATurnClearsAll() {
    var preloader = GlidePreloader(maxPreload: 2)
    let first = preloader.onScroll(firstVisible: 0, visibleCount: 2, totalCount: 100, models: Self.one)
    #expect(first == [.preload(position: 2, model: 0), .preload(position: 3, model: 0)])
    let second = preloader.onScroll(firstVisible: 2, visibleCount: 2, totalCount: 100, models: Self.one)
    #expect(
      second == [
        .preload(position: 4, model: 0), .clear(position: 2), .preload(position: 5, model: 0),
      ])
    let back = preloader.onScroll(firstVisible: 1, visibleCount: 2, totalCount: 100, models: Self.one)
    #expect(Array(back.prefix(3)) == [.clear(position: 5), .clear(position: 3), .clear(position: 4)])
    #expect(Self.preloaded(back) == [0])
  }

  /// RecyclerView's listener: visibleCount is last − first (one short), so with rows 5…8 on screen
  /// the window starts at row 8, the last visible; an unchanged call is not forwarded, and a
  /// grown item count alone forwards but preloads nothing (first did not change).
  @Test func recyclerViewListenerStartsAtTheLastVisibleRow() {
    var preloader = GlidePreloader(maxPreload: 3)
    let actions = preloader.onScrolled(visible: 5..<9, itemCount: 40, models: Self.one)
    #expect(Self.preloaded(actions) == [8, 9, 10])
    #expect(preloader.onScrolled(visible: 5..<9, itemCount: 40, models: Self.one).isEmpty)
    #expect(preloader.onScrolled(visible: 5..<9, itemCount: 60, models: Self.one).isEmpty)
    #expect(Self.preloaded(preloader.onScrolled(visible: 6..<10, itemCount: 60, models: Self.one)) == [11])
  }

  /// A position without an image (getPreloadItems empty) takes no target.
  @Test func rowsWithoutImagesTakeNoTarget() {
    var preloader = GlidePreloader(maxPreload: 4)
    let actions = preloader.onScroll(firstVisible: 0, visibleCount: 1, totalCount: 50) { $0 % 2 == 0 ? 1 : 0 }
    #expect(Self.preloaded(actions) == [2, 4])
  }
}
