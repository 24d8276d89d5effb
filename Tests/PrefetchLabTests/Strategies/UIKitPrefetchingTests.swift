import Testing

@testable import PrefetchLab

/// uikit_prefetching's decisions against a hand-set context: 100 pt rows, pages of 10, a 400 pt
/// viewport, 2 pages (rows 0…19) loaded and a loading row (index 20) after them.
@Suite struct UIKitPrefetchingTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> UIKitPrefetching {
    UIKitPrefetching(parameters: TestScenarios.configured("uikit_prefetching", values).parameters)
  }

  static func context() -> StrategyContextDouble {
    StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 2)
  }

  /// 10 rows ahead: at offset 600 rows 6…9 show and the window is 10…19; at 700 (rows 7…10) it is
  /// 11…20, which holds the loading row: the page is asked for, once.
  @Test func pageWhenTheLoadingRowEntersTheWindow() {
    let context = Self.context()
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 600).isEmpty)
    #expect(
      context.pageRequests(after: &strategy, atOffsetPt: 700) == [.requestPage(.down, guardInFlight: true)])
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 750).isEmpty)
  }

  /// Scrolling up, the window lies above the viewport: no page.
  @Test func nothingWhenTheWindowLooksUp() {
    let context = Self.context()
    context.scrollDirection = .up
    var strategy = Self.strategy()
    #expect(context.pageRequests(after: &strategy, atOffsetPt: 1200).isEmpty)
  }

  /// media=nuke: the first update sets Nuke's rate limit; rows 4… ahead are prefetched at low
  /// priority, nearest first, 2 at a time (on-screen rows 0…3 load at visible priority).
  @Test func nukePrefetchesTwoRowsAheadAtLowPriority() {
    let context = Self.context()
    context.giveEveryItemMedia()
    var strategy = Self.strategy(["media": .string("nuke")])
    context.note(strategy.update(.start, in: context))
    #expect(context.actions.first == .limitMediaStartRate(.nuke))
    let prefetches = context.actions.filter {
      $0 == .requestMedia(4, .preload) || $0 == .requestMedia(5, .preload)
    }
    #expect(prefetches.count == 2)
    #expect(!context.actions.contains(.requestMedia(6, .preload)))
  }
}
