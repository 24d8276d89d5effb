import PrefetchLab

/// `prefetchlab list`: the registered strategies with their parameters and defaults.
enum ListCommand {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List the strategies with their parameters, defaults and sources.",
    arguments: [])

  static let verb = CommandLineTool.Verb(spec: spec, execute: execute)

  static func execute(_ parsed: ParsedArguments, _ terminal: TerminalOutput, registry: StrategyRegistry)
    throws
    -> Int32
  {
    terminal.out(render(registry))
    return ExitStatus.ok
  }

  static func render(_ registry: StrategyRegistry) -> String {
    var text = ""
    for definition in registry.definitions {
      text += "\(definition.name)\n  \(definition.summary)\n  Source: \(definition.source)\n"
      if !definition.runsByDefault {
        text += "  Platform model: runs where a scenario or --strategy names it.\n"
      }
      for parameter in definition.parameters {
        text += "    \(parameter.name)=\(parameter.defaultValue)  (\(parameter.kindText))\n"
        text += "        \(parameter.help)\n"
      }
      text += "\n"
    }
    text += "Set parameters in a scenario's \"strategies\" list or with --strategy NAME:key=value,...\n"
    text += "A scenario without a \"strategies\" list runs every strategy not marked as a platform model.\n"
    return text
  }
}
