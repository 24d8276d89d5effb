import Foundation
import Testing

/// `--out` replaces a results folder only when everything in it, at every depth, is prefetchlab's:
/// the new-user trial's `q1/timeline/my.csv`, `q1/plots/custom/a.gp`, `m1/events/notes.txt` and
/// `sw/ttc/notes.txt` were deleted with rc 0. And a symbolic link as `--out` is refused rather
/// than replaced by a real folder.
@Suite struct ResultsFolderSafetyCLITests {
  static let refusal = "is a results folder but also holds files prefetchlab did not write"

  /// A first run's folder, then a rerun over it (allowed: all of it is ours).
  func firstRun(_ folder: ScratchFolder, extra: [String] = []) -> (scenario: String, out: String) {
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.path + "/q1"
    #expect(runCLI(["run", scenario, "-q", "--replace", "--out", out] + extra).status == 0)
    #expect(FileManager.default.fileExists(atPath: out + "/timeline.csv.gz"))
    #expect(runCLI(["run", scenario, "-q", "--replace", "--out", out] + extra).status == 0)
    return (scenario, out)
  }

  @Test func runRefusesAUserFileInsideARunFolder() throws {
    let folder = ScratchFolder()
    let (scenario, out) = firstRun(folder)
    folder.write("q1/timeline/my.csv", "mine")
    let result = runCLI(["run", scenario, "-q", "--replace", "--out", out])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "Error: \(out): \(Self.refusal) (timeline/my.csv); refusing to replace it. Move those files "
        + "out, or choose another folder for --out\n")
    #expect(try String(contentsOfFile: out + "/timeline/my.csv", encoding: .utf8) == "mine")
  }

  /// A name shaped like a run file's is still foreign when no row of summary.csv gives it.
  @Test func aRunFileNameNotInTheSummaryIsForeign() throws {
    let folder = ScratchFolder()
    let (scenario, out) = firstRun(folder)
    folder.write("q1/ttc/tiny--infinite_scroll--99.csv", "mine")
    folder.write("q1/events/notes.txt", "mine")
    let result = runCLI(["run", scenario, "-q", "--replace", "--out", out])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("(events/notes.txt, ttc/tiny--infinite_scroll--99.csv)"), "\(result.stderr)")
    #expect(folder.exists("q1/ttc/tiny--infinite_scroll--99.csv"))
  }

  @Test(.enabled(if: Gnuplot.isInstalled, "needs gnuplot"))
  func runRefusesAUserFolderOrScriptInsidePlots() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.path + "/q1"
    let environment = try #require(Gnuplot.installed)
    #expect(runCLI(["run", scenario, "-q", "--replace", "--out", out], environment: environment).status == 0)
    #expect(runCLI(["run", scenario, "-q", "--replace", "--out", out], environment: environment).status == 0)
    folder.write("q1/plots/custom/a.gp", "mine")
    folder.write("q1/plots/mine.gp", "set terminal png\n")
    folder.write("q1/plots/mine.png", "png")
    let result = runCLI(["run", scenario, "-q", "--replace", "--out", out], environment: environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("(plots/custom/, plots/mine.gp, plots/mine.png)"), "\(result.stderr)")
    #expect(folder.exists("q1/plots/custom/a.gp"))
  }

  /// More than five foreign entries: five by name, then how many more.
  @Test func manyForeignEntriesAreCounted() throws {
    let folder = ScratchFolder()
    let (scenario, out) = firstRun(folder)
    for index in 1...8 { folder.write("q1/timeline/mine\(index).csv", "mine") }
    let result = runCLI(["run", scenario, "-q", "--replace", "--out", out])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(
        "(timeline/mine1.csv, timeline/mine2.csv, timeline/mine3.csv, timeline/mine4.csv, "
          + "timeline/mine5.csv and 3 more)"), "\(result.stderr)")
  }

  @Test func sweepRefusesAUserFileInsideTTC() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.path + "/sw"
    let sweep = [
      "sweep", scenario, "--strategy", "fixed_threshold", "--vary", "ratio=0.25,0.5", "-q", "--replace",
      "--out", out,
    ]
    #expect(runCLI(sweep).status == 0)
    #expect(runCLI(sweep).status == 0)
    folder.write("sw/ttc/notes.txt", "mine")
    let result = runCLI(sweep)
    #expect(result.status == 64)
    #expect(result.stderr.contains("\(Self.refusal) (ttc/notes.txt)"), "\(result.stderr)")
    #expect(folder.exists("sw/ttc/notes.txt"))
  }

  @Test func mergeRefusesAUserFileInsideEvents() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    for shard in 1...2 {
      let status = runCLI([
        "run", scenario, "-q", "--shard", "\(shard)/2", "--out", folder.path + "/s\(shard)",
      ])
      .status
      #expect(status == 0)
    }
    let merge = [
      "merge", folder.path + "/s1", folder.path + "/s2", "-q", "--replace", "--keep-shards", "--out",
      folder.path + "/m1",
    ]
    #expect(runCLI(merge).status == 0)
    #expect(runCLI(merge).status == 0)
    folder.write("m1/events/notes.txt", "mine")
    let result = runCLI(merge)
    #expect(result.status == 64)
    #expect(result.stderr.contains("\(Self.refusal) (events/notes.txt)"), "\(result.stderr)")
    #expect(folder.exists("m1/events/notes.txt"))
  }

  /// A link to a results folder, or a dangling one, stays a link: exit 64 naming its target.
  @Test func everyResultsFolderOptionRefusesASymbolicLink() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    #expect(runCLI(["run", scenario, "-q", "--out", folder.path + "/real"]).status == 0)
    let link = folder.path + "/latest"
    let dangling = folder.path + "/dangling"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path + "/real")
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "/nonexistent/run42")
    let commands: [(arguments: [String], option: String)] = [
      (["run", scenario, "-q"], "out"),
      (["sweep", scenario, "--strategy", "fixed_threshold", "--vary", "ratio=0.5", "-q"], "out"),
      (["merge", folder.path + "/real", folder.path + "/real"], "out"),
      (["check", "--baseline", folder.path + "/real"], "save-current"),
    ]
    for command in commands {
      for (path, target) in [(link, folder.path + "/real"), (dangling + "/", "/nonexistent/run42")] {
        let result = runCLI(command.arguments + ["--" + command.option, path])
        #expect(result.status == 64, "\(command.arguments[0]) \(path)")
        #expect(
          result.stderr.hasPrefix(
            "Error: --\(command.option) \(path) is a symbolic link (to \(target)): give the folder it points "
              + "to, or a new path\n"), "\(result.stderr)")
      }
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: link)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == "/nonexistent/run42")
  }
}
