import Testing

@testable import PrefetchLab

/// With no latency anywhere (zero round trip, unlimited bandwidth, no apply delay) nothing
/// stalls: a frame whose intent runs past the end of loaded content lets the strategy ask first,
/// and what arrives at that instant is shown in that frame.
@Suite struct EngineZeroLatencyTests {
  /// The analytic feed (100 pt rows, 20-row pages, 800 pt viewport) with a 44 pt loading footer,
  /// no latency anywhere, 2 000 rows.
  static func instant(_ gestures: [Gesture]) -> PreparedScenario {
    TestScenarios.steadyDrag(rttMs: 0, totalItems: 2000, footerPt: 44, gestures: gestures)
  }

  /// A drag at 6 000 pt/s moves 100 pt a frame, more than the 44 pt footer: infinite_scroll's
  /// footer first shows in the very frame that wants to go past it. The frame at τ = 0.2 s, for
  /// one, wants 1 200 pt against an end at 2 000 + 44 − 800 = 1 244 pt (no stall); the next
  /// wants 1 300 pt. Before, that frame began a pause dated back to τ = 0.207 333 s (1 244 pt)
  /// and page 1, asked for in that frame, ended it at its instant: a stall of 9.3 ms per page.
  /// Now page 1 lands within the frame and the user never waits. Texture checks only after the
  /// lift (a drag), unless asked to check during drags.
  @Test(arguments: allStrategies)
  func aFastDragNeverStalls(strategy: String) {
    let prepared = Self.instant([.drag(velocityPtS: 7000, durationMs: 3000), .wait(durationMs: 1000)])
    let parameters: [String: ParameterValue] =
      strategy == "directional_ranges" ? ["check_during_drag": .bool(true)] : [:]
    let summary = TestScenarios.run(prepared, strategy, parameters).summary
    #expect(summary.stallCount == 0)
    #expect(summary.stallUs == 0)
    #expect(summary.firstContentUs == 0)
    // 18 000 pt in 3 s: the viewport's bottom at 18 800 pt holds rows up to 188, page 9.
    #expect(summary.pageRequests >= 10)
    #expect(summary.sessionUs == 4_000_000)
  }

  /// Flings (the phase Texture checks frame by frame) at 8 000 pt/s, each followed by half a
  /// second's rest: no strategy stalls, with its default parameters.
  @Test(arguments: allStrategies)
  func flingsNeverStall(strategy: String) {
    let flings = (0..<6).flatMap { _ in [Gesture.fling(velocityPtS: 8000), .wait(durationMs: 500)] }
    let summary = TestScenarios.run(Self.instant(flings), strategy).summary
    #expect(summary.stallCount == 0)
    #expect(summary.stallUs == 0)
    #expect(summary.pageRequests > 5)
  }

  /// A jump to row 900, 45 pages beyond the first: every page the strategy asks for on the way
  /// arrives at the jump's frame, so the user waits for nothing.
  @Test(arguments: allStrategies)
  func aJumpFarAheadDoesNotWait(strategy: String) {
    let prepared = Self.instant([.wait(durationMs: 510), .jump(.item(900)), .wait(durationMs: 1000)])
    let summary = TestScenarios.run(prepared, strategy).summary
    #expect(summary.stallCount == 0)
    #expect(summary.stallUs == 0)
    // Row 900 is in: at least 901 items loaded, however the strategy sized its first request.
    #expect(summary.itemsLoaded > 900)
  }

  /// Unguarded code at zero latency: every response callback asks for the frontier page again,
  /// and each duplicate arrives at the same instant as the page it repeats. The held frame
  /// handles what is due at its instant until nothing is; the page goes in before its duplicate
  /// completes, so the content moves on and the chain ends.
  @Test(arguments: guardableStrategies)
  func unguardedCodeAtZeroLatencyEnds(strategy: String) {
    let prepared = Self.instant([.drag(velocityPtS: 7000, durationMs: 3000), .wait(durationMs: 1000)])
    var parameters: [String: ParameterValue] = ["guard_in_flight": .bool(false)]
    if strategy == "directional_ranges" { parameters["check_during_drag"] = .bool(true) }
    let summary = TestScenarios.run(prepared, strategy, parameters).summary
    #expect(summary.sessionUs == 4_000_000)
    #expect(summary.stallUs == 0)
    #expect(summary.itemsLoaded >= 200)
  }

  /// A jump to 7 900 pt (page 0 holds 2 000 pt) and at once a fling back up: the fling starts past
  /// the end, its projected target behind the viewport. A fling stopped at the end shows the end
  /// as its target, so target_range, which loads what a fling heads for, asks for the pages
  /// (every one at once here); it used to see the target behind and wait for ever (abandoned).
  @Test func aFlingStartingPastTheEndHeadsForTheEnd() {
    let prepared = Self.instant([.jump(.offsetPt(7900)), .fling(velocityPtS: -6000), .wait(durationMs: 1000)])
    let summary = TestScenarios.run(prepared, "target_range").summary
    #expect(summary.stallUs == 0)
    #expect(!summary.abandoned)
    #expect(summary.pageRequests >= 5)
    let slow = TestScenarios.modified(prepared) { $0.network.rttMs = .constant(200) }
    #expect(!TestScenarios.run(slow, "target_range").summary.abandoned)
  }
}
