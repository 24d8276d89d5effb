/// The second part of the catalogue: every strategy parameter's default, read from the strategy
/// registry (the one strategy catalogue, which `prefetchlab list` shows too), so platform defaults
/// (Paging 3, FlatList, RecyclerView, UIKit, Texture, the image prefetchers' options) are listed
/// with the source their declaration states and never written twice.
extension ConstantCatalogue {
  public static let strategyBeginMarker =
    "<!-- strategy defaults: generated from StrategyRegistry by scripts/update-constants-doc.sh; do not edit -->"
  public static let strategyEndMarker = "<!-- end of strategy defaults -->"

  /// One block per strategy with parameters: a heading, the strategy's source, and a table of its
  /// parameters (name, default, accepted values, meaning and the default's source). Pipes inside
  /// cells are escaped so the tables stay well formed.
  public static func strategyMarkdown(_ registry: StrategyRegistry = .builtIn) -> String {
    var blocks: [String] = []
    for definition in registry.definitions where !definition.parameters.isEmpty {
      var lines = [
        "### `\(definition.name)`\(definition.runsByDefault ? "" : " (platform model)")", "",
        "Source: \(cell(definition.source))", "",
        "| parameter | default | accepts | meaning and source of the default |", "|---|---|---|---|",
      ]
      for parameter in definition.parameters {
        lines.append(
          "| `\(parameter.name)` | `\(cell(parameter.defaultValue.description))` | \(cell(parameter.kindText)) | \(cell(parameter.help)) |"
        )
      }
      blocks.append(lines.joined(separator: "\n") + "\n")
    }
    return blocks.joined(separator: "\n")
  }

  /// `prefetchlab constants`' text for the strategies: one block per parameter, each line
  /// self-contained (strategy and parameter named, the strategy's source repeated).
  public static func strategyText(_ registry: StrategyRegistry = .builtIn) -> String {
    var blocks: [String] = []
    for definition in registry.definitions {
      for parameter in definition.parameters {
        blocks.append(
          "\(definition.name).\(parameter.name)\n  default: \(parameter.defaultValue)\n"
            + "  accepts: \(parameter.kindText)\n  meaning and source: \(parameter.help)\n"
            + "  strategy source: \(definition.source)\n")
      }
    }
    return blocks.joined(separator: "\n")
  }

  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
