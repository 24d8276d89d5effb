import Foundation
import Testing

/// The decision layer's command-line side: `recommend`, `--replace`, `validate`'s unit-slip
/// warnings, population files among scenarios, `init`'s default path.
@Suite struct DecisionCLITests {
  @Test func recommendPrintsOneCSVRowPerScenario() throws {
    let folder = ScratchFolder()
    folder.write("in/a.json", scenarioJSON(name: "a", ["seeds": "3"]))
    folder.write("in/b.json", scenarioJSON(name: "b", ["seeds": "3"]))
    let out = folder.path + "/r"
    #expect(runCLI(["run", folder.path + "/in", "-q", "--no-plots", "--out", out]).status == 0)
    let csv = runCLI(["recommend", out, "--format", "csv"])
    #expect(csv.status == 0)
    let lines = csv.stdout.split(whereSeparator: \.isNewline)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("scenario,recommended,runner_up,verdict,"))
    #expect(lines[1].hasPrefix("a,") && lines[2].hasPrefix("b,"))
    #expect(!csv.stdout.contains(",oracle,"))
    #expect(runCLI(["recommend", out, "--minimize", "session_ms"]).status == 64)
    #expect(runCLI(["recommend", out, "--limit", "wasted_bytes<x"]).status == 64)
  }

  @Test func anExistingOutFolderIsReplacedOnlyWithReplace() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.path + "/baseline"
    #expect(runCLI(["run", scenario, "-q", "--no-plots", "--out", out]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: out + "/summary.csv"))
    let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
    let refused = runCLI(["run", scenario, "-q", "--no-plots", "--seeds", "2", "--out", out])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--out \(out) already exists: give --replace"), "\(refused.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/summary.csv")) == before)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == manifest)
    #expect(
      runCLI(["run", scenario, "-q", "--no-plots", "--seeds", "2", "--out", out, "--replace"]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/summary.csv")) != before)
  }

  @Test func validateWarnsOfSecondsTypedAsMilliseconds() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("slip.json", scenarioJSON(["network": #"{"rtt_ms": 0.18}"#]))
    let plain = runCLI(["validate", scenario])
    #expect(plain.status == 0)
    #expect(
      plain.stderr.contains(
        "network.rtt_ms: median RTT 0.18 ms is below 5 ms: seconds typed as milliseconds? (0.18 s would be 180 ms)"
      ),
      "\(plain.stderr)")
    #expect(plain.stdout.contains("RTT p50 / p95 0.2 / 0.2 ms"), "\(plain.stdout)")
    #expect(runCLI(["validate", "--strict", scenario]).status == 65)
    let fine = runCLI(["validate", "--strict", folder.write("fine.json", scenarioJSON(name: "fine"))])
    #expect(fine.status == 0 && fine.stderr.isEmpty)
  }

  @Test func aPopulationFileAmongScenariosIsNamedAsOne() throws {
    let folder = ScratchFolder()
    folder.write("in/tiny.json", scenarioJSON())
    folder.write(
      "in/mix.json", #"{"name": "mix", "segments": [{"name": "a", "weight": 1, "scenario": "tiny.json"}]}"#)
    let result = runCLI(["validate", folder.path + "/in"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("population file: run it with --population"), "\(result.stderr)")
  }
}
