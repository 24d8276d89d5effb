/// A strategy's parameters that conflict with the feed they would run on (Paging 3's `max_size`
/// below `page_size + 2 × prefetch_distance`, its `jump_threshold` on a cursor feed): found when a
/// strategy meets a scenario, reported as a bad input naming the parameter and the rule.
public struct FeedRuleViolation: Sendable, Equatable {
  /// What of the feed the rule was checked with.
  public enum Basis: Sendable, Equatable {
    /// `FeedFacts.pageSizeItems`: an override's error says which key gave it.
    case pageSize
    /// `FeedFacts.pagination`: the rule's text names it (`feed.pagination is cursor`).
    case pagination
  }

  /// The parameter at fault.
  public var parameter: String
  /// The rule and the values it was checked with, e.g. `must be at least … = 60, got 50`.
  public var rule: String
  public var basis: Basis

  public init(parameter: String, rule: String, basis: Basis = .pageSize) {
    self.parameter = parameter
    self.rule = rule
    self.basis = basis
  }
}
