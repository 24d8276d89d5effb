import Testing

@testable import PrefetchLab

/// Every registered built-in strategy: tests that take it as their arguments cover a strategy as
/// soon as it is registered.
let allStrategies = StrategyRegistry.builtIn.names
/// The strategies with a `guard_in_flight` switch (the platform strategies follow their
/// platform's own guard and have none).
let guardableStrategies = allStrategies.filter { name in
  StrategyRegistry.builtIn.definition(named: name)?.parameters.contains { $0.name == "guard_in_flight" }
    == true
}

@Suite struct EngineBehaviourTests {
  /// Page requests of `shortFirstPageFetchesWithoutScrolling`, by trigger rule with 500 pt pages
  /// in an 800 pt viewport: infinite (footer visible while content < 800): 2; fixed 0.7
  /// (800/500, 800/1000 ≥ 0.7, 800/1500 < 0.7): 3; dynamic (bottom 800 ≥ 350, not ≥ 850): 2;
  /// target (bottom ≥ 500, not ≥ 1000): 2; Texture batch fetching (remaining = content − 800 ≤
  /// 1600 until content 2500): 5. A strategy registered later runs the test's other checks until
  /// its own count is worked out and added here.
  static let shortFirstPageRequests = [
    "infinite_scroll": 2, "fixed_threshold": 3, "dynamic_threshold": 2, "target_range": 2,
    "directional_ranges": 5,
  ]

  /// Paging 3 (and RecyclerView and Compose over it) asks for 3 pages first (`initialLoadSize`):
  /// 15 rows of 100 pt fill the 800 pt viewport, and 15 − 8 = 7 rows lie beyond the last visible
  /// one, at least the page size (5): no second request. The strategies that declare Paging's
  /// `initial_load_size`, from the registry.
  static let firstLoadCoversScreen = Set(
    StrategyRegistry.builtIn.definitions.filter { definition in
      definition.parameters.contains { $0.name == Paging3.initialLoadSize.declaration.name }
    }.map(\.name))

  @Test func shortFirstPageCountsNameRegisteredStrategies() {
    #expect(Set(Self.shortFirstPageRequests.keys).isSubset(of: Set(allStrategies)))
    #expect(Self.shortFirstPageRequests.count == 5)
  }

  /// A 5-row first page in an 800 pt viewport and no scrolling: every strategy asks for page 2
  /// on its own, one page at a time, without stalling.
  @Test(arguments: allStrategies)
  func shortFirstPageFetchesWithoutScrolling(strategy: String) {
    let scenario = TestScenarios.steadyDrag(
      pageSize: 5, initialPageSize: 5, gestures: [.wait(durationMs: 20_000)])
    let outcome = TestScenarios.run(scenario, strategy)
    #expect(outcome.summary.pageRequests >= (Self.firstLoadCoversScreen.contains(strategy) ? 1 : 2))
    if let expected = Self.shortFirstPageRequests[strategy] {
      #expect(outcome.summary.pageRequests == expected)
    }
    #expect(outcome.summary.stallCount == 0)
    // Pages are fetched one at a time: each request is issued only after the previous page applied.
    let pageEvents = outcome.events.filter {
      if case .page = $0.resource { return true } else { return false }
    }
    var inFlight = 0
    for event in pageEvents {
      if event.kind == .issued { inFlight += 1 }
      if event.kind == .applied { inFlight -= 1 }
      #expect(inFlight <= 1)
    }
  }

  /// With `empty_page`, the client learns of the end only from an empty response: 40 items in
  /// pages of 20 take three requests, and nothing more is asked while the user rests at the end.
  /// Paging 3 asks for 60 items first: the server sends the 40, then the empty page: two.
  @Test(arguments: allStrategies)
  func emptyPageEndsRequests(strategy: String) {
    let scenario = TestScenarios.steadyDrag(
      totalItems: 40, endSignal: .emptyPage,
      gestures: [.drag(velocityPtS: 2000, durationMs: 5000), .wait(durationMs: 30_000)])
    let summary = TestScenarios.run(scenario, strategy).summary
    #expect(summary.pageRequests == (Self.firstLoadCoversScreen.contains(strategy) ? 2 : 3))
    #expect(summary.abandoned == false)
    #expect(summary.itemsLoaded == 40)
  }

