import Testing

@testable import PrefetchLab

/// The oracle on analytic cases (docs/model.md, "The oracle bound"): pages as early as pagination
/// allows, nothing wasted, and a flag where the bound cannot be claimed — with a run that shows
/// the flag is not idle caution.
@Suite struct OracleTests {
  static func run(_ scenario: PreparedScenario, _ name: String, _ parameters: [String: ParameterValue] = [:])
    -> RunOutcome
  {
    TestScenarios.run(scenario, name, parameters)
  }

  /// The analytic drag (1 s round trips, unlimited link, no apply delay, 400 pt/s over 2000 pt
  /// pages): first content at 1 s; page k is asked for the moment page k − 1 applies, at k s, and
  /// applies at k + 1 s, while the user needs it at 5k − 1 s: no stall (infinite scroll pauses a
  /// round trip at each of pages 1…9). All 10 pages are seen, none wasted.
  @Test func pagesAsEarlyAsPaginationAllows() {
    let scenario = TestScenarios.steadyDrag()
    let oracle = Self.run(scenario, "oracle")
    #expect(oracle.summary.stallUs == 0)
    #expect(oracle.summary.pageRequests == 10)
    #expect(oracle.summary.wastedFetches == 0 && oracle.summary.wastedBytes == 0)
    #expect(oracle.summary.boundCaveats == 0)
    let issued = oracle.events.filter { $0.kind == .issued }.map(\.timeUs)
    #expect(issued == (0..<10).map { Int64($0) * 1_000_000 })
    #expect(Self.run(scenario, "infinite_scroll").summary.stallUs == 9_000_000)
  }

  /// With media on every row (30 kB, 0.1 s round trips, 50 Mbit/s: an image in about 105 ms, even
  /// six at once in 130 ms, while a row stays on screen 2 s): every row seen gets its media,
  /// exactly once, in time to be seen, and nothing is wasted or cancelled.
  @Test func mediaForExactlyTheRowsSeen() {
    let scenario = TestScenarios.steadyDrag(rttMs: 100, media: .constant(30_000), bandwidthKbps: 50_000)
    let oracle = Self.run(scenario, "oracle").summary
    #expect(oracle.mediaRequests == oracle.itemsSeen)
    #expect(oracle.requestsCancelled == 0 && oracle.wastedFetches == 0 && oracle.wastedBytes == 0)
    #expect(oracle.stallUs == 0)
  }

  /// The bound's outage condition, broken on purpose. 1 s round trips, 600 pt/s, an outage over
  /// [1.9 s, 2.5 s). The oracle asks for page 1 at first content (1 s): its first byte falls due at
  /// 2 s, in the outage, and comes one round trip after it, at 3.5 s; the user needs page 1 at
  /// 3 s (bottom 800 + 600 × 2 s = 2000 pt): a 0.5 s pause. fixed_threshold at ratio 0.55 asks at
  /// 1.5 s (bottom 1100 pt), before the outage; its first byte is due at 2.5 s, just after it: no
  /// pause. The oracle flags the run (`outage_delayed_first_byte`) instead of claiming the bound.
  @Test func anOutageCanMakeALaterRequestArriveSooner() {
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag(velocityPtS: 600, durationMs: 20_000)) {
      $0.network.outages = [OutageWindow(startMs: 1900, durationMs: 600)]
    }
    let oracle = Self.run(scenario, "oracle").summary
    #expect(BoundCaveats(rawValue: UInt32(oracle.boundCaveats)) == .outageDelayedFirstByte)
    #expect(abs(oracle.stallUs - 500_000) <= 20)
    let threshold = Self.run(scenario, "fixed_threshold", ["ratio": .number(0.55)]).summary
    #expect(threshold.stallUs == 0)
  }

  /// A jump to item 19, the last row of page 0: a client holding page 0 only lands 100 pt short
  /// (scrollToItem stops at the end of content, 2000 − 800 pt), one holding page 1 lands on it.
  /// The users differ: flagged `clamped_jump`. A jump to item 5 (1500 pt of page 0 below it)
  /// lands alike everywhere: not flagged.
  @Test func aJumpThatCanLandShortIsFlagged() {
    func caveats(jumpTo item: Int) -> BoundCaveats {
      let scenario = TestScenarios.steadyDrag(
        gestures: [.wait(durationMs: 500), .jump(.item(item)), .drag(velocityPtS: 400, durationMs: 5000)])
      return BoundCaveats(rawValue: UInt32(Self.run(scenario, "oracle").summary.boundCaveats))
    }
    #expect(caveats(jumpTo: 19) == .clampedJump)
    #expect(caveats(jumpTo: 5) == [])
  }

  /// The latency check: a periods trace whose latency drops is flagged, one whose latency only
  /// grows is not; a looping trace also drops from its last segment to its first.
  @Test func fallingTraceLatencyIsDetected() throws {
    func trace(_ latencies: [Double], loop: Bool) throws -> BandwidthTrace {
      try BandwidthTrace(
        segments: latencies.map {
          BandwidthTrace.Segment(durationUs: 1_000_000, bytesPerSecond: 1e6, latencyMs: $0)
        },
        loop: loop)
    }
    #expect(OraclePlanner.latencyFalls(try trace([100, 50], loop: false)))
    #expect(!OraclePlanner.latencyFalls(try trace([50, 100], loop: false)))
    #expect(OraclePlanner.latencyFalls(try trace([50, 100], loop: true)))
    #expect(!OraclePlanner.latencyFalls(try trace([70, 70], loop: true)))
  }

  /// Only the oracle is a clairvoyant reference; it is told its run through the lookahead, and the
  /// column it reports to is 0 for every other strategy.
  @Test func onlyTheOracleIsClairvoyant() {
    let registry = StrategyRegistry.builtIn
    #expect(registry.definitions.filter(\.isClairvoyant).map(\.name) == ["oracle"])
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag(durationMs: 5000)) {
      $0.network.outages = [OutageWindow(startMs: 1500, durationMs: 1000)]
    }
    for name in registry.names where name != "oracle" {
      #expect(Self.run(scenario, name).summary.boundCaveats == 0, "\(name)")
    }
  }
}
