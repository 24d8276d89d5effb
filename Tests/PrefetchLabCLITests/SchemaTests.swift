import Foundation
import PrefetchLab
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

/// `prefetchlab schema` describes what the loader accepts: every bundled scenario and template
/// validates against it, and it rejects what the loader rejects on a sample of bad files (checked
/// with an off-the-shelf validator, Python's jsonschema, when it is installed).
@Suite struct SchemaTests {
  static let repository = #filePath.components(separatedBy: "/Tests/").first!

  /// Files the loader rejects for a reason the schema can state too.
  static let badFiles: [(name: String, json: String)] = [
    ("typo-key", scenarioJSON(["feed": #"{"page_sise": 20}"#])),
    ("page-size-zero", scenarioJSON(["feed": #"{"page_size": 0}"#])),
    ("page-size-cap", scenarioJSON(["feed": #"{"page_size": 10001}"#])),
    ("enum-case", scenarioJSON(["feed": #"{"pagination": "Cursor"}"#])),
    ("physics-case", scenarioJSON(["scroll": #"{"physics": "iOS", "model": "reader"}"#])),
    ("model-case", scenarioJSON(["scroll": #"{"model": "Flinger"}"#])),
    (
      "script-and-model",
      scenarioJSON(["scroll": #"{"model": "reader", "script": [{"wait": {"duration_ms": 5}}]}"#])
    ),
    ("mixed-key-on-reader", scenarioJSON(["scroll": #"{"model": "reader", "stay_probability": 0.5}"#])),
    ("no-source", scenarioJSON(["scroll": #"{"physics": "ios"}"#])),
    ("timeout-too-small", scenarioJSON(["network": #"{"timeout_ms": 0.0004}"#])),
    ("rtt-too-large", scenarioJSON(["network": #"{"rtt_ms": 1e16}"#])),
    ("bandwidth-too-large", scenarioJSON(["network": #"{"bandwidth_kbps": 1e300}"#])),
    (
      "rate-limit-tiny", scenarioJSON(["network": #"{"rate_limit": {"requests_per_s": 1e-300, "burst": 1}}"#])
    ),
    (
      "trace-and-bandwidth",
      scenarioJSON(["network": #"{"bandwidth_kbps": 100, "trace": {"path": "t.log", "format": "mahimahi"}}"#])
    ),
    ("fraction-without-media", scenarioJSON(["feed": #"{"media_fraction": 0.5}"#])),
    ("sigma-negative", scenarioJSON(["network": #"{"rtt_ms": {"lognormal": {"median": 80, "sigma": -1}}}"#])),
    ("uniform-without-max", scenarioJSON(["feed": #"{"item_height_pt": {"uniform": {"min": 80}}}"#])),
    ("frame-rate-fraction", scenarioJSON(["viewport": #"{"frame_rate_hz": 59.94}"#])),
    ("name-control", scenarioJSON(name: "a\\u001bb")),
    ("name-blank", scenarioJSON(name: "   ")),
    ("schema-key-nested", scenarioJSON(["feed": #"{"$schema": "x"}"#])),
    ("unknown-strategy", scenarioJSON(["strategies": #"["directional_range"]"#])),
    ("strategy-range", scenarioJSON(["strategies": #"[{"name": "fixed_threshold", "ratio": 1.5}]"#])),
    (
      "strategy-unknown-parameter",
      scenarioJSON(["strategies": #"[{"name": "fixed_threshold", "ratoi": 0.5}]"#])
    ),
    (
      "touch-without-density",
      scenarioJSON(["scroll": #"{"trace": {"path": "t.csv", "format": "touch_csv"}}"#])
    ),
    ("missing-scroll", #"{"name": "x"}"#),
  ]

  static func write(_ files: [(name: String, json: String)], into folder: String) {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, json) in files {
      _ = FileManager.default.createFile(atPath: folder + "/" + name + ".json", contents: Data(json.utf8))
    }
  }

  @Test func theLoaderRejectsEveryBadSample() {
    for (name, json) in Self.badFiles {
      let folder = ScratchFolder()
      let file = folder.write(name + ".json", json)
      #expect(runCLI(["validate", file]).status == 65, "\(name)")
    }
  }

  @Test func schemaNamesEveryKeyWithItsRule() throws {
    let result = runCLI(["schema"])
    #expect(result.status == 0)
    let schema = try JSONValue(parsing: Array(result.stdout.utf8))
    #expect(schema["$schema"] == .string(ScenarioSchema.dialect))
    let properties = try #require(schema["properties"]?.objectMembers?.map(\.key))
    #expect(properties == ["$schema"] + ScenarioDefinitions.root.keyNames + ["$comment"])
    let feed = try #require(schema["properties"]?["feed"]?["properties"])
    #expect(feed["page_size"]?["maximum"] == 10000)
    #expect(feed["page_size"]?["type"] == "integer")
    #expect(feed["page_size"]?["default"] == 20)
    #expect(feed["pagination"]?["enum"] == ["cursor", "offset"])
    #expect(schema["properties"]?["network"]?["properties"]?["timeout_ms"]?["minimum"] == 1)
    #expect(schema["$defs"]?["distribution_time_ms"] != nil)
    #expect(result.stdout.contains("\"description\": \"Round trip of each request attempt"))
  }

  static var jsonschemaInstalled: Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import jsonschema"]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

  /// In CI the validator must be there (.ci/run installs it): a missing one fails here rather than
  /// skipping the check below silently.
  @Test(.enabled(if: inCI, "not in CI: a missing jsonschema only skips the validator check"))
  func validatorIsInstalledInCI() {
    #expect(Self.jsonschemaInstalled, "pip install jsonschema (.ci/run does)")
  }

  @Test(
    .enabled(
      if: jsonschemaInstalled,
      "Python's jsonschema is not installed (pip install jsonschema): validator check skipped"))
  func anOffTheShelfValidatorAgreesWithTheLoader() throws {
    let folder = ScratchFolder()
    let schema = folder.write("scenario.schema.json", runCLI(["schema"]).stdout)
    Self.write(Self.badFiles, into: folder.path + "/bad")
    Self.write(InitTemplates.all.map { ($0.name, $0.text) }, into: folder.path + "/templates")
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Self.repository + "/scripts/check-schema.py", schema, "--valid",
      Self.repository + "/scenarios",
      folder.path + "/templates", "--invalid", folder.path + "/bad",
    ]
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    let bundled = try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/scenarios").filter {
      $0.hasSuffix(".json")
    }
    let total = bundled.count + InitTemplates.all.count + Self.badFiles.count
    #expect(text.contains("check-schema: \(total) of \(total) files as expected"), "\(text)")
  }

  /// The committed copy of the schema (docs/scenario.schema.json, for editors) is the generated one.
  @Test func committedSchemaIsCurrent() throws {
    let committed = try String(
      contentsOfFile: Self.repository + "/docs/scenario.schema.json", encoding: .utf8)
    #expect(committed == runCLI(["schema"]).stdout, "run: prefetchlab schema > docs/scenario.schema.json")
  }
}

/// `prefetchlab init` writes templates that validate and never replaces a file.
@Suite struct InitCommandTests {
  @Test(arguments: InitTemplates.all.map(\.name))
  func everyTemplateValidates(template: String) {
    let folder = ScratchFolder()
    let file = folder.path + "/new.json"
    let result = runCLI(["init", file, "--template", template])
    #expect(result.status == 0, "\(result.stderr)")
    let validate = runCLI(["validate", file])
    #expect(validate.status == 0, "\(validate.stderr)")
    #expect(validate.stdout.contains("'my-"))
  }

  /// The chat template is a chat: it opens on the newest message and keeps its position on
  /// prepends, and its strategies load older pages (a run requests more than the first page).
  @Test func chatTemplateLoadsOlderPagesTowardsTheTop() throws {
    #expect(InitTemplates.all.map(\.name) == ["feed-lte", "photo-grid-3g", "chat", "android", "carousels"])
    let folder = ScratchFolder()
    let file = folder.path + "/chat.json"
    #expect(runCLI(["init", file, "--template", "chat"]).status == 0)
    let scenario = try ScenarioLoader.load(contentsOf: file)
    #expect(scenario.feed.opensAt == .end)
    #expect(scenario.feed.anchorPrepends)
    #expect(scenario.strategies.map(\.name) == ["flatlist", "paging3", "infinite_scroll"])
    let run = runCLI(["run", file, "--no-plots", "--quiet", "--out", folder.path + "/out"])
    #expect(run.status == 0, "\(run.stderr)")
    let summary = try CSVTable(contentsOfFile: folder.path + "/out/summary.csv")
    // Three strategies × the template's 10 seeds.
    #expect(summary.count == 30)
    for row in 0..<summary.count {
      // 600 messages in pages of 30, read back for 90 s: every strategy loads older pages.
      #expect((try summary.double("page_requests", row: row) ?? 0) > 1)
    }
  }

  @Test func neverReplacesAFile() throws {
    let folder = ScratchFolder()
    let file = folder.write("mine.json", "my own words")
    let result = runCLI(["init", file])
    #expect(result.status == 64)
    #expect(result.stderr.contains("already exists; choose another name or move it away"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "my own words")
    let typo = runCLI(["init", folder.path + "/x.json", "--template", "feed-lt"])
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("(did you mean 'feed-lte'?)"))
    #expect(!folder.exists("x.json"))
  }
}
