/// How `adaptive` decides what to fetch (`planner`).
public enum AdaptivePlanner: String, CaseIterable, Sendable {
  /// Model-predictive: plans pages and images over a short horizon against the predicted motion
  /// and per-origin fetch-time estimates, with a price on wasted bytes (`PredictivePlanner`).
  /// Opt-in: measured on the bundled scenarios it is not yet on the Pareto frontiers as often as
  /// `lead` (docs/strategies.md, "adaptive").
  case mpc
  /// The lead rule: content ahead for safety × speed × fetch time, media for the rows the current
  /// motion reaches. The default.
  case lead

  /// `planner`: which decision rule `adaptive` runs (default `lead`: see `mpc`).
  public static let parameter = StrategyParameter.Choice(
    "planner", default: AdaptivePlanner.lead,
    help:
      "lead (the lead rule) or mpc (plans pages and images over horizon_s against the predicted motion, "
      + "pricing wasted bytes at waste_price_ms_per_mb; opt-in: not yet on the frontiers as often as lead).")
}
