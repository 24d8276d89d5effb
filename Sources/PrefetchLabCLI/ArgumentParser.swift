// A small declarative command-line parser that imitates swift-argument-parser (SAP): the same
// syntax, the same help layout and the same error messages, without the dependency. Commands are
// values (`CommandSpec`), parsing returns values (`ParseOutcome`) or throws `UsageError`, and
// nothing here prints: the CLI layer sends help to stdout, errors to stderr, exits 64 on usage
// errors.

/// Parses command lines for a root `CommandSpec` and renders its help and errors.
///
/// Syntax (SAP's defaults): `--name value`, `--name=value`, `-n value`; grouped short flags
/// `-ab` (an option in a group must be its last letter and takes the next argument); options and
/// positionals in any order; `--` makes every later argument positional; `-` alone is a value; a
/// value that starts with `-` must be attached (`--name=-1`). `-h`/`--help` anywhere before `--`
/// asks for help (it wins over every error except those found while reading values: a missing
/// or invalid value, a flag given a value; as in SAP);
/// `--version` likewise when a command in the path has a version. The root also accepts
/// `help [subcommand ...]`; `help` with an unknown command is a usage error (SAP shows the root's
/// help instead, which hides the typo).
///
/// Errors, in the order SAP finds them: missing or invalid option values and flags given a value
/// (in command-line order), then invalid positional values, then missing required arguments (in
/// declaration order), then the `validate` hook, then unknown options, then extra arguments. A
/// command group given an unknown subcommand reports `Unknown command 'x'` with the closest
/// command suggested (`rnu` → `run`); unknown options suggest the closest option (`Suggestion`).
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
        return .help(try helpText(forHelpCommand: tokens[(index + 1)...]))
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
}
