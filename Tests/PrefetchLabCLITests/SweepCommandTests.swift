import Foundation
import PrefetchLab
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

/// `sweep`, `run --population` and `compare --pair` in-process, without gnuplot.
@Suite struct SweepCommandTests {
  @Test(arguments: [
    (
      ["sweep", "x.json", "--strategy", "fixed_threshold"],
      "Error: Missing expected argument '--vary <param=values> ...'"
    ),
    (
      ["sweep", "x.json", "--strategy", "fixed_threshold", "--vary", "ratio=2"],
      "Error: The value 'ratio=2' is invalid for '--vary <param=values>': fixed_threshold.ratio must be in 0...1, got 2"
    ),
    (
      ["sweep", "x.json", "--strategy", "fixed_threshold:ratio=0.5", "--vary", "ratio=0.1,0.2"],
      "Error: The value 'ratio=0.1,0.2' is invalid for '--vary <param=values>': ratio is also fixed"
    ),
    (
      ["sweep", "x.json", "--strategy", "nope", "--vary", "ratio=0.1"],
      "Error: The value 'nope' is invalid for '--strategy <strategy>': unknown strategy 'nope'"
    ),
    (
      ["sweep", "x.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.1", "--x", "items_seen"],
      "Error: The value 'items_seen' is invalid for '--x <metric>': a descriptive metric (no better direction)"
    ),
    (
      ["sweep", "x.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.1", "--y", "stall"],
      "Error: The value 'stall' is invalid for '--y <metric>': not a metric; 'prefetchlab metrics' lists them"
    ),
    (
      ["sweep", "x.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.1", "--x", "stall_ms"],
      "Error: --x and --y name the same metric: a trade-off needs two"
    ),
    // A second --strategy used to replace the first without a word.
    (
      ["sweep", "x.json", "--strategy", "fixed_threshold", "--strategy", "paging3", "--vary", "ratio=0.1"],
      "Error: '--strategy <strategy>' is given 2 times (fixed_threshold; paging3), but takes one value: sweep "
        + "varies one strategy; give it once, the values that differ in --vary and any other strategy as "
        + "--reference\n"
    ),
    (
      [
        "sweep", "x.json", "--strategy", "fixed_threshold:ratio=0.2", "--strategy",
        "fixed_threshold@ratio=0.4",
        "--vary", "guard_in_flight=true,false",
      ],
      "Error: '--strategy <strategy>' is given 2 times (fixed_threshold:ratio=0.2; fixed_threshold@ratio=0.4), "
        + "but takes one value: sweep varies one strategy; give it once, the values that differ in --vary and "
        + "any other strategy as --reference\n"
    ),
    (
      [
        "sweep", "x.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.1", "--reference",
        "fixed_threshold:ratio=0.1",
      ],
      "Error: The value 'fixed_threshold:ratio=0.1' is invalid for '--reference <strategy>': "
        + "fixed_threshold:ratio=0.1 is the grid's setting ratio=0.1, run already (a reference adds another "
        + "strategy)"
    ),
    (
      [
        "sweep", "x.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.1", "--reference",
        "paging3:prefetch_distance=20", "--reference", "paging3@prefetch_distance=20",
      ],
      "Error: The value 'paging3@prefetch_distance=20' is invalid for '--reference <strategy>': the same "
        + "strategy as --reference paging3:prefetch_distance=20: give it once"
    ),
    (
      [
        "sweep", "x.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.1", "--reference", "paging3",
        "--reference", "paging3:prefetch_distance=page_size",
      ],
      "Error: The value 'paging3:prefetch_distance=page_size' is invalid for '--reference <strategy>': the same "
        + "strategy as --reference paging3 (parameters given at their defaults run the same strategy): give it once"
    ),
    (
      ["sweep", "x.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.1", "--reference", "oracel"],
      "Error: The value 'oracel' is invalid for '--reference <strategy>': unknown strategy 'oracel'"
    ),
    (
      [
        "sweep", "x.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.1", "--reference",
        "paging3:nope=1",
      ],
      "Error: The value 'paging3:nope=1' is invalid for '--reference <strategy>': unknown parameter 'nope' "
        + "for paging3; valid: "
    ),
  ])
  func usageErrorsExit64(arguments: [String], message: String) {
    let result = runCLI(arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  /// A sweep of `tiny.json`, written into `folder`, with `arguments` after the scenario; the
  /// results go to the folder's `sweep`.
  func sweepTiny(in folder: ScratchFolder, _ arguments: [String]) -> (
    result: (status: Int32, stdout: String, stderr: String), scenario: String, out: String
  ) {
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.path + "/sweep"
    return (runCLI(["sweep", scenario] + arguments + ["--out", out]), scenario, out)
  }

  /// A two-setting sweep over two seeds: four rows, the default's params empty, the sweep in the
  /// manifest; the folder reports, and `check` re-runs it from the manifest alone.
  @Test func aSweepIsAnOrdinaryResultsFolder() throws {
    let folder = ScratchFolder()
    let (result, scenario, out) = sweepTiny(
      in: folder,
      [
        "--strategy", "fixed_threshold", "--vary", "ratio=0.3,0.7", "--seeds", "1-2", "--quiet",
        "--timeline-interval-ms", "0",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains("4 runs written to \(out)"))
    #expect(
      result.stdout.contains(
        "Trade-off of stall_ms against wasted_bytes (means over seeds; share of seed resamples in which each "
          + "stays optimal):\n  tiny: Pareto-optimal "))
    let results = try ResultsFolder(path: out)
    #expect(results.rows.map(\.key.params) == ["ratio=0.3", "ratio=0.3", "", ""])
    let manifest = try #require(results.manifest)
    #expect(manifest.sweep?.settings.map(\.params) == ["ratio=0.3", ""])
    #expect(manifest.sweep?.axes.first?.values == [.number(0.3), .number(0.7)])
    #expect(
      manifest.command.prefix(6) == [
        "sweep", scenario, "--strategy", "fixed_threshold", "--vary", "ratio=0.3,0.7",
      ])
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    #expect(report.contains("### Sweep of fixed\\_threshold over ratio"))
    #expect(report.contains("| `ratio=0.7` |"))
    let check = runCLI(["check", "--baseline", out, "--fail-on-any-change"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("PASS: 4 runs"))
  }

  /// References run beside the grid on the same seeds: their rows are in summary.csv, the manifest
  /// records them (and `check` re-runs them), the report lists them under the settings and the
  /// headroom line, which needs infinite_scroll and oracle, gives each setting its share.
  @Test func referencesRunBesideTheGrid() throws {
    let folder = ScratchFolder()
    let (result, scenario, out) = sweepTiny(
      in: folder,
      [
        "--strategy", "fixed_threshold", "--vary", "ratio=0.3,0.7", "--seeds", "1-2",
        "--reference", "infinite_scroll", "--reference", "oracle", "--quiet",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("8 runs written to \(out)"))
    let results = try ResultsFolder(path: out)
    #expect(
      results.rows.map(\.key.strategyLabel) == [
        "fixed_threshold:ratio=0.3", "fixed_threshold:ratio=0.3", "fixed_threshold", "fixed_threshold",
        "infinite_scroll", "infinite_scroll", "oracle", "oracle",
      ])
    let manifest = try #require(results.manifest)
    #expect(manifest.sweep?.settings.count == 2)
    #expect(
      manifest.strategiesGiven.map(\.name) == [
        "fixed_threshold", "fixed_threshold", "infinite_scroll", "oracle",
      ])
    #expect(manifest.command.contains("--reference"))
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    #expect(report.contains("| `infinite_scroll` |"))
    #expect(report.contains("| reference |"))
    #expect(report.contains("**Headroom** (share of the gap"))
    #expect(report.contains("fixed\\_threshold:ratio=0.3 "))
    let check = runCLI(["check", "--baseline", out, "--fail-on-any-change"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("PASS: 8 runs"))
    // Without them the headroom line says how to get it in a sweep's own terms.
    let alone = folder.path + "/alone"
    let plain = runCLI([
      "sweep", scenario, "--strategy", "fixed_threshold", "--vary", "ratio=0.3", "--out", alone, "--quiet",
    ])
    #expect(plain.status == 0, "\(plain.stderr)")
    let aloneReport = try String(contentsOfFile: alone + "/report.md", encoding: .utf8)
    #expect(
      aloneReport.contains(
        "(run the sweep again adding --reference infinite\\_scroll --reference oracle (default parameters)).")
    )
    #expect(try ResultsFolder(path: alone).manifest?.strategiesGiven.map(\.name) == ["fixed_threshold"])
  }

  /// The headroom line wants infinite_scroll and oracle with default parameters: a reference
  /// with others does not count, and when infinite_scroll is the swept strategy (no --reference
  /// may name it) its default setting must be in the grid. The advice says which applies.
  @Test(arguments: [
    (
      ["--strategy", "fixed_threshold", "--vary", "ratio=0.3", "--reference", "infinite_scroll:media=nuke"],
      "(run the sweep again adding --reference infinite\\_scroll --reference oracle (default parameters))."
    ),
    (
      ["--strategy", "infinite_scroll", "--vary", "media_lookahead_rows=5", "--reference", "oracle"],
      "(run the sweep again with each varied parameter's default among its --vary values)."
    ),
    (
      ["--strategy", "infinite_scroll:media=nuke", "--vary", "media_lookahead_rows=5,10"],
      "(run the sweep again adding --reference oracle (default parameters), and with each varied "
        + "parameter's default among its --vary values and no parameter fixed in --strategy)."
    ),
  ])
  func headroomAdviceFitsTheSweep(arguments: [String], advice: String) throws {
    let folder = ScratchFolder()
    let (result, _, out) = sweepTiny(in: folder, arguments + ["--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    #expect(report.contains(advice), "\(report)")
  }

  @Test func populationRunsRankTheStrategies() throws {
    let folder = ScratchFolder()
    folder.write("s/lte.json", scenarioJSON(name: "lte"))
    folder.write("s/wifi.json", scenarioJSON(name: "wifi", ["network": #"{"rtt_ms": 20}"#]))
    let population = folder.write(
      "mix.json",
      #"{"name": "mix", "segments": [{"name": "on LTE", "weight": 3, "scenario": "s/lte.json"}, "#
        + #"{"name": "on Wi-Fi", "weight": 1, "scenario": "s/wifi.json", "user": "flinger"}]}"#)
    let out = folder.path + "/out"
    let result = runCLI([
      "run", "--population", population, "--seeds", "1-2", "--strategy", "infinite_scroll", "--strategy",
      "directional_ranges", "--out", out, "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains("Population 'mix': on LTE 75 %, on Wi-Fi 25 %; sessions weighted by segment\n"))
    #expect(result.stdout.contains("rank  strategy"))
    let results = try ResultsFolder(path: out)
    #expect(Set(results.rows.map(\.key.scenario)) == ["lte", "wifi+flinger"])
    #expect(results.manifest?.population?.segments.map(\.scenario) == ["lte", "wifi+flinger"])
    #expect(results.manifest?.population?.file == "../mix.json")
    #expect(results.manifest?.sources == ["../mix.json"])
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    #expect(report.contains("## Population mix"))
    #expect(report.contains("| rank | strategy | stall\\_ms mean |"))
    let check = runCLI(["check", "--baseline", out, "--fail-on-any-change"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("Fingerprint: matches"))
  }

  @Test func populationUsageAndInputErrors() {
    let folder = ScratchFolder()
    folder.write("s/lte.json", scenarioJSON(name: "lte"))
    let bad = folder.write(
      "bad.json", #"{"name": "mix", "segments": [{"name": "a", "weight": -1, "scenario": "s/lte.json"}]}"#)
    let result = runCLI(["run", "--population", bad, "--out", folder.path + "/out"])
    #expect(result.status == 65)
    #expect(result.stderr == "Error: \(bad): segments[0].weight: must be > 0, got -1\n")
    #expect(!folder.exists("out"))
    let neither = runCLI(["run", "--out", folder.path + "/out"])
    #expect(neither.status == 64)
    #expect(
      neither.stderr.hasPrefix("Error: Missing expected argument '<scenarios> ...' (or --population FILE"))
    let both = runCLI(["run", folder.path + "/s/lte.json", "--population", bad])
    #expect(both.status == 64)
    #expect(both.stderr.hasPrefix("Error: --population runs the scenarios its segments name"))
  }

  /// The segments' scenarios get the checks scenario arguments get, all before anything runs:
  /// a strategy that breaks a rule with one segment's feed and a `--strategy` that breaks it
  /// with every segment's are all named (they used to stop at the first).
  @Test func populationNamesEverySegmentsProblem() {
    let folder = ScratchFolder()
    let lte = folder.write(
      "s/lte.json", scenarioJSON(name: "lte", ["strategies": #"[{"name": "paging3", "max_size": 29}]"#]))
    let wifi = folder.write("s/wifi.json", scenarioJSON(name: "wifi"))
    let mix = folder.write(
      "mix.json",
      #"{"name": "mix", "segments": [{"name": "a", "weight": 1, "scenario": "s/lte.json"}, "#
        + #"{"name": "b", "weight": 1, "scenario": "s/wifi.json"}]}"#)
    let rule =
      "paging3.max_size must be at least page size + 2 x prefetch_distance = 10 + 2 x 10 = 30 (PagingConfig)"
    let result = runCLI([
      "run", "--population", mix, "--strategy", "paging3:max_size=25", "--out", folder.path + "/out",
      "--quiet",
    ])
    #expect(result.status == 65)
    #expect(
      result.stderr.split(separator: "\n").map(String.init) == [
        "Error: \(lte): strategies[0].max_size: \(rule), got 29",
        "Error: \(lte): --strategy paging3:max_size=25: \(rule), got 25 (page size 10: this file's feed.page_size)",
        "Error: \(wifi): --strategy paging3:max_size=25: \(rule), got 25 (page size 10: this file's feed.page_size)",
      ], "\(result.stderr)")
    #expect(!folder.exists("out"))
  }

  @Test func compareRefusesWhatCannotPair() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.path + "/out"
    #expect(
      runCLI(["run", scenario, "--strategy", "infinite_scroll", "--out", out, "--quiet", "--no-plots"]).status
        == 0)
    // A strategy the folder does not hold is a bad choice of --pair (64), naming those it has.
    let missing = runCLI(["compare", out, "--pair", "infinite_scroll", "fixed_threshold"])
    #expect(missing.status == 64)
    #expect(
      missing.stderr.hasPrefix(
        "Error: The value 'infinite_scroll fixed_threshold' is invalid for '--pair <a> <b>': no runs of "
          + "'fixed_threshold' in \(out) (its strategies: infinite_scroll)\n"), "\(missing.stderr)")
    #expect(missing.stdout.isEmpty)
    let same = runCLI(["compare", out, "--pair", "infinite_scroll", "infinite_scroll"])
    #expect(same.status == 64)
    #expect(same.stderr.contains("both sides name the same strategy 'infinite_scroll'"))
    let bad = runCLI(["compare", out, "--pair", "infinite_scroll", "fixed_threshold:ratio=3"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("fixed_threshold.ratio must be in 0...1, got 3"))
    let two = runCLI(["compare", out, out, "--pair", "a", "b"])
    #expect(two.status == 64)
    let none = runCLI(["compare", out])
    #expect(none.status == 64)
    #expect(none.stderr.hasPrefix("Error: Missing expected argument '<new-dir>'"))
    // Two folders with nothing in common exit 1 too.
    let other = folder.path + "/other"
    folder.write("other.json", scenarioJSON(name: "other"))
    #expect(
      runCLI(["run", folder.path + "/other.json", "--out", other, "--quiet", "--no-plots"]).status == 0)
    let apart = runCLI(["compare", out, other])
    #expect(apart.status == 1)
    #expect(
      apart.stderr == "Error: nothing to compare: no scenario in common: base has tiny; new has other\n")
  }
}
