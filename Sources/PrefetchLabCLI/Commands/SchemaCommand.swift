import PrefetchLab
import PrefetchLabReports

/// `prefetchlab schema`: the JSON Schema of scenario files, for editors and validators.
enum SchemaCommand {
  static let spec = CommandSpec(
    name: "schema",
    abstract: "Print the JSON Schema (draft 2020-12) of scenario files.",
    discussion: """
      Generated from the definitions the loader reads scenario files with, and from the strategies \
      known to this build: types, units, ranges, enumerations, defaults. Save it and point your \
      editor at it (docs/scenario-format.md, "Editor support"). The loader checks more than a \
      schema can say (rules between values, trace files); 'prefetchlab validate' checks everything. \
      --format markdown prints the key tables of docs/scenario-format.md instead.
      """,
    arguments: [
      .option("format", default: "json", help: "json (the schema) or markdown (the docs' key tables).")
    ],
    validate: { parsed throws(ValidationError) in
      if let format = parsed.string("format"), !["json", "markdown"].contains(format) {
        throw .invalidValue(format, for: "format", reason: "expected json or markdown")
      }
    })

  static let verb = CommandLineTool.Verb(spec: spec) { parsed, terminal, registry in
    if parsed.string("format") == "markdown" {
      terminal.out(ScenarioKeyTables.allMarked())
    } else {
      terminal.out(ScenarioSchema.document(strategies: registry.definitions).serialized(pretty: true) + "\n")
    }
    return ExitStatus.ok
  }
}