  /// A hard fling from the top of a 2000 pt first page runs into the end of content: with the
  /// in-flight guard every strategy sends exactly one request for page 2 (the feed has 2 pages);
  /// Paging 3's 60-item first load holds all 40 items: one request in all.
  @Test(arguments: allStrategies)
  func flingIntoBottomRequestsNextPageOnce(strategy: String) {
    let scenario = TestScenarios.steadyDrag(
      totalItems: 40,
      gestures: [
        .drag(velocityPtS: 3000, durationMs: 100), .fling(velocityPtS: 5000), .wait(durationMs: 5000),
      ])
    let summary = TestScenarios.run(scenario, strategy).summary
    #expect(summary.pageRequests == (Self.firstLoadCoversScreen.contains(strategy) ? 1 : 2))
    #expect(summary.redundantFetches == 0)
  }

  /// Naive scroll-callback code (no in-flight guard) fires on every scroll callback past the
  /// threshold until the page is applied: the fling crosses the 70 % line (offset 600) about
  /// 64 ms after release and reaches the end of content (1200) about 223 ms after, so some ten
  /// frames each send a duplicate; every duplicate is a redundant fetch.
  @Test func naiveThresholdSendsDuplicates() {
    let scenario = TestScenarios.steadyDrag(
      totalItems: 40,
      gestures: [
        .drag(velocityPtS: 3000, durationMs: 100), .fling(velocityPtS: 5000), .wait(durationMs: 5000),
      ])
    let guarded = TestScenarios.run(scenario, "fixed_threshold").summary
    let naive = TestScenarios.run(scenario, "fixed_threshold", ["guard_in_flight": .bool(false)]).summary
    #expect(guarded.pageRequests == 2)
    #expect(naive.pageRequests >= 10)
    #expect(naive.redundantFetches == naive.pageRequests - 2)
  }

  /// A loading footer: infinite scroll requests when the footer's top enters the viewport; the
  /// user reaches the stall limit 40 pt (0.1 s) later and waits 0.9 s for each of 9 pages; the
  /// footer is blank from the first frame after the request until the page applies.
  @Test func footerIsBlankAndShortensStalls() {
    let scenario = TestScenarios.steadyDrag(footerPt: 40)
    let summary = TestScenarios.run(scenario, "infinite_scroll").summary
    #expect(summary.stallCount == 9)
    #expect(summary.stallUs == 9 * 900_000)
    let expectedBlankUs = 9 * (1_000_000 - 16_667)
    #expect(abs(summary.blankUs - Int64(expectedBlankUs)) <= 9)
    #expect(summary.mostlyBlankUs == 0)
    // Blank fraction 40/800 except while the footer slides in: between 0.05·blank and that.
    let blankness = summary.blankness ?? -1
    let upper = 0.05 * Double(summary.blankUs) / Double(summary.sessionUs - 1_000_000)
    #expect(blankness > 0.9 * upper && blankness <= upper)
  }

  /// fixed_threshold with ratio 0 keeps one page in flight all the time: pages 1…9 arrive at
  /// 2 s…10 s, the last (items 180…199) ends the feed. The user reaches offset 4000 by the end of
  /// the 10 s drag (items 0…47 seen), so pages 3…9 were fetched but never seen.
  @Test func pagesLoadedButNeverSeenAreWasted() {
    let scenario = TestScenarios.steadyDrag(durationMs: 10_000)
    let summary = TestScenarios.run(scenario, "fixed_threshold", ["ratio": .number(0)]).summary
    #expect(summary.sessionUs == 11_000_000)
    #expect(summary.pageRequests == 10)
    #expect(summary.itemsLoaded == 200)
    #expect(summary.itemsSeen == 48)
    #expect(summary.wastedFetches == 7)
    #expect(summary.wastedBytes == 7 * 24_000)
    #expect(summary.bytesFetched == 10 * 24_000)
    #expect(summary.prefetchAccuracy == 0.3)
    #expect(summary.coverage == 1)
  }

