/// `prefetchlab import FORMAT …`: turns recordings made with other tools (HAR files, Android
/// `getevent` touch logs) into PrefetchLab's inputs. Each format is one subcommand, one line of
/// `formats`.
enum ImportCommand {
  static let formats: [CommandLineTool.Verb] = [
    ImportHarCommand.verb,
    ImportGeteventCommand.verb,
  ]

  static let spec = CommandSpec(
    name: "import",
    abstract: "Import recordings made with other tools (HAR files, getevent touch logs).",
    subcommands: formats.map(\.spec))

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, registry in
    guard let format = formats.first(where: { $0.spec.name == parsed.commandPath.last }) else {
      throw UsageError(
        message: "import needs a format", text: "Error: import needs a format: har, getevent")
    }
    return try format.execute(parsed, terminal, registry)
  }
}
