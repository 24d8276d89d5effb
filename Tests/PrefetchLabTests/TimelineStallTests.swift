import Testing

@testable import PrefetchLab

/// Every stall shows in the timeline, from its true start (the instant the user's intent crossed
/// the end of loaded content, up to a frame before the frame that found it) to its end, however
/// short.
@Suite struct TimelineStallTests {
  /// The stalls a timeline shows: from a row with `stalled` to the next row without (or the last
  /// row), as the timeline plot shades them.
  static func stalls(_ timeline: [TimelineSample]) -> [(startUs: Int64, durationUs: Int64)] {
    var result: [(Int64, Int64)] = []
    var open: Int64?
    for row in timeline {
      if row.stalled, open == nil { open = row.timeUs }
      if !row.stalled, let start = open {
        result.append((start, row.timeUs - start))
        open = nil
      }
    }
    if let start = open, let last = timeline.last { result.append((start, last.timeUs - start)) }
    return result
  }

  /// A 7 000 pt/s drag over 20-row pages with a 44 pt footer and a 1 ms round trip: the frame at
  /// τ = 0.183 333 s wants 1 283.3 pt, past the end at 2 000 + 44 − 800 = 1 244 pt, which the
  /// intent reached at τ = 0.177 714 s. infinite_scroll asks for page 1 in that frame and it
  /// lands 1 ms later: a stall of 5 619 + 1 000 µs, from 177 714 µs to 184 333 µs, shorter than a
  /// frame and between two timeline rows. It shows from its start.
  @Test func aStallShorterThanAFrameShowsFromItsStart() {
    let prepared = TestScenarios.steadyDrag(
      rttMs: 1, totalItems: 2000, footerPt: 44,
      gestures: [.drag(velocityPtS: 7000, durationMs: 3000), .wait(durationMs: 1000)])
    let outcome = TestScenarios.run(prepared, "infinite_scroll")
    let shown = Self.stalls(outcome.timeline)
    #expect(shown.first?.startUs == 178_714)  // first content at 1 ms
    #expect(shown.first?.durationUs == 6_619)
    let start = outcome.timeline.first { $0.stalled }
    #expect(start?.traceUs == 177_714)
    #expect(start?.velocityPtS == 0)
    #expect(shown.count == outcome.summary.stallCount)
    #expect(shown.map(\.durationUs).reduce(0, +) == outcome.summary.stallUs)
  }

  /// Over synthetic users on a slow network, every strategy's timeline shows as many stalls as the
  /// summary counts and exactly as long.
  @Test(arguments: allStrategies)
  func theTimelineShowsEveryStall(strategy: String) {
    for model in [UserModelName.flinger, .mixed, .jumper] {
      let prepared = TestScenarios.modified(
        TestScenarios.steadyDrag(rttMs: 300, totalItems: 2000, footerPt: 44)
      ) {
        $0.scroll = ScrollSpec(physics: .ios, source: .model(UserModelSpec(name: model)))
        $0.durationUs = 60_000_000
        $0.feed.itemHeightPt = .uniform(min: 80, max: 400)
        $0.network.rttMs = .lognormal(median: 300, sigma: 0.5)
      }
      for seed in UInt64(1)...3 {
        let outcome = TestScenarios.run(prepared, strategy, seed: seed)
        let shown = Self.stalls(outcome.timeline)
        #expect(shown.count == outcome.summary.stallCount, "\(model) seed \(seed)")
        #expect(shown.map(\.durationUs).reduce(0, +) == outcome.summary.stallUs, "\(model) seed \(seed)")
      }
    }
  }
}
