import Testing

@testable import PrefetchLab

/// adaptive's model-predictive planner (`planner=mpc`; `lead` is the default) against hand-set contexts:
/// the motion forecast, pages for a fling's resting place, images on a slow media origin, and the
/// price of wasted bytes. Every expected number is worked out in the test's comment.
@Suite struct AdaptivePlannerTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> Adaptive {
    AdaptiveFixture.strategy(.mpc, values)
  }

  /// `AdaptiveFixture.learnPageFetch`, its actions dropped.
  static func learnPageFetch(_ strategy: inout Adaptive, _ context: StrategyContextDouble) {
    AdaptiveFixture.learnPageFetch(&strategy, context)
  }

  // MARK: Forecast

  /// A fling with 4000 pt to go at 4000 pt/s: τ = 1 s. 800 pt take −ln(1 − 0.2) s = 223 144 µs;
  /// 3990 pt lie past 95 % of the way (3800.9 pt), reached when the fling ends, 3τ = 3 s; 4500 pt
  /// add 500 pt at the 250 pt/s cruise: 3 s + 2 s. A drag at 500 pt/s: 1000 pt in 2 s. At rest
  /// without a cruising speed nothing is reached.
  @Test func theForecastFollowsTheFlingThenCruises() throws {
    let fling = MotionForecast.of(
      phase: .decelerating, topPt: 2400, velocityPtS: 4000, targetPt: 6400, restingDirection: .down,
      cruiseSpeedPtS: 250)
    #expect(fling.direction == .down)
    #expect(abs(try #require(fling.timeToTravelUs(800)) - 223_143.55) < 0.01)
    #expect(try #require(fling.timeToTravelUs(3990)) == 3_000_000)
    #expect(abs(try #require(fling.timeToTravelUs(4500)) - 5_000_000) < 1e-6)
    let drag = MotionForecast.of(
      phase: .dragging, topPt: 0, velocityPtS: 500, targetPt: 0, restingDirection: .down, cruiseSpeedPtS: 100)
    #expect(drag.timeToTravelUs(1000) == 2_000_000)
    let rest = MotionForecast.of(
      phase: .idle, topPt: 0, velocityPtS: 0, targetPt: 0, restingDirection: .up, cruiseSpeedPtS: 0)
    #expect(rest.direction == .up)
    #expect(rest.timeToTravelUs(1) == nil)
    #expect(rest.timeToTravelUs(0) == 0)
  }

  // MARK: Pages

  /// Offset pagination, pages of 20 rows of 100 pt (2000 pt), pages 0 and 1 loaded (rows 0…39),
  /// the rest placeholders. The viewport at 2400 pt (page 1) is released into a fling that will
  /// rest at 6400 pt: rows 64…71, page 3, two pages ahead. At the lift the plan asks for page 3 by
  /// index, and for page 2 (the frontier) as well: the fling (τ = 4000 pt / 4000 pt/s = 1 s)
  /// brings the viewport's bottom from 3200 pt to the loaded edge at 4000 pt in 0.223 s, within
  /// 2 × the 250 ms page fetch + the 50 ms step. The lead planner asks for page 2 only.
  @Test func aFlingRestingTwoPagesAheadAsksForThePageWhereItRests() {
    let context = AdaptiveFixture.context(pages: 10, totalItems: 200, pagination: .offset)
    context.loadedOverride = 0..<40
    context.frontierOverride[.down] = LoadFrontier(
      page: 2, direction: .down, edgePt: 4000, runStartPt: 0, adjacentPage: 1)
    for (planner, expected) in [
      (
        "mpc",
        [StrategyContextDouble.Action.requestPageIndex(3, .page), .requestPage(.down, guardInFlight: true)]
      ),
      ("lead", [.requestPage(.down, guardInFlight: true)]),
    ] {
      var strategy = Self.strategy(["planner": .string(planner)])
      context.pagesInFlight.removeAll()
      context.viewportOffsetPt = 2400
      context.phase = .idle
      context.velocityPtS = 0
      context.projectedTargetPt = nil
      Self.learnPageFetch(&strategy, context)
      context.nowUs = 1_000_000
      context.phase = .decelerating
      context.velocityPtS = 4000
      context.projectedTargetPt = 6400
      context.note(strategy.update(.dragEnded, in: context))
      #expect(context.takeActions().filter(\.isPageRequest) == expected, "planner \(planner)")
    }
  }

  /// Cursor pagination, 3 pages loaded (edge 6000 pt). At the lift of a fling at 4000 pt/s the
  /// user covers 4000 × (2 × 0.25 s + 0.05 s) = 2200 pt while a page as slow as twice the estimate
  /// comes: the page is due when the resting viewport's bottom lies within 2200 pt of the edge. A
  /// fling resting at 3000 pt (bottom 3800 pt) asks for it; one resting at 2900 pt (bottom 3700 pt,
  /// 2300 pt short) does not.
  @Test func aFlingAsksForTheNextPageAtTheLiftWhenItRestsWithinTheLead() {
    for (target, expected) in [(3000.0, 1), (2900, 0)] {
      let context = AdaptiveFixture.context(pages: 3)
      var strategy = Self.strategy()
      context.viewportOffsetPt = 1000
      Self.learnPageFetch(&strategy, context)
      context.nowUs = 260_000
      context.phase = .decelerating
      context.velocityPtS = 4000
      context.projectedTargetPt = target
      context.note(strategy.update(.dragEnded, in: context))
      #expect(context.takeActions().filter(\.isPageRequest).count == expected, "target \(target)")
    }
  }

  // MARK: Images

  /// An image-heavy feed on a slow media origin: every row has an image; the media origin took
  /// 600 ms to first byte and 1 s for 100 000 bytes (0.1 bytes/µs), so an image takes F = 1.6 s, and
  /// a new one queued behind q of ours on the link 0.6 + (q + 1) × 1 s. A drag down at 500 pt/s
  /// with the viewport at [1000, 1800) (rows 10…17); row k's top shows at (k − 18) × 0.2 s and its
  /// bottom leaves at (k − 9) × 0.2 s. A row on screen is fetched if it stays until an image could
  /// come; a row ahead only if it stays until one as slow as `safety_factor` × the estimate could
  /// come. Fetched now, a row on screen from S to L saves min(arrival, L − S) −
  /// min(max(0, arrival − S), L − S) of blank.
  ///
  /// Row 17's image not in: rows 10…16 leave within 0.2…1.4 s, before an image could come; row
  /// 17 leaves at 1.6 s, as its image comes: fetched at visible priority (q = 1). Every image ahead
  /// started now holds row 17's back by a body, 1 s (the link is shared fairly); a second image
  /// would come at 2.6 s, and no row within the 2 s horizon (rows 18…28) stays until 2 × 2.6 s:
  /// nothing ahead.
  ///
  /// Row 17's image in (nothing on screen waits), safety 2: row 25 (shows at 1.4 s, leaves at
  /// 3.2 s >= 2 × 1.6 s) is the first to stay long enough: it saves 1.6 − 0.2 = 1.4 s, fetched at
  /// preload priority (due: 1.4 s <= 2 × 1.6 s + 50 ms); rows 26…28 leave at 3.4…3.8 s, before
  /// 2 × 2.6 s; row 29 shows at 2.2 s, past the horizon. Safety 1 (no margin), as before the
  /// margin: row 19 (0.2 s to 2.0 s, the first image at 1.6 s saves 0.2 s) and row 23 (1.0 s to
  /// 2.8 s, the second at 2.6 s saves 0.2 s) are fetched; rows 20, 21 and 24…26 leave first, 22
  /// and 27 save nothing, 28 (2.0 s) is not due (> 1.6 s + 50 ms).
  @Test func aSlowMediaOriginFetchesOnlyRowsThatStayUntilTheirImageComes() {
    for (rowOnScreenIn, safety, expected) in [
      (false, 2.0, [StrategyContextDouble.Action.requestMedia(17, .visible)]),
      (true, 2, [.requestMedia(25, .preload)]),
      (true, 1, [.requestMedia(19, .preload), .requestMedia(23, .preload)]),
    ] {
      let context = AdaptiveFixture.context(pages: 3, media: true)
      var strategy = Self.strategy(["safety_factor": .number(safety)])
      Self.learnSlowMediaOrigin(&strategy, context)
      Self.dragAt500(&strategy, context, rowOnScreenIn: rowOnScreenIn)
      #expect(
        context.takeActions().filter { !$0.isPageRequest } == expected,
        "row 17 in: \(rowOnScreenIn), safety \(safety)")
    }
  }

  /// The drag of `aSlowMediaOriginFetchesOnlyRowsThatStayUntilTheirImageComes` at t = 1.7 s, the
  /// viewport at [1000, 1800), row 17's image in when `rowOnScreenIn`.
  static func dragAt500(
    _ strategy: inout Adaptive, _ context: StrategyContextDouble, rowOnScreenIn: Bool = false
  ) {
    if rowOnScreenIn { context.mediaLoaded.insert(17) }
    context.phase = .dragging
    context.velocityPtS = 500
    context.viewportOffsetPt = 1000
    context.nowUs = 1_700_000
    context.note(strategy.update(.frame, in: context))
  }

  /// A fetch out for a row ahead stays out when a later plan would not start it, until its row
  /// falls behind the viewport. After the drag above (row 17's image in: row 25 out), 50 ms later the drag
  /// runs at 2000 pt/s from 1025 pt: row 25 (bottom at 2600 pt) would leave in 1575 / 2000 =
  /// 0.79 s, before even one image (1.6 s): a plan would not start it now, but the fetch is kept.
  /// At 2601 pt (rows 26…33 on screen, 0.85 s later) its row is behind: cancelled.
  @Test func aFetchAheadIsKeptUntilItsRowFallsBehind() {
    let context = AdaptiveFixture.context(pages: 3, media: true)
    var strategy = Self.strategy()
    Self.learnSlowMediaOrigin(&strategy, context)
    Self.dragAt500(&strategy, context, rowOnScreenIn: true)
    #expect(context.takeActions().filter { !$0.isPageRequest } == [.requestMedia(25, .preload)])
    context.velocityPtS = 2000
    context.viewportOffsetPt = 1025
    context.nowUs = 1_750_000
    context.note(strategy.update(.frame, in: context))
    #expect(!context.takeActions().contains(.cancelMedia(25)))
    #expect(context.mediaInFlight.contains(25))
    context.viewportOffsetPt = 2601
    context.nowUs = 2_600_000
    context.note(strategy.update(.frame, in: context))
    #expect(context.takeActions().contains(.cancelMedia(25)))
  }

  /// The page fetch of `learnPageFetch`, then one image from a slow media origin: 600 ms to first
  /// byte, 100 000 bytes in 1 s, done at t = 1.6 s. Rows 0…7 (the first screen) have their images.
  static func learnSlowMediaOrigin(_ strategy: inout Adaptive, _ context: StrategyContextDouble) {
    AdaptiveFixture.learnMediaOrigin(
      &strategy, context, firstByteUs: 600_000, completedUs: 1_600_000, nowUs: 1_600_000)
  }

  /// At rest the rows ahead are due as soon as a fling as fast as the user's recent ones would show
  /// them within the due time: a fling starts without warning. A fast media origin (120 ms to first
  /// byte, 100 000 bytes in 100 ms: F = 0.22 s, each image queued behind ours adds 0.1 s; due within
  /// 2 × 0.22 + 0.05 = 0.49 s). A fling from 0 pt at `peak` pt/s at t = 1 s to 2000 pt, its images
  /// in by t = 2.2 s, when the viewport rests at [2000, 2800) (rows 20…27): the mean speed is
  /// 2000 pt over the 2 s since the first sample, 1000 pt/s, heading down. Row k (k >= 28) shows
  /// after (100 k − 2800) / 1000 s at that speed and leaves after (100 k − 1900) / 1000 s; the n-th
  /// fetch ahead arrives at 0.12 + n × 0.1 s and must come before half the leave time.
  ///
  /// Row 28 shows at once (nothing saved); rows 29…32 show within 0.49 s at the mean speed, as a
  /// fling of 1000 pt/s or slower has it. After a fling of 1100 pt/s row 33 (500 pt: 0.45 s at
  /// that speed) is due too and stays long enough (leaves at 1.4 s >= 2 × 0.62 s). After one of
  /// 4000 pt/s every row within 1960 pt is due (rows up to 47): rows 33 and 34 (leaves at 1.5 s >=
  /// 2 × 0.72 s) go, then every other row, as the queue grows by 0.1 s a row and the leave time by
  /// 0.1 s a row: 35 (1.6 s < 2 × 0.82 s) is passed before its image could come, 36 (1.7 >= 1.64)
  /// goes, and so on to 46; row 48 (0.5 s at 4000 pt/s) is not due.
  @Test func atRestTheRowsAFlingWouldPassFirstAreDue() {
    for (peak, expected) in [
      (1000.0, Array(29...32)), (1100, Array(29...33)), (4000, Array(29...34) + [36, 38, 40, 42, 44, 46]),
    ] {
      let context = AdaptiveFixture.context(pages: 3, media: true)
      var strategy = Self.strategy()
      Self.learnPageFetch(&strategy, context)
      context.mediaLoaded.formUnion(0..<8)
      context.lastTransfer = TransferRecord(
        resource: .media(item: 2), bytes: 100_000, issuedUs: 0, attemptStartUs: 0, firstByteUs: 120_000,
        completedUs: 220_000)
      context.nowUs = 400_000
      context.note(strategy.update(.fetchCompleted(.media(item: 2)), in: context))
      context.lastTransfer = nil
      context.phase = .decelerating
      context.velocityPtS = peak
      context.projectedTargetPt = 2000
      context.nowUs = 1_000_000
      context.note(strategy.update(.dragEnded, in: context))
      // The fling's images have come; nothing is out.
      context.mediaLoaded.formUnion(0..<28)
      context.mediaInFlight.removeAll()
      context.pagesInFlight.removeAll()
      _ = context.takeActions()
      context.phase = .idle
      context.velocityPtS = 0
      context.projectedTargetPt = nil
      context.viewportOffsetPt = 2000
      context.nowUs = 2_200_000
      context.note(strategy.update(.frame, in: context))
      #expect(
        context.takeActions().filter { !$0.isPageRequest } == expected.map { .requestMedia($0, .preload) },
        "peak \(peak) pt/s")
    }
  }

  // MARK: Jumps

  /// A drag at 500 pt/s carries the viewport 25 pt in 50 ms; with a screenful (800 pt) of slack, it
  /// jumped when it moved more than 825 pt and shows none of the rows it showed (rows of 100 pt:
  /// 10…17 at 1000 pt). 825 pt on (rows 18…25) is a scroll, 826 pt a jump; 900 pt on a feed of
  /// 1000 pt rows (row 1 before, rows 1…2 after) is not: a row on screen stays on screen.
  @Test func aJumpMovesBeyondItsSpeedAndLeavesEveryRowOnScreen() {
    for (rowPt, movePt, jumped) in [(100.0, 825.0, false), (100, 826, true), (1000, 900, false)] {
      let context = StrategyContextDouble(
        viewportHeightPt: 800, pageSize: 20, totalItems: 1000, appliedPages: 3, rowHeightPt: { _ in rowPt })
      var planner = PredictivePlanner(
        safety: 2, maxLeadScreens: 3, wastePriceMsPerMB: 100, horizonS: 2, replanMs: 50, estimatorWindow: 5,
        speedWindowUs: 4_000_000, speedIntervalUs: 200_000)
      context.phase = .dragging
      context.velocityPtS = 500
      context.viewportOffsetPt = 1000
      context.nowUs = 1_000_000
      #expect(!planner.hasJumped(context))
      planner.noteViewport(context)
      context.viewportOffsetPt = 1000 + movePt
      context.nowUs = 1_050_000
      #expect(planner.hasJumped(context) == jumped, "rows \(rowPt) pt, moved \(movePt) pt")
    }
  }

  /// After the drag of `aSlowMediaOriginFetchesOnlyRowsThatStayUntilTheirImageComes` (row 17's
  /// image in: row 25 out), the viewport jumps to 4000 pt (rows 40…47) and rests there, 50 ms
  /// later: the fetch for row 25 is cancelled, the user's speed is measured afresh (0 pt/s: the
  /// 3000 pt jump is no scrolling speed), and the rows it landed on are fetched at visible
  /// priority (at rest the rows on screen always are).
  @Test func aJumpCancelsWhatItLeavesAndFetchesWhereItLands() {
    let context = AdaptiveFixture.context(pages: 3, media: true)
    var strategy = Self.strategy()
    Self.learnSlowMediaOrigin(&strategy, context)
    Self.dragAt500(&strategy, context, rowOnScreenIn: true)
    _ = context.takeActions()
    context.phase = .idle
    context.velocityPtS = 0
    context.viewportOffsetPt = 4000
    context.nowUs = 1_750_000
    context.note(strategy.update(.frame, in: context))
    let expected: [StrategyContextDouble.Action] =
      [.cancelMedia(25)] + (40..<48).map { .requestMedia($0, .visible) }
    #expect(context.takeActions().filter { !$0.isPageRequest } == expected)
  }

  /// The price of waste: an image of 0.1 MB that shows in `show` s and stays on screen, F = 1.6 s.
  /// It saves min(F, ∞) − max(0, F − show) = show s (for show <= F). With reach 0.5 and a price of
  /// 5000 ms/MB the bytes cost 0.5 × 500 ms = 250 ms against 0.5 × the saving: worth it from
  /// show = 0.5 s. At reach 1 the price does not matter; at price 0 anything that saves time goes.
  @Test func theWastePriceDecidesWhatAnUncertainRowIsWorth() {
    let priceMs = 5000 * 0.1
    func worth(_ showS: Double, reach: Double, price: Double = priceMs) -> Bool {
      PredictivePlanner.isWorthIt(
        showUs: showS * 1_000_000, onScreenUs: nil, fetchUs: 1_600_000, reach: reach, priceMs: price)
    }
    #expect(!worth(0.4, reach: 0.5))
    #expect(worth(0.5, reach: 0.5))
    #expect(worth(0.1, reach: 1))
    #expect(worth(0.1, reach: 0.5, price: 0))
    #expect(!worth(0, reach: 1))
  }

  /// Between replanning steps a frame fetches only the rows that came on screen, and declares the
  /// frames up to the next step (50 ms grid) quiet, rows shown aside.
  @Test func framesBetweenStepsAreQuietUntilTheNextStep() {
    let context = AdaptiveFixture.context(pages: 3)
    var strategy = Self.strategy()
    Self.learnPageFetch(&strategy, context)
    context.phase = .dragging
    context.velocityPtS = 500
    context.nowUs = 1_010_000
    context.quietBand = nil
    context.note(strategy.update(.frame, in: context))
    #expect(context.quietBand?.beforeUs == 1_050_000)
    #expect(context.quietBand?.acrossRowChanges == false)
    #expect(context.quietBand?.lowPt == -.infinity && context.quietBand?.highPt == .infinity)
  }
}
