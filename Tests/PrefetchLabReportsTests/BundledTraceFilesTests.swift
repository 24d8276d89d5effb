import Foundation
import Testing

@testable import PrefetchLabReports

/// The recorded traces in `scenarios/traces/` are copies of published files, kept unchanged:
/// each has the size and SHA-256 that scenarios/traces/SOURCES.md lists, every data file is
/// listed, and each folder carries its licence text with the copyright notice.
@Suite struct BundledTraceFilesTests {
  static let traces = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios/traces").path

  struct Listed: Equatable {
    var folder: String
    var name: String
    var bytes: Int
    var sha256: String
  }

  /// The file tables of SOURCES.md: rows `| `name` | 1,234 | `blob` | `sha256` |` under the
  /// heading of their folder (`## `pensieve/`…`).
  static func listed() throws -> [Listed] {
    let text = try String(contentsOfFile: traces + "/SOURCES.md", encoding: .utf8)
    var folder = ""
    var rows: [Listed] = []
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("## `"), let end = line.dropFirst(4).firstIndex(of: "/") {
        folder = String(line[line.index(line.startIndex, offsetBy: 4)..<end])
        continue
      }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 4, cells[3].count == 66, cells[0].hasPrefix("`"),
        let bytes = Int(cells[1].replacingOccurrences(of: ",", with: ""))
      else { continue }
      rows.append(
        Listed(
          folder: folder, name: String(cells[0].dropFirst().dropLast()), bytes: bytes,
          sha256: String(cells[3].dropFirst().dropLast())))
    }
    return rows
  }

  @Test func everyCopyHasTheListedSizeAndChecksum() throws {
    let listed = try Self.listed()
    #expect(listed.count == 9)
    #expect(Set(listed.map(\.folder)) == ["pensieve", "sabre"])
    for file in listed {
      let path = "\(Self.traces)/\(file.folder)/\(file.name)"
      let data = try #require(FileManager.default.contents(atPath: path), "\(path) is missing")
      #expect(data.count == file.bytes, "\(file.name)")
      #expect(SHA256.hex([UInt8](data)) == file.sha256, "\(file.name) differs from its published copy")
    }
    // The `sha256sum -c` block at the end of SOURCES.md lists the same sums.
    let text = try String(contentsOfFile: Self.traces + "/SOURCES.md", encoding: .utf8)
    for file in listed {
      #expect(text.contains("\(file.sha256)  \(file.folder)/\(file.name)\n"), "\(file.name)")
    }
  }

  @Test func everyDataFileIsListedAndEachFolderCarriesItsLicence() throws {
    let listed = try Self.listed()
    let notices = [
      "pensieve": ("MIT License", "Copyright (c) [2017] [Pensieve]"),
      "sabre": ("BSD 2-Clause License", "Copyright (c) 2018, Kevin Spiteri"),
    ]
    for (folder, (title, copyright)) in notices {
      let names = try FileManager.default.contentsOfDirectory(atPath: "\(Self.traces)/\(folder)")
      #expect(
        Set(names.filter { $0 != "LICENSE" }) == Set(listed.filter { $0.folder == folder }.map(\.name)),
        "\(folder)/ holds files SOURCES.md does not list, or misses some")
      let licence = try String(contentsOfFile: "\(Self.traces)/\(folder)/LICENSE", encoding: .utf8)
      #expect(licence.hasPrefix(title + "\n\n" + copyright + "\n"), "\(folder)/LICENSE")
    }
  }

  /// Mahimahi's traces are GPL-3.0: none may end up among the bundled scenarios.
  @Test func noMahimahiTraceIsBundled() throws {
    let scenarios = URL(fileURLWithPath: Self.traces).deletingLastPathComponent().path
    let files = try FileManager.default.subpathsOfDirectory(atPath: scenarios)
    #expect(files.filter { $0.hasSuffix(".down") || $0.hasSuffix(".up") }.isEmpty)
    for file in files where file.hasSuffix(".json") && !file.contains("/") {
      let text = try String(contentsOfFile: scenarios + "/" + file, encoding: .utf8)
      #expect(!text.contains("\"mahimahi\""), "\(file) replays a Mahimahi trace")
    }
  }
}
