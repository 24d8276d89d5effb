import Foundation
import Testing

@testable import PrefetchLabReports

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A fresh folder under the system temporary directory; `remove()` deletes it.
struct TestFolder {
  let path: String

  init(_ label: String = "reports") throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-\(label)-tests-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func file(_ relative: String) -> String { path + "/" + relative }

  func write(_ relative: String, _ text: String) throws {
    let url = URL(fileURLWithPath: file(relative))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func read(_ relative: String) throws -> String {
    try String(contentsOfFile: file(relative), encoding: .utf8)
  }

  func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: file(relative)) }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// One summary.csv row for tests: key, then metric values in `columns` order (nil = empty cell).
struct SummaryRowSpec {
  var scenario: String
  var strategy: String
  var params: String = ""
  var seed: UInt64
  var values: [Double?]
}

enum ReportFixtures {
  /// Writes `summary.csv` with the key columns and `metrics` (plus nothing else).
  static func writeSummary(in folder: TestFolder, metrics: [String], rows: [SummaryRowSpec]) throws {
    var writer = CSVWriter(header: ["scenario", "strategy", "params", "seed"] + metrics)
    for row in rows {
      writer.append(
        [row.scenario, row.strategy, row.params, String(row.seed)]
          + row.values.map { $0.map { CSVCell.decimal($0, places: 6) } ?? "" })
    }
    try folder.write("summary.csv", writer.text)
  }

  static var gnuplot: GnuplotRunner? { GnuplotRunner.locate() }
  static var hasGnuplot: Bool { gnuplot != nil }
}

/// Whether `text` is well-formed XML (Foundation's XMLParser, libxml2 on Linux).
func parsesAsXML(_ text: String) -> Bool {
  let parser = XMLParser(data: Data(text.utf8))
  return parser.parse()
}

/// Whether `bytes` start like a PNG file with an IHDR chunk of a plausible size; returns the
/// image's width and height.
func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
  let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  guard bytes.count > 33, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
  else { return nil }
  func be32(_ offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }
  return (be32(16), be32(20))
}
