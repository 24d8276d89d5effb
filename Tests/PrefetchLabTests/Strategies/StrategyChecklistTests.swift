import Testing

@testable import PrefetchLab

/// Step 1 of "Add a strategy" (docs/architecture.md): one type, its parameters declared once as
/// typed handles, its definition made from the type. A throwaway: the next page once the
/// viewport's bottom is within `lead_pt` of the end of loaded content, media on visibility.
struct LeadDistance: PrefetchStrategy {
  static let leadPt = StrategyParameter.Number(
    "lead_pt", default: 0, in: 0...100_000, help: "Distance before the end of content that triggers, pt.")

  static let definition = StrategyDefinition(
    LeadDistance.self, name: "lead_distance", summary: "Next page within lead_pt of the end.",
    source: "StrategyChecklistTests", parameters: [leadPt] + PageTrigger.parameters)

  private let leadPt: Double
  private var trigger: PageTrigger

  init(parameters: StrategyParameters) {
    leadPt = parameters[Self.leadPt]
    trigger = PageTrigger(parameters: parameters)
  }

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    let lead = leadPt
    return trigger.update(event, in: context) { frontier, direction in
      direction == .down
        ? context.viewportBottomPt >= frontier.edgePt - lead
        : context.viewportOffsetPt <= frontier.edgePt + lead
    }
  }
}

/// Step 3: its test. The checklist is followed and nothing else is touched, yet the strategy is
/// known by name with its parameter, runs in the engine's loop typed for it, and joins every
/// experiment that lists no strategies.
@Suite struct StrategyChecklistTests {
  /// Step 2, the one registration line (an app's; a built-in's goes into `StrategyRegistry.builtIn`).
  static func registry() throws -> StrategyRegistry {
    var registry = StrategyRegistry.builtIn
    try registry.register(LeadDistance.definition)
    return registry
  }

  /// The analytic drag (400 pt/s, 100 pt rows, pages of 20 = 2000 pt, 1 s RTT, 800 pt viewport):
  /// with a 200 pt lead, page k+1 is asked for when the bottom reaches 2000k − 200 pt, at
  /// τ = 5k − 2.5 s, and arrives 1 s later; the bottom reaches 2000k at τ = 5k − 2 s, so each of
  /// pages 1…9 costs a 0.5 s pause. Session: 1 s to first content + 60 s + 9 × 0.5 s.
  @Test func aThrowawayStrategyRunsByNameInItsOwnTypedLoop() throws {
    let configured = try Self.registry().configure(
      StrategySpec(name: "lead_distance", parameters: ["lead_pt": .number(200)]))
    #expect(configured.paramsText == "lead_pt=200")
    let outcome = Simulator.run(TestScenarios.steadyDrag(), strategy: configured, seed: 1)
    #expect(outcome.strategyType == ObjectIdentifier(LeadDistance.self))
    #expect(outcome.summary.stallCount == 9)
    #expect(outcome.summary.stallUs == 4_500_000)
    #expect(outcome.summary.pageRequests == 10)
    #expect(outcome.summary.sessionUs == 65_500_000)
    // The default lead (0) is the footer trigger: a full round trip per page.
    let atDefault = Simulator.run(
      TestScenarios.steadyDrag(),
      strategy: try Self.registry().configure(StrategySpec(name: "lead_distance")),
      seed: 1)
    #expect(atDefault.summary.stallUs == 9_000_000)
  }

  /// A scenario that lists no strategies, prepared with the registry, runs every registered
  /// one, the new one last, each in the loop typed for it (a distinct type per built-in, and the
  /// throwaway's).
  @Test func experimentsPickItUpFromTheRegistry() throws {
    let registry = try Self.registry()
    var scenario = TestScenarios.steadyDrag(durationMs: 5000).scenario
    // Set anew, the list forgets the built-in registry's configuration of it.
    scenario.strategies = []
    let experiment = try Experiment(
      scenarios: [try PreparedScenario(scenario, registry: registry)], registry: registry)
    let names = experiment.jobs.map(\.strategy.definition.name)
    #expect(names == StrategyRegistry.builtIn.defaultNames + ["lead_distance"])
    let types = experiment.run(parallelism: 2, options: SimulationOptions(timelineIntervalUs: 0)) {
      _, job, outcome in
      (outcome.strategyType, job.strategy.definition.strategyType)
    }
    #expect(types.allSatisfy { $0.0 == $0.1 })
    #expect(Set(types.map(\.0)).count == names.count)
    #expect(types.last?.0 == ObjectIdentifier(LeadDistance.self))
  }
}
