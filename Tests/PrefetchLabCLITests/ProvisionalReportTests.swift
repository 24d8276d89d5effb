import Foundation
import Testing

@testable import PrefetchLabReports

/// The report is built while gnuplot draws, on the assumption that every figure gets drawn, and
/// its SVG text is put in afterwards (`ReportDocument.withFigures(from:)`): when every figure was
/// drawn, both files must be byte for byte those built after drawing.
@Suite struct ProvisionalReportTests {
  /// A real run (two scenarios, three seeds, every timeline) and a rendering that drew every
  /// figure with an SVG text of its own, so a figure given another's text would show.
  @Test func aDocumentBuiltBeforeDrawingEqualsOneBuiltAfter() throws {
    let folder = ScratchFolder()
    for name in ["alpha", "beta"] { folder.write("in/\(name).json", scenarioJSON(name: name)) }
    let run = runCLI([
      "run", folder.path + "/in", "--seeds", "1-3", "--no-plots", "--run-files", "all", "--quiet", "--out",
      folder.path + "/out",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let data = try ResultsData(path: folder.path + "/out")
    let figures = try PlotBuilder.figures(for: data, timelines: .all, parallelism: 1).figures
    // Other seeds' timelines are listed only when drawn: the case the assumption must get right.
    #expect(figures.filter { $0.kind == .timeline && $0.run?.seed == 2 }.count >= 2)
    var drawn = PlotRendering()
    for (index, figure) in figures.enumerated() {
      drawn.rendered[figure.fileStem] = RenderedPlot(
        figure: figure, svg: "<svg xmlns='http://www.w3.org/2000/svg'><g id='g\(index)'/></svg>")
    }
    #expect(drawn.drewAll(figures))
    let after = Report(data: data, figures: figures, rendering: drawn, plotsNote: nil).document()
    let before = Report(data: data, figures: figures, rendering: .drawingAll(figures), plotsNote: nil)
      .document().withFigures(from: drawn)
    #expect(Report.markdown(before) == Report.markdown(after))
    #expect(Report.html(before) == Report.html(after))
    // The inlined SVGs carry their own text, ids prefixed per figure.
    #expect(Report.html(after).contains("<g id='f"))

    // One figure missing: not everything was drawn, and the assumption would list a timeline
    // that does not exist — which is why the generator builds the document again then.
    let missing = try #require(figures.first { $0.kind == .timeline && $0.run?.seed == 2 })
    var partial = drawn
    partial.rendered[missing.fileStem] = nil
    #expect(!partial.drewAll(figures))
    let rebuilt = Report(data: data, figures: figures, rendering: partial, plotsNote: nil).document()
    let assumed = Report(data: data, figures: figures, rendering: .drawingAll(figures), plotsNote: nil)
      .document().withFigures(from: partial)
    #expect(Report.markdown(rebuilt) != Report.markdown(assumed))
  }

  /// `BackgroundValue` runs its work once and hands the same value to every caller, on any
  /// thread, before or after the work is done.
  @Test func backgroundValueRunsOnceAndAnswersEveryCaller() {
    let runs = Counter()
    let value = BackgroundValue { () -> Int in
      runs.add()
      Thread.sleep(forTimeInterval: 0.02)
      return 42
    }
    let answers = Answers()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in answers.append(value.value()) }
    #expect(answers.all == [42, 42, 42, 42])
    #expect(value.value() == 42)
    #expect(runs.count == 1)
  }

  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
  }

  private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    func append(_ value: Int) { lock.withLock { values.append(value) } }
    var all: [Int] { lock.withLock { values } }
  }
}
