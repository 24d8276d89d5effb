import Testing

@testable import PrefetchLab

/// With a pull to refresh the oracle is no bound on stall or on waste, and its caveat says so:
/// its plan starts over at the refresh and fetches again what it planned for rows seen before.
@Suite struct RefreshOracleBoundTests {
  /// A cursor feed of 300 pt rows with 30 kB images, 100 ms round trips on 5 Mbit/s; the user
  /// flings eight times, pulls to refresh, and rests 20 s on the new list's top.
  static let deepThenRefresh = """
    {"name": "deep-refresh", "network": {"rtt_ms": 100, "bandwidth_kbps": 5000},
     "feed": {"item_height_pt": 300, "media_bytes": 30000, "page_size": 10},
     "scroll": {"script": [
       {"repeat": {"count": 8, "script": [{"fling": {"velocity_pt_s": 3000}}, {"wait": {"duration_ms": 800}}]}},
       {"refresh": {}}, {"wait": {"duration_ms": 20000}}]}}
    """

  @Test func theOracleWastesWhatItPlannedBeforeTheRefresh() throws {
    let prepared = try PreparedScenario(ScenarioFixture.load(Self.deepThenRefresh))
    let oracle = TestScenarios.run(prepared, "oracle").summary
    let infinite = TestScenarios.run(prepared, "infinite_scroll").summary
    // Golden numbers: 44 images of 30 kB and 1 248 000 bytes in all, against infinite_scroll's
    // 3 472 bytes (part of one page's body).
    #expect(oracle.wastedFetches == 44)
    #expect(oracle.wastedBytes == 1_248_000)
    #expect(infinite.wastedBytes == 3472)
    let caveats = BoundCaveats(rawValue: UInt32(oracle.boundCaveats))
    #expect(caveats == .refreshed)
    #expect(caveats.unboundMetrics == ["stall_ms", "wasted_fetches", "wasted_bytes"])
    #expect(caveats.reasons.count == 1)
  }

  @Test func otherCaveatsSuspendTheStallBoundOnly() {
    #expect(BoundCaveats().unboundMetrics.isEmpty)
    #expect(BoundCaveats.clampedJump.unboundMetrics == ["stall_ms"])
    #expect(BoundCaveats([.outageDelayedFirstByte, .radioPromotion]).unboundMetrics == ["stall_ms"])
    #expect(
      BoundCaveats([.clampedJump, .refreshed]).unboundMetrics == [
        "stall_ms", "wasted_fetches", "wasted_bytes",
      ])
    #expect(BoundCaveats.clampedJump.reasons.isEmpty)
  }
}
