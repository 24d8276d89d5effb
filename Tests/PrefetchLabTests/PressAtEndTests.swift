import Testing

@testable import PrefetchLab

/// `scroll.at_end` `"press"`: a finger that keeps pressing against the end of loaded content.
/// Trace time runs on through a stall, the viewport waits at the end and catches up at the first
/// frame after content grows, and an `IntersectionObserver` sentinel that never leaves the grown
/// viewport gives no new entry. Figures computed by hand on the browser validation's
/// `web-rtt900-v2400` case, both engines.
@Suite struct PressAtEndTests {
  /// 100 pt rows in pages of 10 (1 000 pt), an 800 pt viewport, a 44 pt footer, 900 ms + 4.8 ms
  /// of body a page (12 000 bytes at 20 Mbit/s), no apply delay, patience 4 s; a 0.5 s rest, then
  /// three 2 s drags at 2 400 pt/s each followed by a 1 s rest (9.5 s of trace).
  static func web(atEnd: ScrollAtEnd, patienceMs: Double = 4000) -> PreparedScenario {
    let stroke: [Gesture] = [.drag(velocityPtS: 2400, durationMs: 2000), .wait(durationMs: 1000)]
    let base = TestScenarios.steadyDrag(
      rttMs: 900, totalItems: 10_000, pageSize: 10, footerPt: 44, bandwidthKbps: 20_000,
      patienceMs: patienceMs, gestures: [.wait(durationMs: 500)] + stroke + stroke + stroke)
    return TestScenarios.modified(base) {
      $0.feed.pageBytes = .constant(12_000)
      $0.scroll.atEnd = atEnd
    }
  }

  static func observer(margin: Double, recheck: Bool) -> ConfiguredStrategy {
    TestScenarios.configured(
      "intersection_observer", ["root_margin_px": .number(margin), "recheck_after_load": .bool(recheck)])
  }

  /// Runs both engines with a timeline and request events, expects them identical, returns one.
  static func run(_ prepared: PreparedScenario, _ strategy: ConfiguredStrategy) -> RunOutcome {
    let outcomes = [SimulationEngine.stepped, .event].map { engine in
      Simulator.run(
        prepared, strategy: strategy, seed: 1,
        options: SimulationOptions(timelineIntervalUs: 100_000, recordEvents: true, engine: engine))
    }
    #expect(EngineEquivalenceTests.Observed(outcomes[0]) == EngineEquivalenceTests.Observed(outcomes[1]))
    return outcomes[1]
  }

  static func pageIssues(_ outcome: RunOutcome) -> [Int64] {
    outcome.events.filter {
      if case .page = $0.resource { return $0.kind == .issued }
      return false
    }.map(\.timeUs)
  }

  /// Margin 0: page 1 goes out at the frame τ = 600 ms (the sentinel at 1 000 pt meets the
  /// viewport's bottom at offset 200, τ = 583.3 ms, first seen at the next frame), clock
  /// 904.8 + 600 = 1 504.8 ms, and lands at 2 409.6 ms. The intent passes the end (244 pt) at
  /// τ = 601.666 ms, clock 1 506.466 ms. Pressing, the finger is at 2 411.52 pt when page 1 lands,
  /// past the new end (1 244 pt): stall 1 is 903.134 ms and stall 2 starts at once. The next frame
  /// shows the new end, where the sentinel (2 000 pt) intersects again: it did at every frame
  /// since, so no entry; the re-check ran at the append, with the viewport still at 244 pt (its
  /// bottom at 1 044 pt), and saw nothing. Stuck either way: the user leaves 4 s into stall 2, at
  /// 6 409.6 ms, after 2 requests and 4 903.134 ms of stalls, as Chromium does.
  @Test(arguments: [false, true])
  func aPressedObserverSentinelIsStuckWithOrWithoutTheRecheck(recheck: Bool) {
    let outcome = Self.run(Self.web(atEnd: .press), Self.observer(margin: 0, recheck: recheck))
    #expect(Self.pageIssues(outcome) == [0, 1_504_800])
    #expect(outcome.summary.stallCount == 2)
    #expect(outcome.summary.stallUs == 903_134 + 4_000_000)
    #expect(outcome.summary.abandoned)
    #expect(outcome.summary.sessionUs == 6_409_600)
    // The pause model's user comes back from the old end, the sentinel leaves and enters again.
    let waiting = Self.run(Self.web(atEnd: .wait), Self.observer(margin: 0, recheck: recheck))
    #expect(waiting.summary.pageRequests == 16 && !waiting.summary.abandoned)
  }

