import Foundation
import PrefetchLab
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

/// The registry given to `CommandLineTool.main` reaches every verb: an app's own `prefetchlab`
/// accepts its own strategies everywhere, and the built-in one refuses them everywhere.
@Suite struct RegistryPassingTests {
  static func main(_ arguments: [String], registry: StrategyRegistry) -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let terminal = RecordingTerminal()
    let status = CommandLineTool.main(
      arguments, terminal: terminal, strategies: registry, environment: Gnuplot.absent)
    return (status, terminal.stdout, terminal.stderr)
  }

  @Test func traceAcceptsTheAppsOwnStrategies() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON(["strategies": #"["greedy"]"#]))
    let own = Self.main(
      ["trace", scenario, "--interval-ms", "1000"], registry: try CustomStrategyTests.registry())
    #expect(own.status == 0, "\(own.stderr)")
    // t = 0, 1 s … 5 s of trace time: the user alone, whatever the strategy.
    let rows = own.stdout.split(separator: "\r\n")
    #expect(rows.first == "t_ms,offset_pt,velocity_pt_s,phase,projected_target_pt")
    #expect(rows.count == 7, "\(own.stdout)")
    let builtIn = Self.main(["trace", scenario], registry: .builtIn)
    #expect(builtIn.status == 65)
    #expect(builtIn.stderr.contains("strategies[0]: unknown strategy 'greedy'"), "\(builtIn.stderr)")
  }

  @Test func runAndCheckUseTheAppsOwnStrategies() throws {
    let folder = ScratchFolder()
    let registry = try CustomStrategyTests.registry()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.path + "/out"
    let run = Self.main(
      ["run", scenario, "--strategy", "greedy", "--strategy", "infinite_scroll", "--no-plots", "--out", out],
      registry: registry)
    #expect(run.status == 0, "\(run.stderr)")
    let table = try CSVTable(contentsOfFile: out + "/summary.csv")
    #expect(try table.column("strategy") == ["greedy", "infinite_scroll"])

    // The fresh run of `check` simulates the greedy strategy again, with the same registry.
    let check = Self.main(["check", "--baseline", out, "--fail-on-any-change"], registry: registry)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("PASS: 2 runs"))

    // The built-in tool knows no 'greedy': a usage error for --strategy, bad input for a replay.
    let builtInRun = Self.main(
      ["run", scenario, "--strategy", "greedy", "--out", out + "2"], registry: .builtIn)
    #expect(builtInRun.status == 64)
    #expect(builtInRun.stderr.contains("unknown strategy 'greedy'"), "\(builtInRun.stderr)")
    let builtInCheck = Self.main(["check", "--baseline", out], registry: .builtIn)
    #expect(builtInCheck.status != 0)
    #expect(builtInCheck.stderr.contains("unknown strategy 'greedy'"), "\(builtInCheck.stderr)")
  }

  @Test func listValidateAndBenchSeeTheRegistryGiven() throws {
    let folder = ScratchFolder()
    let registry = try CustomStrategyTests.registry()
    let scenario = folder.write("tiny.json", scenarioJSON(["strategies": #"["greedy"]"#]))
    #expect(Self.main(["list"], registry: registry).stdout.contains("greedy\n"))
    #expect(!Self.main(["list"], registry: .builtIn).stdout.contains("greedy"))
    #expect(Self.main(["validate", scenario], registry: registry).status == 0)
    #expect(Self.main(["validate", scenario], registry: .builtIn).status == 65)
    let bench = ["bench", "--strategy", "greedy", "--seconds", "1", "--repetitions", "1"]
    let own = Self.main(bench, registry: registry)
    #expect(own.status == 0, "\(own.stderr)")
    #expect(own.stdout.contains(" greedy "))
    let builtIn = Self.main(bench, registry: .builtIn)
    #expect(builtIn.status == 64)
    #expect(builtIn.stderr.contains("unknown strategy 'greedy'"), "\(builtIn.stderr)")
  }
}
