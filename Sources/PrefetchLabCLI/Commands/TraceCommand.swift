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
      output unless --out is given (then atomically).
      """,
    arguments: [
      .positional("scenario", help: "A scenario file."),
      .option(
        "seed", range: 0...Int.max, help: "Seed of the user and the feed (default: the scenario's seed)."),
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
    let text = csv(ScrollTrace.rows(prepared, seed: seed, intervalUs: intervalUs))
    if let out = parsed.string("out") {
      try AtomicFile.write(text, to: out)
    } else {
      terminal.out(text)
    }
    return ExitStatus.ok
  }

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
