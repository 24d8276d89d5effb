import Dispatch
import Foundation

/// Where generated files go: a staging folder during `run` (the whole folder appears at once), a
/// results folder through `AtomicFile` for `report`. Either way no file is ever half-written.
public protocol ResultsOutput: Sendable {
  /// Writes `bytes` to `relativePath` (plain relative path, no `.`/`..` components) atomically.
  func write(_ bytes: [UInt8], to relativePath: String) throws(OutputError)
}

extension OutputStaging: ResultsOutput {}

/// An existing results folder, written file by file with `AtomicFile`.
public struct FolderOutput: ResultsOutput {
  public let folder: String

  public init(folder: String) { self.folder = folder }

  public func write(_ bytes: [UInt8], to relativePath: String) throws(OutputError) {
    let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
    guard !relativePath.hasPrefix("/"),
      !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    else {
      throw OutputError(path: relativePath, reason: "not a plain relative path inside the results folder")
    }
    try AtomicFile.write(bytes, to: FilePath.join(folder, relativePath))
  }
}

/// A figure gnuplot drew: its SVG text, for reports that inline it.
public struct RenderedPlot: Sendable, Equatable {
  public let figure: PlotFigure
  public let svg: String
}

/// What rendering produced: the plots drawn, by file stem, and the ones that failed.
public struct PlotRendering: Sendable {
  public var rendered: [String: RenderedPlot] = [:]
  public var failures: [(figure: PlotFigure, error: GnuplotError)] = []

  public init() {}

  /// Every figure drawn, with an empty SVG text: what a report built before gnuplot has run
  /// assumes (`ReportDocument.withFigures(from:)` then puts the real SVG text in).
  static func drawingAll(_ figures: [PlotFigure]) -> PlotRendering {
    var rendering = PlotRendering()
    for figure in figures { rendering.rendered[figure.fileStem] = RenderedPlot(figure: figure, svg: "") }
    return rendering
  }

  /// Whether every one of `figures` was drawn.
  func drewAll(_ figures: [PlotFigure]) -> Bool {
    failures.isEmpty && figures.allSatisfy { rendered[$0.fileStem] != nil }
  }
}

