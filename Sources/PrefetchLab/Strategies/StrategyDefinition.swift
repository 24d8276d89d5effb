/// A tunable parameter of a strategy, as listed by `prefetchlab list` and accepted in scenario
/// files (`{"name": "fixed_threshold", "ratio": 0.5}`) and on the command line
/// (`--strategy fixed_threshold:ratio=0.5`).
public struct StrategyParameter: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// A real number in the closed range.
    case number(ClosedRange<Double>)
    /// An integer in the closed range.
    case integer(ClosedRange<Int>)
    case bool
  }

  public let name: String
  public let kind: Kind
  public let defaultValue: ParameterValue
  /// One line: meaning, unit and where the default comes from.
  public let help: String

  public init(name: String, kind: Kind, defaultValue: ParameterValue, help: String) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.help = help
  }

  public static func number(
    _ name: String, _ defaultValue: Double, in range: ClosedRange<Double>, help: String
  ) -> Self {
    StrategyParameter(name: name, kind: .number(range), defaultValue: .number(defaultValue), help: help)
  }

  public static func integer(_ name: String, _ defaultValue: Int, in range: ClosedRange<Int>, help: String)
    -> Self
  {
    StrategyParameter(
      name: name, kind: .integer(range), defaultValue: .number(Double(defaultValue)), help: help)
  }

  public static func bool(_ name: String, _ defaultValue: Bool, help: String) -> Self {
    StrategyParameter(name: name, kind: .bool, defaultValue: .bool(defaultValue), help: help)
  }

  /// `guard_in_flight` (default true): skip the page trigger while a page request is in flight,
  /// as careful client code does; false reproduces naive code that fires on every scroll callback
  /// and sends duplicates (DESIGN.md §2).
  public static let guardInFlight = StrategyParameter.bool(
    "guard_in_flight", true,
    help:
      "Skip the trigger while a page request is in flight (false = naive code that fires on every scroll callback)."
  )

  /// Checks `value` against the kind and range; returns the canonical value or a message.
  func validate(_ value: ParameterValue) -> Result<ParameterValue, StrategyError.Reason> {
    switch (kind, value) {
    case (.number(let range), .number(let x)):
      guard x.isFinite, range.contains(x) else {
        return .failure(.outOfRange(range: requirementText, got: value.description))
      }
      return .success(value)
    case (.integer(let range), .number(let x)):
      guard x.isFinite, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
        return .failure(.outOfRange(range: requirementText, got: value.description))
      }
      return .success(value)
    case (.bool, .bool):
      return .success(value)
    case (_, .string(let text)):
      return .failure(.wrongType(expected: typeName, got: "text \"\(text)\""))
    default:
      return .failure(.wrongType(expected: typeName, got: value.description))
    }
  }

  /// "number in 0...1", "integer in 0...100", "bool".
  public var typeName: String {
    switch kind {
    case .number: return "a number"
    case .integer: return "an integer"
    case .bool: return "true or false"
    }
  }

  /// "in 0...1" or "an integer in 0...100", for out-of-range messages.
  var requirementText: String {
    switch kind {
    case .integer: return "an integer in \(rangeText)"
    default: return "in \(rangeText)"
    }
  }

  public var rangeText: String {
    switch kind {
    case .number(let range):
      return "\(DecimalFormat.shortest(range.lowerBound))...\(DecimalFormat.shortest(range.upperBound))"
    case .integer(let range): return "\(range.lowerBound)...\(range.upperBound)"
    case .bool: return "true or false"
    }
  }
}

/// A strategy's parameter values after validation, defaults filled in.
public struct StrategyParameters: Sendable, Hashable {
  let values: [String: ParameterValue]

  public init(_ values: [String: ParameterValue]) { self.values = values }

  /// The value of a number or integer parameter (0 when absent or not a number).
  public func number(_ name: String) -> Double {
    if case .number(let x) = values[name] { return x }
    return 0
  }

  public func integer(_ name: String) -> Int { Int(number(name)) }

  public func bool(_ name: String) -> Bool {
    if case .bool(let flag) = values[name] { return flag }
    return false
  }
}

/// A strategy as the registry knows it: its name, what it does, where its behaviour comes from,
/// its parameters and how to build one.
public struct StrategyDefinition: Sendable {
  /// Name used in scenario files, `--strategy` and CSV: lowercase letters, digits, `_`.
  public let name: String
  /// One line for `prefetchlab list`.
  public let summary: String
  /// The source the behaviour and defaults follow.
  public let source: String
  public let parameters: [StrategyParameter]
  public let make: @Sendable (StrategyParameters) -> any PrefetchStrategy

  public init(
    name: String, summary: String, source: String, parameters: [StrategyParameter],
    make: @escaping @Sendable (StrategyParameters) -> any PrefetchStrategy
  ) {
    self.name = name
    self.summary = summary
    self.source = source
    self.parameters = parameters
    self.make = make
  }
}

/// A strategy with its parameter values: what one run uses.
public struct ConfiguredStrategy: Sendable {
  public let definition: StrategyDefinition
  public let parameters: StrategyParameters
  /// Parameters that differ from their defaults, in declaration order.
  public let overrides: [(name: String, value: ParameterValue)]

  /// The `params` cell of summary.csv: non-default parameters as `key=value` joined by `,`
  /// (the `--strategy` syntax); empty when every parameter has its default.
  public var paramsText: String { overrides.map { "\($0.name)=\($0.value)" }.joined(separator: ",") }

  /// A name unique within a scenario, safe in file names: `fixed_threshold` or
  /// `fixed_threshold@ratio=0.5+guard_in_flight=false`.
  public var label: String {
    overrides.isEmpty
      ? definition.name
      : definition.name + "@" + overrides.map { "\($0.name)=\($0.value)" }.joined(separator: "+")
  }

  public func makeStrategy() -> any PrefetchStrategy { definition.make(parameters) }
}

/// Why a strategy specification was refused.
public struct StrategyError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Reason: Error, Sendable, Equatable {
    case unknownStrategy(known: [String])
    case unknownParameter(valid: [String])
    case wrongType(expected: String, got: String)
    case outOfRange(range: String, got: String)
    case duplicateName
    case invalidName
    case malformedPair(String)
    case duplicateParameter
  }

  public let strategy: String
  /// The parameter at fault; nil when the strategy name itself is.
  public let parameter: String?
  public let reason: Reason

  public var description: String {
    switch reason {
    case .unknownStrategy(let known):
      return "unknown strategy '\(strategy)'; known: \(known.joined(separator: ", "))"
    case .unknownParameter(let valid):
      return
        "unknown parameter '\(parameter ?? "")' for \(strategy); valid: \(valid.isEmpty ? "none" : valid.joined(separator: ", "))"
    case .wrongType(let expected, let got):
      return "\(strategy).\(parameter ?? "") must be \(expected), got \(got)"
    case .outOfRange(let range, let got):
      return "\(strategy).\(parameter ?? "") must be \(range), got \(got)"
    case .malformedPair(let pair):
      return "\(strategy): expected key=value, got '\(pair)'"
    case .duplicateParameter:
      return "\(strategy).\(parameter ?? "") is given twice"
    case .duplicateName:
      return "a strategy named '\(strategy)' is already registered"
    case .invalidName:
      return "strategy names use lowercase letters, digits and '_', got '\(strategy)'"
    }
  }
}
