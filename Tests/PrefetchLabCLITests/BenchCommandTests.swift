import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabCLI

/// `prefetchlab bench`: what it simulates is fixed (frame counts are exact and repeat), timings
/// are reported as a spread over repetitions, and a saved run is a baseline judged with a
/// tolerance. Nothing here asserts a speed: the comparisons use baselines made 100 times faster
/// or slower than any machine, so their verdicts do not depend on the machine.
@Suite struct BenchCommandTests {
  /// One 1-second session per sample, two timed samples, no warm-up, one strategy, the stepped
  /// engine, no constant drag (its trace is not where it says).
  static let tiny = [
    "bench", "--seconds", "1", "--sessions", "1", "--repetitions", "2", "--warmup", "0", "--strategy",
    "infinite_scroll", "--engine", "stepped", "--trace", "/nonexistent/trace.json",
  ]

  /// The bundled 3G trace of the constant drag (this file is Tests/PrefetchLabCLITests/…).
  static let bundledTrace =
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path + "/" + BenchmarkSuite.constantDragTrace

  static func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

  @Test func jsonHoldsExactWorkAndOneTimingPerRepetition() throws {
    let first = runCLI(Self.tiny + ["--format", "json"])
    #expect(first.status == 0, "\(first.stderr)")
    let second = runCLI(Self.tiny + ["--format", "json"])
    let a = try Self.json(first.stdout)
    let b = try Self.json(second.stdout)
    #expect(a["tool"] == "prefetchlab")
    #expect(a["settings"] == ["seconds": 1, "sessions": 1, "repetitions": 2, "warmup": 0])
    let rows = try #require(a["results"]?.arrayValue)
    #expect(rows.count == BenchmarkSuite.cases.count)
    for (index, row) in rows.enumerated() {
      // 1 s at 60 Hz: ⌊1 × 60⌋ + 1 = 61 frames per session (docs/metrics.md, `frames`), one
      // session per sample.
      #expect(row["session_frames"] == 61)
      #expect(row["cpu_s"]?.arrayValue?.count == 2)
      // The same work both times: frame counts are part of what is compared.
      #expect(row["stepped_frames"] == b["results"]?.arrayValue?[index]["stepped_frames"])
      let spread = try #require(row["session_frames_per_s"])
      let (low, median, high) = (
        spread["min"]?.doubleValue ?? 0, spread["median"]?.doubleValue ?? 0, spread["max"]?.doubleValue ?? 0
      )
      #expect(low > 0 && low <= median && median <= high)
    }
    #expect(rows.first?["case"] == "flicker, 1000 items, pages only")
    #expect(rows.last?["case"] == "reader, 1000000 items, media")
  }

