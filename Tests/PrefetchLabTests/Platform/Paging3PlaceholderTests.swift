import Testing

@testable import PrefetchLab

/// Paging 3's `enable_placeholders` in the engine, on offset pagination (the feed reports its
/// item count, so placeholders are possible): with true, unloaded and dropped rows keep their
/// place; with false the list presents loaded rows only, dropped pages leave it and PREPEND
/// loads insert rows above, the rows on screen kept in place.
@Suite struct Paging3PlaceholderTests {
  /// As `Paging3MaxSizeTests`: 100 pt rows, 800 pt viewport, pages of 20 (2000 pt), 200 items,
  /// 100 ms RTT, first load one page, `prefetch_distance` 10, `max_size` 60 (3 pages). Drag down
  /// 12 000 pt at 1000 pt/s, rest 1 s, drag back up 12 000 pt, rest 1 s.
  static let dropping: [String: ParameterValue] = [
    "initial_load_size": .number(20), "prefetch_distance": .number(10), "max_size": .number(60),
  ]

  static func probe(_ placeholders: Bool) -> PresentationProbe<Paging3> {
    var parameters = dropping
    parameters["enable_placeholders"] = .bool(placeholders)
    return PresentationProbe<Paging3>("paging3", parameters)
  }

  /// With placeholders all 200 rows are laid out from the first response: the content is
  /// 20 000 pt at every consultation, drops included (a dropped page turns into placeholders in
  /// place, the offset unchanged). Pages 3…6 each drop page 0…3 (`Paging3MaxSizeTests`), so
  /// the drag's end shows rows 120…127 at offset 12 000.
  @Test func withPlaceholdersADropLeavesTheContentAndTheOffsetAlone() {
    let probe = Self.probe(true)
    let outcome = Simulator.run(Paging3MaxSizeTests.scenario(.offset), strategy: probe, seed: 1)
    let samples = probe.log.samples.drop { $0.event != .start }
    #expect(samples.count > 1000)
    #expect(samples.allSatisfy { $0.contentBeforePt == 20_000 && $0.contentAfterPt == 20_000 })
    #expect(samples.allSatisfy { $0.offsetAfterPt == $0.offsetBeforePt })
    let lift = samples.first { $0.event == .dragEnded }
    #expect(lift?.offsetAfterPt == 12_000)
    #expect(lift?.visibleAfter == 120..<128)
    #expect(outcome.summary.pageRequests == 11)
    #expect(outcome.summary.redundantFetches == 4)
  }

