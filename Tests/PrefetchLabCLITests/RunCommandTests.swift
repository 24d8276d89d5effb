import Foundation
import PrefetchLab
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

/// What `run` prints on standard error when gnuplot is not on PATH.
let gnuplotMissingWarning =
  "warning: gnuplot not found on PATH: plots skipped, reports written without them; install it with "
  + "'apt-get install gnuplot-nox' (Debian, Ubuntu) or 'brew install gnuplot' (macOS)\n"

@Suite struct RunCommandTests {
  /// Without gnuplot on PATH: the CSVs, the manifest and both reports, one warning, no plots.
  @Test func runWritesTheResultsFolder() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.path + "/out"
    let result = runCLI(
      ["run", scenario, "--out", out, "--seeds", "1-2", "--strategy", "infinite_scroll"],
      environment: Gnuplot.absent)
    #expect(result.status == 0)
    // Not a terminal: one closing line per phase, and the warning (which --quiet would drop).
    #expect(result.stderr.hasPrefix("simulating: 2 runs in "), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("\n" + gnuplotMissingWarning), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out + "/plots"))
    #expect(FileManager.default.fileExists(atPath: out + "/report.html"))
    #expect(try String(contentsOfFile: out + "/report.md", encoding: .utf8).contains("gnuplot was not found"))
    #expect(result.stdout.contains("2 runs written to \(out)"))
    let summary = try String(contentsOfFile: out + "/summary.csv", encoding: .utf8)
    let lines = summary.split(separator: "\r\n")
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("tiny,infinite_scroll,,1,"))
    #expect(lines[2].hasPrefix("tiny,infinite_scroll,,2,"))
    // One table per kind, each run's rows led by its key; by default (--run-files report) every
    // run's times to content, the first seed's timeline and events.
    // Compressed by default (timeline.csv.gz, …): read through the library's one reader.
    for (table, lastSeed) in [(RunTable.timeline, "1"), (.events, "1"), (.timeToContent, "2")] {
      #expect(FileManager.default.fileExists(atPath: out + "/" + table.compressedFileName))
      let text = try #require(try table.text(in: out), "\(table)")
      let rows = text.split(separator: "\r\n")
      #expect(rows[0].hasPrefix("scenario,strategy,params,seed,"), "\(table)")
      let seeds = rows.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[3] }
      #expect(seeds.first == "1" && seeds.last == lastSeed[...] && seeds.sorted() == seeds, "\(table)")
      #expect(rows.dropFirst().allSatisfy { $0.hasPrefix("tiny,infinite_scroll,,") }, "\(table)")
    }
    #expect(!FileManager.default.fileExists(atPath: out + "/timeline"))
    #expect(FileManager.default.fileExists(atPath: out + "/manifest.json"))
    // Only the results folder and the scenario remain: no staging folder left behind.
    #expect(folder.entries == ["out", "tiny.json"])
  }

  /// Bad input exits 65 naming the file, the JSON path and the rule, and writes nothing.
  @Test(arguments: [
    (
      "malformed.json", #"{"name": "x", "duration_s": 5,,}"#,
      "malformed.json: line 1, column 31: expected a double-quoted object key"
    ),
    (
      "truncated.json", "{\"name\": \"x\",\n  \"feed\": {",
      "truncated.json: line 2, column 12: unexpected end of input; expected a double-quoted object key"
    ),
    (
      "unknown.json", scenarioJSON(["feed": #"{"page_sise": 20}"#]),
      "unknown.json: feed: unknown key 'page_sise'"
    ),
    (
      "height.json", scenarioJSON(["feed": #"{"item_height_pt": -5}"#]),
      "height.json: feed.item_height_pt: must be > 0, got -5"
    ),
    (
      "sigma.json", scenarioJSON(["network": #"{"rtt_ms": {"lognormal": {"median": 80, "sigma": -1}}}"#]),
      "sigma.json: network.rtt_ms: lognormal.sigma must be >= 0, got -1"
    ),
    (
      "missing-trace.json",
      scenarioJSON(["network": #"{"trace": {"path": "nope.down", "format": "mahimahi"}}"#]),
      "missing-trace.json: network.trace.path: file not found:"
    ),
    (
      "zero-trace.json",
      scenarioJSON(["network": #"{"trace": {"path": "zero.json", "format": "periods"}}"#]),
      "zero-trace.json: network.trace.path:"
    ),
    (
      "strategy.json", scenarioJSON(["strategies": #"[{"name": "fixed_threshold", "ratio": 1.5}]"#]),
      "strategy.json: strategies[0].ratio:"
    ),
    (
      "text-ratio.json", scenarioJSON(["strategies": #"[{"name": "fixed_threshold", "ratio": "0.5"}]"#]),
      "text-ratio.json: strategies[0].ratio: fixed_threshold.ratio must be a number, got text \"0.5\""
    ),
  ])
  func badInputExits65AndWritesNothing(file: String, json: String, expectedPrefix: String) {
    let folder = ScratchFolder()
    folder.write("zero.json", #"[{"duration_ms": 1000, "bandwidth_kbps": 0, "latency_ms": 50}]"#)
    let scenario = folder.write(file, json)
    let out = folder.path + "/out"
    let result = runCLI(["run", scenario, "--out", out])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("Error: " + folder.path + "/" + expectedPrefix), "\(result.stderr)")
    #expect(!folder.exists("out"))
    #expect(folder.entries.allSatisfy { !$0.contains("partial") })
  }

  @Test func validateReportsTheSameErrorsWithoutRunning() {
    let folder = ScratchFolder()
    let good = folder.write("good.json", scenarioJSON())
    let bad = folder.write("bad.json", scenarioJSON(["viewport": #"{"height_pt": 0}"#]))
    let ok = runCLI(["validate", good])
    #expect(ok.status == 0)
    #expect(ok.stdout.contains("'tiny': 5 s trace, the general strategies"))
    let one = folder.write("one.json", scenarioJSON(name: "one", ["strategies": #"[{"name": "paging3"}]"#]))
    let two = folder.write(
      "two.json", scenarioJSON(name: "two", ["strategies": #"[{"name": "paging3"}, {"name": "oracle"}]"#]))
    let counted = runCLI(["validate", one, two])
    #expect(
      counted.stdout
        .split(separator: "\n").filter { $0.hasPrefix("ok") }
        == ["ok  \(one)  'one': 5 s trace, 1 strategy", "ok  \(two)  'two': 5 s trace, 2 strategies"])
    // A misspelt --strategy is offered the likely name, as a misspelt key in a file is.
    let typo = runCLI(["run", good, "--strategy", "pagin3", "--out", folder.path + "/t"])
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("unknown strategy 'pagin3'; known: "), "\(typo.stderr)")
    #expect(typo.stderr.contains("(did you mean 'paging3'?)"), "\(typo.stderr)")
    let parameter = runCLI([
      "run", good, "--strategy", "paging3:prefetch_distanc=5", "--out", folder.path + "/t",
    ])
    #expect(parameter.status == 64)
    #expect(parameter.stderr.contains("(did you mean 'prefetch_distance'?)"), "\(parameter.stderr)")
    #expect(!folder.exists("t"))
    let failed = runCLI(["validate", good, bad])
    #expect(failed.status == 65)
    #expect(failed.stderr.contains("bad.json: viewport.height_pt: must be > 0, got 0"))
  }

  /// Usage errors exit 64 with swift-argument-parser's rendering on stderr.
  @Test(arguments: [
    (["run"], "Error: Missing expected argument '<scenarios> ...'"),
    (
      ["run", "x.json", "--jobs", "0"],
      "Error: The value '0' is invalid for '--jobs <jobs>': must be at least 1"
    ),
    (["run", "x.json", "--frobnicate"], "Error: Unknown option '--frobnicate'"),
    (["run", "x.json", "--seeds", "5-1"], "Error: The value '5-1' is invalid for '--seeds <seeds>'"),
    (
      ["run", "x.json", "--strategy", "nope"],
      "Error: The value 'nope' is invalid for '--strategy <strategy>'"
    ),
    (["explode"], "Error: Unknown command 'explode'"),
    (
      ["run", "x.json", "--strategy", "fixed_threshold:ratio"],
      "Error: The value 'fixed_threshold:ratio' is invalid for '--strategy <strategy>': fixed_threshold: expected key=value, got 'ratio'"
    ),
    (
      ["run", "x.json", "--strategy", "fixed_threshold:ratio=nan"],
      "Error: The value 'fixed_threshold:ratio=nan' is invalid for '--strategy <strategy>': fixed_threshold.ratio must be a number as a scenario file (JSON) writes it, got 'nan'"
    ),
    (
      ["run", "x.json", "--strategy", "fixed_threshold:ratio=0.5,ratio=0.6"],
      "Error: The value 'fixed_threshold:ratio=0.5,ratio=0.6' is invalid for '--strategy <strategy>': fixed_threshold.ratio is given twice"
    ),
    (
      ["run", "x.json", "--strategy", "target_range:skip_rows=2.5"],
      "Error: The value 'target_range:skip_rows=2.5' is invalid for '--strategy <strategy>': target_range.skip_rows must be an integer in 0...10000, got 2.5"
    ),
    (
      ["run", "x.json", "--strategy", "fixed_threshold:ratio=0.7", "--strategy", "fixed_threshold"],
      "Error: The value 'fixed_threshold' is invalid for '--strategy <strategy>': the same strategy as 'fixed_threshold:ratio=0.7'"
    ),
  ])
  func usageErrorsExit64(arguments: [String], expectedStart: String) {
    let result = runCLI(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(expectedStart), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: prefetchlab"))
  }

  @Test func missingScenarioPathIsBadInput() {
    let result = runCLI(["run", "/nonexistent/scenario.json", "--out", NSTemporaryDirectory() + "never"])
    #expect(result.status == 65)
    #expect(result.stderr == "Error: /nonexistent/scenario.json: no such file or folder\n")
  }

  @Test func listShowsEveryStrategyWithDefaults() {
    let result = runCLI(["list"])
    #expect(result.status == 0)
    #expect(StrategyRegistry.builtIn.names.count >= 5)
    for name in StrategyRegistry.builtIn.names {
      #expect(result.stdout.contains(name + "\n"))
    }
    #expect(result.stdout.contains("    ratio=0.7  (a number in 0...1)"))
    #expect(result.stdout.contains("    batch_leading_screens=2  (a number in 0...100)"))
  }

  @Test func helpAndVersion() {
    let help = runCLI(["run", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: Run scenarios against prefetch strategies"))
    #expect(help.stdout.contains("USAGE: prefetchlab run [<options>] [<scenarios> ...]"))
    #expect(help.stdout.contains("--population <file>"))
    let version = runCLI(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == "0.1.0\n")
  }

  @Test(arguments: [
    ("1-3", [1, 2, 3] as [UInt64]), ("7", [7]), ("4,1,2-3,2", [1, 2, 3, 4]),
    ("9007199254740990-9007199254740991", [9_007_199_254_740_990, 9_007_199_254_740_991]),
  ])
  func seedLists(text: String, seeds: [UInt64]) {
    #expect(SeedList.parse(text) == seeds)
  }

  @Test(arguments: [
    ("", "'' is not a seed"), ("a", "'a' is not a seed"), ("3-1", "the range 3-1 runs backwards (write 1-3)"),
    ("1-", "'1-' is not a seed"), ("-2", "'-2' is not a seed"), ("1,,2", "'' is not a seed"),
    ("0-100000", "the range 0-100000 holds more than 100000 seeds"),
    ("1-60000,60001-100001", "more than 100000 seeds in all"),
    // The manifest's JSON numbers would record 2^53 + 1 as 2^53: `check` could not rerun it.
    ("9007199254740993", "seeds must be <= 2^53 − 1 (9007199254740991), got 9007199254740993"),
    ("1-9007199254740992", "seeds must be <= 2^53 − 1 (9007199254740991), got 9007199254740992"),
    // Past UInt64 too: the bound is still what is wrong, not the spelling.
    ("18446744073709551616", "seeds must be <= 2^53 − 1 (9007199254740991), got 18446744073709551616"),
    ("1-18446744073709551616", "seeds must be <= 2^53 − 1 (9007199254740991), got 18446744073709551616"),
  ])
  func badSeedLists(text: String, problem: String) {
    #expect(SeedList.parse(text) == nil)
    #expect(
      SeedList.problem(in: text)?.hasPrefix(problem) == true,
      "\(String(describing: SeedList.problem(in: text)))")
  }

  /// The usage error says what is wrong with the list, and a negative `--jobs` is refused by its
  /// own rule rather than read as a missing value.
  @Test func seedAndJobErrorsSayWhy() {
    let backwards = runCLI(["run", "s.json", "--seeds", "3-1"])
    #expect(backwards.status == 64)
    #expect(backwards.stderr.contains("'3-1' is invalid for '--seeds <seeds>': the range 3-1 runs backwards"))
    let negative = runCLI(["run", "s.json", "--jobs", "-1"])
    #expect(negative.status == 64)
    #expect(negative.stderr.contains("The value '-1' is invalid for '--jobs <jobs>': must be at least 1"))
  }
}

@Suite struct OutputSafetyTests {
  /// `--out` pointing at a folder that holds anything but results is refused, untouched.
  @Test func runRefusesToReplaceAFolderThatIsNotResults() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    folder.write("precious/notes.txt", "keep me")
    let result = runCLI(["run", scenario, "--out", folder.path + "/precious", "--replace"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "Error: \(folder.path)/precious: exists and is not a results folder written by prefetchlab (no "
        + "manifest.json that prefetchlab wrote); refusing to replace it. Choose a new or empty folder for "
        + "--out, or move this one away yourself\n"
    )
    #expect(try String(contentsOfFile: folder.path + "/precious/notes.txt", encoding: .utf8) == "keep me")
    #expect(folder.entries == ["precious", "tiny.json"])
  }

  /// `--out` naming a file is a usage error (64), as a folder that is not ours is; the file stays.
  @Test func runRefusesAnOutThatIsAFile() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    folder.write("afile", "mine")
    let result = runCLI(["run", scenario, "--out", folder.path + "/afile", "--replace"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "Error: \(folder.path)/afile: exists and is a file, not a folder; refusing to replace it. Choose a "
        + "new or empty folder for --out\n")
    #expect(try String(contentsOfFile: folder.path + "/afile", encoding: .utf8) == "mine")
    #expect(folder.entries == ["afile", "tiny.json"])
  }

  /// A previous results folder (its manifest.json says prefetchlab wrote it) is replaced.
  @Test func runReplacesAnEarlierResultsFolder() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    // Its run file is its own: a row of its summary.csv names it (ResultsFolderContents).
    folder.write("out/summary.csv", "scenario,strategy,params,seed\r\ntiny,infinite_scroll,,9\r\n")
    folder.write("out/manifest.json", #"{"tool": "prefetchlab", "version": "0.0.1"}"#)
    folder.write("out/timeline/tiny--infinite_scroll--9.csv", "from an older run")
    #expect(runCLI(["run", scenario, "--out", folder.path + "/out", "--quiet", "--replace"]).status == 0)
    #expect(
      !FileManager.default.fileExists(atPath: folder.path + "/out/timeline/tiny--infinite_scroll--9.csv"))
    #expect(
      !(try String(contentsOfFile: folder.path + "/out/summary.csv", encoding: .utf8)).contains(",9\r\n"))
  }
}

@Suite struct RunWithGnuplotTests {
  /// With gnuplot on PATH: no warning, and every plot, as PNG and SVG beside its script.
  @Test(.enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: the run with plots is not tested"))
  func runWithGnuplotDrawsThePlots() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.path + "/out"
    let result = runCLI(
      ["run", scenario, "--out", out, "--seeds", "1-2", "--strategy", "infinite_scroll", "--quiet"],
      environment: try #require(Gnuplot.installed))
    #expect(result.status == 0)
    #expect(result.stderr == "")
    // Every figure as PNG beside its script; the two the HTML report inlines also as SVG; the
    // timeline of the first seed only (--timelines first).
    for stem in [
      "tradeoff--tiny", "ttc-cdf--tiny", "metrics--tiny", "scroll--tiny",
      "timeline--tiny--infinite_scroll--1",
    ] {
      for ext in ["png", "gp"] {
        #expect(FileManager.default.fileExists(atPath: out + "/plots/\(stem).\(ext)"), "\(stem).\(ext)")
      }
    }
    for stem in ["tradeoff--tiny", "ttc-cdf--tiny"] {
      #expect(FileManager.default.fileExists(atPath: out + "/plots/\(stem).svg"), "\(stem).svg")
    }
    #expect(!FileManager.default.fileExists(atPath: out + "/plots/timeline--tiny--infinite_scroll--2.png"))
    #expect(
      !(try String(contentsOfFile: out + "/report.md", encoding: .utf8).contains("gnuplot was not found")))
  }

  /// A gnuplot on PATH that fails every plot: one warning per plot, reports still written, exit
  /// 0; with --plots the run exits 1, its folder keeping the scripts to investigate.
  @Test func failingGnuplotWarnsPerPlotOrFailsWithPlots() throws {
    let folder = ScratchFolder()
    let fake = folder.write("bin/gnuplot", "#!/bin/sh\necho 'fake gnuplot: cannot draw' >&2\nexit 3\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
    let scenario = folder.write("tiny.json", scenarioJSON())
    let environment = ["PATH": folder.path + "/bin"]
    let relaxed = runCLI(
      ["run", scenario, "--out", folder.path + "/out", "--strategy", "infinite_scroll"],
      environment: environment)
    #expect(relaxed.status == 0)
    let warnings = relaxed.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
    // Four plots per scenario and one timeline for the single run.
    #expect(warnings.count == 5, "\(relaxed.stderr)")
    #expect(
      warnings.allSatisfy {
        $0.hasPrefix("warning: plot ")
          && $0.hasSuffix("gnuplot exited with status 3: fake gnuplot: cannot draw")
      },
      "\(relaxed.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/out/report.html"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out/plots/tradeoff--tiny.png"))

    let strict = runCLI(
      [
        "run", scenario, "--out", folder.path + "/strict", "--strategy", "infinite_scroll", "--plots",
        "--quiet",
      ],
      environment: environment)
    #expect(strict.status == 1)
    #expect(strict.stderr.hasSuffix("Error: 5 plots could not be drawn (--plots)\n"), "\(strict.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/strict/plots/tradeoff--tiny.gp"))
  }

  /// A strategy run with non-default parameters gets its timeline plot and no warning.
  @Test(
    .enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: plots of non-default parameters not tested"))
  func runWithParametersPlotsEveryRun() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI(
      [
        "run", scenario, "--out", folder.path + "/out", "--strategy", "fixed_threshold:ratio=0.5", "--plots",
        "--quiet",
      ],
      environment: try #require(Gnuplot.installed))
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      FileManager.default.fileExists(
        atPath: folder.path + "/out/plots/timeline--tiny--fixed_threshold@ratio=0.5--1.png"))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/out/plots/ttc-cdf--tiny.png"))
  }
}
