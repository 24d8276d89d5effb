// A small declarative command-line parser that imitates swift-argument-parser (SAP): the same
// syntax, the same help layout and the same error messages, without the dependency. Commands are
// values (`CommandSpec`), parsing returns values (`ParseOutcome`) or throws `UsageError`, and
// nothing here prints: the CLI layer sends help to stdout, errors to stderr, exits 64 on usage
// errors.

// MARK: - Describing commands

/// One argument of a command: a positional argument, an option that takes a value, or a flag.
///
/// `name` is how the argument is queried in `ParsedArguments` and, for options and flags, its
/// long name without the dashes (`"out"` is `--out`, `"no-plots"` is `--no-plots`). The value name
/// shown in help (`<out>`) defaults to `name`.
public struct ArgumentSpec: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// `<name>`: a value given by position.
    case positional
    /// `--name <value>` or `--name=<value>`, optionally `-n <value>`.
    case option
    /// `--name` (optionally `-n`): present or absent.
    case flag
  }

  /// What a value must look like; checked while parsing, so getters never see a bad value.
  public enum ValueType: Sendable, Equatable {
    case string
    /// A Swift `Int` literal (`Int(text)` succeeds): `4`, `-1`, `+2`.
    case integer
  }

  public let name: String
  public let kind: Kind
  /// The short name (`-o`), options and flags only.
  public let short: Character?
  public let valueName: String
  public let help: String
  /// Parsing fails with `Missing expected argument` when a required argument is absent.
  public let isRequired: Bool
  /// A repeatable option (`--strategy a --strategy b`) or a variadic positional (`<files> ...`).
  public let isRepeating: Bool
  /// The value used when the argument is absent, shown in help as `(default: x)`.
  public let defaultValue: String?
  public let valueType: ValueType

  /// A positional argument: required single `<name>` by default; `required: false` makes it
  /// `[<name>]`, `repeating: true` makes it `<name> ...` (all remaining values; it must be the
  /// last positional). A default value makes it optional.
  public static func positional(
    _ name: String, valueName: String? = nil, type: ValueType = .string, required: Bool = true,
    repeating: Bool = false, default defaultValue: String? = nil, help: String
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .positional, short: nil, valueName: valueName ?? name, help: help,
      isRequired: required && defaultValue == nil, isRepeating: repeating, defaultValue: defaultValue,
      valueType: type)
  }

  /// An option `--name <value>`: optional by default; `repeating: true` collects every
  /// occurrence (otherwise the last occurrence wins, as in SAP).
  public static func option(
    _ name: String, short: Character? = nil, valueName: String? = nil, type: ValueType = .string,
    required: Bool = false, repeating: Bool = false, default defaultValue: String? = nil, help: String
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .option, short: short, valueName: valueName ?? name, help: help,
      isRequired: required && defaultValue == nil, isRepeating: repeating, defaultValue: defaultValue,
      valueType: type)
  }

  /// A flag `--name`: false unless given.
  public static func flag(_ name: String, short: Character? = nil, help: String) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .flag, short: short, valueName: name, help: help, isRequired: false,
      isRepeating: false, defaultValue: nil, valueType: .string)
  }

  var isPositional: Bool { kind == .positional }
  var longSpelling: String { "--\(name)" }

  /// `--out <out>`, `--no-plots` or `<scenarios>`: the argument as named in messages.
  var unadornedSynopsis: String {
    switch kind {
    case .positional: "<\(valueName)>"
    case .option: "\(longSpelling) <\(valueName)>"
    case .flag: longSpelling
    }
  }

  /// The usage-line form: `<scenarios> ...`, `[--strategy <strategy> ...]`, `[--no-plots]`.
  var synopsis: String {
    var text = unadornedSynopsis
    if isRepeating { text += " ..." }
    return isRequired ? text : "[\(text)]"
  }

  /// The help-column label: `-o, --out <out>`, `--no-plots`, `<scenarios>`.
  var helpLabel: String {
    switch kind {
    case .positional: return "<\(valueName)>"
    case .option, .flag:
      var names = short.map { ["-\($0)"] } ?? []
      names.append(longSpelling)
      let joined = names.joined(separator: ", ")
      return kind == .option ? "\(joined) <\(valueName)>" : joined
    }
  }
}

