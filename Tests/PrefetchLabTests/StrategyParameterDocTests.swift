import Foundation
import Testing

@testable import PrefetchLab

/// Every parameter docs/strategies.md names for a strategy is one the registry declares for it:
/// a name the docs list and `--strategy` refuses (exit 64, unknown parameter) sends a user to a
/// setting that does not exist.
@Suite struct StrategyParameterDocTests {
  /// A parameter the docs name for a strategy, with the table row that names it.
  struct Mention: Equatable, CustomStringConvertible {
    var strategy: String
    var parameter: String
    var description: String { "\(strategy): \(parameter)" }
  }

  /// The media parameters, for rows that name a `media=` value instead of a strategy.
  static let mediaScope = "media="

  static func cells(_ line: String) -> [String] {
    var parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    parts.removeFirst()
    if parts.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { parts.removeLast() }
    return parts.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// The backticked names of a cell (`a`, `b` and `c` gives a, b, c).
  static func codeSpans(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  /// The parameters the document names per strategy, from three kinds of table:
  /// - a `| parameter |` table under a `### \`strategy\`` heading: its first cell's names;
  /// - a `| strategy |` table (Grids): in the first cell, the strategy names (or `media=` values,
  ///   which stand for the media parameters) followed by the parameters they count in;
  /// - a `| parameter |` table outside a strategy section (Policies): the first cell's name for
  ///   every strategy the row's `where` cell names.
  static func mentions(in document: String, strategies: Set<String>) -> [Mention] {
    var section: String?
    var header: [String] = []
    var found: [Mention] = []
    for line in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("#") {
        header = []
        let heading = codeSpans(line)
        section = line.hasPrefix("### ") ? heading.first.flatMap { strategies.contains($0) ? $0 : nil } : nil
        continue
      }
      guard line.hasPrefix("|") else {
        header = []
        continue
      }
      let row = cells(line)
      if header.isEmpty {
        header = row
        continue
      }
      if row.allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" } }) { continue }
      let names = codeSpans(row[0])
      switch header.first {
      case "parameter" where section != nil:
        found += names.map { Mention(strategy: section!, parameter: $0) }
      case "parameter":
        guard let whereColumn = header.firstIndex(of: "where"), whereColumn < row.count else { continue }
        let owners = codeSpans(row[whereColumn]).filter(strategies.contains)
        for owner in owners { found += names.map { Mention(strategy: owner, parameter: $0) } }
      case "strategy":
        let owners = names.filter { strategies.contains($0) || $0.hasPrefix(mediaScope) }
        let parameters = names.filter { !strategies.contains($0) && !$0.hasPrefix(mediaScope) }
        let scopes = owners.map { $0.hasPrefix(mediaScope) ? mediaScope : $0 }
        for scope in Set(scopes).sorted() {
          found += parameters.map { Mention(strategy: scope, parameter: $0) }
        }
      default:
        continue
      }
    }
    return found
  }

  static var registryNames: Set<String> { Set(StrategyRegistry.builtIn.definitions.map(\.name)) }

  /// The names a mention may use: the strategy's declared parameters, or for a `media=` row the
  /// parameters every strategy with `media` declares.
  static func declared(for scope: String) -> Set<String> {
    if scope == mediaScope { return Set(MediaLibrary.parameters.map(\.declaration.name)) }
    return Set(StrategyRegistry.builtIn.definition(named: scope)?.parameters.map(\.name) ?? [])
  }

  @Test func everyDocumentedParameterIsDeclared() {
    let document = StrategyCountDocTests.text("docs/strategies.md")
    let mentions = Self.mentions(in: document, strategies: Self.registryNames)
    // The doc has parameter tables for the platform models and the adaptive planner.
    #expect(mentions.contains(Mention(strategy: "uikit_prefetching", parameter: "lookahead_rows")))
    #expect(mentions.contains(Mention(strategy: "paging3", parameter: "max_size")))
    #expect(mentions.contains(Mention(strategy: "adaptive", parameter: "planner")))
    #expect(mentions.contains(Mention(strategy: "infinite_loader", parameter: "on_repeat")))
    #expect(mentions.contains(Mention(strategy: "recyclerview", parameter: "initial_prefetch_item_count")))
    let undeclared = mentions.filter { !Self.declared(for: $0.strategy).contains($0.parameter) }
    #expect(
      undeclared.isEmpty, "docs/strategies.md names parameters the registry does not declare: \(undeclared)")
  }

  /// The parser reads each kind of table as the test relies on (the mistake this test was added
  /// for: a Grids row naming `media_lookahead_rows` for `uikit_prefetching`).
  @Test func theParserFindsWhatEachTableNames() {
    let sample = """
      ### `uikit_prefetching` — UIKit

      | parameter | platform API |
      |---|---|
      | `lookahead_rows` | x |
      | `media`, … | y |

      ## Grids

      | strategy | counts in |
      |---|---|
      | `uikit_prefetching` `lookahead_rows`, `media_lookahead_rows` | rows |
      | `flashlist`, `media=browser_lazy` | pt |
      | `media=glide` `max_preload` | positions |

      ## Policies

      | parameter | values | where |
      |---|---|---|
      | `on_repeat` | `guard` | `flatlist`, `uikit_prefetching` |
      """
    let names: Set<String> = ["uikit_prefetching", "flashlist", "flatlist"]
    #expect(
      Self.mentions(in: sample, strategies: names) == [
        Mention(strategy: "uikit_prefetching", parameter: "lookahead_rows"),
        Mention(strategy: "uikit_prefetching", parameter: "media"),
        Mention(strategy: "uikit_prefetching", parameter: "lookahead_rows"),
        Mention(strategy: "uikit_prefetching", parameter: "media_lookahead_rows"),
        Mention(strategy: "media=", parameter: "max_preload"),
        Mention(strategy: "flatlist", parameter: "on_repeat"),
        Mention(strategy: "uikit_prefetching", parameter: "on_repeat"),
      ])
    #expect(!Self.declared(for: "uikit_prefetching").contains("media_lookahead_rows"))
    #expect(Self.declared(for: "paging3").contains("media_lookahead_rows"))
  }
}
