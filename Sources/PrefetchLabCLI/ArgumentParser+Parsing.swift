// Reading a command line: splitting arguments into tokens, matching them to a command's
// arguments and finding errors in the order swift-argument-parser finds them.

extension ArgumentParser {
  /// An argument after splitting.
  enum Token: Equatable {
    case long(name: String, value: String?)
    case short(letters: [Character], raw: String)
    case value(String, afterTerminator: Bool)
    case terminator

    static func split(_ arguments: [String]) -> [Token] {
      var tokens: [Token] = []
      var afterTerminator = false
      for argument in arguments {
        if afterTerminator {
          tokens.append(.value(argument, afterTerminator: true))
        } else if argument == "--" {
          tokens.append(.terminator)
          afterTerminator = true
        } else if argument.hasPrefix("--") {
          let body = argument.dropFirst(2)
          if let equals = body.firstIndex(of: "=") {
            tokens.append(
              .long(name: String(body[..<equals]), value: String(body[body.index(after: equals)...])))
          } else {
            tokens.append(.long(name: String(body), value: nil))
          }
        } else if argument.hasPrefix("-") && argument.count > 1 && Double(argument) == nil {
          // A negative number (`--jobs -1`) is a value, to be refused by its own rule: no short
          // option is a digit.
          tokens.append(.short(letters: Array(argument.dropFirst()), raw: argument))
        } else {
          tokens.append(.value(argument, afterTerminator: false))
        }
      }
      return tokens
    }
  }

  /// A parse failure before rendering.
  enum Failure: Error {
    case unknownOption(String, suggestible: Bool)
    case missingValue(spelling: String, ArgumentSpec)
    case invalidValue(String, spelling: String?, ArgumentSpec, reason: String?)
    case flagWithValue(spelling: String, value: String)
    case missing(ArgumentSpec)
    /// A single-valued option given more than once, with every value given, in order.
    case repeated(ArgumentSpec, values: [String])
    case extra([String])
    case validation(ValidationError, ParsedArguments)
  }

