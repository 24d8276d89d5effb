import Foundation
import Testing

@testable import PrefetchLab
@testable import PrefetchLabCLI

/// The repository's scenarios folder, found from this file's path.
let bundledScenarios: String = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("scenarios").path

let modelScenarios = UserModelName.allCases.map { "user-\($0.rawValue).json" } + ["touch-replay.json"]

private func temporaryFolder() throws -> String {
  let path = FileManager.default.temporaryDirectory.path + "/prefetchlab-trace-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

@Suite struct TraceCommandTests {
  static func trace(_ arguments: [String]) -> (status: Int32, terminal: RecordingTerminal) {
    let terminal = RecordingTerminal()
    let status = CommandLineTool.main(["trace"] + arguments, terminal: terminal, environment: Gnuplot.absent)
    return (status, terminal)
  }

  @Test func sameSeedSameBytesOtherSeedOtherTrace() {
    let file = bundledScenarios + "/user-mixed.json"
    let first = Self.trace([file, "--seed", "5"])
    let again = Self.trace([file, "--seed", "5"])
    let other = Self.trace([file, "--seed", "6"])
    #expect(first.status == 0)
    #expect(first.terminal.stdout.hasPrefix("t_ms,offset_pt,velocity_pt_s,phase,projected_target_pt\r\n"))
    #expect(first.terminal.stdout == again.terminal.stdout)
    #expect(first.terminal.stdout != other.terminal.stdout)
    // Every 60 Hz frame of 120 s, plus the header.
    #expect(first.terminal.stdout.split(separator: "\r\n").count == 7201 + 1)
  }

  /// The touch fixture at 250 ms spacing: the first drag moves 24 px per 16 ms at density 3
  /// (500 pt/s) from 500 ms (trace time 0) and stops at 200 pt.
  @Test func touchReplayTraceStartsWithTheRecordedDrag() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let out = folder + "/trace.csv"
    let result = Self.trace([bundledScenarios + "/touch-replay.json", "--interval-ms", "250", "--out", out])
    #expect(result.status == 0)
    #expect(result.terminal.stdout.isEmpty)
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\r\n")
    #expect(lines[1] == "0,0,500,dragging,0")
    #expect(lines[2] == "250,125,500,dragging,125")
    #expect(lines[3] == "500,200,0,idle,200")
    #expect(lines.count == 1 + 121)
  }

  /// A trace is reusable as an offset_csv recording: replaying it gives the same offsets.
  @Test func traceOutputReplaysAsOffsetCSV() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let out = folder + "/trace.csv"
    #expect(
      Self.trace([bundledScenarios + "/user-reader.json", "--out", out, "--interval-ms", "100"]).status == 0)
    let recorded = try RecordedScroll.load(path: out)
    var replay = recorded
    let rows = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\r\n").dropFirst()
    for row in rows.prefix(200) {
      let fields = row.split(separator: ",")
      let timeUs = Int64((Double(fields[0])! * 1000).rounded())
      let sample = replay.sample(
        atTraceUs: timeUs,
        environment: LoadedFeed(
          scenario: Scenario(name: "x", feed: FeedSpec(), scroll: ScrollSpec(source: .script([]))), seed: 1))
      #expect(abs(sample.intentOffsetPt - Double(fields[1])!) < 1e-9)
    }
  }

  @Test func malformedTouchRowExits65WithFileAndLine() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "t_ms,action,y_px\n0,down,10\n5,hover,12\n".write(
      toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
    let scenario =
      #"{"name": "t", "scroll": {"trace": {"path": "t.csv", "format": "touch_csv", "density": 3}}}"#
    try scenario.write(toFile: folder + "/s.json", atomically: true, encoding: .utf8)
    let result = Self.trace([folder + "/s.json"])
    #expect(result.status == 65)
    #expect(
      result.terminal.stderr
        == "Error: \(folder)/s.json: scroll.trace.path: \(folder)/t.csv: line 3: action must be one of down, move, up, got 'hover' (did you mean 'move'?)\n"
    )
    let run = RecordingTerminal()
    #expect(
      CommandLineTool.main(
        ["run", folder + "/s.json", "--out", folder + "/r"], terminal: run, environment: Gnuplot.absent) == 65
    )
  }

  @Test func badOptionsAreUsageErrors() {
    #expect(Self.trace([bundledScenarios + "/user-reader.json", "--interval-ms", "-1"]).status == 64)
    #expect(Self.trace([bundledScenarios]).status == 65)
  }
}

/// Every bundled synthetic-user and touch scenario runs through `prefetchlab run` for every
/// built-in strategy.
@Suite struct BundledUserScenarioTests {
  @Test func modelScenariosRunForAllStrategies() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let terminal = RecordingTerminal()
    let files = modelScenarios.map { bundledScenarios + "/" + $0 }
    let status = CommandLineTool.main(
      ["run"] + files + [
        "--out", folder + "/out", "--seeds", "1", "--no-plots", "--timeline-interval-ms", "0",
      ],
      terminal: terminal, environment: Gnuplot.absent)
    #expect(status == 0, "\(terminal.stderr)")
    let summary = try String(contentsOfFile: folder + "/out/summary.csv", encoding: .utf8)
    let rows = summary.split(separator: "\r\n").dropFirst()
    let strategies = StrategyRegistry.builtIn.defaultNames
    #expect(rows.count == modelScenarios.count * strategies.count)
    for file in modelScenarios {
      let name = String(file.dropLast(5))
      for strategy in strategies {
        #expect(rows.contains { $0.hasPrefix("\(name),\(strategy),") })
      }
    }
  }
}
