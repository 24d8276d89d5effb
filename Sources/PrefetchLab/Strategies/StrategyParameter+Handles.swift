extension StrategyParameter {
  /// A real-number parameter in a closed range.
  public struct Number: StrategyParameterHandle {
    public let declaration: StrategyParameter

    public init(_ name: String, default defaultValue: Double, in range: ClosedRange<Double>, help: String) {
      declaration = StrategyParameter(
        name: name, kind: .number(range), defaultValue: .number(defaultValue), help: help)
    }

    public func value(of parameterValue: ParameterValue) -> Double {
      guard case .number(let x) = parameterValue else {
        preconditionFailure("\(declaration.name): not a number")
      }
      return x
    }
  }

  /// An integer parameter in a closed range.
  public struct Integer: StrategyParameterHandle {
    public let declaration: StrategyParameter

    public init(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>, help: String) {
      declaration = StrategyParameter(
        name: name, kind: .integer(range), defaultValue: .number(Double(defaultValue)), help: help)
    }

    public func value(of parameterValue: ParameterValue) -> Int {
      guard case .number(let x) = parameterValue else {
        preconditionFailure("\(declaration.name): not a number")
      }
      return Int(x)
    }
  }

  /// A boolean parameter.
  public struct Flag: StrategyParameterHandle {
    public let declaration: StrategyParameter

    public init(_ name: String, default defaultValue: Bool, help: String) {
      declaration = StrategyParameter(name: name, kind: .bool, defaultValue: .bool(defaultValue), help: help)
    }

    public func value(of parameterValue: ParameterValue) -> Bool {
      guard case .bool(let flag) = parameterValue else {
        preconditionFailure("\(declaration.name): not a bool")
      }
      return flag
    }
  }
}

extension StrategyParameter {
  /// A parameter that takes one of a fixed set of words, read as the Swift enum `Option`
  /// (`case guard_ = "guard"` …): `list` shows the words in `Option.allCases` order.
  public struct Choice<Option>: StrategyParameterHandle
  where Option: RawRepresentable & CaseIterable & Sendable, Option.RawValue == String {
    public let declaration: StrategyParameter

    public init(_ name: String, default defaultValue: Option, help: String) {
      declaration = StrategyParameter(
        name: name, kind: .choice(Option.allCases.map(\.rawValue)),
        defaultValue: .string(defaultValue.rawValue),
        help: help)
    }

    public func value(of parameterValue: ParameterValue) -> Option {
      guard case .string(let text) = parameterValue, let option = Option(rawValue: text) else {
        preconditionFailure("\(declaration.name): not one of the words")
      }
      return option
    }
  }

  /// An integer in a closed range, or a keyword read as nil: a default that depends on the run
  /// (`"page_size"`: the feed's page size) or a feature left off (`"off"`, `"unbounded"`).
  public struct OptionalInteger: StrategyParameterHandle {
    public let declaration: StrategyParameter

    /// The default is the keyword.
    public init(_ name: String, keyword: String, in range: ClosedRange<Int>, help: String) {
      declaration = StrategyParameter(
        name: name, kind: .integerOrKeyword(range, keyword: keyword), defaultValue: .string(keyword),
        help: help)
    }

    /// nil for the keyword.
    public func value(of parameterValue: ParameterValue) -> Int? {
      switch parameterValue {
      case .number(let x): return Int(x)
      case .string: return nil
      case .bool: preconditionFailure("\(declaration.name): not an integer or keyword")
      }
    }
  }
}

extension StrategyParameter {
  /// A real number in a closed range, or a keyword read as nil (a documented fallback).
  public struct OptionalNumber: StrategyParameterHandle {
    public let declaration: StrategyParameter

    public init(
      _ name: String, default defaultValue: Double, keyword: String, in range: ClosedRange<Double>,
      help: String
    ) {
      declaration = StrategyParameter(
        name: name, kind: .numberOrKeyword(range, keyword: keyword), defaultValue: .number(defaultValue),
        help: help)
    }

    /// The default is the keyword (a feature left off, or a value chosen from the run where none
    /// is given).
    public init(_ name: String, keyword: String, in range: ClosedRange<Double>, help: String) {
      declaration = StrategyParameter(
        name: name, kind: .numberOrKeyword(range, keyword: keyword), defaultValue: .string(keyword),
        help: help)
    }

    /// nil for the keyword.
    public func value(of parameterValue: ParameterValue) -> Double? {
      switch parameterValue {
      case .number(let x): return x
      case .string: return nil
      case .bool: preconditionFailure("\(declaration.name): not a number or keyword")
      }
    }
  }
}
