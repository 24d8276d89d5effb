import Foundation
import Testing

@testable import PrefetchLab

@Suite struct ScenarioLoaderTests {
  static let designExample = """
    {
      "name": "reader-lte", "description": "Reads a screen every 4 s on LTE",
      "duration_s": 120, "seed": 1, "patience_ms": 30000,
      "viewport": { "height_pt": 852, "frame_rate_hz": 60 },
      "feed": {
        "total_items": 1000, "page_size": 20, "initial_page_size": 20,
        "pagination": "cursor", "end_signal": "flag", "apply_delay_ms": 16,
        "item_height_pt": { "uniform": { "min": 80, "max": 400 } },
        "page_bytes": 24000,
        "media_bytes": { "lognormal": { "median": 60000, "sigma": 0.8 } },
        "footer_height_pt": 44, "placeholder_height_pt": 120
      },
      "network": {
        "rtt_ms": { "lognormal": { "median": 80, "sigma": 0.5 } },
        "bandwidth_kbps": 12000,
        "max_concurrent_requests": 6, "timeout_ms": 15000
      },
      "scroll": { "physics": "ios", "script": [ { "drag": { "velocity_pt_s": 400, "duration_ms": 60000 } } ] },
      "strategies": [ "infinite_scroll", { "name": "fixed_threshold", "ratio": 0.7 } ]
    }
    """

  @Test func designExampleDecodesToTheExpectedScenario() throws {
    let scenario = try ScenarioFixture.load(Self.designExample, file: "scenarios/reader-lte.json")
    let expected = Scenario(
      name: "reader-lte", description: "Reads a screen every 4 s on LTE", durationUs: 120_000_000, seed: 1,
      patienceUs: 30_000_000, viewport: ViewportSpec(heightPt: 852, frameRateHz: 60),
      feed: FeedSpec(
        totalItems: 1000, pageSize: 20, initialPageSize: 20, pagination: .cursor, endSignal: .flag,
        applyDelayMs: .constant(16), itemHeightPt: .uniform(min: 80, max: 400), pageBytes: .constant(24_000),
        mediaBytes: .lognormal(median: 60_000, sigma: 0.8), mediaFraction: 1, footerHeightPt: 44,
        placeholderHeightPt: 120),
      network: NetworkSpec(
        rttMs: .lognormal(median: 80, sigma: 0.5), bandwidthKbps: 12_000, trace: nil,
        maxConcurrentRequests: 6,
        timeoutMs: 15_000),
      scroll: ScrollSpec(physics: .ios, source: .script([.drag(velocityPtS: 400, durationMs: 60_000)])),
      strategies: [
        StrategySpec(name: "infinite_scroll"),
        StrategySpec(name: "fixed_threshold", parameters: ["ratio": .number(0.7)]),
      ],
      sourcePath: "scenarios/reader-lte.json")
    #expect(scenario == expected)
  }

