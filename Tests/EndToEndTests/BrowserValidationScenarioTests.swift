import Foundation
import Testing

/// The scenarios the browser validation replays in headless Chromium (validation/browser/) are
/// ordinary scenario files: the simulator side of that comparison must load them, and give the
/// figures worked out by hand below, so a change that moves them shows here without a browser.
@Suite struct BrowserValidationScenarioTests {
  static let folder = Prefetchlab.packageRoot.appendingPathComponent("validation/browser")

  /// Every configuration of suite.json names a scenario of scenarios/ and one of its strategies
  /// entries that the reference feed implements; at least 12 of them, a few in the CI set.
  @Test func suiteNamesLoadableScenariosAndImplementedStrategies() throws {
    let data = try Data(contentsOf: Self.folder.appendingPathComponent("suite.json"))
    let suite = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let configurations = try #require(suite["configurations"] as? [[String: Any]])
    #expect(configurations.count >= 12)
    let ci = configurations.filter { $0["ci"] as? Bool == true }
    #expect((1...6).contains(ci.count), "the CI set must stay within its 2 minutes")
    for configuration in configurations {
      let name = try #require(configuration["scenario"] as? String)
      let index = try #require(configuration["strategy"] as? Int)
      let file = Self.folder.appendingPathComponent("scenarios/" + name)
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
      let strategies = try #require(object?["strategies"] as? [[String: Any]], "\(name)")
      try #require(strategies.indices.contains(index), "\(name) has no strategies[\(index)]")
      let strategy = strategies[index]["name"] as? String
      #expect(["intersection_observer", "fixed_threshold"].contains(strategy), "\(name)[\(index)]")
      #expect(["wait", "press"].contains(configuration["user_model"] as? String))
    }
    let validated = try Prefetchlab.run(["validate", Self.folder.appendingPathComponent("scenarios").path])
    #expect(validated.status == 0, "\(validated.out)\(validated.err)")
  }

  /// 100 px rows in pages of 10, an 800 px viewport, a 44 px footer, 300 ms + 4.8 ms of body
  /// (12 000 bytes at 20 Mbit/s), no apply delay; a 0.5 s rest, then 900 px/s. First content at
  /// 304.8 ms. Margin 0: the sentinel (top at 1000) meets the viewport's bottom at offset 200,
  /// τ = 500 + 200 / 0.9 = 722.2 ms, seen at the frame τ = 733.3 (44 frames): 1038.133. The
  /// viewport reaches the end (1000 + 44 − 800 = 244) at τ = 771.1, clock 1075.911, and waits
  /// for the page applied at 1342.933: a 267.022 ms stall. Then the sentinel at 2000 meets the
  /// bottom at offset 1200, τ = 1833.3, clock 2405.156, and the next frame on the 60 Hz grid
  /// from first content is frame 127: 304.8 + 127 / 0.06 = 2421.4667, on the engine's µs clock
  /// (frame k at ⌊k × 10⁶ / 60⌋ µs) 2421.466.
  @Test func intersectionObserverAtMarginZeroGivesTheHandComputedTimes() throws {
    let run = try runValidationScenario("web-rtt300-v900")
    defer { run.scratch.remove() }
    let events = try csvRows(run.out.appendingPathComponent("events.csv.gz")).filter(Self.isObserverSeed1)
    let issued = events.filter { $0["kind"] == "page" && $0["event"] == "issued" }.map { $0["t_ms"] ?? "" }
    let applied = events.filter { $0["kind"] == "page" && $0["event"] == "applied" }.map { $0["t_ms"] ?? "" }
    #expect(Array(issued.prefix(3)) == ["0", "1038.133", "2421.466"])
    #expect(Array(applied.prefix(2)) == ["304.8", "1342.933"])
    let timeline = try csvRows(run.out.appendingPathComponent("timeline.csv.gz")).filter(Self.isObserverSeed1)
    let firstStall = timeline.first { $0["stalled"] == "1" }
    #expect(firstStall?["t_ms"] == "1075.911")
  }

  /// Root margin 1200 px without the re-check: the sentinel intersects at the observer's first
  /// report (1000 ≤ 800 + 1200), asks for page 1 and, with the page in, still intersects at 2000
  /// (edges inclusive): no new entry, the list is stuck. The user reaches the end (2044 − 800 =
  /// 1244) at τ = 500 + 1244 / 0.9 = 1882.222 and gives up after patience_ms 4000: session
  /// 304.8 + 1882.222 + 4000 ms, two page requests. With the re-check it never stalls.
  @Test func intersectionObserverWithoutRecheckIsStuckAndAbandons() throws {
    let run = try runValidationScenario("web-rtt300-v900")
    defer { run.scratch.remove() }
    let summary = try csvRows(run.out.appendingPathComponent("summary.csv"))
    let stuck = summary.first { $0["params"] == "root_margin_px=1200,recheck_after_load=false" }
    #expect(stuck?["page_requests"] == "2")
    #expect(stuck?["abandoned"] == "1")
    #expect(stuck?["stall_ms"] == "4000")
    #expect(stuck?["session_ms"] == "6187.022")
    let rechecked = summary.first { $0["params"] == "root_margin_px=1200" }
    #expect(rechecked?["stall_count"] == "0")
  }

