import Testing

@testable import PrefetchLab

/// Carousel swipes: a swiped row's window and blank share worked out by hand, the cells a swipe
/// reveals asked for and blank on a feed timed by hand (`CarouselFixture`), nested prefetch ahead
/// of the swipe, the script step's rules, synthetic users' swipes, and both engines on swipes.
@Suite struct CarouselSwipeTests {
  /// A row swiped to x = 100 shows cells 0…3, the fourth 43 pt of it: with cells 0…2 in, 43 / 393
  /// of it is blank and it is incomplete. Offsets clamp to 0 … 12 × 150 − 393 = 1407 (cells
  /// 9…11, cell 9's last 93 pt); back at 0 the first screenful shows again, complete.
  @Test func aSwipedRowShowsAndBlanksTheCellsItsOffsetMeets() {
    var table = CarouselTable(spec: CarouselSpec(subItems: 12, subItemWidthPt: 150, visibleWidthPt: 393))
    _ = table.rowLoaded(4) { _ in 1000 }
    for sub in 0..<3 { table.subItems.markComplete(table.flatIndex(item: 4, subItem: sub)) }
    #expect(table.isWindowComplete(4))
    #expect(table.setScrollX(4, 100) == 100)
    #expect(table.window(ofItem: 4) == 0..<4)
    #expect(table.blankShare(ofItem: 4) == 43.0 / 393)
    #expect(!table.isWindowComplete(4))
    #expect(table.setScrollX(4, 5000) == 1407)
    #expect(table.window(ofItem: 4) == 9..<12)
    #expect(table.blankShare(ofItem: 4) == 1)
    #expect(table.setScrollX(4, -10) == 0)
    #expect(table.window(ofItem: 4) == 0..<3)
    #expect(table.isWindowComplete(4))
    // A plain row cannot be swiped; a dropped row's page comes back at offset 0.
    #expect(table.setScrollX(3, 100) == 0)
    table.setScrollX(4, 300)
    table.contentDropped(4)
    #expect(table.scrollXPt[4] == 0)
  }

