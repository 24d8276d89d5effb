import Testing

@testable import PrefetchLab

/// Scroll sources work in their own coordinates (the content's less the anchor shift); the
/// engine answers their questions (an item's top, the end) in those coordinates, so a jump lands
/// on its item after rows above the viewport changed height.
@Suite struct AnchoredJumpTests {
  /// Offset feed, 100 pt rows, 50 pt placeholders, 60 items first, `paging3` defaults. A jump to
  /// item 150 (60 × 100 + 90 × 50 = 10 500 pt) shows placeholders 150…165; pages 6 and 7 go in
  /// above row 150 while the user waits (rows 120…149 grow by 50 pt each: the offset moves
  /// 1500 pt with them). The jump to item 100 at τ = 5 s must land on row 100, at
  /// 60 × 100 + 40 × 50 = 8000 pt (rows 60…99 are still placeholders), not 1500 pt further down.
  @Test func aJumpAfterAnchoringLandsOnItsItem() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(
        gestures: [
          .wait(durationMs: 1000), .jump(.item(150)), .wait(durationMs: 4000), .jump(.item(100)),
          .wait(durationMs: 2000),
        ], pagination: .offset)
    ) { $0.feed.placeholderHeightPt = 50 }
    let probe = PresentationProbe<Paging3>("paging3")
    _ = Simulator.run(scenario, strategy: probe, seed: 1)
    let samples = probe.log.samples
    let first = samples.first { $0.event == .frame && $0.timeUs >= 2_000_000 }
    #expect(first?.offsetAfterPt == 10_500 && first?.visibleAfter.lowerBound == 150)
    let before = samples.last { $0.timeUs < 6_000_000 }
    #expect(before?.offsetAfterPt == 12_000 && before?.visibleAfter.lowerBound == 150)
    let landed = samples.first { $0.event == .frame && $0.timeUs >= 6_000_000 }
    #expect(landed?.offsetAfterPt == 8000)
    #expect(landed?.visibleAfter.lowerBound == 100)
  }
}
