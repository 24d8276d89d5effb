import Testing

@testable import PrefetchLab

/// Quiet bands (`Wake.quietWhile`) checked on the strategy side, without an engine:
/// `QuietOffsets.extent` by hand, and, for the strategies that find their bands by search
/// (oracle, flatlist, adaptive), a consultation of a copy of the strategy at offsets and times
/// inside each declared band must neither act nor change its state — the promise the event
/// engine relies on. A band too wide by one ulp at either end fails here.
@Suite struct QuietDeclarationTests {
  /// An estimate that holds is the answer; one that does not is halved down to the last double
  /// where the test holds (the next one past it fails).
  @Test func extentChecksItsEstimate() {
    #expect(QuietOffsets.extent(from: 0, toward: 5) { $0 < 10.3 } == 5)
    let up = QuietOffsets.extent(from: 0, toward: 20) { $0 < 10.3 }
    #expect(up < 10.3 && up.nextUp >= 10.3)
    let down = QuietOffsets.extent(from: 0, toward: -7) { $0 > -2.5 }
    #expect(down > -2.5 && down.nextDown <= -2.5)
    // No finite estimate: nothing beyond the current offset is claimed.
    #expect(QuietOffsets.extent(from: 3, toward: .infinity) { _ in true } == 3)
    #expect(QuietOffsets.extent(from: 3, toward: .nan) { _ in true } == 3)
  }

  /// oracle's safety net: with a page that could be asked for, the band ends just above the
  /// offset where the viewport's bottom reaches the end of loaded content (exact: that offset is
  /// not in it, and the band is not needlessly short); with one in flight it has no end.
  @Test func oracleBandStopsAboveTheEndOfLoadedContent() throws {
    let context = StrategyContextDouble(
      viewportHeightPt: 800, pageSize: 20, totalItems: 1000, appliedPages: 2)
    var oracle = Oracle(plan: .pagesOnly(lastPage: .max, offsetPages: [], connectionCap: 1))
    context.viewportOffsetPt = 700
    context.nowUs = 1_000_000
    context.note(oracle.update(.frame, in: context))
    let band = try #require(context.quietBand)
    #expect(band.highPt + 800 < 4000 && 4000 - 800 - band.highPt < 1e-5)
    #expect(band.lowPt == -.infinity && band.beforeUs == .max && band.acrossRowChanges)
    context.quietBand = nil
    context.pagesInFlight.insert(.down)
    context.note(oracle.update(.frame, in: context))
    #expect(context.quietBand?.highPt == .infinity)
    context.pagesInFlight.remove(.down)
    context.quietBand = nil
    // Held at the end: the safety net asks for the page, which then holds the band open.
    context.viewportOffsetPt = 3200
    context.note(oracle.update(.frame, in: context))
    #expect(context.takeActions() == [.requestPage(.down, guardInFlight: true)])
    #expect(context.quietBand?.highPt == .infinity)
  }