  /// validate.py's judgement, on a browser log made from the simulator's own figures for the
  /// margin-0 run above (requests, first content, the stalls, a 60 Hz frame clock): every row
  /// agrees and it exits 0; one request 40 ms early (over 2 frames, with no late frame to blame)
  /// fails it with exit 1. (Early: 40 ms late would fall into the stall that follows it, which
  /// trace time takes out, leaving 32.6 ms.)
  @Test(.enabled(if: Self.python3Installed, "python3 runs validate.py"))
  func validateJudgesAgreementAndDisagreement() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    func log(shiftMs: Double) -> [String: Any] {
      let requests = [0, 1038.133, 2421.466, 4804.8, 6188.133, 8571.466, 9954.8]
      var entries: [[String: Any]] = requests.enumerated().map { index, t in
        ["kind": "request", "t_ms": t + (index == 2 ? shiftMs : 0), "page": index]
      }
      entries.append(["kind": "first_content", "t_ms": 304.8, "at_ms": 304.8])
      let stalls = [(1075.911, 1342.933), (2454.044, 2726.266), (4837.377, 5109.6)]
      let more = [(6220.711, 6492.933), (8604.044, 8876.266), (9987.377, 10259.6)]
      for (start, end) in stalls + more {
        entries.append(["kind": "stall_start", "t_ms": start, "at_ms": start])
        entries.append(["kind": "stall_end", "t_ms": end, "at_ms": end])
      }
      for frame in 0..<600 {
        let t = 304.8 + Double(frame) * 1000 / 60
        entries.append(["kind": "frame", "t_ms": t, "frame_ms": t, "offset_px": 0])
      }
      entries.append(["kind": "end", "t_ms": 11432.934, "at_ms": 11432.934])
      return [
        "chromium": "none (made by a test)", "load_average_before": [0.0, 0.0, 0.0],
        "load_average_after": [0.0, 0.0, 0.0], "server_requests": [], "page_log": entries,
        "config": [
          "user_model": "wait", "rtt_ms": 300, "apply_delay_ms": 0, "bandwidth_kbps": 20000,
          "page_bytes": 12000,
        ],
      ]
    }
    for (shiftMs, expected) in [(0.0, Int32(0)), (-40, 1)] {
      let file = scratch.url.appendingPathComponent("browser-\(Int(shiftMs)).json")
      try JSONSerialization.data(withJSONObject: log(shiftMs: shiftMs)).write(to: file)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "python3", Self.folder.appendingPathComponent("validate.py").path, "--browser-json", file.path,
        "--scenario", Self.folder.appendingPathComponent("scenarios/web-rtt300-v900.json").path,
        "--strategy", "0", "--prefetchlab", Prefetchlab.executable.path,
      ]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == expected, "\(text)")
      #expect(
        text.contains(shiftMs == 0 ? "| 7 / 7 ✓ | 0.0 ✓ | 6 / 6 ✓ |" : "| 7 / 7 ✓ | 40.0 ✗ |"), "\(text)")
    }
  }

  static let python3Installed: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "--version"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  private func runValidationScenario(_ name: String) throws -> (scratch: Scratch, out: URL) {
    let scratch = try Scratch()
    let out = scratch.url.appendingPathComponent("results")
    let file = Self.folder.appendingPathComponent("scenarios/\(name).json").path
    let result = try Prefetchlab.run(["run", file, "--out", out.path, "--no-plots", "--quiet"])
    #expect(result.status == 0, "\(result.err)")
    return (scratch, out)
  }

  /// A row of the run tables from `intersection_observer` with default parameters, seed 1.
  static func isObserverSeed1(_ row: [String: String]) -> Bool {
    row["strategy"] == "intersection_observer" && row["params"] == "" && row["seed"] == "1"
  }

  /// A CSV, quoted cells unquoted, as rows keyed by the header.
  private func csvRows(_ url: URL) throws -> [[String: String]] {
    let text =
      url.pathExtension == "gz" ? try gunzipped(url.path) : try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(whereSeparator: \.isNewline).map(
      String.init)
    guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false) else { return [] }
    return lines.dropFirst().map { line in
      var fields: [String] = []
      var current = ""
      var quoted = false
      for character in line {
        if character == "\"" {
          quoted.toggle()
        } else if character == "," && !quoted {
          fields.append(current)
          current = ""
        } else {
          current.append(character)
        }
      }
      fields.append(current)
      return Dictionary(uniqueKeysWithValues: zip(header.map(String.init), fields))
    }
  }
}
