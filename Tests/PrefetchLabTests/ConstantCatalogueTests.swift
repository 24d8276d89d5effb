import Foundation
import Testing

@testable import PrefetchLab

/// docs/constants.md is generated from `ConstantCatalogue`, whose values are read from the code's
/// own constants: the doc, the catalogue and the code cannot disagree.
@Suite struct ConstantCatalogueTests {
  static func doc(_ name: String) throws -> String {
    let path = #filePath.components(separatedBy: "/Tests/").first! + "/docs/" + name
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  static func section(_ doc: String, _ beginMarker: String, _ endMarker: String) throws -> String {
    let begin = try #require(doc.range(of: beginMarker + "\n"))
    let end = try #require(doc.range(of: endMarker, range: begin.upperBound..<doc.endIndex))
    return String(doc[begin.upperBound..<end.lowerBound])
  }

  @Test func docsTableIsCurrent() throws {
    let doc = try Self.doc("constants.md")
    #expect(
      try Self.section(doc, ConstantCatalogue.beginMarker, ConstantCatalogue.endMarker)
        == ConstantCatalogue.markdown(),
      "docs/constants.md is out of date: run scripts/update-constants-doc.sh")
    #expect(
      try Self.section(doc, ConstantCatalogue.strategyBeginMarker, ConstantCatalogue.strategyEndMarker)
        == ConstantCatalogue.strategyMarkdown(),
      "docs/constants.md's strategy defaults are out of date: run scripts/update-constants-doc.sh")
  }

  /// The second part lists every built-in strategy parameter with its declared default, so a
  /// platform default changed in a declaration changes the doc (and fails the test above).
  @Test func strategyDefaultsCoverEveryParameter() {
    let markdown = ConstantCatalogue.strategyMarkdown()
    let text = ConstantCatalogue.strategyText()
    for definition in StrategyRegistry.builtIn.definitions {
      if !definition.parameters.isEmpty { #expect(markdown.contains("### `\(definition.name)`")) }
      for parameter in definition.parameters {
        #expect(
          markdown.contains("| `\(parameter.name)` | `\(parameter.defaultValue)` |"),
          "\(definition.name).\(parameter.name)")
        #expect(text.contains("\(definition.name).\(parameter.name)\n  default: \(parameter.defaultValue)\n"))
      }
    }
    // Texture's leading screens for batching and FlatList's window, as their sources give them.
    #expect(text.contains("directional_ranges.batch_leading_screens\n  default: 2\n"))
    #expect(
      markdown.contains(
        "| `media` | `visibility` | one of visibility\\|sdwebimage\\|kingfisher\\|nuke\\|glide\\|browser_lazy |"
      ))
    // Each table row has exactly four unescaped separators' worth of cells.
    for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
      let unescaped = line.replacingOccurrences(of: "\\|", with: "")
      #expect(unescaped.filter { $0 == "|" }.count == 5, "\(line)")
    }
  }

  /// The bounce spring is described with the same words here and in docs/scenario-format.md.
  @Test func springWordingMatchesScenarioFormat() throws {
    let doc = try Self.doc("scenario-format.md").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(doc.contains(ConstantCatalogue.springWording))
    let row = ConstantCatalogue.all.first { $0.name == "EdgeBounce.springAngularFrequency" }
    #expect(row?.standing == .reverseEngineered)
    #expect(row?.source.hasSuffix(ConstantCatalogue.springWording) == true)
  }

  /// Every preset is in the catalogue with a source, and no cell breaks the Markdown table.
  @Test func everyPresetHasASource() {
    let names = Set(ConstantCatalogue.all.map(\.name))
    #expect(names.count == ConstantCatalogue.all.count)
    for profile in NetworkProfile.allCases { #expect(names.contains("NetworkProfile.\(profile)")) }
    for preset in ["huang2012LTE", "huang2012ThreeG", "aroLTE", "aroThreeG"] {
      #expect(names.contains("RadioPowerModel.\(preset)"))
    }
    for library in MediaLibrary.allCases where library.isIOSPrefetcher {
      #expect(names.contains("MediaLibrary.\(library).maxConcurrentPrefetches"))
    }
    // browser_lazy's margins and the connection types they hang on.
    for type in EffectiveConnectionType.allCases {
      #expect(names.contains("EffectiveConnectionType.\(type).lazyImageMarginPx"))
    }
    #expect(names.contains("BandwidthTrace.mahimahiOpportunityBytes"))
    // A row never leans on the one before it ("likewise", "same file").
    for entry in ConstantCatalogue.all {
      #expect(!entry.source.contains("likewise") && !entry.source.contains("same file"), "\(entry.name)")
    }
    for entry in ConstantCatalogue.all {
      #expect(!entry.source.isEmpty && !entry.value.isEmpty, "\(entry.name)")
      for cell in [entry.name, entry.value, entry.source] {
        #expect(!cell.contains("|") && !cell.contains("\n"), "\(entry.name)")
      }
    }
    // Network Link Conditioner values are never presented as read from a source; DevTools' are.
    let linkConditioner: [NetworkProfile] = [.threeG, .edge, .lte, .wifi, .dsl, .veryBadNetwork]
    for profile in NetworkProfile.allCases {
      let standing = ConstantCatalogue.all.first { $0.name == "NetworkProfile.\(profile)" }?.standing
      #expect((standing == .observed) == linkConditioner.contains(profile), "\(profile)")
    }
  }

  /// The values are the code's: the rows show the constants in use.
  @Test func rowsShowTheCodesValues() {
    let rows = Dictionary(uniqueKeysWithValues: ConstantCatalogue.all.map { ($0.name, $0.value) })
    #expect(rows["IOSDecelerationCurve.normalRate"] == "0.998 per ms")
    #expect(rows["IOSDecelerationCurve.defaultStopThresholdPt"] == "0.5 pt")
    #expect(rows["NetworkProfile.slow3G"] == "2000 ms RTT, 400 kbit/s")
    #expect(rows["BandwidthTrace.mahimahiOpportunityBytes"] == "1500 bytes per delivery opportunity")
    #expect(rows["MediaLibrary.sdwebimage.maxConcurrentPrefetches"] == "3 prefetches at once")
    #expect(rows["MediaLibrary.kingfisher.maxConcurrentPrefetches"] == "5 prefetches at once")
    #expect(rows["MediaLibrary.nuke.maxConcurrentPrefetches"] == "2 prefetches at once")
    // The measured 3G row holds only measured figures; the copied FACH promotion is a judgement.
    #expect(
      rows["RadioPowerModel.huang2012ThreeG"]
        == "promotion 582.1 ms at 659.4 mW; β 817.88 mW, α_d 122.12 mW per Mbit/s;"
        + " tail 8088.2 ms at 803.9 mW, then 824.2 ms at 601.3 mW")
    #expect(rows["RadioPowerModel.huang2012ThreeG.tailPromotion"] == "582.1 ms at 659.4 mW")
    #expect(
      ConstantCatalogue.all.first { $0.name == "RadioPowerModel.huang2012ThreeG.tailPromotion" }?.standing
        == .judgement)
    #expect(
      rows["RadioPowerModel.aroThreeG"]
        == "promotion 2000 ms at 530 mW; from the tail 1500 ms at 550 mW; β 700 mW, α_d 0 mW per Mbit/s;"
        + " tail 5000 ms at 700 mW, then 12000 ms at 350 mW")
  }
}
