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
  /// Values an option takes after its name: 1, or 2 for `--pair <a> <b>` (`parsed.strings`
  /// returns both).
  public var arity = 1
  /// The values an integer argument may take, checked while parsing (nil: any `Int`). A value
  /// that is not an integer is refused naming this range, one outside it with `rangeRule`.
  public var range: ClosedRange<Int>?
  /// What the usage error for a single-valued option given more than once adds after the values
  /// (nil: "give it once"): the parser refuses the repetition instead of letting one value win.
  public var repeatedRemedy: String?

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
  /// occurrence (otherwise a second occurrence is a usage error naming the option, where
  /// swift-argument-parser would let the last win without a word).
  public static func option(
    _ name: String, short: Character? = nil, valueName: String? = nil, type: ValueType = .string,
    required: Bool = false, repeating: Bool = false, default defaultValue: String? = nil, help: String
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .option, short: short, valueName: valueName ?? name, help: help,
      isRequired: required && defaultValue == nil, isRepeating: repeating, defaultValue: defaultValue,
      valueType: type)
  }

  /// An integer option `--name <value>` whose values must lie in `range` (`Int.max` as the top:
  /// no upper bound); the parser refuses others, naming the range.
  public static func option(
    _ name: String, short: Character? = nil, range: ClosedRange<Int>, default defaultValue: String? = nil,
    help: String
  ) -> ArgumentSpec {
    var spec = option(name, short: short, type: .integer, default: defaultValue, help: help)
    spec.range = range
    return spec
  }

  /// An option that takes two values, `--name <first> <second>` (e.g. `--pair A B`); not
  /// repeatable. Every message renders an option as `--name <valueName>`, so the value name
  /// holds both placeholders.
  public static func option(_ name: String, valueNames: (String, String), help: String) -> ArgumentSpec {
    var spec = ArgumentSpec(
      name: name, kind: .option, short: nil, valueName: "\(valueNames.0)> <\(valueNames.1)", help: help,
      isRequired: false, isRepeating: false, defaultValue: nil, valueType: .string)
    spec.arity = 2
    return spec
  }

  /// A flag `--name`: false unless given.
  public static func flag(_ name: String, short: Character? = nil, help: String) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .flag, short: short, valueName: name, help: help, isRequired: false,
      isRepeating: false, defaultValue: nil, valueType: .string)
  }

  /// This spec with `repeatedRemedy` set: what to do instead of giving the option twice.
  public func remedyWhenRepeated(_ remedy: String) -> ArgumentSpec {
    var spec = self
    spec.repeatedRemedy = remedy
    return spec
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

  /// The range as messages state it: `0...1000000000`, or `>= 1` without an upper bound.
  var rangeText: String? {
    range.map { $0.upperBound == Int.max ? ">= \($0.lowerBound)" : "in \($0.lowerBound)...\($0.upperBound)" }
  }

  /// The rule a parsed integer outside `range` breaks: `must be in 0...1000000000`, or
  /// `must be at least 1` without an upper bound.
  var rangeRule: String? {
    range.map {
      $0.upperBound == Int.max
        ? "must be at least \($0.lowerBound)" : "must be in \($0.lowerBound)...\($0.upperBound)"
    }
  }
}