  /// Media on visibility with a 1 s RTT and enough connections: every row completes exactly
  /// 1 s after it first shows, so the time-to-content percentiles are 1000 ms.
  @Test func timeToContentIsOneRoundTripForMediaOnVisibility() {
    var prepared = TestScenarios.steadyDrag(media: .constant(10_000))
    var scenario = prepared.scenario
    scenario.network.maxConcurrentRequests = 100
    prepared = try! PreparedScenario(scenario)
    let summary = TestScenarios.run(prepared, "fixed_threshold").summary
    #expect(summary.ttcP50Us == 1_000_000)
    #expect(summary.ttcP95Us == 1_000_000)
    #expect(summary.ttcMaxUs == 1_000_000)
    #expect(summary.coverage == 0)
    #expect(summary.mediaRequests == summary.itemsSeen)
    // Rows that first show in the last second are cut off by the end of the session.
    #expect(summary.itemsSeenIncomplete >= 3 && summary.itemsSeenIncomplete <= 5)
  }

  @Test(arguments: allStrategies)
  func runsAreDeterministic(strategy: String) {
    let scenario = TestScenarios.steadyDrag(
      media: .lognormal(median: 50_000, sigma: 0.8), bandwidthKbps: 8000)
    let first = TestScenarios.run(scenario, strategy)
    let second = TestScenarios.run(scenario, strategy)
    #expect(first.summary == second.summary)
    #expect(first.timeline == second.timeline)
    #expect(first.events == second.events)
  }
}

@Suite struct JumpTests {
  /// A jump to item 100 right at first content: its page (5) is four round trips past page 1, so
  /// the user waits one contiguous pause of exactly 5 × 1000 ms while pages 1…5 load one by one.
  /// Paging 3's first load (and so recyclerview's and compose_paging's) is 3 pages (60 items):
  /// item 100 is then in page 3 (60…79, 80…99, 100…119), three round trips.
  @Test(arguments: allStrategies)
  func jumpToAnUnloadedItemIsOneContiguousPause(strategy: String) {
    let scenario = TestScenarios.steadyDrag(
      gestures: [.jump(.item(100)), .wait(durationMs: 10_000)])
    let summary = TestScenarios.run(scenario, strategy).summary
    let pauseUs: Int64 = EngineBehaviourTests.firstLoadCoversScreen.contains(strategy) ? 3_000_000 : 5_000_000
    #expect(summary.stallCount == 1)
    #expect(summary.stallUs == pauseUs)
    #expect(summary.sessionUs == 1_000_000 + 10_000_000 + pauseUs)
    #expect(summary.abandoned == false)
  }

  /// Offset pagination: the same jump lands on placeholders at once; nothing blocks, the rows are
  /// blank until their page (requested because it is visible) arrives one round trip later.
  @Test func jumpWithOffsetPaginationShowsPlaceholders() {
    let scenario = TestScenarios.steadyDrag(
      gestures: [.jump(.item(100)), .wait(durationMs: 10_000)], pagination: .offset)
    let summary = TestScenarios.run(scenario, "infinite_scroll").summary
    #expect(summary.stallCount == 0)
    #expect(summary.sessionUs == 11_000_000)
    // Items 100…107 fill the 800 pt viewport; page 5 (items 100…119) arrives 1 s after the jump.
    #expect(summary.blankUs == 1_000_000)
    #expect(summary.mostlyBlankUs == 1_000_000)
    #expect(summary.ttcMaxUs == 1_000_000)
    #expect(summary.itemsSeen == 8)
  }
}

