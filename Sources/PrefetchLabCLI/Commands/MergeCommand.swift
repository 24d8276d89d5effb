import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab merge SHARD_DIR... --out DIR [--no-plots | --plots] [--timelines …] [--jobs N]
/// [--plain-tables | --gzip-tables] [--quiet]`: joins the folders of `run --shard K/N` into the folder the unsharded run writes.
enum MergeCommand {
  static let spec = CommandSpec(
    name: "merge",
    abstract: "Join the folders of 'run --shard K/N' into one results folder.",
    discussion: """
      Checks that the folders are shards of one experiment (same command, scenarios, traces \\
      and slice count), that no run is in two of them and that none is missing, then writes \\
      summary.csv, manifest.json and the run tables (timeline.csv, events.csv, ttc.csv) \\
      exactly as the unsharded run would have (each run's rows taken as they are from its \\
      shard, every row checked to be joined once), and draws the plots and reports (unless \\
      the run was made with --no-plots, or --no-plots is given here). Shards that do not fit \\
      together exit 65 naming the folders. The output folder is replaced only if prefetchlab \\
      wrote it. Once the merged folder is in place the shard folders are removed (a move: the \\
      study is on disk once), except with --keep-shards or when a shard folder holds anything \\
      prefetchlab did not write. Shards written some with --plain-tables and some without \
      are merged into one form: the first shard's, unless --plain-tables or --gzip-tables \
      says which; the merged manifest records it.
      """,
    arguments: [
      .positional("shard-dirs", repeating: true, help: "The shard folders, in any order."),
      .option("out", required: true, help: "The merged results folder (written like run's --out)."),
      .flag(
        "replace", help: "Replace the --out folder if it exists (results/latest is replaced without it)."),
      .flag("no-plots", help: "Write CSVs only: no gnuplot plots or report."),
      .flag("plots", help: "Require plots: exit 1 when gnuplot is missing or a plot cannot be drawn."),
      .option(
        "timelines",
        help:
          "Timeline plots: " + TimelineSelection.choicesText
          + " (default: what the run was given, else recommended)."),
      .option(
        "jobs", short: "j", range: 1...Int.max,
        help: "gnuplot processes run in parallel (default: the number of cores)."
      ),
      .flag("quiet", short: "q", help: "No progress or warnings on stderr, only errors."),
      .flag("keep-shards", help: "Keep the shard folders (the merged folder then copies their rows)."),
      .flag(
        "plain-tables", help: "Write the merged run tables as plain CSV (default: the first shard's form)."),
      .flag(
        "gzip-tables", help: "Write the merged run tables gzip-compressed (default: the first shard's form)."),
    ],
    validate: { parsed throws(ValidationError) in
      try OutputPathRule.check(parsed, option: "out", target: .resultsFolder)
      try OutputPathRule.checkReplace(parsed, option: "out")
      if parsed.flag("plots") && parsed.flag("no-plots") {
        throw ValidationError("--plots and --no-plots cannot be used together")
      }
      if parsed.flag("plain-tables") && parsed.flag("gzip-tables") {
        throw ValidationError("--plain-tables and --gzip-tables cannot be used together")
      }
      if let timelines = parsed.string("timelines"), TimelineSelection(rawValue: timelines) == nil {
        throw .invalidValue(timelines, for: "timelines", reason: "expected " + TimelineSelection.choicesText)
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws -> Int32
  {
    let folders = parsed.strings("shard-dirs")
    let out = parsed.string("out") ?? ""
    let jobs = parsed.int("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    let progress = ProgressDisplay(terminal: terminal, quiet: parsed.flag("quiet"))
    InterruptHandling.install(terminal: terminal, progress: progress)
    // The shards are inputs: --out must not be one of them or hold one.
    let staging = try OutputStaging.begin(destination: out, inputs: folders)
    for leftover in staging.removedLeftovers where progress.mode != .quiet {
      progress.message("removed \(leftover), left unfinished by a run that no longer exists\n")
    }
    var status = ExitStatus.ok
    let outcome: ShardMerger.Outcome
    do {
      let form: Bool? = parsed.flag("plain-tables") ? false : parsed.flag("gzip-tables") ? true : nil
      outcome = try ShardMerger.merge(
        folders, into: staging, registry: registry, compressedTables: form, progress: progress)
      progress.finished(
        .writing,
        note:
          "\(folders.count) shards, \(outcome.files) run table\(outcome.files == 1 ? "" : "s"), "
          + ProgressDisplay.bytes(outcome.bytes))
      if !outcome.convertedShards.isEmpty && progress.mode != .quiet {
        progress.message(mixedFormsNote(outcome, chosen: form != nil))
      }
      let recorded = outcome.manifest.command
      let noPlots = parsed.flag("no-plots") || (recorded.contains("--no-plots") && !parsed.flag("plots"))
      if !noPlots {
        var step = try ReportStep.prepare(
          noPlots: false, requirePlots: parsed.flag("plots"), environment: parsed.environment)
        let recordedTimelines = recorded.firstIndex(of: "--timelines").flatMap {
          $0 + 1 < recorded.count ? recorded[$0 + 1] : nil
        }
        step.timelines =
          TimelineSelection(
            rawValue: parsed.string("timelines") ?? recordedTimelines ?? TimelineSelection.standard.rawValue)
          ?? .standard
        status = try step.generate(into: staging, jobs: jobs, terminal: terminal, progress: progress)
      }
      try staging.commit()
    } catch {
      try? staging.abandon()
      throw error
    }
    var removed = folders.count
    if !parsed.flag("keep-shards") {
      for (folder, reason) in ShardMerger.removeShards(folders) {
        removed -= 1
        if progress.mode != .quiet { progress.message("kept shard folder \(folder): \(reason)\n") }
      }
    } else {
      removed = 0
    }
    terminal.out(
      "\(outcome.runs) runs from \(folders.count) shards merged into \(out)"
        + (removed > 0 ? "; \(removed) shard folder\(removed == 1 ? "" : "s") removed" : "") + "\n")
    return status
  }

  /// Says which shards' tables were rewritten into the merged form, and how to get the other.
  static func mixedFormsNote(_ outcome: ShardMerger.Outcome, chosen: Bool) -> String {
    let form = outcome.compressedTables ? "gzip-compressed (timeline.csv.gz, …)" : "plain (timeline.csv, …)"
    let other = outcome.compressedTables ? "plain" : "compressed"
    let shards = outcome.convertedShards.joined(separator: ", ")
    let why = chosen ? "as asked" : "as the first shard's are"
    let how = chosen ? "" : "; give --\(outcome.compressedTables ? "plain" : "gzip")-tables for \(other) ones"
    return "note: \(shards) had \(other) run tables; the merged tables are \(form), \(why)\(how)\n"
  }
}
