/// A strategy's parameter values after validation, defaults filled in. Read them with the
/// strategy's typed handles: `parameters[Self.ratio]`.
public struct StrategyParameters: Sendable, Hashable {
  let values: [String: ParameterValue]
  /// Set only while the registry checks a definition: records every handle read.
  private let probe: ParameterProbe?

  public init(_ values: [String: ParameterValue]) {
    self.values = values
    self.probe = nil
  }

  init(_ values: [String: ParameterValue], probe: ParameterProbe) {
    self.values = values
    self.probe = probe
  }

  /// The value of `handle`'s parameter. A handle the definition does not declare is refused when
  /// the strategy is registered (`StrategyError.Reason.undeclaredParameter`), so in a run every
  /// handle read has a validated value; should one be read later than `init` without being
  /// declared, debug builds stop here and release builds use the handle's own default.
  public subscript<Handle: StrategyParameterHandle>(_ handle: Handle) -> Handle.Value {
    if let probe {
      // Registration: record the read; the handle's own default keeps the kind right even when
      // the declaration disagrees (which the registry then refuses).
      probe.record(handle.declaration)
      return handle.value(of: handle.declaration.defaultValue)
    }
    guard let value = values[handle.declaration.name] else {
      assertionFailure("strategy parameter '\(handle.declaration.name)' is not declared")
      return handle.value(of: handle.declaration.defaultValue)
    }
    return handle.value(of: value)
  }

  public static func == (lhs: StrategyParameters, rhs: StrategyParameters) -> Bool {
    lhs.values == rhs.values
  }
  public func hash(into hasher: inout Hasher) { hasher.combine(values) }
}
