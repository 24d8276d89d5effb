import Foundation
import Testing

/// Two runs into the same new `--out`: both passed the start-up check (the folder did not
/// exist), and the second to publish replaced the first's results, both exiting 0. A folder that
/// appears at `--out` after the check is never replaced: the run keeps its results beside it and
/// exits 64 naming both. The folder appears while the run draws its plots, made by a stand-in
/// for gnuplot (the one point between the check and the publish a test can reach from outside).
@Suite struct PublishRaceCLITests {
  /// A `gnuplot` on its own PATH folder that copies `source` to `target` the first time it runs,
  /// as another run publishing there would, then fails (a failed plot is a warning).
  func gnuplotPublishing(_ source: String, to target: String, in folder: ScratchFolder) -> [String: String] {
    let script = folder.write(
      "bin/gnuplot", "#!/bin/sh\n[ -e '\(target)' ] || /bin/cp -R '\(source)' '\(target)'\nexit 1\n")
    chmod(script, 0o755)
    return ["PATH": folder.path + "/bin"]
  }

  func summary(_ folder: String) throws -> String {
    try String(contentsOfFile: folder + "/summary.csv", encoding: .utf8)
  }

  /// The seed column of a results folder's summary.csv.
  func seeds(_ folder: String) throws -> Set<String> {
    let rows = try summary(folder).split(whereSeparator: \.isNewline).dropFirst()
    return Set(rows.map { String($0.split(separator: ",", omittingEmptySubsequences: false)[3]) })
  }

  @Test(arguments: [false, true])
  func runKeepsResultsPublishedAtANewOutMeanwhile(replace: Bool) throws {
    let folder = ScratchFolder()
    let scenario = folder.writeScenario("tiny.json")
    let other = folder.path + "/other"
    #expect(runCLI(["run", scenario, "-q", "--seeds", "21-22", "--out", other]).status == 0)
    let out = folder.path + "/o"
    let environment = gnuplotPublishing(other, to: out, in: folder)
    let result = runCLI(
      ["run", scenario, "-q", "--seeds", "1-2", "--out", out] + (replace ? ["--replace"] : []),
      environment: environment)
    #expect(result.status == 64, "\(result.stderr)")
    // The other run's results are untouched.
    #expect(try summary(out) == summary(other))
    let kept = try #require(folder.entries.first { $0.hasPrefix("o.new-") })
    #expect(try seeds(folder.path + "/" + kept) == ["1", "2"])
    #expect(try seeds(out) == ["21", "22"])
    #expect(
      result.stderr.contains("\(out): changed while this command ran: it appeared after this command started")
    )
    #expect(result.stderr.contains("The new results are in \(folder.path)/\(kept);"))
    #expect(folder.entries.filter { $0.hasPrefix("o.") } == [kept])
  }

  /// The folder `begin` found, checked and may replace is only that one: another run's results
  /// swapped in for it meanwhile are kept.
  @Test func replaceKeepsAFolderSwappedInForTheOneChecked() throws {
    let folder = ScratchFolder()
    let scenario = folder.writeScenario("tiny.json")
    let out = folder.path + "/o"
    #expect(runCLI(["run", scenario, "-q", "--seeds", "3", "--out", out]).status == 0)
    let other = folder.path + "/other"
    #expect(runCLI(["run", scenario, "-q", "--seeds", "21-22", "--out", other]).status == 0)
    // The stand-in replaces o by other's copy: o is moved away first.
    let moved = folder.path + "/moved"
    let script = folder.write(
      "bin/gnuplot",
      "#!/bin/sh\n[ -e '\(moved)' ] || { /bin/mv '\(out)' '\(moved)' && /bin/cp -R '\(other)' '\(out)'; }\nexit 1\n"
    )
    chmod(script, 0o755)
    let result = runCLI(
      ["run", scenario, "-q", "--seeds", "1-2", "--replace", "--out", out],
      environment: ["PATH": folder.path + "/bin"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(try summary(out) == summary(other))
    #expect(folder.entries.contains { $0.hasPrefix("o.new-") })
  }
}
