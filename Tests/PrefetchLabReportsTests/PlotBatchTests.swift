import Testing

@testable import PrefetchLabReports

/// `PlotRenderer.batches`: a few gnuplot processes for all figures, each an equal share of the
/// work, the figures in their order.
@Suite struct PlotBatchTests {
  static func figure(_ index: Int, dataBytes: Int) -> PlotFigure {
    PlotFigure(
      kind: .timeline, scenario: "s", fileStem: "f\(index)", caption: "", widthPx: 10, heightPx: 10,
      data: String(repeating: "1", count: dataBytes), body: "")
  }

  /// Ten equal figures in four batches: 3, 2, 3, 2 (batch k closes at k/4 of the work, 2.5
  /// figures each), in order, none lost.
  @Test func equalFiguresSplitEvenlyInOrder() {
    let figures = (0..<10).map { Self.figure($0, dataBytes: 1000) }
    let batches = PlotRenderer.batches(figures, count: 4)
    #expect(batches.map(\.count) == [3, 2, 3, 2])
    #expect(batches.flatMap { $0 }.map(\.fileStem) == figures.map(\.fileStem))
  }

  /// One figure as big as all the others together takes a batch of its own.
  @Test func aBigFigureTakesItsOwnBatch() {
    let small = (1...8).map { Self.figure($0, dataBytes: 1_000) }
    // Each small figure weighs 61 000 (with the fixed part of 60 000), the big one
    // 430 000 + 60 000 = 490 000, more than the 488 000 of the eight others: it closes the first
    // of two batches alone (490 000 · 2 ≥ 978 000).
    let figures = [Self.figure(0, dataBytes: 430_000)] + small
    let batches = PlotRenderer.batches(figures, count: 2)
    #expect(batches.map(\.count) == [1, 8])
  }

  /// Fewer figures than batches: a batch per figure; none for no figures; one batch for count 1.
  @Test func edges() {
    let three = (0..<3).map { Self.figure($0, dataBytes: 10) }
    #expect(PlotRenderer.batches(three, count: 8).map(\.count) == [1, 1, 1])
    #expect(PlotRenderer.batches([], count: 4).isEmpty)
    #expect(PlotRenderer.batches(three, count: 1).map(\.count) == [3])
    #expect(PlotRenderer.batches(three, count: 0).map(\.count) == [3])
  }
}
