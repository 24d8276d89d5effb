import PrefetchLab

// Rendering parse failures as swift-argument-parser does: the message, a `Help:` line for a
// missing or invalid value, the usage and a pointer to `--help`.

extension ArgumentParser {
  func render(_ failure: Failure, stack: [CommandSpec], noArguments: Bool) -> UsageError {
    let command = stack[stack.count - 1]
    var help = ""
    let message: String
    switch failure {
    case .unknownOption(let option, let suggestible):
      message = "Unknown option '\(option)'" + (suggestible ? suggestion(for: option, in: command) : "")
    case .missingValue(let spelling, let spec):
      message = "Missing value for '\(spelling) <\(spec.valueName)>'"
      help = "\(spelling) <\(spec.valueName)>  \(spec.help)"
    case .invalidValue(let value, let spelling, let spec, let reason):
      let named = spelling.map { "\($0) <\(spec.valueName)>" } ?? "<\(spec.valueName)>"
      message = "The value '\(value)' is invalid for '\(named)'" + (reason.map { ": \($0)" } ?? "")
      help = "\(named)  \(spec.help)"
    case .flagWithValue(let spelling, let value):
      message = "The option '\(spelling)' does not take any value, but '\(value)' was specified."
    case .missing(let spec):
      message = "Missing expected argument '\(spec.unadornedSynopsis)\(spec.isRepeating ? " ..." : "")'"
      help = "\(spec.unadornedSynopsis)  \(spec.help)"
    case .repeated(let spec, let values):
      message =
        "'\(spec.unadornedSynopsis)' is given \(values.count) times (\(values.joined(separator: "; "))), but takes "
        + "one value: \(spec.repeatedRemedy ?? "give it once")"
      help = "\(spec.unadornedSynopsis)  \(spec.help)"
    case .extra(let values) where !command.subcommands.isEmpty:
      message =
        "Unknown command '\(values[0])'" + suggestion(for: values[0], among: command.subcommands.map(\.name))
    case .extra(let values):
      message =
        values.count == 1
        ? "Unexpected argument '\(values[0])'"
        : "\(values.count) unexpected arguments: '\(values.joined(separator: "', '"))'"
    case .validation(let error, let parsed):
      switch error.kind {
      case .message(let text):
        message = text
      case .invalidValue(let value, let argument, let reason):
        let spec = parsed.spec(argument)
        let named =
          spec.isPositional
          ? "<\(spec.valueName)>" : "\(parsed.spellings[argument] ?? spec.longSpelling) <\(spec.valueName)>"
        message = "The value '\(value)' is invalid for '\(named)': \(reason)"
        help = "\(named)  \(spec.help)"
      }
      return UsageError(message: message, text: errorText(message, help: help, stack: stack))
    }
    if noArguments {
      return UsageError(message: message, text: "Error: \(message)\n\n" + helpText(stack: [root]))
    }
    return UsageError(message: message, text: errorText(message, help: help, stack: stack))
  }

  private func errorText(_ message: String, help: String, stack: [CommandSpec]) -> String {
    var text = "Error: \(message)\n"
    if !help.isEmpty { text += "Help:  \(help)\n" }
    text += "Usage: \(usage(stack: stack))\n"
    text += "  See '\(stack.map(\.name).joined(separator: " ")) --help' for more information."
    return text
  }

  /// `. Did you mean '--out'?` when a declared long option is a likely correction (`Suggestion`).
  private func suggestion(for option: String, in command: CommandSpec) -> String {
    suggestion(for: option, among: command.arguments.filter { !$0.isPositional }.map(\.longSpelling))
  }

  /// `. Did you mean 'run'?`, or "" when no candidate is close.
  func suggestion(for typed: String, among candidates: [String]) -> String {
    Suggestion.closest(to: typed, among: candidates).map { ". Did you mean '\($0)'?" } ?? ""
  }
}
