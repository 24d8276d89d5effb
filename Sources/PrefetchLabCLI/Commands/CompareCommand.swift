import PrefetchLab
import PrefetchLabReports

/// `prefetchlab compare BASE_DIR NEW_DIR [--format text|markdown|csv] [--metric NAME]…`.
enum CompareCommand {
  static let spec = CommandSpec(
    name: "compare",
    abstract:
      "Compare two results folders run by run: mean paired differences with 95 % confidence intervals.",
    discussion: """
      Pairs the rows of the two summary.csv files by scenario, strategy and seed (runs whose \
      strategy parameters differ pair when the match is unambiguous), so common random numbers \
      make each difference the effect of what changed. Prints per scenario, strategy and metric \
      the means, the mean difference new − base, the relative change and the 95 % confidence \
      interval of the mean paired difference (Student t), with a verdict from the metric's \
      direction. Runs present on one side only are listed. Exits 0 whatever changed; use \
      'check' to gate on regressions.
      """,
    arguments: [
      .positional("base-dir", help: "The reference results folder."),
      .positional("new-dir", help: "The results folder to compare with it."),
      .option("format", default: "text", help: "Output format: text, markdown or csv."),
      .option(
        "metric", repeating: true,
        help: "Compare only this metric (repeatable; default: every common metric)."),
    ],
    validate: { parsed throws(ValidationError) in
      if let format = parsed.string("format"), ComparisonFormat(rawValue: format) == nil {
        throw .invalidValue(format, for: "format", reason: "expected text, markdown or csv")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    let base = try ResultsFolder(path: parsed.string("base-dir") ?? "")
    let new = try ResultsFolder(path: parsed.string("new-dir") ?? "")
    let metrics = parsed.strings("metric")
    let comparison: Comparison
    do {
      comparison = try Comparison(base: base, new: new, metrics: metrics.isEmpty ? nil : metrics)
    } catch {
      throw ValidationError.invalidValue(
        { if case .unknownMetric(let name, _) = error { return name } else { return "" } }(), for: "metric",
        reason: error.description)
    }
    let format = ComparisonFormat(rawValue: parsed.string("format") ?? "text") ?? .text
    terminal.out(format.render(comparison))
    return ExitStatus.ok
  }
}
