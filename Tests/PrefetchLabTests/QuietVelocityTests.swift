import Testing

@testable import PrefetchLab

/// a `Wake` band `whileVelocityHolds` as a custom strategy relies on it: frames
/// are skipped only while they move at the velocity the declaring consultation read.
@Suite struct QuietVelocityTests {
  /// Asks for a page at any frame faster than 100 pt/s; otherwise declares every offset quiet
  /// while the velocity holds (a decision that reads only the velocity).
  struct VelocityGate: PrefetchStrategy {
    init(parameters: StrategyParameters = StrategyParameters([:])) {}

    mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
      if case .frame = event, context.velocityPtS > 100 { context.requestPage() }
      guard context.velocityPtS <= 100 else { return .everyFrame }
      return .whileOffset(within: -.infinity, .infinity, acrossRowChanges: true, whileVelocityHolds: true)
    }
  }

  /// A 400 pt/s drag reaches the end of the first page (1 200 pt with an 800 pt viewport) at
  /// τ = 3 s exactly and stalls (RTT 5 s); the frame that wakes when the stall ends is still
  /// (τ has not moved) and takes the drag's velocity, while the band was declared at rest. Every
  /// later frame must still be compared with the declared velocity (0): the drag's frames are
  /// consulted, and the gate asks for the next pages as the stepped engine does. When the band
  /// compared with the last frame's velocity, the event engine skipped them: 7 s of stall in 2
  /// stalls against 2.02 s in 1.
  @Test func aStillFrameDoesNotChangeTheDeclaredVelocity() throws {
    let scenario = Scenario(
      name: "latch", durationUs: 14_000_000, seed: 1, patienceUs: 60_000_000,
      viewport: ViewportSpec(heightPt: 800, frameRateHz: 60),
      feed: FeedSpec(
        totalItems: 200, pageSize: 20, applyDelayMs: .constant(0), itemHeightPt: .constant(100),
        pageBytes: .constant(24_000), footerHeightPt: 0),
      network: NetworkSpec(
        rttMs: .constant(5000), bandwidthKbps: nil, maxConcurrentRequests: 6, timeoutMs: 60_000),
      scroll: ScrollSpec(physics: .android, source: .script([.drag(velocityPtS: 400, durationMs: 10_000)])))
    let prepared = try PreparedScenario(scenario)
    var summaries: [SummaryMetrics] = []
    var frames: [Int] = []
    for engine in [SimulationEngine.stepped, .event] {
      let outcome = Simulator.run(
        prepared, strategy: VelocityGate(), seed: 1,
        options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false, engine: engine))
      summaries.append(outcome.summary)
      frames.append(outcome.framesProcessed)
    }
    #expect(summaries[0] == summaries[1])
    #expect(summaries[0].stallCount == 1)
    #expect(summaries[0].stallUs == 2_016_666)
    #expect(frames[1] < frames[0])
  }
}
