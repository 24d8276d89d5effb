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
    #expect(validate.out == "ok  a.json  'slow-3g': 120 s trace, the general strategies\n")
    #expect(validate.err == "Error: b.json: name: scenario name 'slow-3g' is already used by a.json\n")
    let run = try Prefetchlab.run(["run", "a.json", "b.json", "--out", "out", "--no-plots"], in: scratch.url)
    #expect(run.status == 65)
    #expect(run.out.isEmpty)
    #expect(run.err == validate.err)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
  }
}