  func parseCommand(stack: [CommandSpec], tokens: ArraySlice<Token>) throws(Failure) -> ParseOutcome {
    let command = stack[stack.count - 1]
    let hasVersion = stack.contains { $0.version != nil }
    var parsed = ParsedArguments(commandPath: stack.map(\.name), arguments: command.arguments)
    var helpRequested = false
    var versionRequested = false
    var unknown: [(String, suggestible: Bool)] = []
    var positionalValues: [String] = []
    // Every value of each single-valued option, to refuse one given twice.
    var given: [String: [String]] = [:]

    func take(
      _ spec: ArgumentSpec, spelling: String, attached: String?, next: inout Int
    ) throws(Failure) {
      switch spec.kind {
      case .flag:
        if let attached { throw .flagWithValue(spelling: spelling, value: attached) }
        parsed.flags.insert(spec.name)
      case .option, .positional:
        let value: String
        if let attached {
          value = attached
        } else if next < tokens.endIndex, case .value(let word, afterTerminator: false) = tokens[next] {
          value = word
          next += 1
        } else {
          throw .missingValue(spelling: spelling, spec)
        }
        try check(value, spelling: spelling, spec)
        if spec.arity == 2 {
          guard next < tokens.endIndex, case .value(let second, afterTerminator: false) = tokens[next] else {
            throw .missingValue(spelling: spelling, spec)
          }
          next += 1
          given[spec.name, default: []].append("\(value) \(second)")
          parsed.values[spec.name] = [value, second]
          parsed.spellings[spec.name] = spelling
          return
        }
        if spec.isRepeating {
          parsed.values[spec.name, default: []].append(value)
        } else {
          given[spec.name, default: []].append(value)
          parsed.values[spec.name] = [value]
        }
        parsed.spellings[spec.name] = spelling
      }
    }

    var index = tokens.startIndex
    while index < tokens.endIndex {
      let token = tokens[index]
      index += 1
      switch token {
      case .terminator:
        continue
      case .value(let word, _):
        positionalValues.append(word)
      case .long(let name, let attached):
        if let spec = command.arguments.first(where: { !$0.isPositional && $0.name == name }) {
          try take(spec, spelling: "--\(name)", attached: attached, next: &index)
        } else if name == "help" {
          helpRequested = true
        } else if name == "version" && hasVersion {
          versionRequested = true
        } else {
          unknown.append(("--\(name)", suggestible: true))
        }
      case .short(let letters, let raw):
        let known = { (letter: Character) in command.arguments.first { $0.short == letter } }
        if letters.count > 1 && known(letters[0]) == nil && letters[0] != "h" {
          unknown.append((raw, suggestible: true))
          continue
        }
        for (position, letter) in letters.enumerated() {
          if let spec = known(letter) {
            if spec.kind == .option && position < letters.count - 1 {
              throw .missingValue(spelling: "-\(letter)", spec)
            }
            try take(spec, spelling: "-\(letter)", attached: nil, next: &index)
          } else if letter == "h" {
            helpRequested = true
          } else {
            unknown.append(("-\(letter)", suggestible: false))
          }
        }
      }
    }

    var remaining = positionalValues[...]
    for spec in command.arguments where spec.isPositional {
      let taken = spec.isRepeating ? Array(remaining) : Array(remaining.prefix(1))
      remaining = remaining.dropFirst(taken.count)
      for value in taken { try check(value, spelling: nil, spec) }
      if !taken.isEmpty { parsed.values[spec.name] = taken }
    }
    let extra = Array(remaining)

    if helpRequested { return .help(helpText(stack: stack)) }
    if versionRequested {
      return .version(stack.compactMap(\.version).last ?? "")
    }
    if let spec = command.arguments.first(where: { (given[$0.name]?.count ?? 0) > 1 }) {
      throw .repeated(spec, values: given[spec.name] ?? [])
    }
    for spec in command.arguments where spec.isRequired && parsed.values[spec.name] == nil {
      throw .missing(spec)
    }
    if let validate = command.validate {
      do {
        try validate(parsed)
      } catch {
        throw .validation(error, parsed)
      }
    }
    if let (option, suggestible) = unknown.first { throw .unknownOption(option, suggestible: suggestible) }
    if !extra.isEmpty { throw .extra(extra) }
    if !command.subcommands.isEmpty { return .help(helpText(stack: stack)) }
    return .command(parsed)
  }

  private func check(_ value: String, spelling: String?, _ spec: ArgumentSpec) throws(Failure) {
    guard spec.valueType == .integer else { return }
    guard let number = Int(value) else {
      // A declared range is named: "1e300" or "nan" is refused saying what would be accepted.
      throw .invalidValue(
        value, spelling: spelling, spec, reason: spec.rangeText.map { "expected an integer \($0)" })
    }
    if let range = spec.range, !range.contains(number) {
      throw .invalidValue(value, spelling: spelling, spec, reason: spec.rangeRule)
    }
  }

  func stack(for path: [String]) -> [CommandSpec] {
    var stack = [root]
    for name in path {
      guard let next = stack[stack.count - 1].subcommands.first(where: { $0.name == name }) else { break }
      stack.append(next)
    }
    return stack
  }

  /// `help a b`: the help of the command named. A name that is not a subcommand of the one
  /// before it is a usage error naming it (with the closest command suggested).
  func helpText(forHelpCommand tokens: ArraySlice<Token>) throws(UsageError) -> String {
    let names = tokens.compactMap { token -> String? in
      if case .value(let word, _) = token { return word }
      return nil
    }
    var stack = [root]
    for name in names {
      let command = stack[stack.count - 1]
      guard let next = command.subcommands.first(where: { $0.name == name }) else {
        let message =
          "Unknown command '\(name)'" + suggestion(for: name, among: command.subcommands.map(\.name))
        var help = stack
        help.insert(CommandSpec(name: "help"), at: 1)
        throw UsageError(
          message: message,
          text: "Error: \(message)\nUsage: \(help.map(\.name).joined(separator: " ")) [<subcommand>]\n"
            + "  See '\(root.name) --help' for the commands.")
      }
      stack.append(next)
    }
    return helpText(stack: stack)
  }
}