/// Runs gnuplot on figures and stores `plots/<stem>.gp`, `.png` and (where drawn) `.svg`.
///
/// gnuplot is driven in batches: one process draws a batch's figures (`gnuplot a.gp b.gp …`;
/// each script starts with `reset session`, so none sees another's settings or data), and
/// `parallelism` such processes run at once. Starting gnuplot and loading its fonts costs about
/// as much as drawing a small plot, so a few big batches (`batches(_:count:)`) are much faster
/// than a process per plot. gnuplot stops at the first script that fails; that figure is reported failed (named
/// by gnuplot's message, else the first without valid images) and the rest of the batch goes on
/// in a new process.
///
/// gnuplot writes into a private temporary folder (never into the results folder, so nothing
/// there is ever half-written; a killed run's is removed by the next, `PlotScratch`); the images are checked (PNG signature, SVG root element), then
/// copied with the output's writes. Scripts are stored for every figure, drawn or not, so a
/// failed plot can be investigated and rerun.
public enum PlotRenderer {
  /// - Parameter batches: figures grouped into the batches one gnuplot process draws (e.g. a
  ///   scenario's); `render` keeps them whole.
  public static func render(
    _ batches: [[PlotFigure]], gnuplot: GnuplotRunner, parallelism: Int, output: any ResultsOutput,
    progress: (any ProgressObserver)? = nil
  ) throws(OutputError) -> PlotRendering {
    let figures = batches.flatMap { $0 }
    // A killed run's scratch folder is swept as this one is made (`PlotScratch`).
    let scratch = try PlotScratch.create()
    let token = UnfinishedWork.register(folder: scratch)
    defer {
      try? FileManager.default.removeItem(atPath: scratch)
      UnfinishedWork.finish(token)
    }
    var starts: [Int] = []
    var offset = 0
    for batch in batches {
      starts.append(offset)
      offset += batch.count
    }
    let offsets = starts
    // Biggest batches first, so no process is left drawing a big one alone at the end; the
    // outcomes keep the batches' order.
    let order = batches.indices.sorted {
      batches[$0].count > batches[$1].count || (batches[$0].count == batches[$1].count && $0 < $1)
    }
    let outcomes = Outcomes(count: figures.count)
    let next = Counter()
    let workers = max(1, min(parallelism, batches.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let claimed = next.claim(below: batches.count), !UnfinishedWork.isAbandoned {
        let batchIndex = order[claimed]
        let results = draw(batches[batchIndex], gnuplot: gnuplot, scratch: scratch, output: output)
        for (position, outcome) in results.enumerated() {
          outcomes.store(outcome, at: offsets[batchIndex] + position)
        }
        progress?.advanced(.plotting, by: results.count)
      }
    }
    var rendering = PlotRendering()
    for (index, outcome) in outcomes.values().enumerated() {
      switch outcome {
      case .drawn(let svg):
        rendering.rendered[figures[index].fileStem] = RenderedPlot(figure: figures[index], svg: svg)
      case .gnuplotFailed(let error): rendering.failures.append((figures[index], error))
      case .outputFailed(let error): throw error
      case nil: throw OutputError(path: scratch, reason: "plotting was interrupted")
      }
    }
    return rendering
  }

  enum Outcome: Sendable {
    /// The SVG text, "" when the figure has no SVG.
    case drawn(svg: String)
    case gnuplotFailed(GnuplotError)
    case outputFailed(OutputError)
  }

  /// Draws `batch` with as few gnuplot processes as its failures allow; an outcome per figure.
  static func draw(_ batch: [PlotFigure], gnuplot: GnuplotRunner, scratch: String, output: any ResultsOutput)
    -> [Outcome]
  {
    var outcomes: [Outcome?] = Array(repeating: nil, count: batch.count)
    for (index, figure) in batch.enumerated() {
      let script = Array(figure.script.utf8)
      do throws(OutputError) {
        try output.write(script, to: figure.scriptPath)
        try FilePath.writeNew(script, to: scratch + "/" + figure.fileStem + ".gp")
      } catch {
        outcomes[index] = .outputFailed(error)
      }
    }
    var pending = batch.indices.filter { outcomes[$0] == nil }
    while !pending.isEmpty {
      let names = pending.map { batch[$0].fileStem + ".gp" }
      let timeout = gnuplot.timeoutSeconds * Double(pending.count)
      let result = gnuplot.run(arguments: names, in: scratch, timeoutSeconds: timeout)
      var failedAt: Int? = nil
      if case .failure(let error) = result {
        // gnuplot names the script it stopped in: `"<stem>.gp" line 12: …`.
        let named = pending.firstIndex { position in
          if case .failed(_, let message) = error {
            return message.contains("\"\(batch[position].fileStem).gp\"")
          }
          return false
        }
        let firstInvalid = pending.firstIndex { images(of: batch[$0], in: scratch) == nil }
        failedAt = named ?? firstInvalid ?? pending.indices.last
        outcomes[pending[failedAt!]] = .gnuplotFailed(error)
      }
      let finished = failedAt.map { Array(pending[..<$0]) } ?? pending
      for position in finished {
        outcomes[position] = store(batch[position], from: scratch, output: output)
      }
      pending = failedAt.map { Array(pending[($0 + 1)...]) } ?? []
    }
    return outcomes.map { $0! }
  }

  /// The PNG bytes and SVG text gnuplot left in `scratch` for `figure`, nil unless valid.
  static func images(of figure: PlotFigure, in scratch: String) -> (png: Data, svg: Data?)? {
    guard let png = FileManager.default.contents(atPath: scratch + "/" + figure.fileStem + ".png"),
      png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    else { return nil }
    guard figure.drawsSVG else { return (png, nil) }
    guard let svg = FileManager.default.contents(atPath: scratch + "/" + figure.fileStem + ".svg"),
      let text = String(data: svg, encoding: .utf8), text.contains("<svg"), text.contains("</svg>")
    else { return nil }
    return (png, svg)
  }

  static func store(_ figure: PlotFigure, from scratch: String, output: any ResultsOutput) -> Outcome {
    guard let (png, svg) = images(of: figure, in: scratch) else {
      let files = figure.drawsSVG ? "\(figure.fileStem).png or .svg" : "\(figure.fileStem).png"
      return .gnuplotFailed(.badOutput("\(files) is missing or malformed"))
    }
    do throws(OutputError) {
      try output.write(Array(png), to: figure.pngPath)
      if let svg { try output.write(Array(svg), to: figure.svgPath) }
    } catch {
      return .outputFailed(error)
    }
    for suffix in [".png", ".svg"] { unlink(scratch + "/" + figure.fileStem + suffix) }
    return .drawn(svg: svg.map { String(decoding: $0, as: UTF8.self) } ?? "")
  }
}

/// Hands out batch indices to worker threads.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0

  func claim(below count: Int) -> Int? {
    lock.withLock {
      guard next < count else { return nil }
      next += 1
      return next - 1
    }
  }
}

/// Per-figure outcomes written by worker threads.
private final class Outcomes: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [PlotRenderer.Outcome?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func store(_ outcome: PlotRenderer.Outcome, at index: Int) {
    lock.lock()
    slots[index] = outcome
    lock.unlock()
  }

  func values() -> [PlotRenderer.Outcome?] {
    lock.lock()
    defer { lock.unlock() }
    return slots
  }
}
