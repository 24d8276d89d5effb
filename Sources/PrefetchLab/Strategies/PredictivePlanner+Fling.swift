extension PredictivePlanner {
  /// How much slower than its queued estimate an image for a row ahead may come and still find the
  /// row on screen: the row is passed by, not fetched, when it leaves before `passMargin` × its
  /// estimated arrival. `safety_factor` at rest and in a drag, where a row fetched for a motion
  /// that stops or turns is waste and the margin also covers the long tail of image sizes the
  /// mean does not show; 1 (the estimate itself) during a fling, where the physics gives when each
  /// row shows and leaves: with `safety_factor` 2 a fling on a slow link passed by nearly every
  /// row it crossed (on flaky-commute's 3G an image takes 0.5 to 0.7 s, so a row had to stay well
  /// over a second), and each of them was blank on screen. O(1).
  func passMargin(_ context: some StrategyContext) -> Double {
    context.phase == .decelerating ? 1 : safety
  }
}
