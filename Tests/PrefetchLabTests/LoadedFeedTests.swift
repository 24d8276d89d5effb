import Testing

@testable import PrefetchLab

/// `LoadedFeed` lays out only the tops it is asked for: every top and the end must be those of
/// the whole feed laid out at once (`FullyLaidOutFeed`), to the bit, whatever order they are
/// asked in, and only the prefix asked for is kept.
@Suite struct LoadedFeedTests {
  static let heights: [Distribution] = [
    .uniform(min: 80, max: 400), .constant(123.4), .lognormal(median: 150, sigma: 1.2),
    .pareto(scale: 40, shape: 1.1), .normal(mean: 200, sd: 90), .empirical([44, 61.3, 377.77]),
  ]

  static func scenario(items: Int, heights: Distribution, viewportPt: Double = 852) -> Scenario {
    Scenario(
      name: "loaded", viewport: ViewportSpec(heightPt: viewportPt),
      feed: FeedSpec(totalItems: items, itemHeightPt: heights), scroll: ScrollSpec(source: .script([])))
  }

  /// Every item from -1 to count + 1 once, in a scrambled order (a stride coprime to the
  /// length), so that tops are asked for far ahead of the prefix laid out and behind it.
  static func scrambled(_ count: Int) -> [Int] {
    let length = count + 3
    var step = 7919 % length
    while step == 0 || gcd(step, length) != 1 { step += 1 }
    return (0..<length).map { ($0 * step) % length - 1 }
  }

  static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

  @Test(arguments: [0, 1, 2, 37, 1000, 20_000])
  func topsAndEndAreTheWholeLayoutsBitForBit(items: Int) {
    for heights in Self.heights {
      for seed: UInt64 in [1, 2, 3, 977] {
        let scenario = Self.scenario(items: items, heights: heights, viewportPt: seed == 2 ? 0 : 852)
        let reference = FullyLaidOutFeed(scenario: scenario, seed: seed)
        let feed = LoadedFeed(scenario: scenario, seed: seed)
        #expect(feed.maxOffsetPtIfEndKnown?.bitPattern == reference.maxOffsetPtIfEndKnown?.bitPattern)
        #expect(feed.reachableOffsetPt.bitPattern == reference.reachableOffsetPt.bitPattern)
        var mismatches = 0
        for item in Self.scrambled(items)
        where feed.topPt(ofLaidOutItem: item)?.bitPattern != reference.topPt(ofLaidOutItem: item)?.bitPattern
        {
          mismatches += 1
        }
        #expect(mismatches == 0, "\(heights), seed \(seed): \(mismatches) of \(items) tops differ")
      }
    }
  }

  /// Only the prefix up to the furthest item asked for is laid out, and asking again for an item
  /// behind it lays out nothing more.
  @Test func laysOutOnlyAsFarAsAsked() {
    let scenario = Self.scenario(items: 200_000, heights: .uniform(min: 80, max: 400))
    let reference = FullyLaidOutFeed(scenario: scenario, seed: 5)
    let feed = LoadedFeed(scenario: scenario, seed: 5)
    #expect(feed.topsKnown == 1)
    #expect(feed.maxOffsetPtIfEndKnown == reference.maxOffsetPtIfEndKnown)
    #expect(feed.topPt(ofLaidOutItem: 200_000) == nil && feed.topsKnown == 1)
    #expect(feed.topPt(ofLaidOutItem: 340) == reference.tops[340])
    #expect(feed.topsKnown == 341)
    #expect(feed.topPt(ofLaidOutItem: 12) == reference.tops[12])
    #expect(feed.topsKnown == 341)
    #expect(feed.topPt(ofLaidOutItem: 199_999) == reference.tops[199_999])
    #expect(feed.topsKnown == 200_000)
  }

  /// A feed too long to lay out has no end and no item laid out, as before.
  @Test func aFeedTooLongToLayOutHasNoEndNorTops() {
    let feed = LoadedFeed(
      scenario: Self.scenario(items: ScrollTrace.maximumLaidOutItems + 1, heights: .constant(100)), seed: 1)
    #expect(feed.maxOffsetPtIfEndKnown == nil)
    #expect(feed.reachableOffsetPt == .infinity)
    #expect(feed.topPt(ofLaidOutItem: 0) == nil && feed.topsKnown == 0)
  }

  /// A script that jumps to items ahead and behind, rests clamped at the end, and at last jumps
  /// past the end (a wait for an item that never comes): its motions on the lazy layout are those
  /// on the whole one.
  @Test func aJumpingScriptMovesAsOnTheWholeLayout() {
    var gestures: [Gesture] = []
    for (index, item) in [900, 3, 4_999, 17, 2_500, 0, 4_321].enumerated() {
      gestures += [
        .drag(velocityPtS: index % 2 == 0 ? 1500 : -900, durationMs: 300), .fling(velocityPtS: 2400),
        .wait(durationMs: 200), .jump(.item(item)), .wait(durationMs: 150),
      ]
    }
    gestures += [
      .jump(.offsetPt(1e9)), .wait(durationMs: 100), .drag(velocityPtS: 800, durationMs: 500),
      .jump(.item(5_000)), .wait(durationMs: 100),
    ]
    for physics in ScrollPhysics.allCases {
      let scenario = Self.scenario(items: 5_000, heights: .lognormal(median: 150, sigma: 0.8))
      let reference = FullyLaidOutFeed(scenario: scenario, seed: 11)
      let feed = LoadedFeed(scenario: scenario, seed: 11)
      var onReference = ScriptedScroll(gestures: gestures, physics: physics)
      var onFeed = onReference
      var traceUs: Int64 = 0
      var differing = 0
      while traceUs <= onReference.durationUs {
        if onFeed.motion(atTraceUs: traceUs, environment: feed)
          != onReference.motion(atTraceUs: traceUs, environment: reference)
        {
          differing += 1
        }
        traceUs += 16_667
      }
      #expect(differing == 0, "\(physics): \(differing) motions differ")
    }
  }
}
