import Testing

@testable import PrefetchLab

/// What `StrategyContext.lastTransfer` tells a strategy: the fetch whose completion is reported,
/// timed as the client saw it, and nothing at any other consultation.
@Suite struct EngineTransferRecordTests {
  /// Records `lastTransfer` at every consultation.
  struct Recorder: PrefetchStrategy {
    var seen: [(event: StrategyEvent, transfer: TransferRecord?)] = []
    init(parameters: StrategyParameters) {}
    mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
      seen.append((event, context.lastTransfer))
      if case .start = event { context.requestPage() }
      return .everyFrame
    }
  }

  /// 1 s round trips, 192 kbit/s (24 000 bytes/s): the first page (24 000 bytes) is asked for at
  /// 0, takes its connection at 0, its first byte comes at 1 s and its last at 2 s; it applies at
  /// 2 s (no apply delay), when page 1 is asked for: first byte 3 s, last byte 4 s. Every other
  /// consultation sees nil.
  @Test func aCompletedFetchIsReportedWithItsTiming() {
    let scenario = TestScenarios.steadyDrag(durationMs: 3000, bandwidthKbps: 192)
    let simulation = Simulator.makeSimulation(scenario, seed: 1, options: SimulationOptions())
    var recorder = Recorder(parameters: StrategyParameters([:]))
    _ = simulation.run(&recorder)
    let reported = recorder.seen.filter { $0.transfer != nil }
    #expect(reported.map(\.event) == [.fetchCompleted(.page(0)), .fetchCompleted(.page(1))])
    #expect(
      reported.map(\.transfer) == [
        TransferRecord(
          resource: .page(0), bytes: 24_000, issuedUs: 0, attemptStartUs: 0, firstByteUs: 1_000_000,
          completedUs: 2_000_000),
        TransferRecord(
          resource: .page(1), bytes: 24_000, issuedUs: 2_000_000, attemptStartUs: 2_000_000,
          firstByteUs: 3_000_000, completedUs: 4_000_000),
      ])
    #expect(recorder.seen.contains { $0.event == .frame })
    #expect(
      recorder.seen.allSatisfy { $0.transfer == nil || $0.event == .fetchCompleted($0.transfer!.resource) })
  }
}
