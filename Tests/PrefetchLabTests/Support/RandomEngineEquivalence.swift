import Testing

@testable import PrefetchLab

/// The event engine against the frame-stepped reference on random scenarios
/// (`RunnableScenario.many`), each with the strategies a test configures for it, a timeline on
/// every third: no run may differ (every metric, time to content and timeline row), and the
/// event engine must have left frames out (otherwise the comparison proved nothing).
enum RandomEngineEquivalence {
  /// Compares `count` scenarios drawn from `seed`; `strategies(index)` configures the runs of
  /// scenario `index` (one or more).
  static func expectIdentical(
    count: Int, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation,
    strategies: (Int) -> [ConfiguredStrategy]
  ) {
    var differences: [String] = []
    var frames = (stepped: 0, event: 0)
    for (index, scenario) in RunnableScenario.many(count, seed: seed).enumerated() {
      guard let prepared = try? PreparedScenario(scenario) else {
        Issue.record("a generated scenario does not prepare", sourceLocation: sourceLocation)
        continue
      }
      for strategy in strategies(index) {
        let result = EngineEquivalenceTests.compare(
          prepared, strategy, seed: scenario.seed, timelineUs: index % 3 == 0 ? 50_000 : 0)
        if let difference = result.difference { differences.append(difference) }
        frames.stepped += result.stepped
        frames.event += result.event
      }
    }
    #expect(
      differences.isEmpty, "\(differences.count) differ, e.g. \(differences.prefix(2))",
      sourceLocation: sourceLocation)
    #expect(frames.event < frames.stepped, sourceLocation: sourceLocation)
  }
}
