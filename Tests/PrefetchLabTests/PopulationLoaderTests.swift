import Foundation
import Testing

@testable import PrefetchLab

/// Population files: a valid one read completely, and one broken rule per case with the exact error.
@Suite struct PopulationLoaderTests {
  /// A folder with two scenario files and `population.json` holding `json`.
  static func folder(_ json: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-population-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
    let scenario = { (name: String) in
      #"{"name": "\#(name)", "duration_s": 5, "feed": {"total_items": 50, "page_size": 10}, "#
        + #""network": {"rtt_ms": 100}, "scroll": {"physics": "ios", "script": [{"drag": {"velocity_pt_s": 500, "duration_ms": 1000}}]}}"#
    }
    try Data(scenario("lte").utf8).write(to: URL(fileURLWithPath: folder + "/s/lte.json"))
    try Data(scenario("wifi").utf8).write(to: URL(fileURLWithPath: folder + "/s/wifi.json"))
    try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/population.json"))
    return folder
  }

  static let valid = """
    {"name": "mix", "description": "d", "segments": [
      {"name": "readers", "weight": 60, "scenario": "s/lte.json"},
      {"name": "skimmers", "weight": 30, "scenario": "s/wifi.json", "user": "skimmer"},
      {"name": "flingers", "weight": 10, "scenario": "s/lte.json", "user": {"model": "flinger", "physics": "android", "dwell_ms": 200}}
    ]}
    """

  @Test func aValidPopulationResolvesEverySegment() throws {
    let folder = try Self.folder(Self.valid)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let population = try PopulationLoader.load(contentsOf: folder + "/population.json")
    #expect(population.name == "mix" && population.description == "d")
    #expect(population.segments.map(\.name) == ["readers", "skimmers", "flingers"])
    #expect(population.segments.map(\.scenario.name) == ["lte", "wifi+skimmer", "lte+flinger"])
    #expect(population.segments.map(\.user) == [nil, .skimmer, .flinger])
    #expect(population.shares == [0.6, 0.3, 0.1])
    #expect(population.segments[0].scenario.sourcePath == folder + "/s/lte.json")
    // The swapped-in user keeps the scenario's physics unless given, with the model's parameters.
    #expect(population.segments[1].scenario.scroll.physics == .ios)
    #expect(population.segments[2].scenario.scroll.physics == .android)
    guard case .model(let flinger) = population.segments[2].scenario.scroll.source else {
      Issue.record("the flinger segment has no synthetic user")
      return
    }
    #expect(flinger.name == .flinger)
    #expect(flinger.behaviors[0].dwellMs != UserBehavior.defaults(for: .flinger).dwellMs)
    // The scenario's other sections are the file's.
    #expect(population.segments[2].scenario.feed.totalItems == 50)
  }

