import PrefetchLab
import PrefetchLabReports

/// `prefetchlab trace SCENARIO [--seed N] [--interval-ms N] [--out FILE]`: the scenario's scroll
/// trace as CSV (t_ms, offset_pt, velocity_pt_s, phase, projected_target_pt).
enum TraceCommand {
  static let spec = CommandSpec(
    name: "trace",
    abstract: "Write a scenario's scroll trace (the user on a fully loaded feed) as CSV.",
    discussion: """
      Replays the scenario's user (script, recording or synthetic model) frame by frame on a feed \
      whose pages are all loaded, so the trace shows the user alone: no stalls, the rubber band \
      and spring back at the edges with iOS physics. Columns: t_ms (trace time), offset_pt, \
      velocity_pt_s, phase (idle, dragging, decelerating), projected_target_pt. The t_ms and \
      offset_pt columns can be replayed as a scroll.trace of format offset_csv. Writes to standard \
      output unless --out is given (then atomically). --out replaces only a trace this command \
      wrote (a file starting with its header line), never the scenario or a trace it reads.
      """,
    arguments: [
      .positional("scenario", help: "A scenario file."),
      .option(
        "seed", range: SeedList.range, help: "Seed of the user and the feed (default: the scenario's seed)."),
      .option(
        // Beyond 10^9 ms (the longest session) the µs spacing would overflow the clock.
        "interval-ms", range: 0...1_000_000_000, default: "0",
        help: "Row spacing in ms of trace time, 0...1000000000; 0 writes every display frame."),
      .option("out", help: "Write the CSV to this file instead of standard output."),
    ],
    validate: { parsed throws(ValidationError) in
      try OutputPathRule.check(parsed, option: "out", target: .file)
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    let path = parsed.string("scenario") ?? ""
    let files = try ScenarioInputs.files(from: [path])
    guard files.count == 1 else {
      throw InputError(file: path, location: "", message: "trace takes one scenario file, got a folder")
    }
    // The app's own registry: a scenario listing its own strategies is valid here as in `run`.
    guard let prepared = try ScenarioInputs.load(files, registry: registry).first else {
      return ExitStatus.ok
    }
    let seed = parsed.int("seed").map(UInt64.init) ?? prepared.scenario.seed
    let intervalUs = Int64(parsed.int("interval-ms") ?? 0) * 1000
    try checkRowLimit(prepared, intervalUs: intervalUs)
    if let out = parsed.string("out") {
      // Before the trace is built: a refusal costs nothing and writes nothing.
      try ReplaceableFile.check(
        out, label: "--out \(out)", inputs: ReplaceableFile.inputs(of: prepared.scenario),
        isOwn: { ReplaceableFile.startsWithLine($0, headerLine) })
    }
    let text = csv(ScrollTrace.rows(prepared, seed: seed, intervalUs: intervalUs))
    if let out = parsed.string("out") {
      try AtomicFile.writeNew(
        text, to: out, label: "--out \(out)", mayReplace: { ReplaceableFile.startsWithLine($0, headerLine) })
    } else {
      terminal.out(text)
    }
    return ExitStatus.ok
  }

  /// The trace is built in memory before it is written, as a run's timeline is, so it is held
  /// to the same cap (`TimelineRowLimit.maxIntervals` rows after the first): a day-long session
  /// traced at every 60 Hz frame would be 5 × 10^6 rows. Exit 65 at the key that sets the length.
  static func checkRowLimit(_ prepared: PreparedScenario, intervalUs: Int64) throws(InputError) {
    let durationUs = prepared.traceDurationUs
    let rate = Int64(prepared.scenario.viewport.frameRateHz)
    // Every frame: one per 1/rate s (ScrollTrace times frames as frame × 10^6 / rate µs).
    let rows =
      intervalUs > 0
      ? TimelineRowLimit.projectedRows(durationUs: durationUs, intervalUs: intervalUs)
      : durationUs * rate / 1_000_000 + 1
    guard rows - 1 > TimelineRowLimit.maxIntervals else { return }
    let spacing = intervalUs > 0 ? "at --interval-ms \(intervalUs / 1000)" : "every frame at \(rate) Hz"
    throw InputError(
      file: prepared.scenario.sourcePath, location: TimelineRowLimit.lengthKey(of: prepared.scenario),
      message:
        "a session of \(DecimalFormat.readable(Double(durationUs) / 1_000_000)) s traced \(spacing) is \(rows) rows, "
        + "more than the \(TimelineRowLimit.maxIntervals + 1) a trace may write (it is held in memory until "
        + "written); use --interval-ms \(TimelineRowLimit.smallestIntervalMs(durationUs: durationUs)) or more"
    )
  }

  /// The CSV's first line: an existing `--out` file that starts with it is a trace this command
  /// wrote, which it may replace (`ReplaceableFile`).
  static var headerLine: String { ScrollTraceRow.columnNames.joined(separator: ",") }

  /// The rows as RFC 4180 CSV; numbers to 1/1000 (µs for times).
  static func csv(_ rows: [ScrollTraceRow]) -> String {
    var writer = CSVWriter(header: ScrollTraceRow.columnNames)
    for row in rows {
      writer.append([
        CSVCell.milliseconds(row.traceUs), CSVCell.decimal(row.offsetPt, places: 3),
        CSVCell.decimal(row.velocityPtS, places: 3), row.phase.description,
        CSVCell.decimal(row.projectedTargetPt, places: 3),
      ])
    }
    return writer.text
  }
}
