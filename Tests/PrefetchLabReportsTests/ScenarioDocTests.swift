import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// docs/scenario-format.md states every key as the loader checks it: its tables are generated
/// from `ScenarioDefinitions` and must match the committed text.
@Suite struct ScenarioDocTests {
  static let repository = #filePath.components(separatedBy: "/Tests/").first!
  static var document: String {
    (try? String(contentsOfFile: repository + "/docs/scenario-format.md", encoding: .utf8)) ?? ""
  }

  @Test func keyTablesAreCurrent() {
    let document = Self.document
    #expect(!document.isEmpty)
    #expect(ScenarioKeyTables.updating(document) == document, "run scripts/update-scenario-doc.sh")
  }

  /// Every object has its table, except the synthetic users' parameters, which the model table
  /// lists with each model's own defaults.
  @Test func everyObjectIsDocumented() {
    let document = Self.document
    let tabled = Set(ScenarioKeyTables.documented(in: document))
    for object in ScenarioDefinitions.documentedObjects {
      if object.name.hasPrefix("scroll (") {
        for key in object.keys {
          #expect(document.contains("`\(key.name)`") || document.contains("`\"\(key.name)\"`"), "\(key.name)")
        }
      } else {
        #expect(tabled.contains(object.name), "\(object.name) has no generated table")
      }
    }
  }

  @Test func tablesStateTheRules() {
    let feed = ScenarioKeyTables.markdown(ScenarioDefinitions.feed)
    #expect(
      feed.contains("| `page_size` | integer | items | `20` (a judgement) | 1…10000; a page of more rows"))
    #expect(
      feed.contains(
        "| `media_bytes` | distribution | bytes | none: rows have no media | draws >= 0 and <= 1000000000"))
    let network = ScenarioKeyTables.markdown(ScenarioDefinitions.network)
    #expect(network.contains("| `timeout_ms` | number | ms | `15000`"))
    #expect(network.contains("| 1…1000000000; at least 1 ms"))
  }

  /// Each rule is stated once: the `seeds` cell read "1…1000; 1…1000" while its note restated
  /// the range generated from its kind.
  @Test func noValidCellRepeatsItself() throws {
    for object in ScenarioDefinitions.documentedObjects {
      for key in object.keys {
        let cell = ScenarioKeyTables.validText(key)
        let parts = cell.components(separatedBy: "; ")
        #expect(Set(parts).count == parts.count, "\(object.name).\(key.name): \(cell)")
      }
    }
    let seeds = try #require(ScenarioDefinitions.root.key("seeds"))
    #expect(ScenarioKeyTables.validText(seeds) == "1…\(Scenario.maxSeedCount)")
    #expect(Self.document.contains("| `seeds` | integer | seeds | `1` | 1…1000 |\n"))
    var restated = seeds
    restated.note = "1…1000"
    #expect(ScenarioKeyTables.validText(restated) == "1…1000")
    restated.note = "1…1000; the bundled scenarios use 10"
    #expect(ScenarioKeyTables.validText(restated) == "1…1000; the bundled scenarios use 10")
  }
}
