import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab trace-network FILE [--format F] [--interval-ms N] [--out FILE.csv] [--plots |
/// --no-plots]`: a recorded link's capacity over time, to help choose a trace.
enum TraceNetworkCommand {
  static let spec = CommandSpec(
    name: "trace-network",
    abstract: "Show a recorded network trace: its capacity over time as CSV, a summary and a plot.",
    discussion: """
      Reads a bandwidth trace as network.trace does and bins one pass of the recording: each row \
      of the CSV is a bin's start (t_ms), its mean capacity (capacity_kbps) and, for periods \
      traces, the round trip the trace sets (latency_ms). A summary goes to standard output (to \
      standard error when the CSV does): length, mean, smallest, median and largest bin, and the \
      stretches without capacity. With --out the CSV is written there, and with gnuplot on PATH \
      a plot beside it: --out metro.csv writes metro.png, metro.svg and metro.gp. These replace \
      only files this command wrote (never the trace read): else exit 64, nothing written. The format is \
      taken from --format, else guessed: .json files are periods; a first line of one integer is \
      mahimahi, of two numbers throughput.
      """,
    arguments: [
      .positional(
        "trace-file", help: "A bandwidth trace file (Mahimahi, Pensieve throughput or Sabre periods)."),
      .option("format", help: "The trace's format: mahimahi, throughput or periods (default: guessed)."),
      .option(
        // As µs the top must not overflow; 10^9 ms is the longest session (InputLimits).
        "interval-ms", range: 1...1_000_000_000, default: "1000",
        help: "Bin length in ms, 1...1000000000 (each row is a bin's mean)."),
      .option("out", help: "Write the CSV to this file (and the plot beside it) instead of standard output."),
      .flag("no-plots", help: "Write the CSV only, no plot."),
      .flag("plots", help: "Require the plot: exit 1 when gnuplot is missing or the plot cannot be drawn."),
    ],
    validate: { parsed throws(ValidationError) in
      try OutputPathRule.check(parsed, option: "out", target: .file)
      if let format = parsed.string("format"), BandwidthTraceFormat(rawValue: format) == nil {
        throw .invalidValue(format, for: "format", reason: "expected mahimahi, throughput or periods")
      }
      if parsed.flag("plots") && parsed.flag("no-plots") {
        throw ValidationError("--plots and --no-plots cannot be used together")
      }
      if let out = parsed.string("out"),
        ["png", "svg", "gp"].contains((out as NSString).pathExtension.lowercased())
      {
        throw .invalidValue(out, for: "out", reason: "names the CSV; the plot is written beside it")
      }
      if parsed.flag("plots") && parsed.string("out") == nil {
        throw ValidationError("--plots needs --out: the plot is written beside the CSV")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    let path = parsed.string("trace-file") ?? ""
    let format =
      try parsed.string("format").flatMap(BandwidthTraceFormat.init(rawValue:)) ?? guessFormat(path)
    let trace = try BandwidthTraceLoader.load(path: path, format: format, loop: true)
    let intervalUs = Int64(parsed.int("interval-ms") ?? 1000) * 1000
    let capacity = TraceCapacity(trace: trace, intervalUs: intervalUs)
    let name = (path as NSString).lastPathComponent
    let summary = TraceNetworkSummary.render(capacity, name: name, format: format)

    guard let out = parsed.string("out") else {
      terminal.out(capacity.csv)
      terminal.err(summary)
      return ExitStatus.ok
    }
    let wantsPlot = !parsed.flag("no-plots")
    let required = parsed.flag("plots")
    let gnuplot = wantsPlot ? GnuplotRunner.locate(environment: parsed.environment) : nil
    if required && gnuplot == nil {
      throw CommandFailure(
        status: ExitStatus.failure,
        message: "--plots needs gnuplot, which is not on PATH: \(GnuplotError.installHint)")
    }
    let parent = (out as NSString).deletingLastPathComponent
    let folder = parent.isEmpty ? "." : parent
    let stem = RunFiles.safeComponent(((out as NSString).lastPathComponent as NSString).deletingPathExtension)
    let shownStem = parent.isEmpty ? stem : (parent as NSString).appendingPathComponent(stem)
    let figure = PlotBuilder.network(capacity, name: name, fileStem: stem)
    // Every path is checked before anything is written, so a refusal leaves all of them as they were.
    let checkedPlotFiles = try checkReplaceable(
      out: out, input: path, figure: gnuplot == nil ? nil : figure, folder: folder)
    try AtomicFile.writeNew(
      capacity.csv, to: out, label: "--out \(out)",
      mayReplace: { ReplaceableFile.startsWithLine($0, headerLine) })
    terminal.out(summary)
    terminal.out("capacity over time written to \(out)\n")
    guard let gnuplot else {
      if wantsPlot {
        terminal.err("warning: gnuplot not found on PATH: no plot drawn; \(GnuplotError.installHint)\n")
      }
      return ExitStatus.ok
    }
    // Ctrl-C while gnuplot draws: its scratch folder is removed and gnuplot killed, as in `run`.
    InterruptHandling.install(terminal: terminal, progress: nil)
    let output = BesideFileOutput(
      folder: folder, label: { "\($0) (the plot beside --out \(out))" },
      mayReplace: { checkedPlotFiles.contains($0) })
    // A file that appeared at a plot's path while gnuplot drew is left as it is: exit 64, as
    // for the CSV, whether the renderer reports the failed write or throws it.
    let rendering: PlotRendering
    do {
      rendering = try PlotRenderer.render([[figure]], gnuplot: gnuplot, parallelism: 1, output: output)
    } catch {
      throw output.refusal ?? error
    }
    if let refusal = output.refusal { throw refusal }
    if let failure = rendering.failures.first {
      let message = "plot \(stem) not drawn: \(failure.error)"
      guard required else {
        terminal.err("warning: \(message)\n")
        return ExitStatus.ok
      }
      throw CommandFailure(status: ExitStatus.failure, message: message + " (--plots)")
    }
    terminal.out("plot written to \(shownStem).png and \(shownStem).svg (script: \(shownStem).gp)\n")
    return ExitStatus.ok
  }

  /// The CSV's first line (`TraceCapacity.csv`): an existing `--out` file that starts with it
  /// was written by this command.
  static let headerLine = "t_ms,capacity_kbps,latency_ms"

  /// Refuses (`OutputRefusal`, exit 64) to write over the trace file read, or over a file this
  /// command did not write: the CSV must start with `headerLine`, the `.gp` beside it with the
  /// opening comment of the script it would write, and the `.png` and `.svg` may be replaced only
  /// beside such a script. `figure` is nil when no plot will be drawn. Returns the plot files
  /// that exist and passed: the only ones the plot may replace when it is published (a file
  /// that appears at another of its paths meanwhile is the user's).
  @discardableResult
  static func checkReplaceable(out: String, input: String, figure: PlotFigure?, folder: String)
    throws(OutputRefusal) -> Set<String>
  {
    try ReplaceableFile.check(
      out, label: "--out \(out)", inputs: [input], isOwn: { ReplaceableFile.startsWithLine($0, headerLine) })
    guard let figure else { return [] }
    let scriptLine = String(figure.script.prefix { $0 != "\n" })
    let script = (folder as NSString).appendingPathComponent(figure.fileStem + ".gp")
    let isOwnScript = { (path: String) in ReplaceableFile.startsWithLine(path, scriptLine) }
    var existing: Set<String> = []
    for ext in ["gp", "png", "svg"] {
      let companion = (folder as NSString).appendingPathComponent(figure.fileStem + "." + ext)
      try ReplaceableFile.check(
        companion, label: "\(companion) (the plot beside --out \(out))", inputs: [input],
        isOwn: { ext == "gp" ? isOwnScript($0) : isOwnScript(script) })
      if FileManager.default.fileExists(atPath: companion) { existing.insert(companion) }
    }
    return existing
  }

  /// The format of a trace file given without `--format`: `.json` is periods; otherwise the first
  /// line that holds anything decides (one integer: mahimahi; two numbers: throughput).
  /// - Throws: `InputError` for an unreadable file, `ValidationError` when the format cannot
  ///   be told.
  static func guessFormat(_ path: String) throws -> BandwidthTraceFormat {
    if path.lowercased().hasSuffix(".json") { return .periods }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw InputError(file: path, location: "", message: "bandwidth trace file not found or unreadable")
    }
    defer { try? handle.close() }
    let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
    let line = head.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) } ?? ""
    let fields = line.split(whereSeparator: \.isWhitespace)
    if fields.count == 1, Int(fields[0]) != nil { return .mahimahi }
    if fields.count == 2, fields.allSatisfy({ Double($0) != nil }) { return .throughput }
    if line.first == "[" { return .periods }
    throw ValidationError.invalidValue(
      path, for: "trace-file", reason: "cannot tell its format from its first line: give --format")
  }
}

