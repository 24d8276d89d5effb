import Testing

@testable import PrefetchLab

/// compose_paging's cache window, whose wake-up is a band of offsets up to the next row either
/// end of the window reaches, under the event engine against the frame-stepped reference on random
/// scenarios: every metric, time to content and (every third run) timeline row equal, and frames
/// left out. (The random scenarios of `EngineEquivalenceTests` take compose_paging with its
/// defaults: the one-item-ahead strategy.)
@Suite struct EngineComposeWindowEquivalenceTests {
  /// Windows from none ahead to several screenfuls, with and without a band kept behind.
  static let windows: [(aheadPt: Double, behindPt: Double)] = [
    (800, 400), (0, 300), (150, 0), (2_500, 1_000), (45, 45),
  ]

  @Test func cacheWindowGivesIdenticalResults() {
    RandomEngineEquivalence.expectIdentical(count: 60, seed: 20_261_207) { index in
      let window = Self.windows[index % Self.windows.count]
      return [
        TestScenarios.configured(
          "compose_paging",
          [
            "cache_window_ahead_pt": .number(window.aheadPt),
            "cache_window_behind_pt": .number(window.behindPt),
          ])
      ]
    }
  }
}
