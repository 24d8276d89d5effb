import Foundation
import Testing

/// `validate`, `run` and `sweep` check their files the same way (`ScenarioCheck`): they name the
/// same problems for the same files, a file is never reported both good and bad, and `run` and
/// `sweep` write nothing when there is any.
@Suite struct InputParityCLITests {
  /// A copy of a file has its name: the copy, given second, is refused at `name` in place of its
  /// ok line; the first stays good.
  @Test func aNameClashIsTheLaterFilesProblem() {
    let folder = ScratchFolder()
    let first = folder.write("a.json", scenarioJSON())
    let copy = folder.write("b.json", scenarioJSON())
    let validate = runCLI(["validate", first, copy])
    #expect(validate.status == 65)
    // The line of each valid file; the figures under it are `DecisionCLITests`' subject.
    #expect(
      validate.stdout.split(separator: "\n").filter { $0.hasPrefix("ok") } == [
        "ok  \(first)  'tiny': 5 s trace, the general strategies"
      ])
    let clash = "Error: \(copy): name: scenario name 'tiny' is already used by \(first)\n"
    #expect(validate.stderr == clash)
    let run = runCLI(["run", first, copy, "--out", folder.path + "/out", "--quiet"])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == clash)
    #expect(!folder.exists("out"))
    // Given the other way round, the other file is the later one.
    #expect(
      runCLI(["validate", copy, first]).stderr
        == "Error: \(first): name: scenario name 'tiny' is already used by \(copy)\n")
  }

  /// Problems of every kind, in several files: a file that does not load, one whose strategy
  /// breaks a rule with its feed, one with a name already taken, a malformed trace file and a
  /// strategy rule. `run` and `sweep` stopped at the first kind (the file that does not load);
  /// now they name them all, as `validate` does, and write nothing.
  @Test func runAndSweepNameEveryProblemValidateNames() {
    let folder = ScratchFolder()
    folder.write("bad.log", "5\n3\n")
    let good = folder.write("a-good.json", scenarioJSON())
    let unreadable = folder.write("b-unreadable.json", scenarioJSON(name: "b", ["duration_s": "-1"]))
    let feedRule = folder.write(
      "c-feed-rule.json",
      scenarioJSON(name: "c", ["strategies": #"[{"name": "paging3", "max_size": 29}]"#]))
    let several = folder.write(
      "d-several.json",
      scenarioJSON([
        "network": #"{"rtt_ms": 100, "trace": {"path": "bad.log", "format": "mahimahi"}}"#,
        "strategies": #"[{"name": "paging3", "jump_threshold": 5}]"#,
      ]))
    let expected = [
      "Error: \(unreadable): duration_s: must be > 0, got -1",
      "Error: \(feedRule): strategies[0].max_size: paging3.max_size must be at least page size + 2 x "
        + "prefetch_distance = 10 + 2 x 10 = 30 (PagingConfig), got 29",
      "Error: \(several): name: scenario name 'tiny' is already used by \(good)",
      "Error: \(several): network.trace.path: \(folder.path)/bad.log: line 2: timestamps must not decrease, "
        + "got 3 ms after 5 ms",
      "Error: \(several): strategies[0].jump_threshold: paging3.jump_threshold applies to offset pagination "
        + "only (feed.pagination is cursor)",
    ]
    let validate = runCLI(["validate", folder.path])
    #expect(validate.status == 65)
    // The line of each valid file; the figures under it are `DecisionCLITests`' subject.
    #expect(
      validate.stdout.split(separator: "\n").filter { $0.hasPrefix("ok") } == [
        "ok  \(good)  'tiny': 5 s trace, the general strategies"
      ])
    #expect(validate.stderr.split(separator: "\n").map(String.init) == expected, "\(validate.stderr)")
    let run = runCLI(["run", folder.path, "--out", folder.path + "/out", "--quiet"])
    #expect(run.status == 65)
    #expect(run.stderr == validate.stderr)
    let sweep = runCLI([
      "sweep", folder.path, "--strategy", "fixed_threshold", "--vary", "ratio=0.2,0.5", "--out",
      folder.path + "/out", "--quiet",
    ])
    #expect(sweep.status == 65)
    #expect(sweep.stderr == validate.stderr)
    #expect(!folder.exists("out"))
  }

  /// A `--strategy` that breaks a rule with a feed is named for every file, with the files' own
  /// problems, not instead of them.
  @Test func anOverrideIsCheckedWithTheFilesOwnProblems() {
    let folder = ScratchFolder()
    let bad = folder.write("a-bad.json", scenarioJSON(name: "a", ["duration_s": "0"]))
    let good = folder.write("b-good.json", scenarioJSON(name: "b"))
    let result = runCLI([
      "run", bad, good, "--strategy", "paging3:max_size=25", "--out", folder.path + "/out", "--quiet",
    ])
    #expect(result.status == 65)
    let rule =
      "paging3.max_size must be at least page size + 2 x prefetch_distance = 10 + 2 x 10 = 30 (PagingConfig), "
      + "got 25 (page size 10: this file's feed.page_size)"
    #expect(
      result.stderr.split(separator: "\n").map(String.init) == [
        "Error: \(bad): duration_s: must be > 0, got 0",
        "Error: \(good): --strategy paging3:max_size=25: \(rule)",
      ], "\(result.stderr)")
    #expect(!folder.exists("out"))
  }

  /// A path that does not exist, or a folder without scenarios, is one problem among the others:
  /// the files after it are still checked (they used to go unreported), in the order given.
  @Test func aMissingPathDoesNotHideTheOtherFiles() {
    let folder = ScratchFolder()
    let good = folder.write("a-good.json", scenarioJSON())
    let bad = folder.write("b-bad.json", scenarioJSON(name: "b", ["duration_s": "-5"]))
    let empty = folder.path + "/empty"
    try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let missing = folder.path + "/missing.json"
    let expected =
      "Error: \(missing): no such file or folder\n"
      + "Error: \(bad): duration_s: must be > 0, got -5\n"
      + "Error: \(empty): folder holds no scenario files (*.json)\n"
    let validate = runCLI(["validate", missing, good, bad, empty])
    #expect(validate.status == 65)
    // The line of each valid file; the figures under it are `DecisionCLITests`' subject.
    #expect(
      validate.stdout.split(separator: "\n").filter { $0.hasPrefix("ok") } == [
        "ok  \(good)  'tiny': 5 s trace, the general strategies"
      ])
    #expect(validate.stderr == expected, "\(validate.stderr)")
    let run = runCLI(["run", missing, good, bad, empty, "--out", folder.path + "/out", "--quiet"])
    #expect(run.status == 65)
    #expect(run.stderr == expected, "\(run.stderr)")
    #expect(!folder.exists("out"))
  }

  /// A trace file that is not there no longer hides the checks that need the loaded file: its
  /// name against the files before it, and its strategies against its feed.
  @Test func aMissingTraceFileDoesNotHideTheFilesOtherProblems() {
    let folder = ScratchFolder()
    let first = folder.write("a.json", scenarioJSON())
    let file = folder.write(
      "b.json",
      scenarioJSON([
        "network": #"{"trace": {"path": "gone.json", "format": "periods"}}"#,
        "strategies": #"[{"name": "paging3", "max_size": 29}]"#,
      ]))
    let expected = [
      "Error: \(file): name: scenario name 'tiny' is already used by \(first)",
      "Error: \(file): network.trace.path: file not found: \(folder.path)/gone.json",
      "Error: \(file): strategies[0].max_size: paging3.max_size must be at least page size + 2 x "
        + "prefetch_distance = 10 + 2 x 10 = 30 (PagingConfig), got 29",
    ]
    for verb in [["validate"], ["run", "--out", folder.path + "/out", "--quiet"]] {
      let result = runCLI(verb + [first, file])
      #expect(result.status == 65)
      #expect(result.stderr.split(separator: "\n").map(String.init) == expected, "\(result.stderr)")
    }
    #expect(!folder.exists("out"))
  }
}
