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

  /// `. Did you mean '--out'?` when a declared long option is within edit distance 3 (SAP's rule).
  private func suggestion(for option: String, in command: CommandSpec) -> String {
    var best: (name: String, distance: Int)?
    for spec in command.arguments where !spec.isPositional {
      let distance = Self.editDistance(option, spec.longSpelling)
      if distance < 4 && distance < (best?.distance ?? Int.max) {
        best = (spec.longSpelling, distance)
      }
    }
    return best.map { ". Did you mean '\($0.name)'?" } ?? ""
  }

  /// Levenshtein distance over characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] =
          a[i - 1] == b[j - 1] ? previous[j - 1] : min(previous[j], current[j - 1], previous[j - 1]) + 1
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
