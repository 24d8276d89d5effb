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

  /// The counts below come from the registry; what it must hold is that a clairvoyant bound
  /// closes the list of defaults: runs and reports list it after the strategies it bounds.
  @Test func clairvoyantDefaultsComeLast() {
    let defaults = StrategyRegistry.builtIn.definitions.filter(\.runsByDefault)
    let firstBound = defaults.firstIndex(where: \.isClairvoyant) ?? defaults.endIndex
    #expect(firstBound < defaults.endIndex)
    #expect(defaults[firstBound...].allSatisfy { $0.isClairvoyant })
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
