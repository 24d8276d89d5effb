import PrefetchLab

/// `prefetchlab constants [--format text|markdown] [--section all|engine|strategies]`: every
/// constant taken from outside, its value and its source (`ConstantCatalogue`), then every
/// strategy parameter's default with the source its declaration states (the registry).
enum ConstantsCommand {
  static let spec = CommandSpec(
    name: "constants",
    abstract: "List the constants taken from platforms, papers and tools, with their sources.",
    discussion: """
      Prints every constant the simulator takes from outside (scroll physics, network presets, \
      radio power models, synthetic-user statistics) with the value the code uses, how far it can \
      be trusted (platform source, measured, tool setting, third-party observation, \
      reverse-engineered, dataset, judgement) and where it comes from; then every strategy \
      parameter's default with its meaning and source, as `list` shows them. --format markdown \
      prints the tables of docs/constants.md; --section engine or strategies prints one part.
      """,
    arguments: [
      .option("format", default: "text", help: "text or markdown."),
      .option("section", default: "all", help: "all, engine (the constants) or strategies (their defaults)."),
    ],
    validate: { parsed throws(ValidationError) in
      if let format = parsed.string("format"), !["text", "markdown"].contains(format) {
        throw .invalidValue(format, for: "format", reason: "expected text or markdown")
      }
      if let section = parsed.string("section"), !["all", "engine", "strategies"].contains(section) {
        throw .invalidValue(section, for: "section", reason: "expected all, engine or strategies")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, registry in
    let markdown = parsed.string("format") == "markdown"
    let section = parsed.string("section") ?? "all"
    var parts: [String] = []
    if section != "strategies" {
      parts.append(markdown ? ConstantCatalogue.markdown() : ConstantCatalogue.text())
    }
    if section != "engine" {
      parts.append(
        markdown ? ConstantCatalogue.strategyMarkdown(registry) : ConstantCatalogue.strategyText(registry))
    }
    terminal.out(parts.joined(separator: "\n"))
    return ExitStatus.ok
  }
}
