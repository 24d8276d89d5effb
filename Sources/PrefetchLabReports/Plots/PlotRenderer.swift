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
}

/// Runs gnuplot on figures and stores `plots/<stem>.gp`, `.png` and `.svg` in the output.
///
/// gnuplot writes into a private temporary folder (never into the results folder, so nothing
/// there is ever half-written); the images are checked (PNG signature, SVG root element), then
/// copied with the output's atomic writes. Scripts are stored for every figure, drawn or not, so
/// a failed plot can be investigated and rerun.
public enum PlotRenderer {
  public static func render(
    _ figures: [PlotFigure], gnuplot: GnuplotRunner, parallelism: Int, output: any ResultsOutput
  ) throws(OutputError) -> PlotRendering {
    let scratch =
      FileManager.default.temporaryDirectory.path
      + "/prefetchlab-plots-\(getpid())-\(UInt32.random(in: .min ... .max))"
    do {
      try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    } catch {
      throw OutputError(path: scratch, reason: "cannot create a temporary folder for gnuplot")
    }
    defer { try? FileManager.default.removeItem(atPath: scratch) }

    let outcomes = Outcomes(count: figures.count)
    let workers = max(1, min(parallelism, figures.count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      var index = worker
      while index < figures.count {
        outcomes.store(draw(figures[index], gnuplot: gnuplot, scratch: scratch, output: output), at: index)
        index += workers
      }
    }
    var rendering = PlotRendering()
    for (index, outcome) in outcomes.values().enumerated() {
      switch outcome {
      case .drawn(let svg):
        rendering.rendered[figures[index].fileStem] = RenderedPlot(figure: figures[index], svg: svg)
      case .gnuplotFailed(let error): rendering.failures.append((figures[index], error))
      case .outputFailed(let error): throw error
      }
    }
    return rendering
  }

  enum Outcome: Sendable {
    case drawn(svg: String)
    case gnuplotFailed(GnuplotError)
    case outputFailed(OutputError)
  }

  static func draw(_ figure: PlotFigure, gnuplot: GnuplotRunner, scratch: String, output: any ResultsOutput)
    -> Outcome
  {
    let script = Array(figure.script.utf8)
    do throws(OutputError) {
      try output.write(script, to: figure.scriptPath)
      try AtomicFile.write(script, to: scratch + "/" + figure.fileStem + ".gp")
    } catch {
      return .outputFailed(error)
    }
    if case .failure(let error) = gnuplot.run(scriptName: figure.fileStem + ".gp", in: scratch) {
      return .gnuplotFailed(error)
    }
    guard let png = FileManager.default.contents(atPath: scratch + "/" + figure.fileStem + ".png"),
      png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    else {
      return .gnuplotFailed(.badOutput("\(figure.fileStem).png is missing or not a PNG"))
    }
    guard let svgData = FileManager.default.contents(atPath: scratch + "/" + figure.fileStem + ".svg"),
      let svg = String(data: svgData, encoding: .utf8), svg.contains("<svg"), svg.contains("</svg>")
    else {
      return .gnuplotFailed(.badOutput("\(figure.fileStem).svg is missing or not an SVG document"))
    }
    do throws(OutputError) {
      try output.write(Array(png), to: figure.pngPath)
      try output.write(Array(svgData), to: figure.svgPath)
    } catch {
      return .outputFailed(error)
    }
    return .drawn(svg: svg)
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

  func values() -> [PlotRenderer.Outcome] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
