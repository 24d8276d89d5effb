import Foundation
import Testing

@testable import PrefetchLab

/// Wraps a strategy and records, after every frame, where the viewport is and which way the engine
/// thinks the user scrolls.
final class FrameLog: @unchecked Sendable {
  var rows: [(timeUs: Int64, offsetPt: Double, direction: ScrollDirection)] = []
}

struct RecordingStrategy: PrefetchStrategy {
  var inner: any PrefetchStrategy
  let log: FrameLog

  init(inner: any PrefetchStrategy, log: FrameLog) {
    self.inner = inner
    self.log = log
  }

  init(parameters: StrategyParameters) {
    self.init(inner: InfiniteScroll(parameters: parameters), log: FrameLog())
  }

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    if event == .frame {
      log.rows.append((context.nowUs, context.viewportOffsetPt, context.scrollDirection))
    }
    return inner.update(event, in: context)
  }
}

@Suite struct EdgeBounceTests {
  /// The published table for the reverse-engineered formula (d = 960): 5 → 2.74, 10 → 5.47,
  /// 100 → 52.02, 400 → 178.98, 960 → 340.65.
  @Test(arguments: [(5.0, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)])
  func rubberBandMatchesPublishedTable(excessPt: Double, shownPt: Double) {
    #expect(abs(EdgeBounce.rubberBandPt(excessPt: excessPt, dimensionPt: 960) - shownPt) < 0.005)
  }

  /// Critically damped, ω = 10: from the edge at 2000 pt/s outward, x(t) = 2000 t e^(−10t), which
  /// peaks at t = 0.1 s at 200/e = 73.58 pt and falls to 1/6 pt between 0.9 s (0.222) and
  /// 1.0 s (0.091).
  @Test func springPeaksAndSettles() {
    let spring = EdgeBounce.Spring(outward: 1, startUs: 0, x0: 0, v0: 2000)
    let peak = spring.state(afterS: 0.1)
    #expect(abs(peak.x - 200 / M_E) < 1e-9)
    #expect(abs(peak.v) < 1e-9)
    #expect(spring.settleUs > 900_000 && spring.settleUs < 1_000_000)
    #expect(abs(spring.state(afterS: Double(spring.settleUs) / 1e6).x - 1.0 / 6) < 1e-6)
    // Released 100 pt out with no velocity: x = 100 (1 + 10 t) e^(−10t), monotone down.
    let release = EdgeBounce.Spring(outward: -1, startUs: 0, x0: 100, v0: 0)
    #expect(release.state(afterS: 0).x == 100)
    #expect(abs(release.state(afterS: 0.2).x - 100 * 3 * exp(-2)) < 1e-9)
  }

  static func timeline(_ scenario: PreparedScenario, strategy: String = "infinite_scroll")
    -> (outcome: RunOutcome, frames: [(timeUs: Int64, offsetPt: Double, direction: ScrollDirection)])
  {
    let log = FrameLog()
    // A clairvoyant strategy is told the run it is wrapped for (a wrapper is not prepared for it).
    let inner = TestScenarios.configured(strategy).makeStrategy(
      for: RunLookahead(scenario: scenario, seed: 1))
    let recording = RecordingStrategy(inner: inner, log: log)
    // The stepped engine consults the strategy at every moving frame, so the log holds each one;
    // the event engine steps quiet frames (a rubber band or a spring among them) without a
    // consultation, and gives the same outputs (EngineEquivalenceTests).
    let outcome = Simulator.run(
      scenario, strategy: recording, seed: 1,
      options: SimulationOptions(timelineIntervalUs: 100_000, engine: .stepped))
    return (outcome, log.rows)
  }

  /// Down 400 pt in 1 s, then a 3000 pt/s fling up: the iOS curve has covered 400 pt when its
  /// speed is 3000 − 400 × 1000 × (−ln 0.998) = 2199.2 pt/s, so the content overshoots the top by
  /// 2199.2 / (10 e) = 80.9 pt and springs back to 0. The spring back never turns the scroll
  /// direction to "down".
  @Test func flingIntoTheTopBouncesWithoutFlippingDirection() {
    let scenario = TestScenarios.steadyDrag(
      gestures: [
        .drag(velocityPtS: 400, durationMs: 1000), .fling(velocityPtS: -3000), .wait(durationMs: 3000),
      ])
    let (_, frames) = Self.timeline(scenario)
    let lowest = frames.map(\.offsetPt).min() ?? 0
    #expect(abs(lowest + 80.9) < 0.5)
    #expect(frames.last?.offsetPt == 0)
    let flingStart = frames.firstIndex { $0.timeUs > 2_000_000 } ?? 0
    #expect(frames[flingStart...].allSatisfy { $0.direction == .up })
  }

