import Testing

@testable import PrefetchLab

/// A drag that runs into the end of loaded content is not the finger lifting: the finger stays
/// down, pressing against the end, until its drag ends in the user's trace (counted from the
/// stall's start) or content lets the drag go on. Drag-end events, and Texture's batch check at
/// drag end, happen at the real lift.
@Suite struct DragPhaseTests {
  /// 100 pt rows in pages of 3 under an 800 pt viewport, 1 s round trips: page 0 shows at 1 s and
  /// Texture asks for page 1 at once (300 pt of content, shorter than the viewport). The drag
  /// starts at τ = 0.505 s, between frames: its first frame (clock 1.516 666 s) already wants to
  /// move past the end (the content fits the viewport), so the pause starts at τ = 0.505 s (clock
  /// 1.505 s). The finger stays down: the strategy sees the drag from that frame on (so Texture
  /// leaves Minimum mode), and still sees it when page 1 lands at 2 s — 600 pt, still shorter
  /// than the viewport, but Texture checks nothing while a finger is down. The 2 s drag ends at
  /// τ = 2.505 s, clock 1.505 + 2 = 3.505 s: the finger lifts, with no velocity and the end as
  /// target, and only then is page 2 asked for; it lands at 4.505 s (900 pt) and the user moves
  /// on: a 3 s stall. (When the stall was taken for a lift, page 2 came at 3 s: 1.495 s.)
  @Test func aDragStoppedInItsFirstFrameStaysDownUntilItLifts() {
    let scenario = TestScenarios.steadyDrag(
      pageSize: 3, initialPageSize: 3,
      gestures: [.wait(durationMs: 505), .drag(velocityPtS: 400, durationMs: 2000)])
    let strategy = ConsultationLogger<DirectionalRanges>("directional_ranges")
    let outcome = Simulator.run(scenario, strategy: strategy, seed: 1)
    let log = strategy.log.consultations
    #expect(log.first { $0.phase == .dragging }?.timeUs == 1_516_666)
    #expect(
      log.contains { $0.timeUs == 2_000_000 && $0.event == .pageApplied(page: 1) && $0.phase == .dragging })
    let lift = log.first { $0.event == .dragEnded }
    #expect(lift?.timeUs == 3_505_000)
    #expect(lift?.phase == .idle)
    #expect(lift?.projectedTargetOffsetPt == 0)
    let pageIssues = outcome.events.filter { $0.kind == .issued }.map(\.timeUs)
    #expect(pageIssues.prefix(3) == [0, 1_000_000, 3_505_000])
    let firstStall = outcome.timeline.first { $0.stalled }
    #expect(firstStall?.traceUs == 505_000)
    #expect(outcome.summary.stallMaxUs == 3_000_000)
  }

  /// Texture against a long drag: 20-row pages (2 000 pt), 1 s round trips, a rest of 0.5 s, a
  /// 10 s drag at 400 pt/s, then 5 s of rest. Page 1 is asked for at first content (1 s; 2 000 −
  /// 800 − 0 = 1 200 pt left ≤ 2 screens) and lands at 2 s, during the drag: no check. While the
  /// finger is down Texture checks nothing, so the drag reaches the end (3 200 pt) at τ = 8.5 s,
  /// clock 9.5 s, with nothing in flight. The finger stays down until its drag ends, τ = 10.5 s:
  /// clock 9.5 + 2 = 11.5 s. Only then does `scrollViewWillEndDragging` run the batch check
  /// (target at the end, 0 pt left): page 2 lands at 12.5 s and the 3 s stall ends. The rest of
  /// the drag (τ 8.5…10.5 s) is a new touch, whose lift at clock 14.5 s asks for page 3 (6 000 −
  /// 800 − 4 000 = 1 200 pt left). Session: 1 + 15.5 + 3 = 19.5 s. (When the stall was taken for
  /// a lift, page 2 was asked for at 9.517 s: a 1.017 s stall.)
  @Test func texturesBatchCheckWaitsForTheRealLift() {
    let scenario = TestScenarios.steadyDrag(
      gestures: [
        .wait(durationMs: 500), .drag(velocityPtS: 400, durationMs: 10_000), .wait(durationMs: 5000),
      ])
    let strategy = ConsultationLogger<DirectionalRanges>("directional_ranges")
    let outcome = Simulator.run(scenario, strategy: strategy, seed: 1)
    let summary = outcome.summary
    #expect(summary.stallCount == 1)
    #expect(summary.stallUs == 3_000_000)
    #expect(summary.sessionUs == 19_500_000)
    let lifts = strategy.log.consultations.filter { $0.event == .dragEnded }
    #expect(lifts.map(\.timeUs) == [11_500_000, 14_500_000])
    #expect(lifts.first?.phase == .idle)
    #expect(lifts.first?.viewportOffsetPt == 3200)
    #expect(lifts.first?.projectedTargetOffsetPt == 3200)
    let pageIssues = outcome.events.filter { $0.kind == .issued }.map { ($0.resource, $0.timeUs) }
    #expect(pageIssues.map(\.0) == [.page(0), .page(1), .page(2), .page(3)])
    #expect(pageIssues.map(\.1) == [0, 1_000_000, 11_500_000, 14_500_000])
  }

  /// Content that arrives while the finger is down lets the drag go on: infinite_scroll under
  /// the analytic drag (one 60 s drag, a 1 s stall per page) never hears a drag end — the trace
  /// ends with the finger down — and every page applied during a stall finds it dragging.
  @Test func contentArrivingMidDragContinuesIt() {
    let strategy = ConsultationLogger<InfiniteScroll>("infinite_scroll")
    let outcome = Simulator.run(TestScenarios.steadyDrag(), strategy: strategy, seed: 1)
    #expect(outcome.summary.stallCount == 9)
    #expect(outcome.summary.stallUs == 9_000_000)
    let log = strategy.log.consultations
    #expect(!log.contains { $0.event == .dragEnded })
    let applied = log.filter { if case .pageApplied = $0.event { return true } else { return false } }
    #expect(applied.count == 9)
    #expect(applied.allSatisfy { $0.phase == .dragging })
  }

  /// A recorded drag comes in pieces (one per touch move, the same finger still down): the
  /// finger lifts at the end of the last piece, not of the piece that hit the end. 100 pieces of
  /// 100 ms at 400 pt/s make the same 10 s drag as above, so the same lifts.
  @Test func aDragInPiecesLiftsAtItsLastPiece() {
    var builder = ScrollScriptBuilder()
    builder.wait(durationUs: 500_000)
    for piece in 0..<100 { builder.drag(velocityPtS: 400, durationUs: 100_000, continuesTouch: piece > 0) }
    builder.wait(durationUs: 5_000_000)
    let prepared = TestScenarios.steadyDrag()
    let simulation = Simulation(
      scenario: prepared.scenario, seed: 1, source: builder.build(), trace: prepared.trace,
      options: SimulationOptions(), edgeBehavior: prepared.edgeBehavior)
    var strategy = ConsultationLogger<DirectionalRanges>("directional_ranges")
    let outcome = simulation.run(&strategy)
    #expect(outcome.summary.stallUs == 3_000_000)
    #expect(
      strategy.log.consultations.filter { $0.event == .dragEnded }.map(\.timeUs) == [11_500_000, 14_500_000])
  }
}
