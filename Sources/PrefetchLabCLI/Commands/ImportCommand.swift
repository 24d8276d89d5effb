import PrefetchLab

/// `prefetchlab import KIND …`: turns what other tools recorded into files the simulator reads.
/// One entry per kind in `subcommands`; each is a verb of its own.
enum ImportCommand {
  static let subcommands: [CommandLineTool.Verb] = [
    ImportGeteventCommand.verb
  ]

  static let spec = CommandSpec(
    name: "import",
    abstract: "Turn other tools' recordings into files prefetchlab reads.",
    subcommands: subcommands.map(\.spec))

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, registry in
    guard let sub = subcommands.first(where: { $0.spec.name == parsed.commandPath.last }) else {
      terminal.err("Error: unknown import kind\n")
      return ExitStatus.usage
    }
    return try sub.execute(parsed, terminal, registry)
  }
}
