import Testing

@testable import PrefetchLab

/// directional_ranges that writes down the phase it sees at every update.
struct PhaseRecordingRanges: PrefetchStrategy {
  final class Log: @unchecked Sendable {
    var updates: [(timeUs: Int64, event: StrategyEvent, phase: ScrollPhase)] = []
  }

  let log = Log()
  var inner: DirectionalRanges

  init(parameters: StrategyParameters) { inner = DirectionalRanges(parameters: parameters) }

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) {
    log.updates.append((context.nowUs, event, context.phase))
    inner.update(event, in: context)
  }
}

/// A drag that runs into the end of loaded content in its first frame is stopped there and let go
/// (the pause model): strategies never see it as dragging, so Texture stays in Minimum range
/// mode until the drag really moves the content.
@Suite struct DragPhaseTests {
  /// 100 pt rows in pages of 3 under an 800 pt viewport, 1 s round trips: page 0 shows at 1 s,
  /// pages 1 and 2 follow at 2 s and 3 s (the content is shorter than the viewport, so batch
  /// fetching asks at once). The drag starts at τ = 0.505 s, between frames: its first frame
  /// (τ = 0.5167 s) already wants to move past the end (the 300 pt of content fit the viewport),
  /// so the pause starts at τ = 0.505 s and the sample becomes idle. 600 pt at 2 s still fit; 900
  /// pt at 3 s let the user move, and the frame at 3 s is the first to show the drag.
  @Test func aDragStoppedInItsFirstFrameIsNeverSeenDragging() {
    let scenario = TestScenarios.steadyDrag(
      pageSize: 3, initialPageSize: 3,
      gestures: [.wait(durationMs: 505), .drag(velocityPtS: 400, durationMs: 2000)])
    let strategy = PhaseRecordingRanges(parameters: TestScenarios.configured("directional_ranges").parameters)
    let outcome = Simulator.run(scenario, strategy: strategy, seed: 1)
    let updates = strategy.log.updates
    #expect(updates.first { $0.phase == .dragging }?.timeUs == 3_000_000)
    #expect(
      updates.contains { $0.timeUs == 2_000_000 && $0.event == .pageApplied(page: 1) && $0.phase == .idle })
    // The frame at 1.5167 s finds the pause, which holds τ at 0.505 s (clock 1.505 s) until page
    // 2 at 3 s: 1.495 s, the longest (later pages come 1 s after the user reaches them).
    let firstStall = outcome.timeline.first { $0.stalled }
    #expect(firstStall?.timeUs == 1_516_666)
    #expect(firstStall?.traceUs == 505_000)
    #expect(outcome.summary.stallMaxUs == 1_495_000)
  }
}