/// A command: its name, help and arguments, or its subcommands.
///
/// A command either takes arguments or groups subcommands (a precondition): `prefetchlab` groups
/// `run`, `report`, … and shows its help when called without one, as SAP does. A `version` set on
/// a command is accepted (`--version`) and listed in help by it and all commands below it.
/// `validate` runs after a successful parse of this command, before unknown options and extra
/// arguments are reported (SAP's order); what it throws is rendered like any usage error.
public struct CommandSpec: Sendable {
  public var name: String
  /// One sentence, shown after `OVERVIEW:` and beside the name in the parent's `SUBCOMMANDS:`.
  public var abstract: String
  /// Paragraphs shown after the abstract, separated from it by a blank line.
  public var discussion: String
  public var version: String?
  /// In declaration order, which is the order of the usage line and of the help sections.
  public var arguments: [ArgumentSpec]
  public var subcommands: [CommandSpec]
  public var validate: (@Sendable (ParsedArguments) throws(ValidationError) -> Void)?

  public init(
    name: String, abstract: String = "", discussion: String = "", version: String? = nil,
    arguments: [ArgumentSpec] = [], subcommands: [CommandSpec] = [],
    validate: (@Sendable (ParsedArguments) throws(ValidationError) -> Void)? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.arguments = arguments
    self.subcommands = subcommands
    self.validate = validate
  }
}

// MARK: - Results and errors

/// The arguments of a successfully parsed command, queried by argument name.
///
/// Getters return the given value(s), else the default, else nil / `[]` / false. Asking for a
/// name the command does not declare, or with the wrong getter (`int` on a string option,
/// `flag` on an option), is a programmer error (precondition failure).
public struct ParsedArguments: Sendable, Equatable {
  /// The command names from the root: `["prefetchlab", "run"]`.
  public let commandPath: [String]
  let arguments: [ArgumentSpec]
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  /// How each given option was spelled last (`-o` or `--out`), for messages.
  var spellings: [String: String] = [:]

  init(commandPath: [String], arguments: [ArgumentSpec]) {
    self.commandPath = commandPath
    self.arguments = arguments
  }

  func spec(_ name: String) -> ArgumentSpec {
    guard let spec = arguments.first(where: { $0.name == name }) else {
      preconditionFailure("'\(commandPath.joined(separator: " "))' declares no argument '\(name)'")
    }
    return spec
  }

  /// The value of a single-valued option or positional (the last one given), else its default.
  public func string(_ name: String) -> String? {
    let spec = spec(name)
    precondition(spec.kind != .flag, "'\(name)' is a flag: use flag(_:)")
    return values[name]?.last ?? spec.defaultValue
  }

  /// Every value of a repeating option or variadic positional in command-line order, else
  /// `[default]` when it has a default, else `[]`.
  public func strings(_ name: String) -> [String] {
    let spec = spec(name)
    precondition(spec.kind != .flag, "'\(name)' is a flag: use flag(_:)")
    return values[name] ?? (spec.defaultValue.map { [$0] } ?? [])
  }

  /// The value of an argument declared with `type: .integer`.
  public func int(_ name: String) -> Int? {
    precondition(spec(name).valueType == .integer, "'\(name)' is not declared with type: .integer")
    return string(name).flatMap { Int($0) }
  }

  /// Whether a flag was given.
  public func flag(_ name: String) -> Bool {
    precondition(spec(name).kind == .flag, "'\(name)' is not a flag")
    return flags.contains(name)
  }

  /// Whether the argument appeared on the command line (a default does not count).
  public func isGiven(_ name: String) -> Bool {
    _ = spec(name)
    return values[name] != nil || flags.contains(name)
  }
}

/// What a successful parse asks the CLI to do.
public enum ParseOutcome: Sendable, Equatable {
  /// Run this command.
  case command(ParsedArguments)
  /// `-h`/`--help`, `help [subcommand]`, or a command group called without a subcommand: print
  /// the text to stdout with `print` (it already ends as SAP's help does) and exit 0.
  case help(String)
  /// `--version`: print the text to stdout and exit 0.
  case version(String)
}

