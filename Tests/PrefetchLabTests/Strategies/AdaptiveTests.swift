import Testing

@testable import PrefetchLab

/// adaptive's lead planner (`planner=lead`, kept beside the model-predictive default) against a
/// hand-set context: the lead from its estimates of fetch time and speed, the page trigger, the
/// media range of a drag and of a fling, and cancelling what falls behind.
@Suite struct AdaptiveTests {
  static func strategy(_ values: [String: ParameterValue] = [:]) -> Adaptive {
    AdaptiveFixture.strategy(.lead, values)
  }

  /// `AdaptiveFixture`'s context, every row with media.
  static func context(pages: Int = 2) -> StrategyContextDouble {
    AdaptiveFixture.context(pages: pages, media: true)
  }

  /// `AdaptiveFixture.learnPageFetch`: the media of the rows on screen meanwhile, 0…7, is asked for
  /// at visible priority, and has arrived when it returns.
  static func learnPageFetch(_ strategy: inout Adaptive, _ context: StrategyContextDouble) {
    #expect(AdaptiveFixture.learnPageFetch(&strategy, context) == (0..<8).map { .requestMedia($0, .visible) })
    context.mediaInFlight.removeAll()
    context.mediaLoaded.formUnion(0..<8)
  }

  /// A user dragging at 1000 pt/s since 250 ms: frame at `offsetPt`.
  static func dragFrame(_ strategy: inout Adaptive, _ context: StrategyContextDouble, offsetPt: Double) {
    context.phase = .dragging
    context.velocityPtS = 1000
    context.viewportOffsetPt = offsetPt
    context.nowUs = 250_000 + Int64(offsetPt * 1000)
    context.note(strategy.update(.frame, in: context))
  }

  /// Lead = 2 (safety) × 1000 pt/s × 0.25 s = 500 pt: with 4000 pt loaded the next page is asked
  /// for once the viewport's bottom reaches 3500 pt (top 2700 pt), not at 2690 pt. (The mean speed
  /// over the window, 2690 pt in 2.74 s, is below the drag's 1000 pt/s, which therefore counts.)
  @Test func thePageLeadCoversTheMeasuredFetchTimeTwice() {
    let context = Self.context()
    var strategy = Self.strategy()
    Self.learnPageFetch(&strategy, context)
    Self.dragFrame(&strategy, context, offsetPt: 2690)
    #expect(context.pageRequests.isEmpty)
    Self.dragFrame(&strategy, context, offsetPt: 2700)
    #expect(context.pageRequests == [.requestPage(.down, guardInFlight: true)])
  }

  /// A safety factor of 3 makes the lead 750 pt: the request comes at top 2450 pt.
  @Test func theSafetyFactorScalesTheLead() {
    let context = Self.context()
    var strategy = Self.strategy(["safety_factor": .number(3)])
    Self.learnPageFetch(&strategy, context)
    Self.dragFrame(&strategy, context, offsetPt: 2440)
    #expect(context.pageRequests.isEmpty)
    Self.dragFrame(&strategy, context, offsetPt: 2450)
    #expect(context.pageRequests.count == 1)
  }

  /// At 10 000 pt/s the lead would be 5000 pt; the cap of 3 screenfuls (2400 pt) holds it, so the
  /// request comes at top 800 pt (bottom 1600 pt), not before.
  @Test func theLeadIsCappedAtMaxLeadScreens() {
    let context = Self.context()
    var strategy = Self.strategy()
    Self.learnPageFetch(&strategy, context)
    context.phase = .dragging
    context.velocityPtS = 10_000
    for (offset, timeUs) in [(799.0, Int64(3_000_000)), (800, 3_000_100)] {
      context.viewportOffsetPt = offset
      context.nowUs = timeUs
      context.note(strategy.update(.frame, in: context))
      #expect(context.pageRequests.count == (offset < 800 ? 0 : 1), "at \(offset)")
    }
  }

  /// Media fetch time: 100 ms to first byte + 50 000 bytes at 0.2 bytes/µs = 350 ms; a drag at
  /// 1000 pt/s reaches 350 pt beyond the viewport in that time. Viewport [1000, 1800): rows 10…17
  /// visible, asked for first at visible priority; the range [1000, 2150) adds rows 18…21, in order,
  /// at preload priority.
  @Test func aDragFetchesTheRowsItReachesWithinOneMediaFetch() {
    let context = Self.context()
    var strategy = Self.strategy()
    Self.learnPageFetch(&strategy, context)
    context.nowUs = 300_000
    context.lastTransfer = TransferRecord(
      resource: .media(item: 5), bytes: 50_000, issuedUs: 0, attemptStartUs: 0, firstByteUs: 100_000,
      completedUs: 350_000)
    context.note(strategy.update(.fetchCompleted(.media(item: 5)), in: context))
    context.lastTransfer = nil
    _ = context.takeActions()
    Self.dragFrame(&strategy, context, offsetPt: 1000)
    let expected: [StrategyContextDouble.Action] =
      (10..<18).map { .requestMedia($0, .visible) } + (18..<22).map { .requestMedia($0, .preload) }
    #expect(context.takeActions() == expected)
  }

  /// No media size measured yet, a media fetch is its time to first byte, 100 ms: at 1000 pt/s the
  /// drag at 1000 pt asks for rows 10…18 ([1000, 1900)). Moving on to 2300 pt, all of them ended
  /// above the viewport with their fetches still running: cancelled, in item order, before the new
  /// rows are asked for.
  @Test func fetchesThatFallBehindAreCancelled() {
    let context = Self.context()
    var strategy = Self.strategy()
    Self.learnPageFetch(&strategy, context)
    Self.dragFrame(&strategy, context, offsetPt: 1000)
    _ = context.takeActions()
    Self.dragFrame(&strategy, context, offsetPt: 2300)
    let actions = context.takeActions()
    let cancels = actions.filter { if case .cancelMedia = $0 { return true } else { return false } }
    #expect(cancels == (10..<19).map { .cancelMedia($0) })
    #expect(actions.prefix(9) == cancels[...])
    #expect(actions.contains(.requestMedia(23, .visible)))
  }

  /// A fling from 1000 pt that will rest at 5000 pt: the rows it passes fly by and are not asked
  /// for; the rows where it rests, [5000, 5800) = rows 50…57, are, at preload priority.
  @Test func aLongFlingFetchesWhereItRestsOnly() {
    let context = Self.context(pages: 3)
    var strategy = Self.strategy()
    Self.learnPageFetch(&strategy, context)
    context.phase = .decelerating
    context.velocityPtS = 3000
    context.viewportOffsetPt = 1000
    context.projectedTargetPt = 5000
    context.nowUs = 1_000_000
    context.note(strategy.update(.frame, in: context))
    let media = context.takeActions().filter {
      if case .requestMedia = $0 { return true } else { return false }
    }
    #expect(media == (50..<58).map { .requestMedia($0, .preload) })
  }

  /// At rest nothing is fetched ahead of the visible rows.
  @Test func atRestOnlyTheVisibleRows() {
    let context = Self.context()
    var strategy = Self.strategy()
    Self.learnPageFetch(&strategy, context)
    context.viewportOffsetPt = 1000
    context.nowUs = 5_000_000
    context.note(strategy.update(.frame, in: context))
    #expect(context.takeActions() == (10..<18).map { .requestMedia($0, .visible) })
  }
}
