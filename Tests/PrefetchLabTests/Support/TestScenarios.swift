@testable import PrefetchLab

/// Small scenarios built in code for analytic tests.
enum TestScenarios {
  /// The analytic case the engine tests compute by hand: 800 pt viewport, 100 pt rows, pages of
  /// 20, 200 items, no footer, constant 1000 ms RTT, unlimited bandwidth, no media, apply delay
  /// 0, one 400 pt/s drag.
  static func steadyDrag(
    velocityPtS: Double = 400, durationMs: Double = 60_000, rttMs: Double = 1000, totalItems: Int = 200,
    pageSize: Int = 20, initialPageSize: Int? = nil, footerPt: Double = 0, endSignal: EndSignal = .flag,
    media: Distribution? = nil, bandwidthKbps: Double? = nil, patienceMs: Double = 30_000,
    gestures: [Gesture]? = nil, pagination: Pagination = .cursor, durationUs: Int64? = nil
  ) -> PreparedScenario {
    let scenario = Scenario(
      name: "analytic", durationUs: durationUs, seed: 1, patienceUs: Int64(patienceMs * 1000),
      viewport: ViewportSpec(heightPt: 800, frameRateHz: 60),
      feed: FeedSpec(
        totalItems: totalItems, pageSize: pageSize, initialPageSize: initialPageSize, pagination: pagination,
        endSignal: endSignal, applyDelayMs: .constant(0), itemHeightPt: .constant(100),
        pageBytes: .constant(24_000),
        mediaBytes: media, footerHeightPt: footerPt, placeholderHeightPt: 100),
      network: NetworkSpec(
        rttMs: .constant(rttMs), bandwidthKbps: bandwidthKbps, maxConcurrentRequests: 6, timeoutMs: 15_000),
      scroll: ScrollSpec(
        physics: .ios, source: .script(gestures ?? [.drag(velocityPtS: velocityPtS, durationMs: durationMs)]))
    )
    return try! PreparedScenario(scenario)
  }

  /// A reader's strokes in place of one long drag: `count` drags of `strokeMs` at `velocityPtS`,
  /// each followed by a `restMs` rest (by default 27 strokes of 800 pt, 21 600 pt in 60.75 s:
  /// past the end of the 200-row analytic feed). No finger drags a whole feed in one touch, and
  /// Texture's batch fetching waits for the finger to lift (see `DirectionalRanges`), so the tests
  /// that expect every strategy to reach the end use strokes.
  static func strokes(
    velocityPtS: Double = 400, strokeMs: Double = 2000, restMs: Double = 250, count: Int = 27
  ) -> [Gesture] {
    (0..<count).flatMap { _ in
      [Gesture.drag(velocityPtS: velocityPtS, durationMs: strokeMs), .wait(durationMs: restMs)]
    }
  }

  /// `prepared`'s scenario changed by `change`, prepared again.
  static func modified(_ prepared: PreparedScenario, _ change: (inout Scenario) -> Void) -> PreparedScenario {
    var scenario = prepared.scenario
    change(&scenario)
    return try! PreparedScenario(scenario)
  }

  static func configured(_ name: String, _ parameters: [String: ParameterValue] = [:]) -> ConfiguredStrategy {
    try! StrategyRegistry.builtIn.configure(StrategySpec(name: name, parameters: parameters))
  }

  static func run(
    _ scenario: PreparedScenario, _ name: String, _ parameters: [String: ParameterValue] = [:],
    seed: UInt64 = 1
  ) -> RunOutcome {
    Simulator.run(scenario, strategy: configured(name, parameters), seed: seed)
  }
}