/// A command line that cannot be parsed, rendered as SAP does:
///
/// ```
/// Error: Missing value for '--out <out>'
/// Help:  --out <out>  Output folder.
/// Usage: prefetchlab run <scenarios> ... [--out <out>]
///   See 'prefetchlab run --help' for more information.
/// ```
///
/// (`Help:` only for missing and invalid values.) `text` has no final newline: print it to
/// stderr with `print` and exit 64 (EX_USAGE).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The sentence after `Error: `, e.g. `Unknown option '--foo'`.
  public let message: String
  /// The full rendering.
  public let text: String

  public var description: String { text }
}

/// Thrown by a command's `validate` hook (or passed to `ArgumentParser.usageError`) to reject
/// values the syntax allows.
public struct ValidationError: Error, Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case message(String)
    case invalidValue(value: String, argument: String, reason: String)
  }

  let kind: Kind

  /// Rendered as `Error: <message>` followed by the usage.
  public init(_ message: String) { kind = .message(message) }

  /// Rendered as SAP renders a value rejected by a transform:
  /// `Error: The value '0' is invalid for '--jobs <jobs>': must be at least 1`, then a `Help:`
  /// line. `argument` is the argument's name in the command's `arguments`.
  public static func invalidValue(_ value: String, for argument: String, reason: String) -> ValidationError {
    ValidationError(kind: .invalidValue(value: value, argument: argument, reason: reason))
  }

  private init(kind: Kind) { self.kind = kind }
}

// MARK: - Parsing

/// Parses command lines for a root `CommandSpec` and renders its help and errors.
///
/// Syntax (SAP's defaults): `--name value`, `--name=value`, `-n value`; grouped short flags
/// `-ab` (an option in a group must be its last letter and takes the next argument); options and
/// positionals in any order; `--` makes every later argument positional; `-` alone is a value; a
/// value that starts with `-` must be attached (`--name=-1`). `-h`/`--help` anywhere before `--`
/// asks for help (it wins over every error except those found while reading values: a missing
/// or invalid value, a flag given a value; as in SAP);
/// `--version` likewise when a command in the path has a version. The root also accepts
/// `help [subcommand ...]`.
///
/// Errors, in the order SAP finds them: missing or invalid option values and flags given a value
/// (in command-line order), then invalid positional values, then missing required arguments (in
/// declaration order), then the `validate` hook, then unknown options, then extra arguments. A
/// command group given an unknown subcommand reports `Unexpected argument 'x'`, as SAP does.
/// Parsing is O(arguments × declared arguments).
public struct ArgumentParser: Sendable {
  public let root: CommandSpec
  /// Width that help text is wrapped to (SAP uses the terminal width, 80 when unknown).
  public let screenWidth: Int

  static let helpIndent = 2
  static let labelColumnWidth = 26

  public init(_ root: CommandSpec, screenWidth: Int = 80) {
    precondition(screenWidth > Self.labelColumnWidth, "screen too narrow for help text")
    Self.checkSpec(root, isRoot: true)
    self.root = root
    self.screenWidth = screenWidth
  }

