/// How `adaptive` decides what to fetch (`planner`).
public enum AdaptivePlanner: String, CaseIterable, Sendable {
  /// Model-predictive: plans pages and images over a short horizon against the predicted motion
  /// and per-origin fetch-time estimates, with a price on wasted bytes (`PredictivePlanner`). The
  /// default.
  case mpc
  /// The lead rule adaptive had before the planner: content ahead for safety × speed × fetch time,
  /// media for the rows the current motion reaches (kept for comparison).
  case lead

  /// `planner`: which decision rule `adaptive` runs (default `mpc`).
  public static let parameter = StrategyParameter.Choice(
    "planner", default: AdaptivePlanner.lead,
    help:
      "mpc (plans pages and images over horizon_s against the predicted motion, pricing wasted bytes at "
      + "waste_price_ms_per_mb) or lead (the earlier lead rule, kept for comparison).")
}