  @Test func defaultsApplyWhenOnlyRequiredKeysAreGiven() throws {
    let scenario = try ScenarioFixture.load(ScenarioFixture.text())
    #expect(scenario.description == "")
    #expect(scenario.durationUs == nil)
    #expect(scenario.seed == 1)
    #expect(scenario.patienceUs == 30_000_000)
    #expect(scenario.viewport == ViewportSpec(heightPt: 852, frameRateHz: 60))
    #expect(scenario.feed.totalItems == 1000)
    #expect(scenario.feed.pageSize == 20)
    #expect(scenario.feed.initialPageSize == 20)
    #expect(scenario.feed.pagination == .cursor)
    #expect(scenario.feed.endSignal == .flag)
    #expect(scenario.feed.applyDelayMs == .constant(16))
    #expect(scenario.feed.itemHeightPt == .uniform(min: 80, max: 400))
    #expect(scenario.feed.pageBytes == .constant(24_000))
    #expect(scenario.feed.mediaBytes == nil)
    #expect(scenario.feed.mediaFraction == 1)
    #expect(scenario.feed.footerHeightPt == 44)
    #expect(scenario.feed.placeholderHeightPt == 240)  // mean of uniform(80, 400)
    #expect(scenario.network.rttMs == .constant(0))
    #expect(scenario.network.bandwidthKbps == nil)
    #expect(scenario.network.trace == nil)
    #expect(scenario.network.maxConcurrentRequests == 6)
    #expect(scenario.network.timeoutMs == 15_000)
    #expect(scenario.scroll == ScrollSpec(physics: .ios, source: .script([.wait(durationMs: 1000)])))
    #expect(scenario.strategies.isEmpty)
    #expect(scenario.sourcePath == "scenarios/x.json")
    // Equal to the model's own defaults, so the two cannot drift apart unnoticed.
    #expect(
      scenario
        == Scenario(
          name: "t", feed: FeedSpec(), scroll: ScrollSpec(source: .script([.wait(durationMs: 1000)])),
          sourcePath: "scenarios/x.json"))
  }

  @Test func initialPageSizeDefaultsToPageSizeAndPlaceholderToMeanHeight() throws {
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([
        ("feed", #"{"page_size": 50, "item_height_pt": {"normal": {"mean": 200, "sd": 20}}}"#)
      ]))
    #expect(scenario.feed.initialPageSize == 50)
    #expect(abs(scenario.feed.placeholderHeightPt - 200) < 1e-9)
  }

  @Test func everyGestureAndOptionDecodes() throws {
    let text = ScenarioFixture.text([
      (
        "scroll",
        """
        {"physics": "android", "script": [
          {"drag": {"velocity_pt_s": -250.5, "duration_ms": 300}}, {"fling": {"velocity_pt_s": 3000}},
          {"wait": {"duration_ms": 4000}}, {"jump": {"to_pt": 0}}, {"jump": {"to_item": 999}}]}
        """
      ),
      ("duration_s", "0.5"), ("seed", "9007199254740991"), ("patience_ms", "0.0006"),
      ("viewport", #"{"frame_rate_hz": 120.0}"#),
      (
        "feed",
        #"{"pagination": "offset", "end_signal": "empty_page", "media_bytes": 1000, "media_fraction": 0.25, "total_items": 2e3, "apply_delay_ms": {"empirical": [0, 16, 33]}}"#
      ),
      ("network", #"{"rtt_ms": {"pareto": {"scale": 20, "shape": 1.5}}, "max_concurrent_requests": 1}"#),
    ])
    let scenario = try ScenarioFixture.load(text)
    #expect(scenario.scroll.physics == .android)
    #expect(
      scenario.scroll.source
        == .script([
          .drag(velocityPtS: -250.5, durationMs: 300), .fling(velocityPtS: 3000), .wait(durationMs: 4000),
          .jump(.offsetPt(0)), .jump(.item(999)),
        ]))
    #expect(scenario.durationUs == 500_000)
    #expect(scenario.seed == 9_007_199_254_740_991)
    #expect(scenario.patienceUs == 1)  // 0.6 µs rounds to the nearest µs
    #expect(scenario.viewport.frameRateHz == 120)
    #expect(scenario.feed.pagination == .offset)
    #expect(scenario.feed.endSignal == .emptyPage)
    #expect(scenario.feed.mediaBytes == .constant(1000))
    #expect(scenario.feed.mediaFraction == 0.25)
    #expect(scenario.feed.totalItems == 2000)
    #expect(scenario.feed.applyDelayMs == .empirical([0, 16, 33]))
    #expect(scenario.network.rttMs == .pareto(scale: 20, shape: 1.5))
    #expect(scenario.network.maxConcurrentRequests == 1)
  }

  @Test func heavyTailedHeightsWithCursorPaginationGetAFinitePlaceholder() throws {
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([("feed", #"{"item_height_pt": {"pareto": {"scale": 50, "shape": 1}}}"#)]))
    #expect(scenario.feed.placeholderHeightPt == 100)  // the median, 50 × 2
  }

  @Test func malformedJSONReportsLineAndColumn() {
    let text = "{\n  \"name\": \"t\",\n  \"seed\": 1 \"scroll\": {}\n}"
    #expect(
      ScenarioFixture.error(text)
        == "scenarios/x.json: line 3, column 13: expected ',' or '}' after object member")
    #expect(
      ScenarioFixture.error("{\"name\": \"t\", \"name\": \"u\"}")
        == "scenarios/x.json: line 1, column 15: duplicate key 'name' in object")
    #expect(
      ScenarioFixture.error("")
        == "scenarios/x.json: line 1, column 1: unexpected end of input; expected a value")
  }

  @Test func theDocumentMustBeAnObject() {
    #expect(
      ScenarioFixture.error("[1]") == "scenarios/x.json: must be a JSON object (a scenario), got array [1]")
  }

  @Test func mutatedInputNeverCrashes() {
    // Byte flips and truncations of a valid file: each must load or throw InputError, never trap.
    let original = Array(Self.designExample.utf8)
    var generator = SplitMix64(seed: 2024)
    let replacements = Array("{}[],:\"0123456789-+.eE \\ntfu".utf8) + [0x00, 0xFF]
    for round in 0..<1500 {
      var bytes = original
      for _ in 0..<(1 + round % 4) {
        let position = Int(generator.next() % UInt64(bytes.count))
        bytes[position] = replacements[Int(generator.next() % UInt64(replacements.count))]
      }
      if round % 5 == 0 { bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count)))) }
      do {
        _ = try ScenarioLoader.load(data: bytes, file: "f.json", baseDirectory: "")
      } catch {
        #expect(error.file == "f.json")
        #expect(!error.message.isEmpty)
      }
    }
  }
}