  /// Parses `arguments` (without the program name).
  public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
    let tokens = Token.split(arguments)
    var stack = [root]
    var index = 0
    while let command = stack.last, !command.subcommands.isEmpty, index < tokens.count,
      case .value(let word, afterTerminator: false) = tokens[index]
    {
      if let subcommand = command.subcommands.first(where: { $0.name == word }) {
        stack.append(subcommand)
        index += 1
      } else if stack.count == 1 && word == "help" {
        return .help(helpText(forHelpCommand: tokens[(index + 1)...]))
      } else {
        break
      }
    }
    do {
      return try parseCommand(stack: stack, tokens: tokens[index...])
    } catch let failure {
      throw render(failure, stack: stack, noArguments: arguments.isEmpty)
    }
  }

  /// The help of the command at `path` below the root (`[]` for the root, `["run"]`), exactly
  /// as SAP renders it: it ends with a newline, except when the command has subcommands (it then
  /// ends with the `See '… help <subcommand>' for detailed help.` line).
  public func helpText(for path: [String] = []) -> String {
    helpText(stack: stack(for: path))
  }

  /// Renders `error` for the command that produced `parsed`, for checks a command makes after
  /// parsing (an unknown strategy name, say) so they look like every other usage error.
  public func usageError(_ error: ValidationError, for parsed: ParsedArguments) -> UsageError {
    render(
      .validation(error, parsed), stack: stack(for: Array(parsed.commandPath.dropFirst())), noArguments: false
    )
  }

  // MARK: Parsing internals

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
        } else if argument.hasPrefix("-") && argument.count > 1 {
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
    case extra([String])
    case validation(ValidationError, ParsedArguments)
  }

  private func parseCommand(stack: [CommandSpec], tokens: ArraySlice<Token>) throws(Failure) -> ParseOutcome {
    let command = stack[stack.count - 1]
    let hasVersion = stack.contains { $0.version != nil }
    var parsed = ParsedArguments(commandPath: stack.map(\.name), arguments: command.arguments)
    var helpRequested = false
    var versionRequested = false
    var unknown: [(String, suggestible: Bool)] = []
    var positionalValues: [String] = []

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
        if spec.isRepeating {
          parsed.values[spec.name, default: []].append(value)
        } else {
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
    if spec.valueType == .integer && Int(value) == nil {
      throw .invalidValue(value, spelling: spelling, spec, reason: nil)
    }
  }

  private func stack(for path: [String]) -> [CommandSpec] {
    var stack = [root]
    for name in path {
      guard let next = stack[stack.count - 1].subcommands.first(where: { $0.name == name }) else { break }
      stack.append(next)
    }
    return stack
  }

  /// `help a b`: the help of the deepest command named, ignoring anything after it (SAP's
  /// `help` subcommand).
  private func helpText(forHelpCommand tokens: ArraySlice<Token>) -> String {
    let names = tokens.compactMap { token -> String? in
      if case .value(let word, _) = token { return word }
      return nil
    }
    return helpText(stack: stack(for: names))
  }

  // MARK: Rendering

  private func render(_ failure: Failure, stack: [CommandSpec], noArguments: Bool) -> UsageError {
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

  /// `prefetchlab run <scenarios> ... [--out <out>]`; more than 12 arguments collapse to
  /// `[<options>]` plus the required ones, as in SAP.
  func usage(stack: [CommandSpec]) -> String {
    let command = stack[stack.count - 1]
    let tool = stack.map(\.name).joined(separator: " ")
    var arguments = command.arguments
    var text: String
    if arguments.isEmpty {
      text = tool
    } else if arguments.count > 12 {
      arguments = arguments.filter { $0.isPositional || $0.isRequired }
      if !arguments.isEmpty && arguments.count <= 12 {
        text = "\(tool) [<options>] " + arguments.map(\.synopsis).joined(separator: " ")
      } else {
        text = "\(tool) <options>"
      }
    } else {
      text = "\(tool) " + arguments.map(\.synopsis).joined(separator: " ")
    }
    if !command.subcommands.isEmpty {
      if !text.hasSuffix(" ") { text += " " }
      text += "<subcommand>"
    }
    return text
  }

  func helpText(stack: [CommandSpec]) -> String {
    let command = stack[stack.count - 1]
    var abstract = command.abstract
    if !command.discussion.isEmpty {
      if !abstract.isEmpty { abstract += "\n" }
      abstract += "\n\(command.discussion)"
    }
    var text = abstract.isEmpty ? "" : Self.wrap("OVERVIEW: \(abstract)", to: screenWidth) + "\n\n"
    text += "USAGE: \(usage(stack: stack))\n\n"

    func describe(_ spec: ArgumentSpec) -> (String, String) {
      let defaultText = spec.defaultValue.flatMap { $0.isEmpty ? nil : "(default: \($0))" }
      return (
        spec.helpLabel,
        [spec.help, defaultText].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
      )
    }
    let positionals = command.arguments.filter(\.isPositional).map(describe)
    var options = command.arguments.filter { !$0.isPositional }.map(describe)
    if stack.contains(where: { $0.version != nil }) { options.append(("--version", "Show the version.")) }
    options.append(("-h, --help", "Show help information."))
    let subcommands = command.subcommands.map { ($0.name, $0.abstract) }

    let sections = [("ARGUMENTS", positionals), ("OPTIONS", options), ("SUBCOMMANDS", subcommands)]
      .filter { !$0.1.isEmpty }
      .map { header, elements in "\(header):\n" + elements.map(renderElement).joined() }
    text += sections.joined(separator: "\n")
    if !subcommands.isEmpty {
      var names = stack.map(\.name)
      names.insert("help", at: 1)
      text += "\n  See '\(names.joined(separator: " ")) <subcommand>' for detailed help."
    }
    return text
  }

  /// `  --out <out>             Output folder.` with the description at column 26, wrapped to
  /// `screenWidth`; a label too long for the column puts the description on the next line.
  private func renderElement(_ label: String, _ abstract: String) -> String {
    let padded = String(repeating: " ", count: Self.helpIndent) + label
    guard !abstract.isEmpty else { return padded + "\n" }
    let wrapped = Self.wrap(abstract, to: screenWidth, indent: Self.labelColumnWidth)
    if padded.count < Self.labelColumnWidth {
      return padded + wrapped.dropFirst(padded.count) + "\n"
    }
    return padded + "\n" + wrapped + "\n"
  }

  /// SAP's word wrapping: lines of fewer than `columns - indent` characters broken at the last
  /// space (a longer word stays whole), explicit newlines kept, every non-empty line indented.
  static func wrap(_ text: String, to columns: Int, indent: Int = 0) -> String {
    let width = columns - indent
    var lines: [Substring] = []
    var start = text.startIndex
    while true {
      let chunk = text[start...].prefix(width)
      if let lineBreak = chunk.lastIndex(of: "\n") {
        lines += text[start..<lineBreak].split(separator: "\n", omittingEmptySubsequences: false)
        start = text.index(after: lineBreak)
      } else if chunk.endIndex == text.endIndex {
        lines.append(text[start...])
        break
      } else if let space = chunk.lastIndex(of: " ") {
        lines.append(text[start..<space])
        start = text.index(after: space)
      } else if let space = text[start...].firstIndex(of: " ") {
        lines.append(text[start..<space])
        start = text.index(after: space)
      } else {
        lines.append(text[start...])
        break
      }
    }
    let margin = String(repeating: " ", count: indent)
    return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
  }

  // MARK: Specification checks

  private static func checkSpec(_ command: CommandSpec, isRoot: Bool) {
    let context = "command '\(command.name)'"
    precondition(
      command.subcommands.isEmpty || command.arguments.isEmpty,
      "\(context): a command takes arguments or has subcommands, not both")
    var names: Set<String> = []
    var shorts: Set<Character> = ["h"]
    var sawOptionalPositional = false
    var sawRepeatingPositional = false
    for spec in command.arguments {
      precondition(
        !spec.name.isEmpty && !spec.name.hasPrefix("-"), "\(context): bad argument name '\(spec.name)'")
      precondition(names.insert(spec.name).inserted, "\(context): duplicate argument '\(spec.name)'")
      if !spec.isPositional {
        precondition(
          spec.name != "help" && spec.name != "version", "\(context): '--\(spec.name)' is built in")
      }
      if let short = spec.short {
        precondition(shorts.insert(short).inserted, "\(context): duplicate short name '-\(short)'")
      }
      if spec.isPositional {
        precondition(
          !sawRepeatingPositional, "\(context): a repeating positional must be the last positional")
        precondition(
          !(spec.isRequired && sawOptionalPositional),
          "\(context): required positional '\(spec.name)' after an optional one")
        sawOptionalPositional = sawOptionalPositional || !spec.isRequired
        sawRepeatingPositional = spec.isRepeating
      }
    }
    var subcommandNames: Set<String> = isRoot ? ["help"] : []
    for subcommand in command.subcommands {
      precondition(
        subcommandNames.insert(subcommand.name).inserted,
        "\(context): duplicate subcommand '\(subcommand.name)'")
      checkSpec(subcommand, isRoot: false)
    }
  }
}
