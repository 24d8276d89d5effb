/// A typed handle on one declared parameter: what a strategy lists in its definition and reads
/// its value with.
public protocol StrategyParameterHandle: Sendable {
  associatedtype Value
  /// The declaration: name, kind and range, default, help.
  var declaration: StrategyParameter { get }
  /// The typed value of a validated `ParameterValue` of this parameter's kind.
  func value(of parameterValue: ParameterValue) -> Value
}
