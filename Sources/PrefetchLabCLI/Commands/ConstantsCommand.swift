import PrefetchLab

/// `prefetchlab constants [--format text|markdown]`: every constant taken from outside, its value
/// and its source (`ConstantCatalogue`).
enum ConstantsCommand {
  static let spec = CommandSpec(
    name: "constants",
    abstract: "List the constants taken from platforms, papers and tools, with their sources.",
    discussion: """
      Prints every constant the simulator takes from outside (scroll physics, network presets, \
      radio power models, synthetic-user statistics) with the value the code uses, how far it can \
      be trusted (platform source, measured, tool setting, third-party observation, \
      reverse-engineered, dataset, judgement) and where it comes from. --format markdown prints \
      the table of docs/constants.md.
      """,
    arguments: [.option("format", default: "text", help: "text or markdown.")],
    validate: { parsed throws(ValidationError) in
      if let format = parsed.string("format"), !["text", "markdown"].contains(format) {
        throw .invalidValue(format, for: "format", reason: "expected text or markdown")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, _ in
    terminal.out(
      parsed.string("format") == "markdown" ? ConstantCatalogue.markdown() : ConstantCatalogue.text())
    return ExitStatus.ok
  }
}