  /// With more patience the stuck stall runs on with the script's clock: stall 2 lasts from
  /// 2 409.6 ms to the end of the trace, 904.8 + 9 500 = 10 404.8 ms (7 995.2 ms), where the
  /// pause model would wait for ever with τ held (the session ends at patience).
  @Test func aStuckStallGrowsWithScriptTime() {
    let outcome = Self.run(
      Self.web(atEnd: .press, patienceMs: 60_000), Self.observer(margin: 0, recheck: false))
    #expect(outcome.summary.pageRequests == 2)
    #expect(outcome.summary.stallCount == 2)
    #expect(outcome.summary.stallUs == 903_134 + 7_995_200)
    #expect(!outcome.summary.abandoned)
    #expect(outcome.summary.sessionUs == 10_404_800)
    // τ ran on through the stall: the last timeline row is at the trace's end.
    #expect(outcome.timeline.last?.traceUs == 9_500_000)
  }

  /// Margin 1 200 with the re-check: page 1 at the observer's first report (904.8 ms), page 2 by
  /// the re-check when page 1 lands (1 809.6 ms: its sentinel at 2 000 pt is within 1 044 + 1 200
  /// pt). Stall 1 from τ = 601.666 ms (clock 1 506.466) to 1 809.6 ms: 303.134 ms, the finger
  /// then within the new end. It passes 1 244 pt at τ = 1 018.333 ms (clock 1 923.133) and page 2
  /// lands at 2 714.4 ms with the finger past the new end: stall 2 is 791.267 ms, and from there
  /// each page lands with the finger past it and re-checks the next out: eight stalls of one
  /// round trip (904.8 ms) to 9 952.8 ms and a last one to the trace's end at 10 404.8 ms
  /// (452 ms). Twelve requests, each at the append before it; nothing abandoned.
  @Test func theRecheckKeepsAPressedListLoading() {
    let outcome = Self.run(Self.web(atEnd: .press), Self.observer(margin: 1200, recheck: true))
    #expect(Self.pageIssues(outcome) == [0] + (1...11).map { Int64($0) * 904_800 })
    #expect(outcome.summary.stallCount == 11)
    #expect(outcome.summary.stallUs == 303_134 + 791_267 + 8 * 904_800 + 452_000)
    #expect(!outcome.summary.abandoned)
    #expect(outcome.summary.sessionUs == 10_404_800)
  }

  /// The default is the pause model, and a scenario that says `"wait"` is the same scenario.
  @Test func waitIsTheDefault() throws {
    let json = #"""
      {"name": "w", "viewport": {"height_pt": 800}, "feed": {"total_items": 100},
       "network": {"rtt_ms": 100}, "scroll": {"script": [{"drag": {"velocity_pt_s": 900, "duration_ms": 2000}}]%@},
       "strategies": ["infinite_scroll"]}
      """#
    func load(_ extra: String) throws -> Scenario {
      let text = json.replacingOccurrences(of: "%@", with: extra)
      return try ScenarioLoader.load(data: Array(text.utf8), file: "w.json", baseDirectory: "")
    }
    #expect(try load("").scroll.atEnd == .wait)
    #expect(try load(#", "at_end": "wait""#) == load(""))
    #expect(try load(#", "at_end": "press""#).scroll.atEnd == .press)
  }

  /// `StallClock` under press: τ runs through a pause; content ending it records it at once (no
  /// merging with a pause that starts again at the same instant), and the session's end is due
  /// while stalled.
  @Test func theStallClockRunsWhilePressing() {
    var stall = StallClock(durationUs: 10_000_000, patienceUs: 30_000_000, pressesAtEnd: true)
    stall.start(atUs: 1_000_000)
    #expect(stall.advance(toTraceUs: 500_000, atUs: 1_500_000) == nil)
    #expect(stall.beginPause(atTraceUs: 600_000) == nil)
    #expect(stall.stallStartUs == 1_600_000)
    #expect(stall.traceUs(atUs: 1_900_000) == 900_000)
    #expect(stall.endUs() == 11_000_000)
    #expect(stall.endPause(atUs: 2_000_000) == 400_000)
    #expect(stall.traceUs == 1_000_000 && stall.traceClockUs == 2_000_000)
    #expect(!stall.mayContinue(serial: 1))
    stall.notePastEndOnResume()
    #expect(stall.pastEndOnResume)
    #expect(stall.beginPause(atTraceUs: 1_000_000) == nil)
    #expect(stall.stallStartUs == 2_000_000 && stall.stallSerial == 2 && !stall.pastEndOnResume)
    #expect(stall.finish(atUs: 2_500_000) == 500_000)
  }
}