  /// Without placeholders the content is the loaded rows: 2000 pt after the first page, 4000
  /// and 6000 after pages 1 and 2. Each of pages 3…6 makes it 8000 pt as it goes in (below the
  /// viewport, nothing moves), then the drop of the top page (2000 pt, above the viewport)
  /// takes it back to 6000 and the offset down by 2000 with the same rows on screen. At the lift
  /// the viewport shows rows 120…127 as with placeholders, at 12 000 − 4 × 2000 = 4000 pt.
  /// Going up, PREPEND asks for pages 3, 2, 1, 0 (a request towards the head is out); each goes
  /// in above the viewport: the offset and the content both grow by 2000 pt at once, the rows
  /// on screen unchanged, and the bottom page's drop (below the viewport) takes the content back
  /// to 6000 with the offset alone. Back at the top, offset 0. The requests are the same 11.
  @Test func withoutPlaceholdersDropsRemoveRowsAndPrependsInsertThemAnchored() {
    let probe = Self.probe(false)
    let outcome = Simulator.run(Paging3MaxSizeTests.scenario(.offset), strategy: probe, seed: 1)
    let samples = Array(probe.log.samples.drop { $0.event != .start })
    let applied = samples.indices.compactMap { index -> (page: Int, index: Int)? in
      guard case .pageApplied(let page) = samples[index].event else { return nil }
      return (page, index)
    }
    #expect(applied.map(\.page) == [1, 2, 3, 4, 5, 6, 3, 2, 1, 0])
    #expect(samples.first?.contentAfterPt == 2000)
    for (order, (page, index)) in applied.enumerated() {
      let sample = samples[index]
      let previous = samples[index - 1]
      // The consultation just before is the same page's delivery, at the same instant.
      #expect(previous.timeUs == sample.timeUs && previous.event == .fetchCompleted(.page(page)))
      #expect(sample.visibleAfter == sample.visibleBefore, "page \(page)")
      #expect(sample.visibleBefore == previous.visibleAfter, "page \(page)")
      switch order {
      case 0, 1:
        #expect(sample.contentAfterPt == Double(2000 * (page + 1)), "page \(page)")
        #expect(
          sample.offsetBeforePt == previous.offsetAfterPt && sample.offsetAfterPt == sample.offsetBeforePt)
      case 2...5:
        #expect(sample.contentBeforePt == 8000 && sample.contentAfterPt == 6000, "page \(page)")
        #expect(sample.offsetBeforePt == previous.offsetAfterPt, "page \(page)")
        #expect(sample.offsetAfterPt == sample.offsetBeforePt - 2000, "page \(page)")
      default:
        #expect(sample.contentBeforePt == 8000 && sample.contentAfterPt == 6000, "page \(page)")
        #expect(sample.offsetBeforePt == previous.offsetAfterPt + 2000, "page \(page)")
        #expect(sample.offsetAfterPt == sample.offsetBeforePt, "page \(page)")
        // It was asked for towards the head: a PREPEND was out until it came.
        #expect(samples[..<index].last { $0.event == .frame }?.prependOut == true, "page \(page)")
      }
    }
    let lift = samples.first { $0.event == .dragEnded }
    #expect(lift?.offsetAfterPt == 4000)
    #expect(lift?.visibleAfter == 120..<128)
    #expect(samples.allSatisfy { $0.contentAfterPt == Double(100 * $0.loadedRows) })
    #expect(samples.allSatisfy { $0.visibleAllLoaded })
    #expect(samples.last?.offsetAfterPt == 0)
    #expect(outcome.summary.pageRequests == 11)
    #expect(outcome.summary.redundantFetches == 4)
    #expect(outcome.summary.stallCount == 0)
  }

  /// The dropping drags on a cursor feed of 140 items (the end known once page 6 is in), then
  /// down again: without placeholders pages 3…6 come back as APPENDs, each dropping the top
  /// page (offset −2000 pt), and the user rests where the drag left the rows on screen: rows
  /// 120…127 at 12 000 − 4 × 2000 = 4000 pt, the same rows as with placeholders (at 12 000 pt).
  /// 7 + 4 + 4 = 15 requests either way, 8 of them pages fetched again.
  @Test(arguments: [true, false])
  func aRestAfterDropsStaysOnTheRowsOnScreen(_ placeholders: Bool) {
    let scenario = TestScenarios.steadyDrag(
      rttMs: 100, totalItems: 140, pageSize: 20,
      gestures: [
        .drag(velocityPtS: 1000, durationMs: 12_000), .wait(durationMs: 1000),
        .drag(velocityPtS: -1000, durationMs: 12_000), .wait(durationMs: 1000),
        .drag(velocityPtS: 1000, durationMs: 12_000), .wait(durationMs: 1000),
      ])
    let probe = Self.probe(placeholders)
    let outcome = Simulator.run(scenario, strategy: probe, seed: 1)
    let lifts = probe.log.samples.filter { $0.event == .dragEnded }
    let expectedOffset: Double = placeholders ? 12_000 : 4000
    #expect(lifts.count == 3)
    #expect(lifts.last?.offsetAfterPt == expectedOffset && lifts.last?.visibleAfter == 120..<128)
    #expect(probe.log.samples.last?.offsetAfterPt == expectedOffset)
    #expect(probe.log.samples.last?.visibleAfter == 120..<128)
    #expect(outcome.summary.pageRequests == 15)
    #expect(outcome.summary.redundantFetches == 8)
    #expect(outcome.summary.stallCount == 0)
  }

  /// `TestScenarios.steadyDrag` on offset pagination, `prefetch_distance` 1, no `max_size`:
  /// 60-item first load, then pages of 20; an append goes out at the first frame showing the
  /// last loaded row n − 1, 0.25 s (15 frames exactly) before the frame showing row n, and
  /// comes 1 s later.
  /// - With placeholders, row n is a placeholder from that frame until the page comes: 0.75 s
  ///   with a blank row for each of the 7 appends, 5.25 s in all, and never a stall.
  /// - Without, the content ends at row n: the viewport reaches it 0.25 s after row n − 1's
  ///   top crossed the bottom (the crossing itself, not a frame) and waits for the page. The
  ///   crossings fall on frames (row 59's top at τ = (5900 − 800) / 400 = 12.75 s, frame 765)
  ///   and a row shows once the bottom is strictly past its top, so each request leaves one
  ///   frame late: 7 stalls of 750 + 16.667 ms, 5 366 666 µs on the µs frame grid; nothing
  ///   blank. Exactly the cursor feed's stalls: a list
  ///   without placeholders presents an offset feed as it presents a cursor one.
  @Test func withoutPlaceholdersTheUserStallsWhereThePlaceholdersWouldShowBlank() {
    let offset = TestScenarios.steadyDrag(pagination: .offset)
    let blanking = TestScenarios.run(offset, "paging3", ["prefetch_distance": .number(1)]).summary
    let stalling = TestScenarios.run(
      offset, "paging3", ["prefetch_distance": .number(1), "enable_placeholders": .bool(false)]
    ).summary
    let cursor = TestScenarios.run(TestScenarios.steadyDrag(), "paging3", ["prefetch_distance": .number(1)])
      .summary
    #expect(blanking.stallCount == 0 && blanking.stallUs == 0)
    #expect(blanking.blankUs == 7 * 750_000)
    #expect(blanking.pageRequests == 8 && blanking.itemsLoaded == 200)
    #expect(stalling.stallCount == 7)
    #expect(stalling.stallMaxUs == 766_667)
    #expect(stalling.stallUs == 5_366_666)
    #expect(stalling.blankUs == 0)
    #expect(stalling.pageRequests == 8 && stalling.itemsLoaded == 200)
    #expect(stalling.stallUs == cursor.stallUs && stalling.stallCount == cursor.stallCount)
    #expect(stalling.sessionUs == cursor.sessionUs)
  }

  /// A jump to item 150 one second after first content (60 items loaded, 1000 ms RTT): without
  /// placeholders the offset feed has no row for it yet, so the user waits as on a cursor feed,
  /// the viewport following the end while Paging appends pages 60…79, …, 140…159 one round trip
  /// each: 5 s from the jump (2 s) to 7 s. The drag then starts at row 150 (15 000 pt) with
  /// rows to 159 loaded: page 160…179 goes out at once (2 loaded rows past the last visible
  /// one), the viewport's bottom reaches 16 000 pt 0.5 s later and waits 0.5 s for it; page
  /// 180…199, asked for as it lands (18 past the last visible row), is in long before the
  /// bottom reaches 18 000 pt. Two stalls, 5.5 s. Everything the summary counts equals the
  /// cursor feed's run. With placeholders the jump lands at once, on blank rows, no stall.
  @Test func aJumpPastTheLoadedRowsWaitsAsOnACursorFeed() {
    let gestures: [Gesture] = [
      .wait(durationMs: 1000), .jump(.item(150)), .drag(velocityPtS: 400, durationMs: 5000),
    ]
    let offset = TestScenarios.steadyDrag(gestures: gestures, pagination: .offset)
    let cursor = TestScenarios.steadyDrag(gestures: gestures)
    let without = TestScenarios.run(offset, "paging3", ["enable_placeholders": .bool(false)]).summary
    let onCursor = TestScenarios.run(cursor, "paging3").summary
    let with = TestScenarios.run(offset, "paging3").summary
    #expect(without.stallCount == 2)
    #expect(without.stallUs >= 5_500_000 && without.stallUs <= 5_533_334, "\(without.stallUs)")
    #expect(without == onCursor)
    #expect(with.stallCount == 0 && with.blankUs > 0)
  }

  /// The default is true, and true is what the engine did before the parameter existed: every
  /// summary field of a dropping run and of a plain run equals the run without the parameter.
  @Test(arguments: ["paging3", "recyclerview"])
  func trueIsTheDefault(_ name: String) {
    let scenario = Paging3MaxSizeTests.scenario(.offset)
    var explicit = Self.dropping
    explicit["enable_placeholders"] = .bool(true)
    #expect(TestScenarios.configured(name).parameters[Paging3.enablePlaceholders])
    #expect(
      TestScenarios.run(scenario, name, Self.dropping).summary
        == TestScenarios.run(scenario, name, explicit).summary)
  }

  /// Paging's `PagingConfig` refuses `prefetchDistance` 0 with placeholders disabled: nothing
  /// could ever trigger a load. The rule depends on the parameters alone, so configuring them is
  /// refused already, whatever the feed. 0 with placeholders, and 1 without, are accepted.
  @Test(arguments: ["paging3", "recyclerview"])
  func prefetchDistanceZeroNeedsPlaceholders(_ name: String) {
    let spec = StrategySpec(
      name: name, parameters: ["prefetch_distance": .number(0), "enable_placeholders": .bool(false)])
    #expect(throws: StrategyError.self) { try StrategyRegistry.builtIn.configure(spec) }
    let parameters = StrategyParameters(
      Dictionary(
        uniqueKeysWithValues: TestScenarios.configured(name).definition.parameters.map {
          ($0.name, spec.parameters[$0.name] ?? $0.defaultValue)
        }))
    let violation = Paging3.placeholderRule(parameters)
    #expect(violation?.parameter == "prefetch_distance")
    #expect(violation?.rule.hasPrefix("must be above 0 when enable_placeholders is false") == true)
    for accepted in [
      ["prefetch_distance": ParameterValue.number(0)],
      ["prefetch_distance": .number(1), "enable_placeholders": .bool(false)],
    ] {
      #expect(
        TestScenarios.configured(name, accepted).feedRuleViolations(
          FeedFacts(pageSizeItems: 20, pagination: .offset)
        ).isEmpty)
    }
  }
}

