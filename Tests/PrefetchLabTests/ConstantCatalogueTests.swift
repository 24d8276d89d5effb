import Foundation
import Testing

@testable import PrefetchLab

/// docs/constants.md is generated from `ConstantCatalogue`, whose values are read from the code's
/// own constants: the doc, the catalogue and the code cannot disagree.
@Suite struct ConstantCatalogueTests {
  @Test func docsTableIsCurrent() throws {
    let docPath = #filePath.components(separatedBy: "/Tests/").first! + "/docs/constants.md"
    let doc = try String(contentsOfFile: docPath, encoding: .utf8)
    let begin = try #require(doc.range(of: ConstantCatalogue.beginMarker + "\n"))
    let end = try #require(doc.range(of: ConstantCatalogue.endMarker, range: begin.upperBound..<doc.endIndex))
    #expect(
      String(doc[begin.upperBound..<end.lowerBound]) == ConstantCatalogue.markdown(),
      "docs/constants.md is out of date: run scripts/update-constants-doc.sh")
  }

  /// Every preset is in the catalogue with a source, and no cell breaks the Markdown table.
  @Test func everyPresetHasASource() {
    let names = Set(ConstantCatalogue.all.map(\.name))
    #expect(names.count == ConstantCatalogue.all.count)
    for profile in NetworkProfile.allCases { #expect(names.contains("NetworkProfile.\(profile)")) }
    for preset in ["huang2012LTE", "huang2012ThreeG", "aroLTE", "aroThreeG"] {
      #expect(names.contains("RadioPowerModel.\(preset)"))
    }
    for entry in ConstantCatalogue.all {
      #expect(!entry.source.isEmpty && !entry.value.isEmpty, "\(entry.name)")
      for cell in [entry.name, entry.value, entry.source] {
        #expect(!cell.contains("|") && !cell.contains("\n"), "\(entry.name)")
      }
    }
    // Network Link Conditioner values are never presented as read from a source.
    for profile in NetworkProfile.allCases where !profile.isChromeDevTools {
      #expect(ConstantCatalogue.all.first { $0.name == "NetworkProfile.\(profile)" }?.standing == .observed)
    }
  }

  /// The values are the code's: the rows show the constants in use.
  @Test func rowsShowTheCodesValues() {
    let rows = Dictionary(uniqueKeysWithValues: ConstantCatalogue.all.map { ($0.name, $0.value) })
    #expect(rows["IOSDecelerationCurve.normalRate"] == "0.998 per ms")
    #expect(rows["IOSDecelerationCurve.defaultStopThresholdPt"] == "0.5 pt")
    #expect(rows["NetworkProfile.slow3G"] == "2000 ms RTT, 400 kbit/s")
    #expect(
      rows["RadioPowerModel.aroThreeG"]
        == "promotion 2000 ms at 530 mW; from the tail 1500 ms at 550 mW; β 700 mW, α_d 0 mW per Mbit/s;"
        + " tail 5000 ms at 700 mW, then 12000 ms at 350 mW")
  }
}