  /// Dragged 393.33 pt past the top and lifted at τ = 1 s with no velocity, the content shows
  /// 170.29 pt of overscroll and springs back: x(t) = 170.29 (1 + 10 t) e^(−10t) from the last drag
  /// frame (τ = 59/60 s), so at τ = 71/60 s (t = 0.2 s) it is 170.29 × 3 e^(−2) = 69.14 pt past the
  /// top. A jump to 1000 pt at τ = 1.2 s (first content at 1 s, so the frame at 2.2 s) cancels the
  /// spring as `setContentOffset` does: that frame shows 1000 pt, not the spring's −61.8 pt (170.29 × 3.1667 e^(−2.1667)).
  @Test func jumpDuringSpringBackShowsTheTarget() {
    let scenario = TestScenarios.steadyDrag(
      gestures: [
        .drag(velocityPtS: -400, durationMs: 1000), .wait(durationMs: 200), .jump(.offsetPt(1000)),
        .wait(durationMs: 1000),
      ])
    let (_, frames) = Self.timeline(scenario)
    let beforeJump = frames.last { $0.timeUs < 2_200_000 }!
    #expect(beforeJump.timeUs == 2_183_333)
    #expect(abs(beforeJump.offsetPt + 69.14) < 0.01)
    let atJump = frames.first { $0.timeUs >= 2_200_000 }!
    #expect(atJump.timeUs == 2_200_000)
    #expect(atJump.offsetPt == 1000)
    #expect(frames.last?.offsetPt == 1000)
  }

  /// The same at the bottom (offset pagination, 200 rows of 100 pt, largest offset 19 200 pt):
  /// from item 187 (18 700 pt) a 1.5 s drag at 600 pt/s takes the finger 400 pt past the bottom;
  /// lifted at τ = 6.5 s, the content springs back, and a jump to 1000 pt at τ = 6.7 s (the frame
  /// at 7.7 s) shows 1000 pt at once.
  @Test func jumpDuringBottomSpringBackShowsTheTarget() {
    let scenario = TestScenarios.steadyDrag(
      totalItems: 200, pageSize: 5,
      gestures: [
        .jump(.item(187)), .wait(durationMs: 5000), .drag(velocityPtS: 600, durationMs: 1500),
        .wait(durationMs: 200), .jump(.offsetPt(1000)), .wait(durationMs: 1000),
      ],
      pagination: .offset)
    let (_, frames) = Self.timeline(scenario)
    let beforeJump = frames.last { $0.timeUs < 7_700_000 }!
    #expect(beforeJump.offsetPt > 19_200)
    let atJump = frames.first { $0.timeUs >= 7_700_000 }!
    #expect(atJump.timeUs == 7_700_000)
    #expect(atJump.offsetPt == 1000)
  }

  /// Android's RecyclerView does not move past its edges: the same fling stops at 0.
  @Test func androidStopsAtTheTop() {
    var scenario = TestScenarios.steadyDrag(
      gestures: [
        .drag(velocityPtS: 400, durationMs: 1000), .fling(velocityPtS: -3000), .wait(durationMs: 3000),
      ]
    ).scenario
    scenario.scroll.physics = .android
    let (_, frames) = Self.timeline(try! PreparedScenario(scenario))
    #expect(frames.map(\.offsetPt).min() == 0)
  }

  /// A finger dragging up from the top at 400 pt/s: on the drag's last frame (τ = 59/60 s) it is
  /// 393.33 pt past the edge, shown as (1 − 1/(393.33 × 0.55/800 + 1)) × 800 = 170.29 pt of
  /// overscroll; once lifted the content springs back to 0.
  @Test func dragPastTheTopRubberBandsThenSpringsBack() {
    let scenario = TestScenarios.steadyDrag(
      gestures: [.drag(velocityPtS: -400, durationMs: 1000), .wait(durationMs: 2000)])
    let (_, frames) = Self.timeline(scenario)
    let lastDragFrame = frames.last { $0.timeUs < 2_000_000 }!
    #expect(lastDragFrame.timeUs == 1_983_333)
    #expect(abs(lastDragFrame.offsetPt + 170.29) < 0.01)
    #expect(frames.last?.offsetPt == 0)
    // The viewport never moved inside the bounds: the direction keeps its initial value.
    #expect(frames.allSatisfy { $0.direction == .down })
  }

  /// Offset pagination, 200 rows of 100 pt in pages of 5: jump to item 187 (offset 18700) and
  /// fling down at 3000 pt/s into the bottom (largest offset 19200): the fling crosses it after
  /// 500 pt at 3000 − 500 × 2.002 = 1999 pt/s and overshoots by 1999 / (10 e) = 73.5 pt. Were the
  /// spring back (upwards) allowed to flip the direction, direction-following strategies would go
  /// after the unloaded page above (Texture batch fetching sends two requests): from the crossing
  /// (≈ 203 ms into the fling) on, at most one page request, for every strategy.
  @Test(arguments: allStrategies)
  func bounceAtTheBottomCausesAtMostOneRequest(strategy: String) {
    let scenario = TestScenarios.steadyDrag(
      totalItems: 200, pageSize: 5,
      gestures: [
        .jump(.item(187)), .wait(durationMs: 5000), .fling(velocityPtS: 3000), .wait(durationMs: 5000),
      ],
      pagination: .offset)
    let (outcome, frames) = Self.timeline(scenario, strategy: strategy)
    let flingStartUs: Int64 = 1_000_000 + 5_000_000
    let bounced = frames.filter { $0.timeUs > flingStartUs && $0.offsetPt > 19_200 }
    #expect(abs((bounced.map { $0.offsetPt }.max() ?? 0) - 19_200 - 73.5) < 0.5)
    #expect(frames.filter { $0.timeUs > flingStartUs }.allSatisfy { $0.direction == .down })
    let pageRequestsDuringBounce = outcome.events.filter {
      guard case .page = $0.resource else { return false }
      return $0.kind == .issued && $0.timeUs >= flingStartUs + 200_000
    }
    #expect(pageRequestsDuringBounce.count <= 1)
  }
}
