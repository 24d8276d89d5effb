import Foundation
import Testing

@testable import PrefetchLab

/// What the docs say of the strategy groups holds whatever the registry holds: they state no
/// count and list no group by name, so adding a built-in edits none of them.
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

  /// Counts and name lists of strategy groups drift when a built-in is added (the docs once said
  /// "five" and "eleven" after `adaptive` and `oracle` joined the defaults), so the docs leave
  /// them to the registry (`prefetchlab list`): adding a built-in edits no document's prose.
  static let documents = [
    "docs/scenario-format.md", "docs/strategies.md", "docs/model.md", "scenarios/README.md", "README.md",
  ]

  /// A number, in figures or words, directly before one of the group names.
  static func statedCounts(in prose: String) -> [String] {
    let numbers = [
      "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
      "twelve", "thirteen", "fourteen", "fifteen",
    ]
    let groups = [
      "default strategies", "general strategies", "platform models", "built-in strategies",
      "strategies built in",
    ]
    let words = prose.lowercased().replacingOccurrences(of: "*", with: "")
      .split(whereSeparator: { $0 == " " || $0 == "\n" })
      .map { $0.trimmingCharacters(in: .punctuationCharacters) }
    var found: [String] = []
    for index in words.indices.dropLast(2) {
      let word = words[index]
      guard !word.isEmpty, word.allSatisfy(\.isNumber) || numbers.contains(word) else { continue }
      let next = words[index + 1] + " " + words[index + 2]
      if groups.contains(where: { next.hasPrefix($0) }) { found.append(word + " " + next) }
    }
    return found
  }

  @Test(arguments: documents)
  func docsStateNoStrategyCount(path: String) {
    let document = Self.text(path)
    #expect(!document.isEmpty)
    #expect(Self.statedCounts(in: document).isEmpty, "\(path): \(Self.statedCounts(in: document))")
  }

  @Test func theCountCheckFindsWhatItLooksFor() {
    #expect(
      Self.statedCounts(
        in: "runs the **7 default strategies** and\nall 13 built-in strategies; the six platform models")
        == ["7 default strategies", "13 built-in strategies", "six platform models"])
    #expect(Self.statedCounts(in: "runs the default strategies, and 7 strategies in all").isEmpty)
  }

  /// The group lists the docs once spelt out are the registry's: no document lists the platform
  /// models or the general strategies by name in one sentence any more.
  @Test(arguments: documents)
  func docsListNoGroupByName(path: String) {
    let prose = Self.text(path).replacingOccurrences(of: "\n", with: " ")
    let platformModels = StrategyRegistry.builtIn.definitions.filter { !$0.runsByDefault }.map {
      "`\($0.name)`"
    }
    #expect(!prose.contains(platformModels.prefix(3).joined(separator: ", ")), "\(path)")
  }
}
