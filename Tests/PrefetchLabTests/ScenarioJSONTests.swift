import Foundation
import Testing

@testable import PrefetchLab

/// `Scenario.json` writes a scenario back as a file the loader reads to an equal `Scenario`.
@Suite struct ScenarioJSONTests {
  static let repository = #filePath.components(separatedBy: "/Tests/").first!

  static func bundledScenarios() throws -> [String] {
    let folder = repository + "/scenarios"
    return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
      .sorted()
      .map { folder + "/" + $0 }
  }

  /// Reads `scenario.json(...)` back as the loader would read a file at `scenario.sourcePath`.
  static func reloaded(_ scenario: Scenario, checksFiles: Bool = true) throws -> Scenario {
    try ScenarioLoader.load(
      data: Array(scenario.json().serialized(pretty: true).utf8), file: scenario.sourcePath,
      baseDirectory: "",
      checksFiles: checksFiles)
  }

  @Test func everyBundledScenarioReadsBackEqual() throws {
    let files = try Self.bundledScenarios()
    #expect(files.count >= 16)
    for file in files {
      let scenario = try ScenarioLoader.load(contentsOf: file)
      let again = try Self.reloaded(scenario)
      #expect(again == scenario, "\(file)")
      // Writing the reloaded scenario gives the same text: the form is a fixed point.
      #expect(again.json().serialized() == scenario.json().serialized(), "\(file)")
    }
  }

  @Test(arguments: 0..<8)
  func randomScenariosReadBackEqual(batch: Int) throws {
    for index in 0..<50 {
      let seed = UInt64(batch * 50 + index)
      var random = RandomScenario(seed: seed)
      let scenario = random.scenario()
      let again: Scenario
      do {
        again = try Self.reloaded(scenario, checksFiles: false)
      } catch {
        Issue.record("seed \(seed): \(error)\n\(scenario.json().serialized(pretty: true))")
        continue
      }
      #expect(again == scenario, "seed \(seed)")
      #expect(again.json().serialized() == scenario.json().serialized(), "seed \(seed)")
    }
  }

  /// A scenario file with one key set is written with every default spelled out, in the
  /// loader's key order: the recorded scenario no longer depends on this version's defaults.
  @Test func defaultsAreWrittenOut() throws {
    let scenario = try ScenarioLoader.load(
      data: Array(#"{"name": "n", "scroll": {"script": [{"wait": {"duration_ms": 1000}}]}}"#.utf8),
      file: "x.json", baseDirectory: "")
    let expected =
      #"{"name":"n","description":"","seed":1,"patience_ms":30000,"#
      + #""viewport":{"height_pt":852,"frame_rate_hz":60},"#
      + #""feed":{"total_items":1000,"page_size":20,"initial_page_size":20,"pagination":"cursor","#
      + #""end_signal":"flag","apply_delay_ms":16,"item_height_pt":{"uniform":{"min":80,"max":400}},"#
      + #""page_bytes":24000,"footer_height_pt":44,"placeholder_height_pt":240,"short_page_rate":0,"opens_at":"start","anchor_prepends":true},"#
      + #""network":{"rtt_ms":0,"max_concurrent_requests":6,"timeout_ms":15000,"failure_rate":0,"#
      + #""retry":{"max_attempts":1,"backoff_ms":0,"multiplier":1,"jitter":0},"outages":[],"#
      + #""coalescing":true},"#
      + #""scroll":{"physics":"ios","script":[{"wait":{"duration_ms":1000}}]},"strategies":[],"#
      + #""radio":{"model":"lte","promotion_delays_requests":false}}"#
    #expect(scenario.json().serialized() == expected)
  }

  /// A profile is recorded with the values in force after it; a trace's path goes through
  /// `tracePath`; a script of one repeated block is a `repeat`.
  @Test func profilesTracesAndRepeatedScripts() throws {
    var scenario = Scenario(
      name: "p", feed: FeedSpec(),
      network: NetworkSpec(
        rttMs: .constant(115), trace: BandwidthTraceSpec(path: "t/a.down", format: .mahimahi),
        profile: .lte),
      scroll: ScrollSpec(
        source: .script([
          .wait(durationMs: 500), .fling(velocityPtS: 900), .wait(durationMs: 500), .fling(velocityPtS: 900),
        ])))
    let network = scenario.json { "../" + $0 }["network"]
    #expect(network?["profile"]?.stringValue == "lte")
    #expect(network?["rtt_ms"]?.doubleValue == 115)
    #expect(network?["bandwidth_kbps"] == nil)
    #expect(network?["trace"]?["path"]?.stringValue == "../t/a.down")
    let script = scenario.json()["scroll"]?["script"]?.arrayValue
    #expect(script?.count == 1)
    #expect(script?.first?["repeat"]?["count"]?.doubleValue == 2)
    #expect(script?.first?["repeat"]?["script"]?.arrayValue?.count == 2)
    #expect(try Self.reloaded(scenario, checksFiles: false) == scenario)
    scenario.scroll.source = .script([
      .wait(durationMs: 500), .fling(velocityPtS: 900), .wait(durationMs: 500),
    ])
    #expect(scenario.json()["scroll"]?["script"]?.arrayValue?.count == 3)
    #expect(try Self.reloaded(scenario, checksFiles: false) == scenario)
  }

  /// Without `checksFiles` a scenario naming traces that are not at hand still loads (a report
  /// of a moved results folder); with it, the missing file is the error it always was.
  @Test func traceFilesAreCheckedUnlessAskedNotTo() throws {
    let text =
      #"{"name": "n", "network": {"trace": {"path": "gone.down", "format": "mahimahi"}}, "#
      + #""scroll": {"script": [{"wait": {"duration_ms": 1000}}]}}"#
    #expect(throws: InputError.self) {
      try ScenarioLoader.load(data: Array(text.utf8), file: "x.json", baseDirectory: "/nowhere")
    }
    let scenario = try ScenarioLoader.load(
      data: Array(text.utf8), file: "x.json", baseDirectory: "/nowhere", checksFiles: false)
    #expect(scenario.network.trace?.path == "/nowhere/gone.down")
  }
}
