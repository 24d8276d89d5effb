import Foundation
import Testing

@testable import PrefetchLab

/// The docs that say how many strategies a scenario without a `strategies` list runs, and how
/// many there are, state the registry's numbers: they once said "five" and "eleven" after
/// `adaptive` and `oracle` joined the defaults.
@Suite struct StrategyCountDocTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) -> String {
    (try? String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }

  @Test func registryHasTheCountedStrategies() {
    let registry = StrategyRegistry.builtIn
    #expect(registry.defaultNames.count == 7)
    #expect(registry.definitions.count == 13)
    #expect(registry.defaultNames.suffix(2) == ["adaptive", "oracle"])
  }

  @Test(arguments: ["docs/scenario-format.md", "docs/strategies.md", "scenarios/README.md"])
  func docsStateTheDefaultCount(path: String) {
    let document = Self.text(path)
    #expect(!document.isEmpty)
    let count = StrategyRegistry.builtIn.defaultNames.count
    // Line breaks fall anywhere in the prose: compare with them as spaces.
    let prose = document.replacingOccurrences(of: "\n", with: " ")
    #expect(prose.contains("\(count) default strategies"), "\(path)")
    #expect(!prose.contains("run the five general strategies"), "\(path)")
    #expect(!prose.contains("runs the **general strategies**"), "\(path)")
  }

  @Test func strategiesDocStatesTheTotal() {
    let prose = Self.text("docs/strategies.md").replacingOccurrences(of: "\n", with: " ")
    #expect(prose.contains("all \(StrategyRegistry.builtIn.definitions.count) built-in strategies"))
    #expect(!prose.contains("eleven strategies"))
  }
}
