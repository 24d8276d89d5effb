import PrefetchLabReports

/// `prefetchlab metrics [--format text|markdown]`: the metric columns of summary.csv as the tools
/// know them (`MetricCatalogue`).
enum MetricsCommand {
  static let spec = CommandSpec(
    name: "metrics",
    abstract: "List the metric columns of summary.csv: unit, kind, polarity, decimals, label.",
    discussion: """
      Prints every metric column in summary.csv order with its unit, its kind (which sets its \
      decimals and check's default tolerance), which way is better (check, compare and the \
      reports judge changes by it) and its plot label. --format markdown prints the table of \
      docs/metrics.md, definitions included.
      """,
    arguments: [.option("format", default: "text", help: "text or markdown.")],
    validate: { parsed throws(ValidationError) in
      if let format = parsed.string("format"), !["text", "markdown"].contains(format) {
        throw .invalidValue(format, for: "format", reason: "expected text or markdown")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, _ in
    terminal.out(parsed.string("format") == "markdown" ? MetricTable.markdown() : MetricTable.text())
    return ExitStatus.ok
  }
}
