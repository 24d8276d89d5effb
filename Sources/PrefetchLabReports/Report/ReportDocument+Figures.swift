extension ReportDocument {
  /// The document with every figure's SVG text taken from `rendering` (nil for a figure it did
  /// not draw), the rest unchanged. O(blocks).
  ///
  /// For a document built on `PlotRendering.drawingAll(figures)` while gnuplot drew: when
  /// `rendering` drew every figure, the result equals the document built on `rendering` itself
  /// (figures decide nothing else in a report but which other-seed timelines are listed, and with
  /// every figure drawn those are the same).
  func withFigures(from rendering: PlotRendering) -> ReportDocument {
    var document = self
    document.blocks = blocks.map { block in
      guard case .figure(let figure, _) = block else { return block }
      return .figure(figure, svg: rendering.rendered[figure.fileStem]?.svg)
    }
    return document
  }
}
