import Testing

@testable import PrefetchLab

/// compose_paging, flutter_pagination and flashlist with their defaults on every bundled
/// scenario (cursor and offset feeds, recorded networks, synthetic and recorded users, render
/// stages, failures): each run shows content, and asks for more pages when the user reaches the
/// end of the loaded ones. The bundled scenarios name them only on their own platforms'; the random
/// scenarios of `EngineEquivalenceTests` take them from the registry.
@Suite struct ListPlatformsOnBundledScenariosTests {
  @Test(arguments: ["compose_paging", "flutter_pagination", "flashlist"])
  func runsOnEveryBundledScenario(strategy: String) throws {
    let configured = TestScenarios.configured(strategy)
    var failures: [String] = []
    for file in try ScenarioJSONTests.bundledScenarios() {
      let prepared = try PreparedScenario(ScenarioLoader.load(contentsOf: file))
      let outcome = Simulator.run(
        prepared, strategy: configured, seed: prepared.scenario.seed,
        options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false))
      let summary = outcome.summary
      let name = prepared.scenario.name
      if summary.firstContentUs == nil || summary.itemsSeen == 0 { failures.append("\(name): no content") }
      // A user who reached the end of the loaded rows made the list ask for more (the first
      // flutter_pagination never asked on offset feeds, and its users gave up at the first page).
      if summary.stallCount > 0 && summary.pageRequests < 2 {
        failures.append("\(name): \(summary.pageRequests) page request")
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }
}
