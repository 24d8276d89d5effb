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
  /// The environment the command runs in, as `CommandLineTool.main` was given it (the process's
  /// by default). Verbs read it instead of the process's, so a caller decides what they see:
  /// `PATH` is where gnuplot is looked for.
  public internal(set) var environment: [String: String] = [:]

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

  /// The value of a single-valued option or positional (the parser refuses a second one), else
  /// its default.
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
