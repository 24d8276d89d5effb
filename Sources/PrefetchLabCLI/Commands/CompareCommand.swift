import PrefetchLab
import PrefetchLabReports

/// `prefetchlab compare BASE_DIR NEW_DIR [--format text|markdown|csv] [--metric NAME]…`, or
/// `prefetchlab compare RESULTS_DIR --pair A B …` for two strategies of one folder.
enum CompareCommand {
  static let spec = CommandSpec(
    name: "compare",
    abstract:
      "Compare two results folders, or two strategies of one folder, run by run: paired differences with 95 % intervals.",
    discussion: """
      Pairs the rows of the two summary.csv files by scenario, strategy and seed (runs whose \
      strategy parameters differ pair when the match is unambiguous), so common random numbers \
      make each difference the effect of what changed. With --pair A B (each NAME or \
      NAME:key=value,...) it compares two strategies inside one results folder instead, pairing \
      their runs by scenario and seed (differences are B − A), per scenario and, with several \
      scenarios, pooled. Prints per group and metric the means, the mean paired difference, the \
      relative change, the 95 % confidence interval of the mean paired difference (Student t) and \
      the test that decides whether the difference is real: t, or where the normal approximation \
      is poor (fewer than 15 pairs, strong skew, heavy ties) an exact Wilcoxon signed-rank or sign \
      test that must agree. An interval that contains 0 is 'no clear winner'. Runs without a \
      partner are listed; when no run pairs at all the command says why and exits 1 (a --pair \
      strategy the folder has no runs of is a usage error, 64). Otherwise it exits 0 whatever \
      changed; use 'check' to gate on regressions.
      """,
    arguments: [
      .positional("base-dir", help: "The reference results folder (with --pair: the one folder)."),
      .positional(
        "new-dir", required: false, help: "The results folder to compare with it (not with --pair)."),
      .option(
        "pair", valueNames: ("a", "b"),
        help:
          "Compare strategy B with strategy A inside the one folder "
          + "(each NAME, NAME:key=value,... or NAME@key=value+...)."),
      .option("format", default: "text", help: "Output format: text, markdown or csv."),
      .option(
        "metric", repeating: true,
        help: "Compare only this metric (repeatable; default: every common metric)."),
    ],
    validate: { parsed throws(ValidationError) in
      if let format = parsed.string("format"), ComparisonFormat(rawValue: format) == nil {
        throw .invalidValue(format, for: "format", reason: "expected text, markdown or csv")
      }
      let pair = parsed.strings("pair")
      if pair.isEmpty && !parsed.isGiven("new-dir") {
        throw ValidationError(
          "Missing expected argument '<new-dir>' (or --pair A B to compare two strategies of one folder)")
      }
      if !pair.isEmpty && parsed.isGiven("new-dir") {
        throw ValidationError(
          "--pair compares two strategies inside one results folder: give one folder, not two")
      }
      for text in pair {
        do throws(StrategyError) {
          _ = try StrategyRegistry.parseSpec(text)
        } catch {
          throw .invalidValue(text, for: "pair", reason: error.description)
        }
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    let base = try ResultsFolder(path: parsed.string("base-dir") ?? "")
    let metrics = parsed.strings("metric")
    let filter = metrics.isEmpty ? nil : metrics
    let comparison: Comparison
    do {
      let pair = parsed.strings("pair")
      if pair.count == 2 {
        let specs = try pair.map { text in try pairSpec(text, registry: registry) }
        comparison = try Comparison(
          folder: base, pair: specs[0], specs[1], registry: registry, metrics: filter)
      } else {
        let new = try ResultsFolder(path: parsed.string("new-dir") ?? "")
        comparison = try Comparison(base: base, new: new, metrics: filter)
      }
    } catch let error as ComparisonError {
      switch error {
      case .unknownMetric(let name, _):
        throw ValidationError.invalidValue(name, for: "metric", reason: error.description)
      case .samePair, .pairAbsent:
        throw ValidationError.invalidValue(
          parsed.strings("pair").joined(separator: " "), for: "pair", reason: error.description)
      }
    }
    if let why = comparison.whyNothingPaired {
      throw CommandFailure(status: ExitStatus.failure, message: "nothing to compare: \(why)")
    }
    let format = ComparisonFormat(rawValue: parsed.string("format") ?? "text") ?? .text
    terminal.out(format.render(comparison))
    return ExitStatus.ok
  }

  /// One side of `--pair`: its spec, whose parameters must be valid when the registry knows the
  /// strategy (a strategy it does not know may come from an app's own build and is matched as
  /// written).
  static func pairSpec(_ text: String, registry: StrategyRegistry) throws -> StrategySpec {
    let spec = try StrategyRegistry.parseSpec(text)
    if registry.definition(named: spec.name) != nil {
      do throws(StrategyError) {
        _ = try registry.configure(spec)
      } catch {
        throw ValidationError.invalidValue(text, for: "pair", reason: error.description)
      }
    }
    return spec
  }
}