  /// One 100 pt carousel row fills a 100 pt viewport; 1 s round trips, unlimited bandwidth. Page 0
  /// is in at t = 1 s (τ = 0, 60 Hz frames from there); cells 0…2 are asked for then and in at 2 s.
  /// At τ = 3 s the user swipes the row 300 pt over 1 s: x(τ) = 300 (τ − 3 s) / 1 s. Cell 3
  /// (450…600 pt) comes in once x + 393 > 450, x > 57: the first frame after τ = 3.19 s is τ = 3.2 s
  /// (t = 4.2 s, x = 60); cell 4 (600…750) once x > 207: τ = 3.7 s (t = 4.7 s, x = 210). Each is
  /// asked for at visible priority then and in 1 s later. Blank: 1 s before the first cells, then
  /// from 4.2 s until cell 4 at 5.7 s: 2.5 s. Mostly blank (≥ 196.5 of 393 pt): the first second,
  /// and once x − 57 ≥ 196.5 (τ = 3.85 s, t = 4.85 s) until cell 3 at 5.2 s: 1.35 s. At t = 4.51 s
  /// the last frame (τ = 3.5 s) put x at 150: cells 1…3, cell 3's 93 pt blank; at t = 4.31 s
  /// (τ = 3.3 s, x = 90), cell 3's 33 pt.
  @Test func cellsASwipeRevealsAreAskedForAndBlankTheirShare() {
    let scenario = CarouselFixture.swipedOnce()
    let outcome = Simulator.run(
      scenario, strategy: TestScenarios.configured("infinite_scroll"), seed: 1,
      options: SimulationOptions(timelineIntervalUs: 10_000, recordEvents: true))
    let cells = outcome.events.filter { $0.kind == .issued }.compactMap { event -> (Int, Int64)? in
      if case .subItemMedia(0, let sub) = event.resource { return (sub, event.timeUs) } else { return nil }
    }
    #expect(cells.map(\.0) == [0, 1, 2, 3, 4])
    #expect(cells.prefix(3).allSatisfy { $0.1 == 1_000_000 })
    #expect(abs(cells[3].1 - 4_200_000) <= 1, "\(cells[3].1)")
    #expect(abs(cells[4].1 - 4_700_000) <= 1, "\(cells[4].1)")
    #expect(abs(outcome.summary.blankUs - 2_500_000) <= 2, "\(outcome.summary.blankUs)")
    #expect(abs(outcome.summary.mostlyBlankUs - 1_350_000) <= 2, "\(outcome.summary.mostlyBlankUs)")
    func blank(atUs timeUs: Int64) -> Double? {
      outcome.timeline.first { $0.timeUs == timeUs }?.blankFraction
    }
    #expect(
      blank(atUs: 4_510_000).map { abs($0 - 93.0 / 393) < 1e-9 } == true,
      "\(String(describing: blank(atUs: 4_510_000)))")
    #expect(
      blank(atUs: 4_310_000).map { abs($0 - 33.0 / 393) < 1e-9 } == true,
      "\(String(describing: blank(atUs: 4_310_000)))")
    #expect(blank(atUs: 3_000_000) == 0)
    #expect(outcome.summary.wastedFetches == 0)
  }

  /// The nested list prefetches ahead of the swipe (RecyclerView's GapWorker on the nested
  /// LinearLayoutManager, Compose's LazyRow): on the same feed, the first frame that moves the
  /// row (τ = 3.0167 s, x = 5) asks for cell 3 past the window's right edge at preload priority;
  /// the frame that brings cell 3 in (t = 4.2 s) asks for cell 4, the one that brings cell 4 in
  /// (t = 4.7 s) for cell 5, which never shows (an unused prefetch). Cell 3 is still on its way
  /// when it shows: a late prefetch. Blank after the swipe: 4.2 s until cell 4 at 5.2 s.
  @Test(arguments: ["recyclerview", "compose_paging"])
  func theNestedListPrefetchesOneCellAheadOfTheSwipe(strategy: String) {
    let scenario = CarouselFixture.swipedOnce(.firstOnScreen)
    let outcome = Simulator.run(
      scenario, strategy: TestScenarios.configured(strategy), seed: 1,
      options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
    let row0 = outcome.events.filter { $0.kind == .issued }.compactMap { event -> (Int, RequestEvent)? in
      if case .subItemMedia(0, let sub) = event.resource { return (sub, event) } else { return nil }
    }
    let late = row0.filter { $0.0 >= 3 }
    #expect(late.map(\.0) == [3, 4, 5], "\(row0.map(\.0))")
    guard late.count == 3 else { return }
    #expect(abs(late[0].1.timeUs - 4_016_667) <= 1, "\(late[0].1.timeUs)")
    #expect(abs(late[1].1.timeUs - 4_200_000) <= 1, "\(late[1].1.timeUs)")
    #expect(abs(late[2].1.timeUs - 4_700_000) <= 1, "\(late[2].1.timeUs)")
    #expect(late.allSatisfy { $0.1.priority == .preload && $0.1.isPrefetch })
    #expect(outcome.summary.latePrefetches >= 1)
    #expect(abs(outcome.summary.blankUs - 2_000_000) <= 2, "\(outcome.summary.blankUs)")
  }

  /// A row whose window cells were all prefetched (RecyclerView binding 3 nested cells of each
  /// row ahead, `initial_prefetch_item_count` 3) is never asked for as a row when it shows, and
  /// its nested list still binds the cells a swipe lays out. 100 pt rows in a 100 pt viewport,
  /// 1 s round trips: row 1's cells 0…2 are asked for at first content (t = 1 s) and in at 2 s; a
  /// 100 pt/s drag from τ = 2 s to 3 s brings row 1 on screen whole, then a 300 pt swipe over 1 s
  /// brings cells 3 and 4 in (τ = 3.2 s and 3.7 s, as on row 0 above), each asked for by then
  /// (cell 5 ahead of the swipe too).
  @Test func aRowWhoseCellsWereAllPrefetchedStillLoadsWhatASwipeBringsIn() {
    let scenario = CarouselFixture.feed(
      rttMs: 1000,
      gestures: [
        .wait(durationMs: 2000), .drag(velocityPtS: 100, durationMs: 1000),
        .swipe(CarouselSwipe(distancePt: 300, durationMs: 1000)), .wait(durationMs: 2000),
      ], viewportHeightPt: 100)
    let outcome = Simulator.run(
      scenario,
      strategy: TestScenarios.configured("recyclerview", ["initial_prefetch_item_count": .number(3)]),
      seed: 1, options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
    let row1 = outcome.events.filter { $0.kind == .issued }.compactMap { event -> (Int, Int64)? in
      if case .subItemMedia(1, let sub) = event.resource { return (sub, event.timeUs) } else { return nil }
    }
    #expect(row1.filter { $0.0 < 3 }.map(\.1) == [1_000_000, 1_000_000, 1_000_000], "\(row1)")
    #expect(row1.filter { $0.0 >= 3 }.map(\.0) == [3, 4, 5], "\(row1)")
    #expect(row1.first { $0.0 == 3 }.map { $0.1 <= 4_200_001 } == true, "\(row1)")
    #expect(row1.first { $0.0 == 4 }.map { abs($0.1 - 4_200_000) <= 1 } == true, "\(row1)")
  }

  /// The oracle's replays see the swiped window: on the same feed it asks for cells 3 and 4 in
  /// time for the frames that bring them in (t = 4.2 s and 4.7 s), and for no cell the swipe does
  /// not bring in (5…11); the only blank second is the one before the first cells. Cells 0…2 are
  /// needed at first content (t = 1 s) and cannot be in before 2 s.
  @Test func theOraclePlansTheCellsASwipeReveals() {
    let scenario = CarouselFixture.swipedOnce()
    let outcome = Simulator.run(
      scenario, strategy: TestScenarios.configured("oracle"), seed: 1,
      options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
    let completed = outcome.events.filter { $0.kind == .completed }.compactMap { event -> (Int, Int64)? in
      if case .subItemMedia(0, let sub) = event.resource { return (sub, event.timeUs) } else { return nil }
    }
    #expect(Set(completed.map(\.0)) == [0, 1, 2, 3, 4], "\(completed)")
    #expect(completed.first { $0.0 == 3 }.map { $0.1 <= 4_200_000 } == true, "\(completed)")
    #expect(completed.first { $0.0 == 4 }.map { $0.1 <= 4_700_000 } == true, "\(completed)")
    #expect(abs(outcome.summary.blankUs - 1_000_000) <= 2, "\(outcome.summary.blankUs)")
    #expect(outcome.summary.wastedFetches == 0)
  }

  static func scroll(_ script: String, carousel: Bool = true) -> String {
    ScenarioFixture.text(
      [("scroll", #"{"script": ["# + script + "]}")]
        + (carousel ? [("feed", #"{"total_items": 50, "carousel": {}}"#)] : []))
  }

  /// `{"swipe": {...}}` reads as the gesture (the row absent = the first carousel row on screen),
  /// takes its duration of trace time and is written back as read; its rules name the path.
  @Test func aScriptSwipeLoadsAndItsRulesNameThePath() throws {
    let scenario = try ScenarioFixture.load(
      Self.scroll(
        #"{"swipe": {"distance_pt": 300, "duration_ms": 400}}, {"swipe": {"item": 7, "distance_pt": -150, "duration_ms": 0}}"#
      ))
    guard case .script(let gestures) = scenario.scroll.source else {
      Issue.record("not a script")
      return
    }
    let first = CarouselSwipe(row: .firstOnScreen, distancePt: 300, durationMs: 400)
    let second = CarouselSwipe(row: .item(7), distancePt: -150, durationMs: 0)
    #expect(gestures == [.swipe(first), .swipe(second)])
    #expect(
      Gesture.swipe(second).json.serialized() == #"{"swipe":{"item":7,"distance_pt":-150,"duration_ms":0}}"#)
    let script = ScriptedScroll(gestures: gestures, physics: .ios)
    #expect(script.durationUs == 400_000)
    #expect(
      script.carouselSwipes == [
        ScheduledSwipe(startUs: 0, durationUs: 400_000, swipe: first),
        ScheduledSwipe(startUs: 400_000, durationUs: 0, swipe: second),
      ])
    let cases: [(String, Bool, String)] = [
      (
        #"{"swipe": {"distance_pt": 300, "duration_ms": 400}}"#, false,
        "scroll.script[0].swipe: needs feed.carousel (a swipe moves a carousel row)"
      ),
      (
        #"{"swipe": {"distance_pt": 300, "duration_ms": -1}}"#, true,
        "scroll.script[0].swipe.duration_ms: must be >= 0, got -1"
      ),
      (
        #"{"swipe": {"distance_pt": 20000, "duration_ms": 10}}"#, true,
        "scroll.script[0].swipe.distance_pt: must be in -10000...10000, got 20000"
      ),
      (
        #"{"swipe": {"item": 50, "distance_pt": 100, "duration_ms": 10}}"#, true,
        "scroll.script[0].swipe.item: must be < feed.total_items (50), got 50"
      ),
      (
        #"{"swipe": {"duration_ms": 10}}"#, true, "scroll.script[0].swipe: missing required key 'distance_pt'"
      ),
    ]
    for (script, carousel, rule) in cases {
      let error = ScenarioFixture.error(Self.scroll(script, carousel: carousel))
      #expect(error?.contains(rule) == true, "\(rule) in \(error ?? "nil")")
    }
  }

  /// A skimmer with `swipe_fraction` p swipes at about p of its stops after a touch (2 000
  /// gestures: within 0.05), by distances within the default 150…450 pt, each the same for the
  /// same seed; every other draw is the one the same user makes with p = 0, who never swipes.
  @Test(arguments: [0.0, 0.4, 1.0])
  func aSyntheticUserSwipesAtThatShareOfStops(fraction: Double) {
    var behavior = UserModelSpec(name: .skimmer).behaviors[0]
    let never = UserModelSpec(name: .skimmer, behaviors: [behavior])
    behavior.swipeFraction = fraction
    let spec = UserModelSpec(name: .skimmer, behaviors: [behavior])
    let gestures = SyntheticUser.gestures(
      spec, totalItems: 1000, seed: 11, durationUs: .max, maxGestures: 2000)
    let again = SyntheticUser.gestures(spec, totalItems: 1000, seed: 11, durationUs: .max, maxGestures: 2000)
    let reference = SyntheticUser.gestures(
      never, totalItems: 1000, seed: 11, durationUs: .max, maxGestures: 2000)
    #expect(gestures == again)
    let swipes = gestures.compactMap(\.swipeDistancePt)
    #expect(abs(Double(swipes.count) / Double(gestures.count) - fraction) <= 0.05, "\(swipes.count)")
    #expect(swipes.allSatisfy { $0 >= 150 && $0 <= 450 })
    #expect(
      gestures.map {
        var copy = $0
        copy.swipeDistancePt = nil
        copy.swipeUs = 0
        return copy
      } == reference)
    let script = SyntheticUser.scroll(
      spec, physics: .android, totalItems: 1000, seed: 11, durationUs: 120_000_000)
    let none = SyntheticUser.scroll(
      never, physics: .android, totalItems: 1000, seed: 11, durationUs: 120_000_000)
    #expect(none.carouselSwipes.isEmpty)
    #expect(script.carouselSwipes.isEmpty == (fraction == 0))
    #expect(script.carouselSwipes.allSatisfy { $0.swipe.row == .firstOnScreen && $0.durationUs > 0 })
  }

  /// Both engines give the same results with swipes, for every registered built-in with its
  /// defaults: a scripted user who swipes the first carousel row on screen both ways and an item
  /// by index between drags. The swipes do move rows: under `infinite_scroll` cells past the
  /// first screenful (sub-item 3 on) are asked for, which no row shows before it is swiped.
  @Test(arguments: StrategyRegistry.builtIn.definitions.map(\.name).sorted())
  func bothEnginesAgreeOnSwipes(strategy: String) throws {
    let scripted = CarouselFixture.feed(
      rttMs: 150,
      gestures: [
        .wait(durationMs: 300), .swipe(CarouselSwipe(distancePt: 420, durationMs: 250)),
        .drag(velocityPtS: 300, durationMs: 400), .swipe(CarouselSwipe(distancePt: -200, durationMs: 7)),
        .swipe(CarouselSwipe(row: .item(3), distancePt: 900, durationMs: 0)), .wait(durationMs: 200),
        .fling(velocityPtS: 900), .swipe(CarouselSwipe(distancePt: 2000, durationMs: 600)),
        .wait(durationMs: 1500),
      ], maxConcurrentRequests: 2)
    let result = EngineEquivalenceTests.compare(
      scripted, TestScenarios.configured(strategy), seed: 1, timelineUs: strategy.count % 2 == 0 ? 50_000 : 0)
    #expect(result.difference == nil, "\(result.difference ?? "")")
    if strategy == "infinite_scroll" {
      let outcome = Simulator.run(
        scripted, strategy: TestScenarios.configured(strategy), seed: 1,
        options: SimulationOptions(recordEvents: true))
      let swiped = outcome.events.filter { event in
        if event.kind == .issued, case .subItemMedia(_, let sub) = event.resource { return sub >= 3 }
        return false
      }
      #expect(swiped.count >= 3, "\(swiped.count)")
    }
  }
}
