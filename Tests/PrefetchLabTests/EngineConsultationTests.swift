import Testing

@testable import PrefetchLab

/// Every engine event consults the strategy at most once.
@Suite struct EngineConsultationTests {
  /// The example: 3-row pages (300 pt) under an 800 pt viewport, 1 s round trips. Page 0
  /// lands at 1 s with content shorter than the viewport, so every strategy asks for page 1 at
  /// once (the user's first drag starts half a second later). Without the in-flight guard, two
  /// consultations at that instant (`start`, then `pageApplied(0)`) sent two identical requests;
  /// one consultation sends one.
  @Test(arguments: guardableStrategies)
  func anUnguardedStrategyAsksOnceAtFirstContent(strategy: String) {
    let prepared = TestScenarios.steadyDrag(
      pageSize: 3, initialPageSize: 3,
      gestures: [.wait(durationMs: 500), .drag(velocityPtS: 400, durationMs: 2000)])
    let outcome = TestScenarios.run(prepared, strategy, ["guard_in_flight": .bool(false)])
    let atFirstContent = outcome.events.filter {
      $0.kind == .issued && $0.timeUs == 1_000_000 && $0.resource == .page(1)
    }
    #expect(atFirstContent.count == 1)
  }

  /// First content is one consultation, `start`, which stands for page 0's `pageApplied`. At 1 s
  /// two engine events happen: page 0's response arrives, then (apply delay 0) its rows go in.
  @Test func firstContentIsOneStart() {
    let strategy = ConsultationLogger<InfiniteScroll>("infinite_scroll")
    _ = Simulator.run(TestScenarios.steadyDrag(), strategy: strategy, seed: 1)
    let log = strategy.log.consultations
    #expect(log.filter { $0.timeUs == 1_000_000 }.map(\.event) == [.fetchCompleted(.page(0)), .start])
    #expect(!log.contains { $0.event == .pageApplied(page: 0) })
    #expect(log.contains { $0.event == .pageApplied(page: 1) })
  }

  /// A 1 s drag at 400 pt/s from first content (1.5 s) ends at τ = 1 s, frame 60 of the 60 Hz grid:
  /// clock 2.5 s. Nothing else happens then (page 1, asked for at first content, lands at 3 s
  /// with 1.5 s round trips), so the frame's single consultation is the lift.
  @Test func theFrameOfTheLiftIsOneDragEnded() {
    let prepared = TestScenarios.steadyDrag(
      rttMs: 1500, gestures: [.drag(velocityPtS: 400, durationMs: 1000), .wait(durationMs: 5000)])
    let strategy = ConsultationLogger<DirectionalRanges>("directional_ranges")
    _ = Simulator.run(prepared, strategy: strategy, seed: 1)
    let atLift = strategy.log.consultations.filter { $0.timeUs == 2_500_000 }
    #expect(atLift.map(\.event) == [.dragEnded])
    #expect(atLift.first?.viewportOffsetPt == 400)
    #expect(atLift.first?.phase == .idle)
    #expect(strategy.log.consultations.filter { $0.event == .dragEnded }.count == 1)
  }
}
