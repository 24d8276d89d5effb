import Testing

@testable import PrefetchLab

/// Every engine event consults the strategy at most once.
@Suite struct EngineConsultationTests {
  /// The example: 3-row pages (300 pt) under an 800 pt viewport, 1 s round trips. Page 0
  /// lands at 1 s with content shorter than the viewport, so every strategy asks for page 1 at
  /// once (the user's first drag starts half a second later). Without the in-flight guard, two
  /// consultations at that instant (`start`, then `pageApplied(0)`) sent two identical requests;
  /// one consultation sends one.
  @Test(arguments: guardableStrategies)
  func anUnguardedStrategyAsksOnceAtFirstContent(strategy: String) {
    let prepared = TestScenarios.steadyDrag(
      pageSize: 3, initialPageSize: 3,
      gestures: [.wait(durationMs: 500), .drag(velocityPtS: 400, durationMs: 2000)])
    let outcome = TestScenarios.run(prepared, strategy, ["guard_in_flight": .bool(false)])
    let atFirstContent = outcome.events.filter {
      $0.kind == .issued && $0.timeUs == 1_000_000 && $0.resource == .page(1)
    }
    #expect(atFirstContent.count == 1)
  }

  /// First content is one consultation, `start`, which stands for page 0's `pageApplied`. At 1 s
  /// two engine events happen: page 0's response arrives, then (apply delay 0) its rows go in.
  @Test func firstContentIsOneStart() {
    let strategy = ConsultationLogger<InfiniteScroll>("infinite_scroll")
    _ = Simulator.run(TestScenarios.steadyDrag(), strategy: strategy, seed: 1)
    let log = strategy.log.consultations
    #expect(log.filter { $0.timeUs == 1_000_000 }.map(\.event) == [.fetchCompleted(.page(0)), .start])
    #expect(!log.contains { $0.event == .pageApplied(page: 0) })
    #expect(log.contains { $0.event == .pageApplied(page: 1) })
  }

  /// A 1 s drag at 400 pt/s from first content (1.5 s) ends at τ = 1 s, frame 60 of the 60 Hz grid:
  /// clock 2.5 s. Nothing else happens then (page 1, asked for at first content, lands at 3 s
  /// with 1.5 s round trips), so the frame's single consultation is the lift.
  @Test func theFrameOfTheLiftIsOneDragEnded() {
    let prepared = TestScenarios.steadyDrag(
      rttMs: 1500, gestures: [.drag(velocityPtS: 400, durationMs: 1000), .wait(durationMs: 5000)])
    let strategy = ConsultationLogger<DirectionalRanges>("directional_ranges")
    _ = Simulator.run(prepared, strategy: strategy, seed: 1)
    let atLift = strategy.log.consultations.filter { $0.timeUs == 2_500_000 }
    #expect(atLift.map(\.event) == [.dragEnded])
    #expect(atLift.first?.viewportOffsetPt == 400)
    #expect(atLift.first?.phase == .idle)
    #expect(strategy.log.consultations.filter { $0.event == .dragEnded }.count == 1)
  }

  /// A page applied below rows that do not fill the viewport brings its rows into view. 3-row
  /// pages of 100 pt rows under an 800 pt viewport, 1 s round trips, a user who waits:
  /// `infinite_scroll` asks for the next page whenever the content ends in view, so page 1 lands
  /// at 2 s (rows 3..<6 enter with it) and page 2 at 3 s (rows 6..<8, the viewport full). Nothing
  /// moves in between, so no row enters before a page, and only first content brings rows
  /// otherwise (0..<3, at `start`).
  @Test func aPageAppliedTellsTheRowsItBroughtIntoView() {
    let prepared = TestScenarios.steadyDrag(
      pageSize: 3, initialPageSize: 3, gestures: [.wait(durationMs: 5000)])
    let strategy = ConsultationLogger<InfiniteScroll>("infinite_scroll")
    _ = Simulator.run(prepared, strategy: strategy, seed: 1)
    let log = strategy.log.consultations
    let applied = log.filter { if case .pageApplied = $0.event { true } else { false } }
    #expect(applied.map(\.timeUs) == [2_000_000, 3_000_000])
    #expect(applied.map(\.itemsEntered) == [3..<6, 6..<8])
    #expect(applied.map(\.itemsEnteredBeforePageApplied) == [0..<0, 0..<0])
    #expect(log.first { $0.event == .start }?.itemsEntered == 0..<3)
    let others = log.filter {
      if case .pageApplied = $0.event { return false }
      return $0.event != .start
    }
    #expect(others.count >= 2)
    #expect(others.allSatisfy { $0.itemsEntered.isEmpty && $0.itemsEnteredBeforePageApplied.isEmpty })
  }

  /// The rows entered between two consultations are the same for both engines: the event engine
  /// consults at a subsequence of the stepped engine's consultations (it leaves out `.frame`
  /// ones), so each of its consultations must tell, as one run of rows, every row the stepped
  /// engine's left-out consultations and the matching one told; at a page applied, those of the
  /// left-out ones as the rows before the page. A drag at 400 pt/s down 100 pt rows with
  /// `fixed_threshold`, whose band holds across row changes: rows enter four times a second
  /// without a consultation, two of them in the 500 ms between a page's response and its rows.
  @Test func rowsEnteredBetweenConsultationsMatchTheSteppedEngine() {
    let prepared = TestScenarios.modified(TestScenarios.steadyDrag(durationMs: 30_000)) {
      $0.feed.applyDelayMs = .constant(500)
    }
    var logs: [[ConsultationLogger<FixedThreshold>.Consultation]] = []
    for engine in [SimulationEngine.stepped, .event] {
      let strategy = ConsultationLogger<FixedThreshold>("fixed_threshold")
      _ = Simulator.run(prepared, strategy: strategy, seed: 1, options: SimulationOptions(engine: engine))
      logs.append(strategy.log.consultations)
    }
    let (stepped, event) = (logs[0], logs[1])
    #expect(stepped.allSatisfy { $0.itemsEnteredBeforePageApplied.isEmpty })
    var next = 0
    var pending = RowSpan.empty
    var rowsBeforeSomePage = false
    for consultation in stepped {
      guard next < event.count, event[next].timeUs == consultation.timeUs,
        event[next].event == consultation.event
      else {
        #expect(consultation.event == .frame, "only frames are left out: \(consultation.event)")
        pending.include(consultation.itemsEntered)
        continue
      }
      let matched = event[next]
      next += 1
      if case .pageApplied = consultation.event {
        #expect(matched.itemsEnteredBeforePageApplied == pending.range)
        #expect(matched.itemsEntered == consultation.itemsEntered)
        rowsBeforeSomePage = rowsBeforeSomePage || !pending.range.isEmpty
      } else {
        pending.include(consultation.itemsEntered)
        #expect(matched.itemsEntered == pending.range, "at \(matched.timeUs) µs")
      }
      pending = .empty
    }
    #expect(next == event.count)
    #expect(event.count * 10 < stepped.count)
    #expect(rowsBeforeSomePage)
  }
}
