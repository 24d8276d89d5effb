import Foundation
import PrefetchLab
import PrefetchLabReports

/// `prefetchlab sweep SCENARIO|DIR… --strategy NAME[:key=value,…] --vary PARAM=V1,V2,…|PARAM=START:STOP:STEP
/// [--vary …] [--reference NAME[:key=value,…] …] [--x METRIC] [--y METRIC] [--seeds …] [--out DIR]
/// [--jobs N] …`: one strategy over a grid of its parameters, and any reference strategies beside
/// it, written as an ordinary results folder.
enum SweepCommand {
  static let spec = CommandSpec(
    name: "sweep",
    abstract: "Run one strategy over a grid of its parameter values and find the best trade-offs.",
    discussion: """
      Each --vary gives a parameter's values, as a list (ratio=0.2,0.5,0.8; true,false for flags) \
      or a range START:STOP:STEP (START, START+STEP, … up to STOP, included when reached; read as \
      decimals, so 0.1:0.9:0.2 is exactly 0.1, 0.3, 0.5, 0.7, 0.9); several --vary make the full \
      grid, the first outermost. Every value is checked against the parameter's kind and range \
      first, then the files as 'validate' checks them and each setting against each file's feed \
      (exit 65, nothing written). The runs (scenarios × (settings + references) × seeds) are written as an ordinary results folder \
      (default results/sweep), so report, compare, check and merge work on it; each setting's \
      rows carry its non-default parameters in the params column, the defaults' rows none, as in \
      run. Per scenario the plots add the trade-off curve (--y against --x, default stall_ms \
      against wasted_bytes; any two catalogued metrics with a better direction), points joined \
      in parameter order and labelled with their values, Pareto-optimal settings circled and the \
      knee marked; with two varied parameters, a heat map of each of the two metrics. The report \
      lists the Pareto-optimal settings and the knee (Kneedle, Satopää et al. 2011). Each \
      --reference runs one more strategy, as given, on the same scenarios and seeds: its rows \
      sit beside the grid's (the report's headroom line needs infinite_scroll and oracle, so \
      --reference infinite_scroll --reference oracle, with default parameters, gives each \
      setting its share of the gap) and the curve draws them for scale, but they take no part \
      in the Pareto set or the knee; only one strategy is swept, so --strategy is given once.
      """,
    arguments: [
      .positional("scenarios", repeating: true, help: "Scenario files, or folders of *.json scenario files."),
      .option(
        "strategy", required: true,
        help:
          "The strategy to sweep, as NAME, NAME:key=value,... or NAME@key=value+... "
          + "(those parameters stay fixed)."
      ).remedyWhenRepeated(
        "sweep varies one strategy; give it once, the values that differ in --vary and any other strategy "
          + "as --reference"),
      .option(
        "vary", valueName: "param=values", required: true, repeating: true,
        help: "A parameter and its values: PARAM=V1,V2,... or PARAM=START:STOP:STEP (repeatable: a grid)."),
      .option(
        "reference", valueName: "strategy", repeating: true,
        help:
          "A strategy to run beside the grid, as --strategy takes it, e.g. infinite_scroll or "
          + "paging3:prefetch_distance=20 (repeatable; not the swept strategy)."),
      .option(
        "x", valueName: "metric", default: PlotBuilder.tradeoffColumns.x,
        help: "The trade-off's x metric (see 'prefetchlab metrics')."),
      .option(
        "y", valueName: "metric", default: PlotBuilder.tradeoffColumns.y,
        help: "The trade-off's y metric, also the first heat map's."),
      .option(
        "seeds",
        help:
          "Seeds to run, e.g. 1-10 or 1,4,7 (overlaps run once, in ascending order): at most 100000 seeds, each"
          + " 0...2^53 − 1 (default: each scenario's seed)."
      ),
    ] + ResultsRun.outputArguments(defaultOut: "results/sweep"),
    validate: { parsed throws(ValidationError) in
      try ResultsRun.validate(parsed)
      for axis in ["x", "y"] {
        let column = parsed.string(axis) ?? ""
        guard let metric = MetricCatalogue.definition(column) else {
          throw .invalidValue(
            column, for: axis,
            reason: "not a metric; 'prefetchlab metrics' lists them: "
              + MetricCatalogue.columns.joined(separator: ", "))
        }
        if metric.polarity == .neutral {
          throw .invalidValue(
            column, for: axis,
            reason: "a descriptive metric (no better direction), so no setting can be better on it")
        }
      }
      if parsed.string("x") == parsed.string("y") {
        throw ValidationError("--x and --y name the same metric: a trade-off needs two")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws -> Int32
  {
    let strategyText = parsed.string("strategy") ?? ""
    let sweep: ParameterSweep
    do {
      let base = try StrategyRegistry.parseSpec(strategyText)
      sweep = try ParameterSweep(base: base, vary: parsed.strings("vary"), registry: registry)
    } catch let error as StrategyError {
      throw ValidationError.invalidValue(strategyText, for: "strategy", reason: error.description)
    } catch let error as SweepError {
      throw ValidationError.invalidValue(error.text, for: error.option, reason: error.reason)
    }
    let references = try referenceSpecs(
      parsed, grid: Dictionary(zip(sweep.strategies.map(\.label), sweep.settingNames)) { first, _ in first },
      registry: registry)
    let specs = sweep.specs + references.map(\.spec)
    let seeds = parsed.string("seeds").flatMap(SeedList.parse)
    // With --seeds the count is known from the arguments: each scenario runs every setting and
    // reference on every seed. Refused here, before every setting is checked against every
    // scenario's feed and the plan is built (`Experiment` checks it again, and alone without
    // --seeds, where each scenario's own seeds count).
    if let seeds {
      let scenarioCount = ScenarioInputs.entries(from: parsed.strings("scenarios")).filter {
        if case .success = $0 { return true } else { return false }
      }.count
      if let error = RunCountCap.sweepPlanError(
        settings: specs.count, scenarios: scenarioCount, seeds: Set(seeds).count)
      {
        throw error
      }
    }
    let names =
      sweep.settingNames.map { "--vary setting " + $0 } + references.map { "--reference " + $0.text }
    // Every problem of every file, and every setting that breaks a rule with a file's feed, as
    // `validate` and `run` report them.
    let scenarios = try ScenarioInputs.load(
      parsed.strings("scenarios"), registry: registry, strategyOverrides: specs, overrideNames: names,
      timeline: ResultsRun.timelineOptions(for: parsed))
    let experiment = try RunCountCap.experiment {
      try Experiment(
        scenarios: scenarios, strategyOverrides: specs, seeds: seeds, registry: registry,
        overrideNames: names, runLimit: RunCountCap.maxPlannedRuns)
    }
    let (x, y) = (parsed.string("x") ?? "", parsed.string("y") ?? "")
    var record = RunRecord(
      command: recordedCommand(parsed), sources: parsed.strings("scenarios").sorted(),
      strategiesGiven: specs, seedsGiven: seeds.map { Set($0).sorted() })
    record.sweep = SweepRecord(sweep, x: x, y: y)
    return try ResultsRun.write(parsed, experiment: experiment, record: record, terminal: terminal) { out in
      try closing(folder: out)
    }
  }

  /// The `--reference` strategies as specs, with their text as given: each must configure, must
  /// not be one of the grid's settings (`grid`: configured label to setting name; its rows would
  /// be the setting's) and must not repeat another. The swept strategy with other parameters is a
  /// reference like any other (`recyclerview` beside a `recyclerview:media=glide` grid).
  static func referenceSpecs(_ parsed: ParsedArguments, grid: [String: String], registry: StrategyRegistry)
    throws
    -> [(spec: StrategySpec, text: String)]
  {
    var references: [(spec: StrategySpec, text: String)] = []
    // By configured label, so that spellings of one configuration meet.
    var earlier: [String: (spec: StrategySpec, text: String)] = [:]
    for text in parsed.strings("reference") {
      let spec: StrategySpec
      let strategy: ConfiguredStrategy
      do throws(StrategyError) {
        spec = try StrategyRegistry.parseSpec(text)
        strategy = try registry.configure(spec)
      } catch {
        throw ValidationError.invalidValue(text, for: "reference", reason: error.description)
      }
      if let setting = grid[strategy.label] {
        throw ValidationError.invalidValue(
          text, for: "reference",
          reason:
            "\(text) is the grid's setting \(setting), run already (a reference adds another strategy)"
        )
      }
      if let first = earlier.updateValue((spec, text), forKey: strategy.label) {
        // e.g. `paging3` and `paging3:prefetch_distance=page_size`.
        let why = first.spec == spec ? "" : " (parameters given at their defaults run the same strategy)"
        throw ValidationError.invalidValue(
          text, for: "reference", reason: "the same strategy as --reference \(first.text)\(why): give it once"
        )
      }
      references.append((spec, text))
    }
    return references
  }

  /// Per scenario, the Pareto-optimal settings and the knee, read back from the written folder.
  static func closing(folder: String) throws -> String {
    let data = try ResultsData(path: folder)
    guard let record = data.folder.manifest?.sweep else { return "" }
    var text =
      "\nTrade-off of \(record.y) against \(record.x) (means over seeds; share of seed resamples in which each "
      + "stays optimal):\n"
    var recommendations: [String] = []
    for scenario in data.scenarios {
      let analysis = SweepAnalysis(record: record, scenario: scenario)
      text +=
        "  \(scenario.name): Pareto-optimal \(analysis.paretoText()); knee "
        + (analysis.knee.map(analysis.name) ?? "none")
        + (analysis.ruledOut.isEmpty
          ? ""
          : "; ruled out (users abandon more): "
            + analysis.ruledOut.map(analysis.name).joined(separator: "; "))
        + "\n"
      let recommendation = analysis.recommendation
      let verdict =
        analysis.recommended.map { "recommended " + analysis.name($0) }
        ?? (recommendation.verdictText + (recommendation.tieNote.map { " (\($0))" } ?? ""))
      recommendations.append(
        "  \(scenario.name): \(verdict)"
          + (recommendation.reasons.isEmpty ? "" : " — " + recommendation.reasons.joined(separator: "; "))
          + (recommendation.costWarning.map { "\n    " + $0.sentence(recommendation.labels) } ?? "")
          + analysis.edgeNotes.map { "\n    " + $0 }.joined())
    }
    text += "Recommended setting (stall_ms, then blank_ms per minute, by significance):\n"
    return text + recommendations.joined(separator: "\n") + "\n"
  }

  /// The command as the manifest records it (see `RunCommand.recordedCommand`).
  static func recordedCommand(_ parsed: ParsedArguments) -> [String] {
    var command = ["sweep"] + parsed.strings("scenarios").sorted()
    command += ["--strategy", parsed.string("strategy") ?? ""]
    for vary in parsed.strings("vary") { command += ["--vary", vary] }
    for reference in parsed.strings("reference") { command += ["--reference", reference] }
    for axis in ["x", "y"] where parsed.isGiven(axis) { command += ["--" + axis, parsed.string(axis) ?? ""] }
    if let seeds = parsed.string("seeds") { command += ["--seeds", seeds] }
    return command + ResultsRun.recordedOutputOptions(parsed)
  }
}