/// What a list without placeholders presents, over many runs of `paging3` and `recyclerview`:
/// the content is exactly the loaded rows, and every row on screen is loaded, whatever the
/// pagination, `max_size`, scroll and physics (iOS rubber band or Android clamp at the top).
@Suite struct Paging3WithoutPlaceholdersPropertyTests {
  @Test func theContentIsTheLoadedRowsAndNothingUnloadedShows() {
    let paging = Self.check(Paging3.self, "paging3", seeds: 0..<16)
    let recycler = Self.check(RecyclerView.self, "recyclerview", seeds: 16..<32)
    #expect(paging.checked > 5000 && recycler.checked > 5000)
    // Not vacuous: some runs drop pages and fetch them again.
    #expect(paging.dropped > 2 && recycler.dropped > 2)
  }

  static func check<Strategy: PrefetchStrategy>(_ type: Strategy.Type, _ name: String, seeds: Range<UInt64>)
    -> (
      checked: Int, dropped: Int
    )
  {
    var checked = 0
    var dropped = 0
    for seed in seeds {
      var random = SplitMix64(seed: seed)
      let pagination: Pagination = Bool.random(using: &random) ? .offset : .cursor
      let down = Double.random(in: 4000...14_000, using: &random)
      let speed = Double.random(in: 300...3000, using: &random)
      let android = Bool.random(using: &random)
      let scenario = TestScenarios.modified(
        TestScenarios.steadyDrag(
          rttMs: Double.random(in: 50...1500, using: &random), totalItems: 200, pageSize: 20,
          gestures: [
            .drag(velocityPtS: speed, durationMs: down / speed * 1000), .wait(durationMs: 500),
            .drag(velocityPtS: -speed, durationMs: down / speed * 1000), .wait(durationMs: 500),
            // Down again: pages dropped at the bottom on the way up come back as APPENDs.
            .drag(velocityPtS: speed, durationMs: down / speed * 500), .wait(durationMs: 500),
          ], pagination: pagination)
      ) { if android { $0.scroll.physics = .android } }
      let distance = Int.random(in: 1...20, using: &random)
      var parameters: [String: ParameterValue] = [
        "enable_placeholders": .bool(false), "prefetch_distance": .number(Double(distance)),
        "initial_load_size": .number(Double(20 * Int.random(in: 1...3, using: &random))),
      ]
      if Bool.random(using: &random) { parameters["max_size"] = .number(Double(20 + 2 * distance + 20)) }
      let probe = PresentationProbe<Strategy>(name, parameters)
      let outcome = Simulator.run(scenario, strategy: probe, seed: seed)
      for sample in probe.log.samples {
        #expect(sample.contentAfterPt == Double(100 * sample.loadedRows), "\(name) seed \(seed)")
        #expect(sample.visibleAllLoaded, "\(name) seed \(seed) at \(sample.timeUs) µs")
        checked += 1
      }
      if outcome.summary.redundantFetches > 0 { dropped += 1 }
      #expect(outcome.summary.blankUs == 0, "\(name) seed \(seed): no media, no placeholder, nothing blank")
    }
    return (checked, dropped)
  }
}