  /// A drag at `velocityPtS` over a cursor feed of 100 pt rows (with media unless `media` is
  /// false; with a render stage if `renders`), 60 Hz frames, pages
  /// arriving 200 ms after they are asked for; after every frame that declares a band, a copy
  /// consulted at its ends, its middle and around the current offset, now and just before its
  /// clock bound, does nothing. Returns how many bands were checked. `unread`: stored properties
  /// left out of the state compared, each a note of the last offset that the next consultation
  /// reads only to tell whether the viewport moved (which every frame in a band does).
  static func checkBands<Strategy: PrefetchStrategy>(
    _ strategy: Strategy, velocityPtS: Double, frames: Int, media: Bool = true, renders: Bool = false,
    unread: Set<String> = []
  ) -> Int {
    func state(_ strategy: Strategy) -> String {
      Mirror(reflecting: strategy).children.filter { !unread.contains($0.label ?? "") }
        .map { "\($0.label ?? ""): \($0.value)" }.joined(separator: ", ")
    }
    var strategy = strategy
    let context = StrategyContextDouble(
      viewportHeightPt: 800, pageSize: 20, totalItems: 2000, appliedPages: 2)
    if media { context.giveEveryItemMedia() }
    context.hasRenderStage = renders
    context.phase = .dragging
    context.velocityPtS = velocityPtS
    context.note(strategy.update(.start, in: context))
    var pageAskedUs: Int64?
    var checked = 0
    for frame in 1...frames {
      context.nowUs = Int64(frame) * 16_667
      if context.pagesInFlight.contains(.down) {
        if let askedUs = pageAskedUs, context.nowUs - askedUs >= 200_000 {
          context.applyNextPage()
          pageAskedUs = nil
          context.quietBand = nil
          context.note(strategy.update(.pageApplied(page: context.laidOutPages - 1), in: context))
        } else if pageAskedUs == nil {
          pageAskedUs = context.nowUs
        }
      }
      let limit = context.contentHeightPt + context.footerHeightPt - 800
      context.viewportOffsetPt = min(limit, max(0, context.viewportOffsetPt + velocityPtS / 60))
      context.quietBand = nil
      context.note(strategy.update(.frame, in: context))
      _ = context.takeActions()
      guard let band = context.quietBand else { continue }
      checked += 1
      let current = context.viewportOffsetPt
      let now = context.nowUs
      let visible = context.visibleItems
      let before = state(strategy)
      let low = band.lowPt.isFinite ? band.lowPt : current - 3000
      let high = band.highPt.isFinite ? band.highPt : current + 3000
      let offsets = [low, high, (low + high) / 2, current - 1, current + 1, current + 10, current + 50]
      let times = [now, band.beforeUs == .max ? now + 5_000_000 : band.beforeUs - 1]
      for offset in offsets where offset >= max(0, low) && offset <= min(high, limit) {
        for time in times {
          context.viewportOffsetPt = offset
          context.nowUs = time
          guard band.acrossRowChanges || context.visibleItems == visible else { continue }
          var copy = strategy
          context.note(copy.update(.frame, in: context))
          let actions = context.takeActions()
          #expect(actions.isEmpty, "frame \(frame): at \(offset) pt, \(time) µs in \(band): \(actions)")
          #expect(
            state(copy) == before, "frame \(frame): at \(offset) pt, \(time) µs in \(band): state changed")
        }
      }
      context.viewportOffsetPt = current
      context.nowUs = now
    }
    return checked
  }

  @Test(arguments: [300.0, 1_500.0, 4_000.0])
  func flatlistBandsAreQuiet(velocityPtS: Double) {
    let flatlist = FlatList(parameters: TestScenarios.configured("flatlist").parameters)
    #expect(Self.checkBands(flatlist, velocityPtS: velocityPtS, frames: 600) > 0)
    #expect(Self.checkBands(flatlist, velocityPtS: velocityPtS, frames: 600, media: false) > 0)
  }

  @Test(arguments: [300.0, 1_500.0, 4_000.0])
  func adaptiveBandsAreQuiet(velocityPtS: Double) {
    for planner in AdaptivePlanner.allCases {
      let adaptive = Adaptive(
        parameters: TestScenarios.configured("adaptive", ["planner": .string(planner.rawValue)]).parameters)
      #expect(Self.checkBands(adaptive, velocityPtS: velocityPtS, frames: 600) > 0, "\(planner)")
      #expect(
        Self.checkBands(adaptive, velocityPtS: velocityPtS, frames: 300, renders: true) > 0, "\(planner)")
      #expect(
        Self.checkBands(adaptive, velocityPtS: velocityPtS, frames: 600, media: false) > 0, "\(planner)")
    }
  }

  /// compose_paging's cache window: bands up to the next row either end of the window reaches
  /// (the offset noted to tell a move is all that changes).
  @Test(arguments: [300.0, 1_500.0, 4_000.0])
  func composeCacheWindowBandsAreQuiet(velocityPtS: Double) {
    let compose = ComposePaging(
      parameters: TestScenarios.configured(
        "compose_paging", ["cache_window_ahead_pt": .number(800), "cache_window_behind_pt": .number(400)]
      ).parameters)
    #expect(Self.checkBands(compose, velocityPtS: velocityPtS, frames: 600, unread: ["lastOffsetPt"]) > 0)
  }

  @Test func oracleBandsAreQuiet() {
    let oracle = Oracle(plan: .pagesOnly(lastPage: .max, offsetPages: [], connectionCap: 1))
    #expect(Self.checkBands(oracle, velocityPtS: 1_500, frames: 600) > 0)
  }
}
