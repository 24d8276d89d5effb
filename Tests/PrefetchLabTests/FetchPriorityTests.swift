import Foundation
import Testing

@testable import PrefetchLab

/// The `priority` column of events.csv: docs/metrics.md states every value with the catalogue's
/// text (`FetchPriority.meaning`, `setBy`), and the built-ins write only what it says they do.
@Suite struct FetchPriorityTests {
  @Test func theDocsListEveryValueAsTheCatalogueDescribesIt() throws {
    let document = try String(
      contentsOfFile: ScenarioJSONTests.repository + "/docs/metrics.md", encoding: .utf8)
    for priority in FetchPriority.allCases {
      let row = "| `\(priority)` | \(priority.meaning) | \(priority.setBy) |"
      #expect(document.contains(row), "docs/metrics.md lacks the row\n\(row)")
    }
  }

  /// Every built-in with its default parameters on the bundled image-heavy feed (20 s): the
  /// priorities each issues requests at, against the catalogue's issuers, both ways.
  @Test func eachBuiltInIssuesOnlyWhatTheCatalogueSays() throws {
    let scenario = try ScenarioLoader.load(
      contentsOf: ScenarioJSONTests.repository + "/scenarios/image-heavy.json")
    let prepared = TestScenarios.modified(try PreparedScenario(scenario)) { $0.durationUs = 20_000_000 }
    var seen = Set<FetchPriority>()
    var issuersSeen: [FetchPriority: Set<String>] = [:]
    for definition in StrategyRegistry.builtIn.definitions {
      let outcome = Simulator.run(
        prepared, strategy: TestScenarios.configured(definition.name), seed: 1,
        options: SimulationOptions(timelineIntervalUs: 0, recordEvents: true))
      let issued = Set(outcome.events.filter { $0.kind == .issued }.map(\.priority))
      seen.formUnion(issued)
      for priority in issued { issuersSeen[priority, default: []].insert(definition.name) }
      for priority in issued {
        if let issuers = priority.defaultIssuers {
          #expect(issuers.contains(definition.name), "\(definition.name) issued at \(priority)")
        }
      }
      #expect(definition.name != "oracle" || !issued.contains(.visible), "the oracle asks at preload only")
    }
    // Not vacuous: every value was written, and every strategy the catalogue names wrote it.
    #expect(seen == Set(FetchPriority.allCases))
    for priority in FetchPriority.allCases {
      guard let issuers = priority.defaultIssuers else { continue }
      #expect(
        issuers.isSubset(of: issuersSeen[priority] ?? []), "\(priority): \(issuersSeen[priority] ?? [])")
    }
  }
}
