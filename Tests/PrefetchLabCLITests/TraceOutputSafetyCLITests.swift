import Foundation
import Testing

/// `trace --out` and `trace-network --out` (and the plot files beside it) replace only a file the
/// same command wrote, or nothing: the new-user trial replaced its own scenario and trace files
/// with CSV, and a user's `net.png`/`net.gp` with the plot, all with rc 0.
@Suite struct TraceOutputSafetyCLITests {
  static let periods = #"[{"duration_ms": 1500, "bandwidth_kbps": 800, "latency_ms": 50}]"#

  func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test func traceRefusesToOverwriteItsScenario() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI(["trace", scenario, "--out", scenario])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "Error: --out \(scenario): is an input of this command; refusing to replace it. "
        + "Give --out a new file name\n")
    #expect(try text(scenario) == scenarioJSON())
  }

  /// A file of the user's is kept; the command's own CSV is replaced on a rerun.
  @Test func traceReplacesOnlyItsOwnCSV() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let out = folder.write("notes.csv", "t_ms,mine\n1,2\n")
    let refused = runCLI(["trace", scenario, "--out", out])
    #expect(refused.status == 64)
    #expect(
      refused.stderr
        == "Error: --out \(out): exists and was not written by this command; refusing to replace it. "
        + "Give --out a new file name, or move this one away yourself\n")
    #expect(try text(out) == "t_ms,mine\n1,2\n")
    let own = folder.path + "/trace.csv"
    #expect(runCLI(["trace", scenario, "--out", own]).status == 0)
    let first = try text(own)
    #expect(first.hasPrefix("t_ms,offset_pt,velocity_pt_s,phase,projected_target_pt\r\n"))
    #expect(runCLI(["trace", scenario, "--out", own, "--interval-ms", "1000"]).status == 0)
    #expect(try text(own) != first)
  }

  @Test func traceRefusesAFolderAndASymbolicLink() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    try FileManager.default.createDirectory(atPath: folder.path + "/adir", withIntermediateDirectories: true)
    let intoFolder = runCLI(["trace", scenario, "--out", folder.path + "/adir"])
    #expect(intoFolder.status == 64)
    #expect(
      intoFolder.stderr.hasPrefix(
        "Error: --out \(folder.path)/adir is a folder: give the name of a file to write\n"))
    let link = folder.path + "/link.csv"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/nonexistent/t.csv")
    for verb in [["trace", scenario], ["trace-network", folder.write("t.json", Self.periods)]] {
      let result = runCLI(verb + ["--out", link])
      #expect(result.status == 64)
      #expect(
        result.stderr.hasPrefix(
          "Error: --out \(link) is a symbolic link (to /nonexistent/t.csv): give the file it points to, or a new path\n"
        ), "\(result.stderr)")
    }
  }

  @Test func traceNetworkRefusesToOverwriteItsTraceOrAUserCSV() throws {
    let folder = ScratchFolder()
    let trace = folder.write("mytrace.json", Self.periods)
    let result = runCLI(["trace-network", trace, "--out", trace, "--no-plots"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: --out \(trace): is an input of this command"), "\(result.stderr)")
    #expect(try text(trace) == Self.periods)
    let mine = folder.write("mine.csv", "t_ms,capacity_kbps\n")
    #expect(runCLI(["trace-network", trace, "--out", mine, "--no-plots"]).status == 64)
    #expect(try text(mine) == "t_ms,capacity_kbps\n")
    let own = folder.path + "/own.csv"
    #expect(runCLI(["trace-network", trace, "--out", own, "--no-plots"]).status == 0)
    #expect(runCLI(["trace-network", trace, "--out", own, "--no-plots", "--interval-ms", "500"]).status == 0)
    #expect(try text(own).hasPrefix("t_ms,capacity_kbps,latency_ms\r\n0,800,50\r\n500,800,50\r\n"))
  }

  /// A user's `net.png` or `net.gp` beside `--out net.csv` keeps everything as it was (the CSV
  /// included); the command's own plot files are replaced on a rerun.
  @Test(.enabled(if: Gnuplot.isInstalled, "needs gnuplot"))
  func traceNetworkRefusesAUserFileWhereThePlotGoes() throws {
    let environment = try #require(Gnuplot.installed)
    let folder = ScratchFolder()
    let trace = folder.write("t.json", Self.periods)
    let out = folder.path + "/net.csv"
    for (name, refusedAs) in [
      ("net.png", "exists and was not written by this command"), ("net.gp", "exists and was not written"),
    ] {
      let mine = folder.write(name, "mine")
      let result = runCLI(["trace-network", trace, "--out", out], environment: environment)
      #expect(result.status == 64)
      #expect(
        result.stderr.hasPrefix("Error: \(mine) (the plot beside --out \(out)): \(refusedAs)"),
        "\(result.stderr)")
      #expect(try text(mine) == "mine")
      #expect(!folder.exists("net.csv"))
      try FileManager.default.removeItem(atPath: mine)
    }
    #expect(runCLI(["trace-network", trace, "--out", out], environment: environment).status == 0)
    #expect(runCLI(["trace-network", trace, "--out", out], environment: environment).status == 0)
    #expect(folder.entries == ["net.csv", "net.gp", "net.png", "net.svg", "t.json"])
  }
}
