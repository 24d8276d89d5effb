import Foundation
import PrefetchLabReports
import Testing

/// Plots are built per scenario on `--jobs` threads: the figures (their order, file names and
/// scripts, data included) and warnings must not depend on how many.
@Suite struct ParallelFiguresTests {
  @Test func figuresDoNotDependOnParallelism() throws {
    let folder = ScratchFolder()
    for name in ["alpha", "beta", "gamma", "delta", "epsilon"] {
      folder.write("in/\(name).json", scenarioJSON(name: name))
    }
    let run = runCLI([
      "run", folder.path + "/in", "--seeds", "1-3", "--no-plots", "--run-files", "all", "--plain-tables",
      "--quiet",
      "--out",
      folder.path + "/out",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    // One run without its timeline: the warning counts it the same way on every thread count.
    let key = try #require(
      try ResultsData(path: folder.path + "/out").scenarios.last?.strategies.first?.rows.first?.key)
    let table = folder.path + "/out/timeline.csv"
    let lead = "\(key.scenario),\(key.strategy),\(key.params),\(key.seed),"
    let rows = try String(contentsOfFile: table, encoding: .utf8).components(separatedBy: "\r\n")
    let kept = rows.filter { !$0.hasPrefix(lead) }
    #expect(kept.count < rows.count)
    try kept.joined(separator: "\r\n").write(toFile: table, atomically: true, encoding: .utf8)
    // The manifest counts the rows left, as for a run that wrote none (else the table is refused
    // as cut short).
    let manifestPath = folder.path + "/out/manifest.json"
    let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
    let written = try #require(manifest.firstMatch(of: /"timeline":(\d+)/).flatMap { Int($0.1) })
    try manifest.replacingOccurrences(
      of: "\"timeline\":\(written)", with: "\"timeline\":\(written - (rows.count - kept.count))"
    ).write(toFile: manifestPath, atomically: true, encoding: .utf8)
    let data = try ResultsData(path: folder.path + "/out")

    let serial = try PlotBuilder.figures(for: data, timelines: .all, parallelism: 1)
    #expect(serial.figures.count > 5 * 4)
    #expect(serial.warnings.count == 1)
    #expect(serial.warnings.first?.contains("timelines of 1 run") == true)
    for parallelism in [2, 3, 8] {
      let parallel = try PlotBuilder.figures(for: data, timelines: .all, parallelism: parallelism)
      #expect(parallel.figures == serial.figures, "parallelism \(parallelism)")
      #expect(parallel.warnings == serial.warnings)
    }
  }
}
