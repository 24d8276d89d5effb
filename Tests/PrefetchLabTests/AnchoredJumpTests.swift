import Testing

@testable import PrefetchLab

/// Scroll sources work in their own coordinates (the content's less the anchor shift); the
/// engine answers their questions (an item's top, the end) in those coordinates, so a jump lands
/// on its item after rows above the viewport changed height.
@Suite struct AnchoredJumpTests {
  /// Offset feed, 100 pt rows, 50 pt placeholders, 200 items in pages of 20, 60 items first
  /// (in at τ = 0, 1 s after the request), `paging3` with `jump_threshold` 50. The jump to item
  /// 150 (60 × 100 + 90 × 50 = 10 500 pt) binds placeholders 150…165, 106 items past the loaded
  /// rows 0…59: Paging refreshes there. Rows 0…59 are dropped in the same frame, keeping their
  /// height (the offset stays); the refresh's rows 135…194 come in (pages 120…199) while the user
  /// waits: rows 120…149 grow by 50 pt each above the viewport, the offset moves 1500 pt with
  /// them. The jump to item 100 at τ = 5 s must land on row 100, at 60 × 100 + 40 × 50 = 8000 pt
  /// (rows 60…99 are still placeholders), not 1500 pt further down.
  @Test func aJumpAfterAnchoringLandsOnItsItem() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(
        gestures: [
          .wait(durationMs: 1000), .jump(.item(150)), .wait(durationMs: 4000), .jump(.item(100)),
          .wait(durationMs: 2000),
        ], pagination: .offset)
    ) { $0.feed.placeholderHeightPt = 50 }
    let probe = PresentationProbe<Paging3>("paging3", ["jump_threshold": .number(50)])
    _ = Simulator.run(scenario, strategy: probe, seed: 1)
    let samples = probe.log.samples
    let jumped = samples.first { $0.event == .frame && $0.visibleBefore.lowerBound == 150 }
    #expect(jumped?.offsetBeforePt == 10_500 && jumped?.offsetAfterPt == 10_500)
    // The refresh dropped the first load: nothing loaded until its pages are in.
    #expect(jumped?.loadedRows == 0)
    let before = samples.last { $0.timeUs < 6_000_000 }
    #expect(before?.offsetAfterPt == 12_000 && before?.visibleAfter.lowerBound == 150)
    let landed = samples.first { $0.event == .frame && $0.timeUs >= 6_000_000 }
    #expect(landed?.offsetAfterPt == 8000)
    #expect(landed?.visibleAfter.lowerBound == 100)
  }
}