  @Test(arguments: [
    (
      #"{"name": "m", "segmnets": []}"#,
      "population.json: unknown key 'segmnets' (did you mean 'segments'?); valid keys: name, description, segments"
    ),
    (
      #"{"segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json"}]}"#,
      "population.json: missing required key 'name'"
    ),
    (#"{"name": "m", "segments": []}"#, "population.json: segments: must hold 1 to 100 segments, got 0"),
    (#"[1]"#, "population.json: must be a JSON object (a population), got array [1]"),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": 0, "scenario": "s/lte.json"}]}"#,
      "population.json: segments[0].weight: must be > 0, got 0"
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": "60", "scenario": "s/lte.json"}]}"#,
      "population.json: segments[0].weight: must be a number, got string \"60\""
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "scenario": "s/lte.json"}]}"#,
      "population.json: segments[0]: missing required key 'weight'"
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/none.json"}]}"#,
      "population.json: segments[0].scenario: file not found: FOLDER/s/none.json"
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json", "users": "reader"}]}"#,
      "population.json: segments[0]: unknown key 'users' (did you mean 'user'?); valid keys: name, weight, scenario, user, recordings"
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json"}, {"name": "a", "weight": 1, "scenario": "s/wifi.json"}]}"#,
      "population.json: segments[1].name: must be unique; segments[0] has the same name, got \"a\""
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json"}, {"name": "b", "weight": 1, "scenario": "./s/lte.json"}]}"#,
      "population.json: segments[1].scenario: runs the same users as segments[0] (scenario 'lte'): give one segment their combined weight, or another user"
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json", "user": "doomer"}]}"#,
      "population.json: segments[0].user: must be one of reader, skimmer, flinger, searcher, jumper, mixed, got \"doomer\""
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json", "user": {"physics": "ios"}}]}"#,
      "population.json: segments[0].user: missing required key 'model' (a user model: reader, skimmer, flinger, searcher, jumper, mixed)"
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json", "user": {"model": "reader", "script": []}}]}"#,
      "population.json: segments[0].user: a segment's user is a synthetic user ('model'); 'script' belongs in a scenario file"
    ),
    (
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json", "user": {"model": "reader", "dwell_ms": -1}}]}"#,
      "population.json: segments[0].user.dwell_ms: "
    ),
  ])
  func brokenRulesNameFilePathAndRule(json: String, expected: String) throws {
    let folder = try Self.folder(json)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let expected = folder + "/" + expected.replacingOccurrences(of: "FOLDER", with: folder)
    do {
      _ = try PopulationLoader.load(contentsOf: folder + "/population.json")
      Issue.record("accepted: \(json)")
    } catch {
      // The last case checks the location only: the rule is the scenario loader's own.
      #expect(error.description.hasPrefix(expected), "\(error.description)")
      if !expected.hasSuffix(": ") { #expect(error.description == expected) }
    }
  }

  @Test func aBrokenScenarioFileIsNamedItself() throws {
    let folder = try Self.folder(
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/bad.json"}]}"#)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(#"{"name": "bad", "viewport": {"height_pt": 0}, "scroll": {"model": "reader"}}"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/s/bad.json"))
    #expect(throws: InputError.self) { try PopulationLoader.load(contentsOf: folder + "/population.json") }
    do {
      _ = try PopulationLoader.load(contentsOf: folder + "/population.json")
    } catch {
      #expect(error.description == folder + "/s/bad.json: viewport.height_pt: must be > 0, got 0")
    }
  }

  /// Every segment is read even after one has a problem, and a segment's own problems come
  /// together: they used to stop at the first.
  @Test func everySegmentsProblemsAreNamedAtOnce() throws {
    let folder = try Self.folder(
      #"{"name": "m", "segments": [{"name": "a", "weight": 0, "scenario": "s/none.json"}, "#
        + #"{"name": "b", "weight": 1, "scenario": "s/lte.json"}, {"name": "b", "weight": 1, "scenario": "s/wifi.json"}, "#
        + #"{"name": "c", "weight": 1, "scenario": "s/bad.json"}]}"#)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(#"{"name": "bad", "viewport": {"height_pt": 0}, "scroll": {"model": "reader"}}"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/s/bad.json"))
    do {
      _ = try PopulationLoader.load(contentsOf: folder + "/population.json")
      Issue.record("accepted")
    } catch {
      let file = folder + "/population.json"
      #expect(
        Array(error.lines.prefix(4)) == [
          "\(file): segments[0].weight: must be > 0, got 0",
          "\(file): segments[0].scenario: file not found: \(folder)/s/none.json",
          "\(file): segments[2].name: must be unique; segments[1] has the same name, got \"b\"",
          "\(folder)/s/bad.json: viewport.height_pt: must be > 0, got 0",
        ], "\(error.lines)")
      // The rest are the broken scenario file's other problems, each naming that file.
      #expect(error.lines.dropFirst(4).allSatisfy { $0.hasPrefix(folder + "/s/bad.json: ") })
    }
  }

  /// The lines of the error `PopulationLoader.load` throws for `json`, or [] when it loads.
  static func lines(_ json: String, extra: (String) throws -> Void = { _ in }) throws -> (String, [String]) {
    let folder = try Self.folder(json)
    try extra(folder)
    do {
      _ = try PopulationLoader.load(contentsOf: folder + "/population.json")
      return (folder, [])
    } catch {
      return (folder, error.lines)
    }
  }

  /// A bad population name, a misspelt user and a duplicate segment name are named with the
  /// segments' other problems: each used to hide them until it was fixed (or, for the duplicate
  /// name, to be found only once both segments were otherwise valid).
  @Test func nameUserAndDuplicateProblemsComeWithTheRest() throws {
    let (folder, lines) = try Self.lines(
      #"{"name": "", "segments": [{"name": "a", "weight": 0, "scenario": "s/lte.json", "user": "doomer"}, "#
        + #"{"name": "a", "weight": -1, "scenario": "s/wifi.json"}]}"#)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/population.json"
    #expect(
      lines == [
        "\(file): name: must not be empty or blank, got \"\"",
        "\(file): segments[0].weight: must be > 0, got 0",
        "\(file): segments[0].user: must be one of reader, skimmer, flinger, searcher, jumper, mixed, got \"doomer\"",
        "\(file): segments[1].weight: must be > 0, got -1",
        "\(file): segments[1].name: must be unique; segments[0] has the same name, got \"a\"",
      ], "\(lines)")
  }

  /// A misspelt user is named even when the segment's scenario file is missing.
  @Test func aUserIsCheckedWithoutItsScenario() throws {
    let (folder, lines) = try Self.lines(
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/none.json", "user": {"model": "doomer"}}]}"#
    )
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/population.json"
    #expect(
      lines == [
        "\(file): segments[0].scenario: file not found: \(folder)/s/none.json",
        "\(file): segments[0].user.model: must be one of reader, skimmer, flinger, searcher, jumper, mixed, got \"doomer\"",
      ], "\(lines)")
  }

  /// Two different files with one scenario name are a name clash, not "the same users".
  @Test func twoFilesWithOneNameAreANameClash() throws {
    let (folder, lines) = try Self.lines(
      #"{"name": "m", "segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json"}, "#
        + #"{"name": "b", "weight": 1, "scenario": "s/copy.json"}, {"name": "c", "weight": 1, "scenario": "./s/lte.json"}]}"#
    ) { folder in
      try FileManager.default.copyItem(atPath: folder + "/s/lte.json", toPath: folder + "/s/copy.json")
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/population.json"
    #expect(
      lines == [
        "\(file): segments[1].scenario: scenario name 'lte' is also that of segments[0]'s scenario, from another "
          + "file (\(folder)/s/lte.json): rows and run files are named after scenarios, so rename one of the two",
        "\(file): segments[2].scenario: runs the same users as segments[0] (scenario 'lte'): give one segment "
          + "their combined weight, or another user",
      ], "\(lines)")
  }

  /// `read` keeps the segments that read, for `run` to check their scenarios alongside.
  @Test func readKeepsTheGoodSegments() throws {
    let folder = try Self.folder(
      #"{"name": "m", "segments": [{"name": "a", "weight": 0, "scenario": "s/lte.json"}, "#
        + #"{"name": "b", "weight": 1, "scenario": "s/wifi.json"}]}"#)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let reading = PopulationLoader.read(contentsOf: folder + "/population.json")
    #expect(reading.population == nil)
    #expect(reading.segments.map(\.name) == ["b"])
    #expect(reading.problem?.lines == ["\(folder)/population.json: segments[0].weight: must be > 0, got 0"])
  }
}
