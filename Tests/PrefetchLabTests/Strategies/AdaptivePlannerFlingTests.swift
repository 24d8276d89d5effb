import Testing

@testable import PrefetchLab

/// adaptive's model-predictive planner (`planner=mpc`) during flings and after a slow transfer, in
/// the world of `AdaptiveFixture` (800 pt viewport, rows of 100 pt). Every expected number is
/// worked out in the test's comment.
@Suite struct AdaptivePlannerFlingTests {
  /// `adaptive` with `planner=mpc` that has measured the fixture's page fetch (250 ms) and one
  /// image from a fast media origin: 120 ms to first byte, 100 000 bytes in 100 ms (1 byte/µs), so
  /// F = 0.22 s and the n-th image queued on the link arrives at 0.12 + n × 0.1 s. Rows 0…7 (the
  /// first screen) have their images; the viewport rests at 0 pt.
  static func learnFastMediaOrigin(_ context: StrategyContextDouble) -> Adaptive {
    var strategy = AdaptiveFixture.strategy(.mpc)
    AdaptiveFixture.learnMediaOrigin(
      &strategy, context, firstByteUs: 120_000, completedUs: 220_000, nowUs: 400_000)
    return strategy
  }

  /// A fling lifted at t = 1 s from rest at 0 pt at 3900 pt/s towards 1950 pt: τ = 1950 / 3900 =
  /// 0.5 s, so the viewport has travelled d pt after −0.5 ln(1 − d / 1950) s (95 % of the way,
  /// 1852.9 pt, by 1.5 s, when it counts as resting at [1950, 2750): rows 19…27). The user's mean
  /// speed is 0 (it rested until the lift), so no row beyond the resting viewport is reached. Row k
  /// (k >= 8) shows at T(k) = −0.5 ln(1 − (100 k − 800) / 1950) s and, for k <= 18, leaves at
  /// L(k) = T(k + 9); rows 19…27 stay on screen. T: row 9 0.026 s, 10 0.054, 11 0.084, 12 0.115,
  /// 13 0.148, 14 0.184, 15 0.222, 16 0.264, 17 0.310, 18 0.360, 19 0.415, 20 0.478, 21 0.549,
  /// 22 0.633, 23 0.733, 24 0.859, 25 1.027, 26 1.282, 27 1.5 (L(18)). Nothing is out, so the n-th
  /// image asked for arrives at a(n) = 0.12 + n × 0.1 s; during a fling a row is passed by when it
  /// leaves before that arrival (`passMargin` 1), and an image saves
  /// min(a, L − T) − min(max(0, a − T), L − T) of blank.
  ///
  /// Walking the rows nearest first: row 8 shows at once (nothing saved); 9 leaves at 0.360 s,
  /// after a(1) = 0.22 s, and saves 0.026 s; 10 (0.415 >= 0.32) saves 0.054 s; 11 (0.478 >= 0.42),
  /// 12 (0.549 >= 0.52), 13 (0.633 >= 0.62), 14 (0.733 >= 0.72), 15 (0.859 >= 0.82), 16 (1.027 >=
  /// 0.92), 17 (1.282 >= 1.02) and 18 (1.5 >= 1.12) each leave after their image and save 0.013 to
  /// 0.38 s; 19…27 stay on screen, each saving min(a, T) > 0. With `safety_factor` 2 as the margin
  /// (before the fling rule) rows 8, 9, 10, 12, 13 and 16 were passed by (leaving before 2 × a).
  /// Before the due rule for flings a row was due only when it showed within 2 × 0.22 + 0.05 =
  /// 0.49 s: rows 21…27 (0.549 s and later) waited, to be asked for a few hundred ms before they
  /// show, behind the fling's other rows. Now the fling asks for every row it decelerates through
  /// that shows after the lift, at the lift, in the order they show.
  @Test func aFlingAsksForEveryRowItRestsOnAtTheLift() {
    let context = AdaptiveFixture.context(pages: 3, media: true)
    var strategy = Self.learnFastMediaOrigin(context)
    // No page out: its body would hold back what is on screen (`onScreenDelayUs`).
    context.pagesInFlight.removeAll()
    context.phase = .decelerating
    context.velocityPtS = 3900
    context.projectedTargetPt = 1950
    context.nowUs = 1_000_000
    context.note(strategy.update(.dragEnded, in: context))
    let expected = Array(9...27)
    #expect(
      context.takeActions().filter { !$0.isPageRequest } == expected.map { .requestMedia($0, .preload) })
  }

  /// The due rule outside a fling is unchanged: `isDue` at rest and in a drag holds a row until it
  /// shows within the due time, and during a fling takes any row the plan reaches.
  @Test func outsideAFlingARowWaitsUntilItIsDue() {
    let context = AdaptiveFixture.context(pages: 3, media: true)
    let planner = PredictivePlanner(
      safety: 2, maxLeadScreens: 3, wastePriceMsPerMB: 100, horizonS: 2, replanMs: 50, estimatorWindow: 5,
      speedWindowUs: 4_000_000, speedIntervalUs: 200_000)
    for (phase, showUs, due) in [
      (ScrollPhase.idle, 490_000.0, true), (.idle, 490_001, false), (.dragging, 490_001, false),
      (.decelerating, 1_900_000, true),
    ] {
      context.phase = phase
      #expect(planner.isDue(showUs: showUs, dueUs: 490_000, context) == due, "\(phase) at \(showUs) µs")
    }
  }

  // MARK: After an outage

  /// The media origin answered four images in 200 ms to first byte and one, which waited through
  /// an outage, in 8.2 s; each body 100 000 bytes in 100 ms (1 byte/µs). The median first byte is
  /// 0.2 s, so F = 0.3 s (with the mean, 1.8 s, it was 1.9 s). A drag down at 500 pt/s with the
  /// viewport at [1000, 1800) (rows 10…17, no image in): row k leaves after (100 k − 900) / 500 s,
  /// row 10 after 0.2 s, 11 after 0.4 s, …, 17 after 1.6 s. A row on screen is fetched when it
  /// stays until an image could come: rows 11…17, at visible priority; row 10 leaves first. With
  /// the mean none was (1.6 s < 1.9 s). Nothing ahead goes: with the seven on screen out, an image
  /// ahead holds them back by 7 × 0.1 s, more than any row due within 2 × 0.3 + 0.05 s saves.
  @Test func anImageThatWaitedThroughAnOutageDoesNotSlowTheEstimate() {
    let context = AdaptiveFixture.context(pages: 3, media: true)
    var strategy = AdaptiveFixture.strategy(.mpc)
    AdaptiveFixture.learnPageFetch(&strategy, context)
    context.pagesInFlight.removeAll()
    context.mediaInFlight.removeAll()
    context.mediaLoaded.formUnion(0..<8)
    for (index, firstByteUs) in [200_000, 200_000, 8_200_000, 200_000, 200_000].enumerated() {
      let endUs = Int64(1_200_000 + 100_000 * index)
      let startUs = endUs - Int64(firstByteUs) - 100_000
      context.lastTransfer = TransferRecord(
        resource: .media(item: index), bytes: 100_000, issuedUs: startUs, attemptStartUs: startUs,
        firstByteUs: startUs + Int64(firstByteUs), completedUs: endUs)
      context.nowUs = endUs
      context.note(strategy.update(.fetchCompleted(.media(item: index)), in: context))
    }
    context.lastTransfer = nil
    _ = context.takeActions()
    // 1.7 s: the speed was last sampled at 1.6 s (every 200 ms), so the drag's own 500 pt/s counts.
    context.phase = .dragging
    context.velocityPtS = 500
    context.viewportOffsetPt = 1000
    context.nowUs = 1_700_000
    context.note(strategy.update(.frame, in: context))
    #expect(
      context.takeActions().filter { !$0.isPageRequest } == (11...17).map { .requestMedia($0, .visible) })
  }
}