  @Test func textShowsTheSpreadAndWarnsAboutShortSamples() {
    let result = runCLI(Self.tiny)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("case  "))
    #expect(result.stdout.contains("session frames/s (min / median / max)"))
    #expect(result.stdout.contains("full frames/s (median)"))
    #expect(!result.stdout.contains("stepped frames"))
    // One engine: nothing to pair.
    #expect(!result.stdout.contains("event ÷ stepped"))
    #expect(result.stdout.contains("2 timed samples of 1 sessions of 1 s each per row, after 0 untimed"))
    #expect(result.stdout.contains("constant drag left out: its trace /nonexistent/trace.json was not found"))
    // A 60-frame sample takes well under a millisecond: far below the 10 ms floor.
    #expect(
      result.stderr.hasPrefix(
        "warning: 8 of 8 rows have samples under 10 ms of CPU, too short to time reliably"))
    #expect(result.stderr.hasSuffix("raise --sessions or --seconds\n"))
  }

  /// The constant drag with both engines: the same session (frames, session time) whichever the
  /// engine, fewer full frames with the event engine, and the rates beside the frame rates.
  @Test func constantDragRunsWithBothEngines() throws {
    let result = runCLI([
      "bench", "--seconds", "30", "--sessions", "1", "--repetitions", "1", "--warmup", "0", "--strategy",
      "fixed_threshold", "--trace", Self.bundledTrace, "--format", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let rows = try #require(try Self.json(result.stdout)["results"]?.arrayValue)
    let drag = rows.filter { $0["case"]?.stringValue?.hasPrefix("constant drag") == true }
    #expect(rows.count == 2 * (BenchmarkSuite.cases.count + 1))
    try #require(drag.count == 2)
    #expect(drag.map { $0["engine"]?.stringValue } == ["stepped", "event"])
    // 30 s of trace at 240 Hz: 7 200 moving frames, each computed by the stepped engine (more
    // session frames if the user stalled: the frames of a stall are skipped by both).
    let steppedFrames = try #require(drag[0]["stepped_frames"]?.doubleValue)
    #expect(drag[0]["session_frames"] == drag[1]["session_frames"])
    #expect(steppedFrames >= 7_200 && steppedFrames <= drag[0]["session_frames"]?.doubleValue ?? 0)
    #expect((drag[1]["stepped_frames"]?.doubleValue ?? .infinity) * 10 < steppedFrames)
    #expect(drag[0]["session_s"] == drag[1]["session_s"] && drag[0]["events"] == drag[1]["events"])
    #expect((drag[1]["events_per_s"]?["median"]?.doubleValue ?? 0) > 0)
    #expect((drag[1]["session_s_per_cpu_s"]?["median"]?.doubleValue ?? 0) > 0)
    // Every case measured with both engines has its paired speed-up, one ratio per repetition.
    let paired = try #require(try Self.json(result.stdout)["event_over_stepped"]?.arrayValue)
    #expect(paired.count == BenchmarkSuite.cases.count + 1)
    #expect(paired.allSatisfy { $0["session_frames_per_s_ratios"]?.arrayValue?.count == 1 })
    #expect(paired.last?["case"] == drag[0]["case"] && paired.last?["strategy"] == "fixed_threshold")
  }

  /// With no --strategy the constant drag also runs with the lead its speed target names (10 rows,
  /// Paging 3's prefetch distance), after the default strategies; the other cases do
  /// not, and a named --strategy replaces it with the strategies named.
  @Test func constantDragAddsTheTargetsLeadStrategyByDefault() throws {
    let registry = StrategyRegistry.builtIn
    let small = ["bench", "--seconds", "2", "--sessions", "1", "--repetitions", "1", "--warmup", "0"]
    let result = runCLI(
      small + ["--engine", "event", "--user", "constant-drag", "--user", "reader"]
        + ["--trace", Self.bundledTrace, "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let rows = try #require(try Self.json(result.stdout)["results"]?.arrayValue)
    func strategies(_ prefix: String) -> [String] {
      rows.filter { $0["case"]?.stringValue?.hasPrefix(prefix) == true }.compactMap {
        $0["strategy"]?.stringValue
      }
    }
    let lead = try registry.configure(StrategyRegistry.parseSpec(BenchmarkSuite.constantDragLeadStrategy))
    #expect(lead.label == "paging3@prefetch_distance=10")
    #expect(strategies("constant drag") == registry.defaultNames + [lead.label])
    #expect(strategies("reader, 1000 items, pages only") == registry.defaultNames)
    let named = runCLI(
      small + ["--engine", "event", "--user", "constant-drag", "--trace", Self.bundledTrace]
        + ["--strategy", "fixed_threshold", "--format", "json"])
    #expect(named.status == 0, "\(named.stderr)")
    let namedRows = try #require(try Self.json(named.stdout)["results"]?.arrayValue)
    #expect(namedRows.compactMap { $0["strategy"]?.stringValue } == ["fixed_threshold"])
  }

  /// --user keeps only the named users' cases, in the suite's order; an unknown user is a usage
  /// error, and the missing trace is not mentioned when the constant drag was not asked for.
  @Test func userOptionKeepsOnlyThoseCases() throws {
    let both = runCLI(Self.tiny + ["--user", "reader", "--user", "constant-drag", "--format", "json"])
    #expect(both.status == 0, "\(both.stderr)")
    let rows = try #require(try Self.json(both.stdout)["results"]?.arrayValue)
    // The trace is missing, so only the reader's four cases are left.
    #expect(
      rows.compactMap { $0["case"]?.stringValue }.map { $0.prefix(7) }
        == Array(repeating: "reader,", count: 4))
    let flicker = runCLI(Self.tiny + ["--user", "flicker"])
    #expect(flicker.status == 0)
    #expect(!flicker.stdout.contains("constant drag left out"))
    #expect(flicker.stdout.components(separatedBy: "\nflicker, ").count == 5)
    // The constant drag alone with its trace missing measures nothing: bad input, not an empty
    // table (nor, with --format json, an empty baseline) and exit 0.
    for format in ["text", "json"] {
      let alone = runCLI(Self.tiny + ["--user", "constant-drag", "--format", format])
      #expect(alone.status == 65 && alone.stdout.isEmpty, "\(alone.stdout)")
      #expect(
        alone.stderr.hasPrefix(
          "Error: /nonexistent/trace.json: the constant drag's bandwidth trace file not found, and no other case "
            + "is asked for"), "\(alone.stderr)")
    }
    // With --format json the note goes beside the warnings: stdout stays parseable.
    #expect(both.stderr.contains("constant drag left out: its trace /nonexistent/trace.json was not found"))
    // A trace that is there but is not a Sabre periods file: named as bench's --trace.
    let folder = ScratchFolder()
    let notATrace = folder.write("t.json", "root:x:0:0\n")
    let garbled = runCLI(
      Self.tiny.dropLast(2) + [
        "--trace", notATrace, "--user", "constant-drag", "--strategy", "fixed_threshold",
      ])
    #expect(garbled.status == 65)
    #expect(garbled.stderr.hasPrefix("Error: --trace: \(notATrace): "), "\(garbled.stderr)")
    let bad = runCLI(Self.tiny + ["--user", "scroller"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("expected flicker, reader or constant-drag"), "\(bad.stderr)")
  }

  @Test func spreadIsMinMedianMax() {
    let odd = BenchmarkReport.Spread([3, 1, 2])
    #expect([odd.min, odd.median, odd.max] == [1, 2, 3])
    let even = BenchmarkReport.Spread([4, 1, 3, 2])
    #expect([even.min, even.median, even.max] == [1, 2.5, 4])
  }

  /// A baseline whose every sample took 1/100 of the time: every row is a regression (exit 2,
  /// each named); 100 times the time: every row is faster (exit 0).
  @Test func baselineComparisonExitsTwoOnRegressionAndNamesTheRows() throws {
    let folder = ScratchFolder()
    let saved = runCLI(Self.tiny + ["--format", "json"])
    let scaled: (Double) throws -> String = { factor in
      let value = try Self.json(saved.stdout)
      return Self.scaleCPU(value, by: factor).serialized()
    }
    let fast = folder.write("fast.json", try scaled(0.01))
    let slow = folder.write("slow.json", try scaled(100))
    let regressed = runCLI(Self.tiny + ["--baseline", fast])
    #expect(regressed.status == 2, "\(regressed.stdout)")
    #expect(regressed.stdout.contains("  slower: flicker, 1000 items, media / infinite_scroll / stepped: "))
    #expect(
      regressed.stdout.contains(
        "FAIL: 8 rows are slower than the baseline by more than 10 % (of 8 rows compared)"))
    let faster = runCLI(Self.tiny + ["--baseline", slow, "--tolerance-percent", "5"])
    #expect(faster.status == 0, "\(faster.stdout)")
    #expect(faster.stdout.contains("  faster: reader, 1000 items, pages only / infinite_scroll / stepped: "))
    #expect(faster.stdout.contains("PASS: 8 rows within 5 % of the baseline or faster"))
    // With --format json the JSON stays alone on stdout; the verdict goes to stderr.
    let json = runCLI(Self.tiny + ["--format", "json", "--baseline", fast])
    #expect(json.status == 2)
    #expect(try Self.json(json.stdout)["results"]?.arrayValue?.count == 8)
    #expect(json.stderr.contains("FAIL: 8 rows are slower"))
  }

  @Test func comparisonJudgesTheMedianAgainstTheTolerance() {
    func report(_ rows: [(String, Int, [Double])], seconds: Int = 600) -> BenchmarkReport {
      BenchmarkReport(
        version: "0.1.0", settings: .init(seconds: seconds, sessions: 40, repetitions: 3, warmup: 1),
        peakMemoryBytes: 1,
        rows: rows.map {
          BenchmarkReport.Row(
            caseLabel: "c", strategy: $0.0, sessionFrames: 1_000_000, fullFrames: $0.1, cpuSeconds: $0.2)
        })
    }
    // Medians: 1.0 s → 1 M frames/s in the baseline.
    let baseline = report([
      ("same", 10, [0.9, 1.0, 1.2]), ("slower", 10, [1.0, 1.0, 1.0]), ("faster", 10, [1.0, 1.0, 1.0]),
      ("changed", 10, [1.0, 1.0, 1.0]), ("gone", 10, [1.0, 1.0, 1.0]),
    ])
    let current = report([
      // Median 1.05 s: 4.8 % slower, within 10 % although one sample is far off.
      ("same", 10, [1.05, 3.0, 0.5]),
      // Median 1.2 s: 16.7 % slower.
      ("slower", 10, [1.2, 1.1, 1.3]),
      ("faster", 10, [0.5, 0.5, 0.5]),
      ("changed", 11, [1.0, 1.0, 1.0]),
      ("new", 10, [1.0, 1.0, 1.0]),
    ])
    let comparison = BenchmarkComparison(
      current: current, baseline: baseline, tolerancePercent: 10, baselineLabel: "b.json")
    #expect(comparison.compared.map(\.verdict) == [.within, .regression, .improvement])
    #expect(comparison.regressions.map(\.key) == ["c / slower / stepped"])
    let expectedChange: Double = (1.0 / 1.2 - 1) * 100
    let change: Double = comparison.regressions.first?.changePercent ?? 0
    #expect(abs(change - expectedChange) < 1e-9)
    #expect(comparison.differentWork.map(\.key) == ["c / changed / stepped"])
    #expect(comparison.onlyInBaseline == ["c / gone / stepped"])
    #expect(comparison.onlyInCurrent == ["c / new / stepped"])
    #expect(comparison.status == 2)
    #expect(comparison.text.contains("  slower: c / slower / stepped: 1 M → 0.83 M (-16.7 %)\n"))
    #expect(
      comparison.text.contains(
        "  not comparable: c / changed / stepped: 10 frames computed in full in the baseline, 11 now"))
    // Without the regression, other work alone is status 3; other settings make every row other work.
    let quiet = BenchmarkComparison(
      current: report([("changed", 11, [1.0])]), baseline: baseline, tolerancePercent: 10,
      baselineLabel: "b.json")
    #expect(quiet.status == 3)
    let longer = BenchmarkComparison(
      current: report([("same", 10, [1.0])], seconds: 60), baseline: baseline, tolerancePercent: 10,
      baselineLabel: "b")
    #expect(longer.differentWork.first?.reason == "sessions of 600 s × 40 in the baseline, 60 s × 40 now")
  }

  /// The table says "full frames"; the JSON keeps `stepped_frames` and `stepped_frames_per_s`, so
  /// a file saved by an earlier build loads with its full frames, and one saved now loads back.
  @Test func fullFramesKeepTheirJSONKeys() throws {
    let report = BenchmarkReport(
      version: "0.1.0", settings: .init(seconds: 1, sessions: 1, repetitions: 2, warmup: 0),
      peakMemoryBytes: 1,
      rows: [
        BenchmarkReport.Row(
          caseLabel: "c", strategy: "s", engine: "event", sessionFrames: 60, fullFrames: 12,
          cpuSeconds: [0.5, 0.25])
      ])
    let row = try #require(report.json["results"]?.arrayValue?.first)
    #expect(row["stepped_frames"]?.doubleValue == 12)
    #expect(row["stepped_frames_per_s"]?["median"]?.doubleValue == 36)
    #expect(report.text.contains("full frames/s (median)"))
    let folder = ScratchFolder()
    let saved = folder.write("now.json", report.json.serialized(pretty: false))
    #expect(try BenchmarkReport(contentsOf: saved) == report)
    let earlier = folder.write(
      "earlier.json",
      #"{"tool": "prefetchlab", "version": "0.1.0", "format": 1, "settings": {"seconds": 1, "sessions": 1, "repetitions": 1, "warmup": 0}, "peak_memory_bytes": 1, "results": [{"case": "c", "strategy": "s", "session_frames": 60, "stepped_frames": 7, "cpu_s": [0.5]}]}"#
    )
    #expect(try BenchmarkReport(contentsOf: earlier).rows.map(\.fullFrames) == [7])
  }

  @Test func badBaselinesAndOptions() {
    let folder = ScratchFolder()
    let notBench = folder.write("manifest.json", #"{"tool": "prefetchlab", "format": 2}"#)
    let result = runCLI(Self.tiny + ["--baseline", notBench])
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix("Error: \(notBench): format: format 2 is not one this prefetchlab reads (1)"),
      "\(result.stderr)")
    let badCPU = folder.write(
      "b.json",
      #"{"tool": "prefetchlab", "version": "0.1.0", "format": 1, "settings": {"seconds": 1, "sessions": 1, "repetitions": 1, "warmup": 0}, "peak_memory_bytes": 1, "results": [{"case": "c", "strategy": "s", "session_frames": 60, "stepped_frames": 60, "cpu_s": [0]}]}"#
    )
    let zero = runCLI(Self.tiny + ["--baseline", badCPU])
    #expect(zero.status == 65)
    #expect(
      zero.stderr.hasPrefix("Error: \(badCPU): results[0].cpu_s[0]: must be a number > 0"), "\(zero.stderr)")
    let duplicated = folder.write(
      "d.json",
      #"{"tool": "prefetchlab", "version": "0.1.0", "format": 1, "settings": {"seconds": 1, "sessions": 1, "repetitions": 1, "warmup": 0}, "peak_memory_bytes": 1, "results": [{"case": "c", "strategy": "s", "session_frames": 60, "stepped_frames": 60, "cpu_s": [1]}, {"case": "c", "strategy": "s", "engine": "event", "session_frames": 60, "stepped_frames": 6, "cpu_s": [1]}, {"case": "c", "strategy": "s", "engine": "stepped", "session_frames": 60, "stepped_frames": 60, "cpu_s": [2]}]}"#
    )
    // A row without an engine is a stepped one (files from before the engines had names).
    let twice = runCLI(Self.tiny + ["--baseline", duplicated])
    #expect(twice.status == 65)
    #expect(
      twice.stderr.hasPrefix(
        "Error: \(duplicated): results[2]: repeats results[0] (the same case, strategy and engine)"),
      "\(twice.stderr)")
    #expect(runCLI(Self.tiny + ["--baseline", folder.path + "/none.json"]).status == 65)
    #expect(
      runCLI(Self.tiny + ["--tolerance-percent", "5"]).stderr.hasPrefix(
        "Error: --tolerance-percent needs --baseline"))
    #expect(runCLI(Self.tiny + ["--format", "csv"]).status == 64)
    #expect(runCLI(Self.tiny + ["--warmup", "-1"]).status == 64)
    #expect(runCLI(Self.tiny + ["--sessions", "0"]).status == 64)
  }

  /// `value` with every `cpu_s` entry multiplied by `factor`.
  static func scaleCPU(_ value: JSONValue, by factor: Double) -> JSONValue {
    guard case .object(let members) = value else { return value }
    return .object(
      members.map { member in
        if member.key == "results", case .array(let rows) = member.value {
          return (
            member.key,
            .array(
              rows.map { row in
                guard case .object(let fields) = row else { return row }
                return .object(
                  fields.map { field in
                    field.key == "cpu_s"
                      ? (
                        field.key,
                        .array(
                          (field.value.arrayValue ?? []).map { JSONValue(($0.doubleValue ?? 0) * factor) })
                      )
                      : field
                  })
              })
          )
        }
        return member
      })
  }
}
