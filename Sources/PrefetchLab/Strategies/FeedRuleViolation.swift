/// A strategy's parameters that conflict with the feed they would run on (Paging 3's `max_size`
/// below `page_size + 2 × prefetch_distance`): found when a strategy meets a scenario, reported
/// as a bad input naming the parameter and the rule.
public struct FeedRuleViolation: Sendable, Equatable {
  /// The parameter at fault.
  public var parameter: String
  /// The rule and the values it was checked with, e.g. `must be at least … = 60, got 50`.
  public var rule: String

  public init(parameter: String, rule: String) {
    self.parameter = parameter
    self.rule = rule
  }
}
