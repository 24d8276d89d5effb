import Foundation
import Testing

/// Bad input as a user meets it with the built binary: `validate` and `run` agree on every
/// problem (exit 65), a file is never reported both good and bad, and `run` creates no folder.
@Suite struct InputErrorsEndToEndTests {
  /// The new-user trial: a copy of a bundled scenario, validated and run with its original.
  @Test func aCopiedScenarioIsRefusedAtItsNameByValidateAndRun() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let original = Prefetchlab.packageRoot.appendingPathComponent("scenarios/slow-3g.json")
    try FileManager.default.copyItem(at: original, to: scratch.url.appendingPathComponent("a.json"))
    try FileManager.default.copyItem(at: original, to: scratch.url.appendingPathComponent("b.json"))
    let validate = try Prefetchlab.run(["validate", "a.json", "b.json"], in: scratch.url)
    #expect(validate.status == 65)
    #expect(validate.out.hasPrefix("ok  a.json  'slow-3g': 120 s trace, the general strategies\n"))
    #expect(validate.err == "Error: b.json: name: scenario name 'slow-3g' is already used by a.json\n")
    let run = try Prefetchlab.run(["run", "a.json", "b.json", "--out", "out", "--no-plots"], in: scratch.url)
    #expect(run.status == 65)
    #expect(run.out.isEmpty)
    #expect(run.err == validate.err)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
  }

  /// `--out .` run in a folder of the user's: a usage error naming the option, before anything
  /// is simulated, and the folder keeps exactly what it held (it exited 1 with "Error: .: cannot
  /// be replaced as a results folder").
  @Test func runWithOutDotIsAUsageErrorAndTouchesNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let original = Prefetchlab.packageRoot.appendingPathComponent("scenarios/slow-3g.json")
    try FileManager.default.copyItem(at: original, to: scratch.url.appendingPathComponent("a.json"))
    try Data("mine\n".utf8).write(to: scratch.url.appendingPathComponent("notes.txt"))
    let before = try folderContents(scratch.url.path)
    for out in [".", "", "/"] {
      let run = try Prefetchlab.run(["run", "a.json", "--out", out, "--no-plots"], in: scratch.url)
      #expect(run.status == 64, "--out '\(out)'")
      #expect(run.out.isEmpty)
      #expect(run.err.hasPrefix("Error: --out must "), "\(run.err)")
    }
    #expect(try folderContents(scratch.url.path) == before)
  }

  /// An option that takes one value, given twice (`--out a --out=b` too), is a usage error in
  /// every verb, from the one option parser: exit 64 naming the option and both values, nothing
  /// written. The last value used to win without a word.
  @Test(arguments: [
    (
      ["run", "scenarios/reader-lte.json", "--run-files", "summary", "--run-files", "none", "--out", "OUT"],
      "'--run-files <run-files>' is given 2 times (summary; none), but takes one value: give it once"
    ),
    (
      ["run", "scenarios/reader-lte.json", "--out", "OUT", "--out=OUT2", "--no-plots"],
      "'--out <out>' is given 2 times (OUT; OUT2)"
    ),
    (
      ["check", "--baseline", "results/baseline", "--baseline", "OUT", "--save-current", "OUT"],
      "'--baseline <baseline>' is given 2 times (results/baseline; OUT)"
    ),
    (
      ["compare", "results/baseline", "results/baseline", "--format", "csv", "--format=text"],
      "'--format <format>' is given 2 times (csv; text)"
    ),
  ])
  func aSingleValuedOptionGivenTwiceIsAUsageError(arguments: [String], message: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let resolved = arguments.map { $0.replacingOccurrences(of: "OUT", with: scratch.path("OUT")) }
    let result = try Prefetchlab.run(resolved)
    #expect(result.status == 64, "\(result.err)")
    let expected = message.replacingOccurrences(of: "OUT", with: scratch.path("OUT"))
    #expect(result.err.hasPrefix("Error: " + expected), "\(result.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
  }
}
