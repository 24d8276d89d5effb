import Foundation
import Testing

@testable import PrefetchLab

/// `segments[i].recordings`: a segment whose users are recorded sessions, one scenario each.
@Suite struct PopulationRecordingsTests {
  /// The loader tests' folder plus two recordings in `rec/`.
  static func folder(_ json: String) throws -> String {
    let folder = try PopulationLoaderTests.folder(json)
    try FileManager.default.createDirectory(atPath: folder + "/rec", withIntermediateDirectories: true)
    try "t_ms,offset_pt,phase\n0,0,idle\n500,300,dragging\n900,300,idle\n".write(
      toFile: folder + "/rec/anna.csv", atomically: true, encoding: .utf8)
    try "t_ms,offset_pt\n0,0\n2000,900\n".write(
      toFile: folder + "/rec/ben.csv", atomically: true, encoding: .utf8)
    return folder
  }

  static func error(_ json: String) throws -> String? {
    let folder = try folder(json)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
      _ = try PopulationLoader.load(contentsOf: folder + "/population.json")
      return nil
    } catch {
      return error.description.replacingOccurrences(of: folder + "/", with: "")
    }
  }

  @Test func eachRecordingIsAScenarioWithAnEqualShare() throws {
    let folder = try Self.folder(
      """
      {"name": "mix", "segments": [
        {"name": "panel", "weight": 60, "scenario": "s/lte.json", "recordings": ["rec/anna.csv", "rec/ben.csv"]},
        {"name": "skimmers", "weight": 40, "scenario": "s/wifi.json", "user": "skimmer"}
      ]}
      """)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let population = try PopulationLoader.load(contentsOf: folder + "/population.json")
    #expect(population.segments.map(\.name) == ["panel: anna", "panel: ben", "skimmers"])
    #expect(population.segments.map(\.scenario.name) == ["lte+anna", "lte+ben", "wifi+skimmer"])
    #expect(population.shares == [0.3, 0.3, 0.4])
    let anna = population.segments[0].scenario
    #expect(anna.scroll.source == .recorded(path: folder + "/rec/anna.csv", format: .offsetCSV))
    // The recording's own length (900 ms), not the scenario's 5 s.
    #expect(anna.durationUs == nil)
    #expect(try PreparedScenario(anna).traceDurationUs == 900_000)
    #expect(population.segments[0].user == nil)
  }

  @Test func badRecordingsAreNamed() throws {
    #expect(
      try Self.error(
        #"{"name": "m", "segments": [{"name": "p", "weight": 1, "scenario": "s/lte.json", "user": "reader", "recordings": ["rec/anna.csv"]}]}"#
      )
        == "population.json: segments[0].recordings: a segment replays recordings or runs a synthetic user ('user'), not both: give each its own segment"
    )
    #expect(
      try Self.error(
        #"{"name": "m", "segments": [{"name": "p", "weight": 1, "scenario": "s/lte.json", "recordings": []}]}"#
      )
        == "population.json: segments[0].recordings: must hold 1 to 100 recordings, got 0")
    let missing = try Self.error(
      #"{"name": "m", "segments": [{"name": "p", "weight": 1, "scenario": "s/lte.json", "recordings": ["rec/none.csv"]}]}"#
    )
    #expect(missing?.hasPrefix("population.json: segments[0].recordings[0]: ") == true, "\(missing ?? "")")
    #expect(
      try Self.error(
        #"{"name": "m", "segments": [{"name": "p", "weight": 1, "scenario": "s/lte.json", "recordings": ["rec/anna.csv", "./rec/anna.csv"]}]}"#
      )
        == "population.json: segments[0].recordings[1]: has the file name of recordings[0] ('anna'): each recording's scenario is named after its file, so rename one"
    )
  }
}
