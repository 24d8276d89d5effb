import Testing

@testable import PrefetchLab

/// adaptive's model-predictive planner (`planner=mpc`) after a jump, against hand-set contexts: a
/// jump into a cursor feed beyond its loaded end, where the list follows the end of loaded content
/// as pages land. Every expected action is worked out in the test's comment.
@Suite struct AdaptivePlannerJumpTests {
  /// The world of `AdaptiveFixture`: an 800 pt viewport, rows of 100 pt, pages of 20 rows
  /// (2000 pt), every row with media; one page applied and a 100 pt loading footer.
  static func landing() -> (Adaptive, StrategyContextDouble) {
    let context = AdaptiveFixture.context(pages: 1, media: true)
    context.footerHeightPt = 100
    var strategy = AdaptiveFixture.strategy(.mpc)
    AdaptiveFixture.learnPageFetch(&strategy, context)
    return (strategy, context)
  }

  /// At rest at 0 pt (t = 250 ms) the plan fetches rows 0…7's images at visible priority. At
  /// 300 ms the user jumps to row 45, beyond page 0's 20 rows: the viewport shows the end of
  /// loaded content and the footer, at 2000 + 100 − 800 = 1300 pt (rows 13…19). It moved 1300 pt,
  /// more than its speed (0) carries in 50 ms plus a screenful (800 pt), and no row stayed: a jump.
  /// Rows 0…7's fetches are cancelled, page 1 is asked for at once (the viewport's bottom, 2100 pt,
  /// is past the loaded edge, 2000 pt) and no image for rows 13…19: the footer keeps the screen
  /// blank until the page lands, which moves the viewport on, and on a shared link their bodies
  /// would slow the page the user waits for (before, rows 13…19 were fetched at visible
  /// priority). Page 1 lands at 500 ms: the viewport follows the end to 4000 + 100 − 800 =
  /// 3300 pt (rows 33…39), page 2 goes out, again no image. Page 2 lands at 700 ms and the
  /// viewport lands on row 45 (4500 pt, rows 45…52, its bottom 5300 pt above the loaded edge at
  /// 6000 pt): the footer is off screen, so the landing rows' images go out at once, at visible
  /// priority; no page is due (the user's speed is measured afresh from the landing: 0 pt/s).
  @Test func aJumpBeyondTheLoadedEndFetchesPagesFirstAndTheLandingRowsOnceThere() {
    var (strategy, context) = Self.landing()
    #expect(context.mediaInFlight == Set(0..<8))

    context.viewportOffsetPt = 1300
    context.nowUs = 300_000
    context.note(strategy.update(.frame, in: context))
    #expect(
      context.takeActions()
        == (0..<8).map { .cancelMedia($0) } + [.requestPage(.down, guardInFlight: true)])

    context.applyNextPage()
    context.viewportOffsetPt = 3300
    context.nowUs = 500_000
    context.note(strategy.update(.pageApplied(page: 1), in: context))
    #expect(context.takeActions() == [.requestPage(.down, guardInFlight: true)])

    context.applyNextPage()
    context.viewportOffsetPt = 4500
    context.nowUs = 700_000
    context.note(strategy.update(.pageApplied(page: 2), in: context))
    #expect(context.takeActions() == (45..<53).map { .requestMedia($0, .visible) })
  }

  /// Between the hops the frames fetch nothing either (rows 0…7's images in this time): at 300 ms
  /// the jump of the test above holds the images back; at 350 ms (the next step) and at 360 ms (a
  /// frame between steps whose rows changed: 1400 pt, rows 14…19, 100 pt on, no jump) the
  /// viewport still waits at the loaded end (its bottom at 2200 pt) with page 1 out, so no image
  /// goes out, where a frame would otherwise fetch the rows that came on screen.
  @Test func theFramesWhileTheListFollowsTheEndFetchNoImage() {
    var (strategy, context) = Self.landing()
    context.mediaLoaded.formUnion(0..<8)
    context.mediaInFlight.removeAll()
    _ = context.takeActions()
    context.viewportOffsetPt = 1300
    context.nowUs = 300_000
    context.note(strategy.update(.frame, in: context))
    #expect(context.takeActions() == [.requestPage(.down, guardInFlight: true)])
    for (offsetPt, nowUs) in [(1300.0, Int64(350_000)), (1400, 360_000)] {
      context.viewportOffsetPt = offsetPt
      context.nowUs = nowUs
      context.note(strategy.update(.frame, in: context))
      #expect(context.takeActions().filter { !$0.isPageRequest } == [], "at \(nowUs) µs")
    }
  }

  /// The viewport waits at the loaded end only on a cursor feed whose end is unknown, with the
  /// footer on screen (its bottom below the last row's end, 2000 pt) and a page coming.
  @Test func waitingAtTheLoadedEndNeedsTheFooterOnScreenAndAPageComing() {
    for (offsetPt, inFlight, endKnown, pagination, waits) in [
      (1300.0, true, false, Pagination.cursor, true),
      (1201, true, false, .cursor, true),
      (1200, true, false, .cursor, false),
      (1300, false, false, .cursor, false),
      (1300, true, true, .cursor, false),
      (1300, true, false, .offset, false),
    ] {
      let context = AdaptiveFixture.context(pages: 1, pagination: pagination)
      context.viewportOffsetPt = offsetPt
      context.endOfFeedKnown = endKnown
      if inFlight { context.pagesInFlight.insert(.down) }
      #expect(
        PredictivePlanner.waitsAtLoadedEnd(context) == waits,
        "at \(offsetPt) pt, page out \(inFlight), end known \(endKnown), \(pagination)")
    }
  }
}