/// `plots/NAME` as `NAME` in a folder: the plot of `trace-network` goes beside its CSV. Each file
/// is published without replacing (`AtomicFile.writeNew`, `link(2)`), as the CSV is: a file at
/// its path is replaced only if `mayReplace` accepts it (one the start-up check found and
/// judged this command's); a file that appeared there since is left as it is, the figure is not
/// stored, and `refusal` says so for the command to exit 64 with.
final class BesideFileOutput: ResultsOutput, @unchecked Sendable {
  let folder: String
  /// How a refusal names a plot file's path.
  let label: @Sendable (String) -> String
  let mayReplace: @Sendable (String) -> Bool
  private let lock = NSLock()
  private var firstRefusal: OutputRefusal? = nil

  init(
    folder: String, label: @escaping @Sendable (String) -> String,
    mayReplace: @escaping @Sendable (String) -> Bool
  ) {
    self.folder = folder
    self.label = label
    self.mayReplace = mayReplace
  }

  /// The first write refused because a file appeared at its path, if any.
  var refusal: OutputRefusal? { lock.withLock { firstRefusal } }

  func write(_ bytes: [UInt8], to relativePath: String) throws(OutputError) {
    let name = relativePath.hasPrefix("plots/") ? String(relativePath.dropFirst(6)) : relativePath
    let path = (folder as NSString).appendingPathComponent(name)
    do {
      try AtomicFile.writeNew(bytes, to: path, label: label(path), mayReplace: mayReplace)
    } catch let refusal as OutputRefusal {
      lock.withLock { firstRefusal = firstRefusal ?? refusal }
      throw OutputError(path: path, reason: refusal.message)
    } catch let error as OutputError {
      throw error
    } catch {
      throw OutputError(path: path, reason: "\(error)")
    }
  }
}
