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
