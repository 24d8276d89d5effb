import Testing

@testable import PrefetchLab

/// The engine's page calls, each addressed by a `PageSelector`: what `guardInFlight` refuses and
/// lets through for a page by index and for the load frontier's page, and what a cancellation
/// finds.
@Suite struct PageSelectorEngineTests {
  /// At `.start` (page 0 applied) makes `calls` in order and keeps what each returned.
  struct CallsAtStart: PrefetchStrategy {
    final class Log: @unchecked Sendable {
      var results: [Bool] = []
      var inFlightAfter: Bool?
    }
    let log = Log()
    let calls: [@Sendable (any StrategyContext) -> Bool]

    init(parameters: StrategyParameters) { calls = [] }
    init(_ calls: [@Sendable (any StrategyContext) -> Bool]) { self.calls = calls }

    mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
      if event == .start {
        log.results = calls.map { $0(context) }
        log.inFlightAfter = context.isPageInFlight(.down)
      }
      return .nextEvent
    }
  }

  /// The analytic feed (pages of 20 rows of 24 000 bytes, cursor, apply delay 0) with a 1 000 ms
  /// round trip on a 192 kbps link, the user resting 6 s: page 0 is in at 2 s (first content); a
  /// page asked for then arrives at 4 s.
  static func run(_ strategy: CallsAtStart) -> RunOutcome {
    let prepared = TestScenarios.steadyDrag(bandwidthKbps: 192, gestures: [.wait(durationMs: 6000)])
    return Simulator.run(
      prepared, strategy: strategy, seed: 1, options: SimulationOptions(recordEvents: true))
  }

  static func pageEvents(_ outcome: RunOutcome) -> [String] {
    outcome.events.filter { $0.kind == .issued || $0.kind == .cancelled }.map {
      "\($0.kind) \($0.resource) \($0.timeUs)"
    }
  }

  /// Page 1 by index: the first call issues it, a guarded second call is refused (it is out), an
  /// unguarded one sends it again, whose response counts as a redundant fetch; page 2, never
  /// asked for, has nothing to cancel, and page 0, applied, is refused either way.
  @Test func aPageByIndexIsSentAgainOnlyWithoutTheGuard() {
    let strategy = CallsAtStart([
      { $0.requestPage(.index(1)) },
      { $0.requestPage(.index(1)) },
      { $0.requestPage(.index(1), guardInFlight: false) },
      { $0.cancelPageRequest(.index(2)) },
      { $0.requestPage(.index(0), guardInFlight: false) },
      { $0.requestPage(.index(-1), guardInFlight: false) },
    ])
    let outcome = Self.run(strategy)
    #expect(strategy.log.results == [true, false, true, false, false, false])
    #expect(
      Self.pageEvents(outcome) == ["issued page 0 0", "issued page 1 2000000", "issued page 1 2000000"])
    #expect(outcome.summary.pageRequests == 3)
    #expect(outcome.summary.redundantFetches == 1)
  }

  /// The frontier's page (page 1 going down): issued, refused by the guard while it is out,
  /// cancelled through the same selector (no page in flight down afterwards), and nothing left to
  /// cancel the second time; towards the head a cursor feed has no frontier.
  @Test func theFrontiersPageIsCancelledThroughTheSameSelector() {
    let strategy = CallsAtStart([
      { $0.requestPage(.frontier(.down)) },
      { $0.requestPage(.frontier(.down)) },
      { $0.cancelPageRequest(.frontier(.down)) },
      { $0.cancelPageRequest(.frontier(.down)) },
      { $0.requestPage(.frontier(.up), guardInFlight: false) },
      { $0.cancelPageRequest(.frontier(.up)) },
    ])
    let outcome = Self.run(strategy)
    #expect(strategy.log.results == [true, false, true, false, false, false])
    #expect(strategy.log.inFlightAfter == false)
    #expect(
      Self.pageEvents(outcome) == ["issued page 0 0", "issued page 1 2000000", "cancelled page 1 2000000"])
    #expect(outcome.summary.requestsCancelled == 1)
  }
}