/// A pause starts when the user reaches the end of loaded content, never earlier: frames of a
/// wait are skipped, and a pause must not reach back into them.
@Suite struct PauseAfterRestTests {
  /// Drag to offset 1000, rest W ms, drag on: infinite scroll asks for page 2 at the first frame
  /// where the second drag has reached offset 1200, and the pause runs from that crossing to one
  /// round trip after the request: one round trip plus less than a frame, whatever W was (exactly
  /// one round trip when W is a whole number of frames, as the crossing then falls on a frame).
  @Test(arguments: [16.0, 100, 500, 3000, 10_000])
  func stallAfterAWaitIsOneRoundTrip(waitMs: Double) {
    let scenario = TestScenarios.steadyDrag(
      gestures: [
        .drag(velocityPtS: 400, durationMs: 2500), .wait(durationMs: waitMs),
        .drag(velocityPtS: 400, durationMs: 5000),
      ])
    let outcome = TestScenarios.run(scenario, "infinite_scroll")
    let frameUs: Int64 = 16_667
    let onGrid = (waitMs * 60 / 1000).rounded() == waitMs * 60 / 1000
    #expect(outcome.summary.stallCount == 1)
    #expect(outcome.summary.stallUs >= 1_000_000 && outcome.summary.stallUs < 1_000_000 + frameUs)
    #expect(!onGrid || outcome.summary.stallUs == 1_000_000)
    #expect(outcome.summary.sessionUs == 1_000_000 + Int64((7500 + waitMs) * 1000) + outcome.summary.stallUs)
    // Trace time never runs backwards in the timeline.
    let traceTimes = outcome.timeline.compactMap(\.traceUs)
    #expect(zip(traceTimes, traceTimes.dropFirst()).allSatisfy { $0 <= $1 })
  }

  /// A jump after a rest pauses from the jump, not from the start of the rest: five pages of 1 s
  /// each whatever the rest, and a rest near the patience limit does not count towards it.
  @Test(arguments: [0.0, 2000, 9900])
  func jumpAfterARestPausesFromTheJump(waitMs: Double) {
    var gestures: [Gesture] = [.drag(velocityPtS: 400, durationMs: 1000)]
    if waitMs > 0 { gestures.append(.wait(durationMs: waitMs)) }
    gestures += [.jump(.item(100)), .wait(durationMs: 1000)]
    let scenario = TestScenarios.steadyDrag(patienceMs: 10_000, gestures: gestures)
    let summary = TestScenarios.run(scenario, "infinite_scroll").summary
    #expect(summary.abandoned == false)
    #expect(summary.stallCount == 1)
    #expect(summary.stallUs == 5_000_000)
  }
}

@Suite struct StallTimelineAgreementTests {
  /// Pages of one 240 pt row: the first pages leave content shorter than the 800 pt viewport, so
  /// a page arriving during a stall does not let the user move; the pause goes on, and the
  /// timeline's stalled column starts exactly as many pauses as stall_count counts.
  @Test(arguments: allStrategies)
  func pagesThatDoNotUnblockTheUserDoNotEndThePause(strategy: String) {
    let scenario = Scenario(
      name: "one-row-pages", durationUs: 20_000_000, viewport: ViewportSpec(heightPt: 800, frameRateHz: 60),
      feed: FeedSpec(
        totalItems: 60, pageSize: 1, applyDelayMs: .constant(0), itemHeightPt: .constant(240),
        footerHeightPt: 44),
      network: NetworkSpec(rttMs: .constant(1000)),
      scroll: ScrollSpec(physics: .ios, source: .script([.fling(velocityPtS: 6000)])))
    let outcome = TestScenarios.run(try! PreparedScenario(scenario), strategy)
    let flags = outcome.timeline.map(\.stalled)
    let starts = zip([false] + flags, flags).filter { !$0 && $1 }.count
    #expect(outcome.summary.stallCount >= 1)
    #expect(starts == outcome.summary.stallCount)
    // Trace time stays at 0 while the user waits for content taller than the viewport.
    let firstMove = outcome.timeline.first { ($0.traceUs ?? 0) > 0 }
    #expect(firstMove.map { $0.contentHeightPt > 800 } ?? false)
  }
}
