extension PredictivePlanner {
  /// Whether a row ahead that stays long enough and is worth its price is fetched now, at this
  /// plan: `showUs`, when it shows (µs from now, the sooner of the expected motion's and, at rest
  /// or in a drag, the burst's at the user's recent peak speed); `dueUs`, `safety_factor` × the
  /// unqueued image fetch time + one replanning step.
  ///
  /// At rest and in a drag a row is due only once it shows within `dueUs`: the later the
  /// decision, the surer the prediction, and a row fetched for a drag that stops or turns is
  /// waste. During a fling every such row within the horizon is due at once: the physics gives
  /// where the fling rests and how it slows (reach 1), so waiting makes the prediction no surer,
  /// while a fetch started `dueUs` before its row shows comes late whenever the image is in the
  /// long tail of sizes or queued behind the fling's other rows (on user-flinger and
  /// bus-lte-ghent most of the rows that showed blank had been asked for under 0.5 s before they
  /// showed, and their images took 0.1–0.6 s). Nearest first, as the plan walks the rows, so the
  /// queue on the link serves the rows in the order they show. O(1).
  func isDue(showUs: Double, dueUs: Double, _ context: some StrategyContext) -> Bool {
    context.phase == .decelerating || showUs <= dueUs
  }
}
