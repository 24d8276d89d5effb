import Foundation
import Testing

/// `run` and `sweep` refuse, before making any folder, a run whose timeline would pass its limit
/// (exit 65 naming the file, the JSON path and the rule); the same session runs with the options
/// the message names. It used to peak at 1.38 GB and write a 466 MB timeline for one run.
@Suite struct TimelineRowLimitCLITests {
  static let rule =
    "a session of 1000000 s at --timeline-interval-ms 100 is 10000000 timeline intervals (10000001 rows per "
    + "run), more than the 1000000 a run may write (a timeline is held in memory until written); use "
    + "--timeline-interval-ms 1000 or more, --timeline-interval-ms 0 or --run-files none\n"

  @Test func aMillionSecondSessionAtTheDefaultSpacingIsRefusedAndWritesNothing() {
    let folder = ScratchFolder()
    let scenario = folder.write("long.json", scenarioJSON(["duration_s": "1000000"]))
    let out = folder.path + "/new/results"
    for command in [
      ["run", scenario, "--strategy", "fixed_threshold", "--out", out, "--no-plots"],
      [
        "sweep", scenario, "--strategy", "fixed_threshold", "--vary", "ratio=0.5,0.8", "--out", out,
        "--no-plots",
      ],
      [
        "run", scenario, "--strategy", "fixed_threshold", "--out", out, "--no-plots", "--run-files",
        "report",
      ],
    ] {
      let result = runCLI(command)
      #expect(result.status == 65, "\(command)")
      #expect(result.stderr == "Error: \(scenario): duration_s: " + Self.rule, "\(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(!folder.exists("new"), "not even --out's parent is made")
    }
  }

  @Test func theSameSessionRunsWithoutTimelines() {
    let folder = ScratchFolder()
    let scenario = folder.write("long.json", scenarioJSON(["duration_s": "1000000"]))
    for options in [["--run-files", "none"], ["--timeline-interval-ms", "0"]] {
      let out = folder.path + "/out"
      let result = runCLI(
        [
          "run", scenario, "--strategy", "fixed_threshold", "--out", out, "--replace", "--no-plots",
          "--quiet",
        ] + options)
      #expect(result.status == 0, "\(options): \(result.stderr)")
      #expect(folder.exists("out/summary.csv"))
      #expect(
        !folder.exists("out/timeline") && !folder.exists("out/timeline.csv")
          && !folder.exists("out/timeline.csv.gz"))
    }
  }

  /// `validate` checks against run's default options: the file is valid (other options run it),
  /// so exit 0 with a warning naming file, JSON path and the ways out. It used to say only ok.
  @Test func validateWarnsOfWhatRunRefusesByDefault() {
    let folder = ScratchFolder()
    let scenario = folder.write("long.json", scenarioJSON(["duration_s": "1000000"]))
    let result = runCLI(["validate", scenario])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("ok  \(scenario)"))
    #expect(
      result.stderr
        == "warning: \(scenario): duration_s: " + Self.rule.dropLast()
        + " (as 'run' and 'sweep' are by default)\n")
    let short = folder.write("short.json", scenarioJSON(name: "short"))
    #expect(runCLI(["validate", short]).stderr.isEmpty)
  }

  /// The timeline limit is one of the problems `run` and `sweep` report all at once: a file that
  /// breaks only it is named together with another file's bad number, not after that is fixed.
  @Test func theLimitIsReportedWithTheOtherFilesProblems() {
    let folder = ScratchFolder()
    let long = folder.write("dur.json", scenarioJSON(name: "dur", ["duration_s": "1000000"]))
    let negative = folder.write("neg.json", scenarioJSON(name: "neg", ["duration_s": "-5"]))
    let out = folder.path + "/out"
    for command in [
      ["run", long, negative, "--strategy", "fixed_threshold", "--out", out, "--no-plots"],
      ["sweep", long, negative, "--strategy", "fixed_threshold", "--vary", "ratio=0.5,0.8", "--out", out],
    ] {
      let result = runCLI(command)
      #expect(result.status == 65)
      #expect(result.stderr.hasPrefix("Error: \(long): duration_s: " + Self.rule), "\(result.stderr)")
      #expect(result.stderr.contains("Error: \(negative): duration_s: "), "\(result.stderr)")
      #expect(!folder.exists("out"))
    }
  }

  /// `trace` builds its rows in memory too: a day traced at every 60 Hz frame is refused with the
  /// spacing that fits, and nothing is written.
  @Test func traceHoldsItsRowsToTheSameCap() {
    let folder = ScratchFolder()
    let scenario = folder.write("day.json", scenarioJSON(["duration_s": "86400"]))
    let refused = runCLI(["trace", scenario, "--out", folder.path + "/day.csv"])
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == "Error: \(scenario): duration_s: a session of 86400 s traced every frame at 60 Hz is 5184001 rows, "
        + "more than the 1000001 a trace may write (it is held in memory until written); use --interval-ms 87 "
        + "or more\n")
    #expect(!folder.exists("day.csv"))
    // The cap is on rows: 16667 s at every frame (1000021 rows) is refused, while a session of
    // that length at 1000 ms (16668 rows) is written.
    let under = folder.write("under.json", scenarioJSON(["duration_s": "16667"]))
    let over = folder.write("over.json", scenarioJSON(["duration_s": "16667"]))
    #expect(runCLI(["trace", over, "--out", folder.path + "/over.csv"]).status == 65)
    #expect(!folder.exists("over.csv"))
    #expect(
      runCLI(["trace", under, "--interval-ms", "1000", "--out", folder.path + "/under.csv"]).status == 0)
  }
}
