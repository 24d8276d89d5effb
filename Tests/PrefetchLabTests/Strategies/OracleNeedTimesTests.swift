import Testing

@testable import PrefetchLab

/// The oracle's need times (`OracleNeedTimes`): found by halving along drags, they are the ones
/// the frame-by-frame evaluation gives.
@Suite struct OracleNeedTimesTests {
  /// A constant drag of 400 pt/s from offset 0 at 240 Hz (frame k at ⌊k × 10⁶ / 240⌋ µs). The
  /// intent passes 1 000 pt after 2.5 s, and frame 600 falls at exactly 2.5 s with the intent at
  /// 1 000 pt, which does not pass (`intent > limit`): frame 601, 2 504 166 µs. 2 000.5 pt is
  /// passed after 5.00125 s: frame 1 201 (frame 1 200 is at 5 s, 2 000 pt), 5 004 166 µs. A limit
  /// beyond the drag's 4 000 pt is never passed.
  @Test(arguments: [false, true])
  func constantDragNeedsAreTheFirstFramesPastEachLimit(stepsEveryFrame: Bool) throws {
    let scenario = Scenario(
      name: "drag", durationUs: 10_000_000, seed: 1, patienceUs: 30_000_000,
      viewport: ViewportSpec(heightPt: 852, frameRateHz: 240),
      feed: FeedSpec(totalItems: 100, pageSize: 1, itemHeightPt: .constant(400)),
      network: NetworkSpec(rttMs: .constant(100)),
      scroll: ScrollSpec(physics: .ios, source: .script([.drag(velocityPtS: 400, durationMs: 10_000)])))
    let lookahead = RunLookahead(scenario: try PreparedScenario(scenario), seed: 1)
    let needs = OracleNeedTimes.traceUs(
      lookahead, limitsPt: [0, 1000, 1000, 2000.5, 5000], stepsEveryFrame: stepsEveryFrame)
    #expect(needs == [4166, 2_504_166, 2_504_166, 5_004_166, nil])
  }

  /// A 10-minute drag at a velocity with a fraction (397.3 pt/s) that outlasts the trace, at
  /// rates whose frame step is not a whole µs: each search spans up to 144 000 frames and large
  /// τ, and the last need falls at the trace's end, where τ is clamped. Limits every 397 pt (600
  /// of them, the last beyond the drag's reach) give the same needs either way.
  @Test(arguments: [240, 90])
  func longDragSearchMatchesEveryFrameEvaluation(rateHz: Int) throws {
    let scenario = Scenario(
      name: "long drag", durationUs: 600_000_000, seed: 1, patienceUs: 30_000_000,
      viewport: ViewportSpec(heightPt: 852, frameRateHz: rateHz),
      feed: FeedSpec(totalItems: 700, pageSize: 1, itemHeightPt: .constant(400)),
      network: NetworkSpec(rttMs: .constant(100)),
      scroll: ScrollSpec(physics: .ios, source: .script([.drag(velocityPtS: 397.3, durationMs: 700_000)])))
    let lookahead = RunLookahead(scenario: try PreparedScenario(scenario), seed: 1)
    let limits = (0..<600).map { Double($0) * 397 }
    let searched = OracleNeedTimes.traceUs(lookahead, limitsPt: limits)
    #expect(searched == OracleNeedTimes.traceUs(lookahead, limitsPt: limits, stepsEveryFrame: true))
    // 397.3 pt/s × 600 s = 238 380 pt: every limit up to 599 × 397 = 237 803 pt is passed.
    #expect(searched.compactMap { $0 }.count == 600)
    #expect((searched.last ?? nil).map { $0 > 598_000_000 && $0 <= 600_000_000 } == true)
  }

  /// 300 random scenarios (drags at any velocity, flings, waits, jumps, recorded and synthetic
  /// users), two seeds each, with non-decreasing limits drawn across the content they scroll
  /// (repeats included): the search along drags gives every need the stepped evaluation gives.
  @Test func searchAlongDragsMatchesEveryFrameEvaluation() throws {
    var rng = SplitMix64(seed: 20_261_202)
    var differences: [String] = []
    var needsFound = 0
    for (index, scenario) in RunnableScenario.many(300, seed: 20_261_202).enumerated() {
      guard let prepared = try? PreparedScenario(scenario) else { continue }
      let reachPt = 1.5 * (scenario.feed.itemHeightPt.mean ?? 400) * Double(scenario.feed.totalItems)
      var limits = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
        Double.random(in: -100...max(1, reachPt), using: &rng)
      }
      limits.sort()
      if limits.count > 2 { limits[1] = limits[0] }
      for seed in [scenario.seed, scenario.seed &+ 1] {
        let lookahead = RunLookahead(scenario: prepared, seed: seed)
        let searched = OracleNeedTimes.traceUs(lookahead, limitsPt: limits)
        let stepped = OracleNeedTimes.traceUs(lookahead, limitsPt: limits, stepsEveryFrame: true)
        if searched != stepped { differences.append("scenario \(index) seed \(seed)") }
        needsFound += stepped.compactMap { $0 }.count
      }
    }
    #expect(differences.isEmpty, "\(differences.count) differ, e.g. \(differences.prefix(3))")
    // Most limits lie within reach: the comparison covers needs, not only their absence.
    #expect(needsFound > 1000)
  }
}