@Suite struct ScenarioLoaderStrategyTests {
  static let registry = StrategyRegistry.builtIn

  /// The registry's own wording of `spec`'s problem: the loader adds only the location.
  static func problem(_ spec: StrategySpec) -> String {
    do throws(StrategyError) {
      _ = try registry.configure(spec)
      return ""
    } catch {
      return error.description
    }
  }

  @Test func registryProblemsAreLocatedAtTheEntryOrItsParameter() {
    let unknown = ScenarioFixture.text([("strategies", #"["foo"]"#)])
    #expect(
      throws: InputError(
        file: "scenarios/x.json", location: "strategies[0]", message: Self.problem(StrategySpec(name: "foo")))
    ) { try ScenarioFixture.load(unknown, registry: Self.registry) }

    let badRatio = ScenarioFixture.text([
      ("strategies", #"["infinite_scroll", {"name": "fixed_threshold", "ratio": 1.5}]"#)
    ])
    let message = Self.problem(StrategySpec(name: "fixed_threshold", parameters: ["ratio": .number(1.5)]))
    #expect(message.contains("1.5"))
    do {
      _ = try ScenarioFixture.load(badRatio, registry: Self.registry)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "scenarios/x.json: strategies[1].ratio: " + message)
    }
  }

  @Test func theLoaderConfiguresEveryEntryOnceInOrder() throws {
    let text = ScenarioFixture.text([
      ("strategies", #"["infinite_scroll", {"name": "fixed_threshold", "ratio": 0.5}]"#)
    ])
    let scenario = try ScenarioFixture.load(text, registry: Self.registry)
    let configured = try #require(scenario.configuredStrategies)
    #expect(configured.map(\.label) == ["infinite_scroll", "fixed_threshold@ratio=0.5"])
    #expect(configured[1].parameters.values["ratio"] == .number(0.5))
    // A prepared scenario runs exactly what the loader configured.
    #expect(try PreparedScenario(scenario).strategies == configured)
  }

  @Test func anEmptyListConfiguresTheRegistryDefaults() throws {
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([("strategies", "[]")]), registry: Self.registry)
    #expect(scenario.strategies.isEmpty)
    #expect(scenario.configuredStrategies?.map(\.label) == Self.registry.defaultNames)
  }

  @Test func withoutARegistryAnyNameIsKeptAndNothingIsConfigured() throws {
    let scenario = try ScenarioFixture.load(ScenarioFixture.text([("strategies", #"["my_custom"]"#)]))
    #expect(scenario.strategies == [StrategySpec(name: "my_custom")])
    #expect(scenario.configuredStrategies == nil)
    // Prepared with the built-in registry, the unknown name is the entry's problem.
    #expect(throws: InputError.self) { try PreparedScenario(scenario) }
  }

  @Test func changingTheEntriesForgetsTheirConfiguration() throws {
    var scenario = try ScenarioFixture.load(
      ScenarioFixture.text([("strategies", #"["infinite_scroll"]"#)]), registry: Self.registry)
    #expect(scenario.configuredStrategies?.count == 1)
    scenario.strategies = [StrategySpec(name: "fixed_threshold", parameters: ["ratio": .number(0.25)])]
    #expect(scenario.configuredStrategies == nil)
    #expect(try PreparedScenario(scenario).strategies.map(\.label) == ["fixed_threshold@ratio=0.25"])
  }

  @Test func entriesKeepTheirTypedValues() throws {
    let text = ScenarioFixture.text([
      ("strategies", #"["a", {"name": "b", "on": true, "mode": "x", "n": 3}, {"name": "b", "n": 4}]"#)
    ])
    let expected = [
      StrategySpec(name: "a"),
      StrategySpec(name: "b", parameters: ["on": .bool(true), "mode": .string("x"), "n": .number(3)]),
      StrategySpec(name: "b", parameters: ["n": .number(4)]),
    ]
    #expect(try ScenarioFixture.load(text).strategies == expected)
  }
}

@Suite struct ScenarioLoaderFileTests {
  @Test func tracePathsResolveAgainstTheScenarioFolder() throws {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/scenarios", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder + "/traces", withIntermediateDirectories: true)
    try Data("0\n1\n".utf8).write(to: URL(fileURLWithPath: folder + "/traces/lte.log"))
    try Data("t_ms,offset_pt\n".utf8).write(to: URL(fileURLWithPath: folder + "/scenarios/user.csv"))
    let text = ScenarioFixture.text([
      ("scroll", #"{"physics": "ios_fast", "trace": {"path": "./user.csv", "format": "offset_csv"}}"#),
      ("network", #"{"trace": {"path": "../traces/lte.log", "format": "mahimahi", "loop": false}}"#),
    ])
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/scenarios/x.json"))

    let scenario = try ScenarioLoader.load(contentsOf: folder + "/scenarios/x.json")
    #expect(
      scenario.network.trace
        == BandwidthTraceSpec(path: folder + "/scenarios/../traces/lte.log", format: .mahimahi, loop: false))
    #expect(
      scenario.scroll
        == ScrollSpec(
          physics: .iosFast, source: .recorded(path: folder + "/scenarios/user.csv", format: .offsetCSV)))
    #expect(scenario.sourcePath == folder + "/scenarios/x.json")
    #expect(FileManager.default.fileExists(atPath: scenario.network.trace?.path ?? ""))
  }

  @Test func traceLoopDefaultsToTrue() throws {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/p.json"))
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([("network", #"{"trace": {"path": "p.json", "format": "periods"}}"#)]),
      baseDirectory: folder)
    #expect(
      scenario.network.trace == BandwidthTraceSpec(path: folder + "/p.json", format: .periods, loop: true))
  }

  @Test func periodsTracesCarryTheirOwnLatency() throws {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/p.json"))
    let periods = #"{"path": "p.json", "format": "periods"}"#
    #expect(
      ScenarioFixture.error(
        ScenarioFixture.text([("network", #"{"rtt_ms": 80, "trace": \#(periods)}"#)]), baseDirectory: folder)
        == "scenarios/x.json: network.rtt_ms: cannot be combined with a 'periods' trace, whose latency_ms replaces it"
    )
    let mahimahi = #"{"rtt_ms": 80, "trace": {"path": "p.json", "format": "mahimahi"}}"#
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([("network", mahimahi)]), baseDirectory: folder)
    #expect(scenario.network.rttMs == .constant(80))
    #expect(scenario.network.trace?.format == .mahimahi)
  }

  @Test func missingOrUnusableTraceFilesAreErrorsAtTheirPath() throws {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: true)
    let missing = ScenarioFixture.text([
      ("network", #"{"trace": {"path": "nope.log", "format": "mahimahi"}}"#)
    ])
    #expect(
      ScenarioFixture.error(missing, baseDirectory: folder)
        == "scenarios/x.json: network.trace.path: file not found: \(folder)/nope.log")
    #expect(
      ScenarioFixture.error(missing) == "scenarios/x.json: network.trace.path: file not found: nope.log")
    let directory = ScenarioFixture.text([("scroll", #"{"trace": {"path": "dir", "format": "offset_csv"}}"#)])
    #expect(
      ScenarioFixture.error(directory, baseDirectory: folder)
        == "scenarios/x.json: scroll.trace.path: not a regular file: \(folder)/dir")
    let device = ScenarioFixture.text([
      ("scroll", #"{"trace": {"path": "/dev/null", "format": "offset_csv"}}"#)
    ])
    #expect(
      ScenarioFixture.error(device, baseDirectory: folder)
        == "scenarios/x.json: scroll.trace.path: not a regular file: /dev/null")
  }

  @Test func scenarioFileProblemsNameTheFile() throws {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: InputError(file: folder + "/none.json", location: "", message: "file not found")) {
      try ScenarioLoader.load(contentsOf: folder + "/none.json")
    }
    #expect(throws: InputError(file: folder, location: "", message: "not a regular file")) {
      try ScenarioLoader.load(contentsOf: folder)
    }
    try Data("{\"name\": 1}".utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
    // Both problems of the file, in the order found.
    let error = #expect(throws: InputError.self) { try ScenarioLoader.load(contentsOf: folder + "/bad.json") }
    #expect(
      error?.lines == [
        folder + "/bad.json: name: must be a string, got number 1",
        folder + "/bad.json: missing required key 'scroll'",
      ])
  }

  @Test(arguments: [
    ("traces/a.log", "scenarios", "scenarios/traces/a.log"), ("./a.log", "", "a.log"),
    ("././a.log", "s", "s/a.log"), ("/abs/a.log", "scenarios", "/abs/a.log"), ("a.log", "/", "/a.log"),
    ("../a.log", "s/t", "s/t/../a.log"), ("a.log", ".", "a.log"),
  ])
  func resolvesPaths(path: String, base: String, resolved: String) {
    #expect(FileCheck.resolve(path, against: base) == resolved)
  }

  @Test(arguments: [("x.json", ""), ("/x.json", "/"), ("a/b/x.json", "a/b"), ("./x.json", ".")])
  func directoryOfAPath(path: String, directory: String) {
    #expect(FileCheck.directory(of: path) == directory)
  }
}

@Suite struct ScenarioFormatDocTests {
  /// The examples in docs/scenario-format.md must stay loadable as the format evolves.
  @Test func everyScenarioExampleInTheFormatDocLoads() throws {
    let docPath = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/scenario-format.md").path
    let doc = try String(contentsOfFile: docPath, encoding: .utf8)
    let blocks = doc.components(separatedBy: "```json\n").dropFirst()
      .compactMap { $0.components(separatedBy: "```").first }
      .filter { $0.hasPrefix("{") }
    #expect(blocks.count == 3)
    for block in blocks {
      let scenario = try ScenarioFixture.load(block, file: "docs/scenario-format.md")
      #expect(!scenario.name.isEmpty)
    }
    let realism = try ScenarioFixture.load(blocks.last ?? "", file: "doc.json")
    #expect(realism.network.profile == .threeG)
    #expect(realism.network.retry.jitter == 0.5)
    #expect(realism.cache?.memoryBytes == 20_000_000)
    #expect(realism.render?.workers == 2)
    #expect(realism.radio == RadioSpec(model: .threeG, promotionDelaysRequests: true))
    let full = try ScenarioFixture.load(blocks.first ?? "", file: "doc.json")
    #expect(full.feed.mediaFraction == 0.6)
    #expect(
      full.scroll.source
        == .script([
          .drag(velocityPtS: 400, durationMs: 1500), .fling(velocityPtS: 2500), .wait(durationMs: 4000),
          .jump(.item(200)), .jump(.offsetPt(0)),
        ]))
  }
}

@Suite struct RepeatGestureTests {
  @Test func repeatExpandsInlineAndNests() throws {
    let json = """
      {"name": "r", "scroll": {"script": [
        {"wait": {"duration_ms": 5}},
        {"repeat": {"count": 2, "script": [
          {"drag": {"velocity_pt_s": 100, "duration_ms": 10}},
          {"repeat": {"count": 2, "script": [{"fling": {"velocity_pt_s": 50}}]}}
        ]}}
      ]}}
      """
    let scenario = try ScenarioLoader.load(data: Array(json.utf8), file: "r.json", baseDirectory: "")
    let drag = Gesture.drag(velocityPtS: 100, durationMs: 10)
    let fling = Gesture.fling(velocityPtS: 50)
    #expect(
      scenario.scroll.source == .script([.wait(durationMs: 5), drag, fling, fling, drag, fling, fling]))
  }

  @Test func repeatRejectsZeroCountAndHugeExpansions() {
    func error(_ script: String) -> String {
      let json = "{\"name\": \"r\", \"scroll\": {\"script\": [\(script)]}}"
      do {
        _ = try ScenarioLoader.load(data: Array(json.utf8), file: "r.json", baseDirectory: "")
        return "no error"
      } catch {
        return error.description
      }
    }
    #expect(
      error(#"{"repeat": {"count": 0, "script": [{"wait": {"duration_ms": 1}}]}}"#).hasPrefix(
        "r.json: scroll.script[0].repeat.count: "))
    #expect(
      error(#"{"repeat": {"count": 2000000, "script": [{"wait": {"duration_ms": 1}}]}}"#)
        == "r.json: scroll.script[0].repeat.count: must be <= 1000000, got 2000000")
    #expect(
      error(
        #"{"repeat": {"count": 600000, "script": [{"wait": {"duration_ms": 1}}, {"wait": {"duration_ms": 1}}]}}"#
      )
        == "r.json: scroll.script[0].repeat.count: must be <= 500000: count × its script's 2 gestures must be "
        + "at most 1000000 gestures, got 600000 (1200000 gestures)")
    // The report's case: a count of 1000000 is allowed alone, and the message keeps it apart from
    // the gesture total it makes.
    #expect(
      error(
        #"{"repeat": {"count": 1000000, "script": [{"wait": {"duration_ms": 1}}, {"wait": {"duration_ms": 1}}]}}"#
      )
        == "r.json: scroll.script[0].repeat.count: must be <= 500000: count × its script's 2 gestures must be "
        + "at most 1000000 gestures, got 1000000 (2000000 gestures)")
    // Siblings that together pass the limit: the total shown is the one that broke it.
    #expect(
      error(
        #"{"repeat": {"count": 999999, "script": [{"wait": {"duration_ms": 1}}]}}, {"wait": {"duration_ms": 1}}, "#
          + #"{"wait": {"duration_ms": 1}}"#)
        == "r.json: scroll.script: must expand to at most 1000000 gestures, got 1000001 through [2]")
    #expect(
      error(#"{"repeat": {"count": 2, "scrpt": []}}"#).hasPrefix(
        "r.json: scroll.script[0].repeat: unknown key 'scrpt'"))
  }
}
