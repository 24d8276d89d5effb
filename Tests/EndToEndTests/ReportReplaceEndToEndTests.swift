import Foundation
import Testing

/// `report --replace` replaces the report's own outputs: a figure of the earlier report that the
/// new one does not show — every one when gnuplot is missing — does not stay in plots/ beside a
/// report that says plots were not drawn. Only plot files prefetchlab wrote are removed.
@Suite struct ReportReplaceEndToEndTests {
  /// A plot script as prefetchlab writes it (its first line is what marks it as ours) and the
  /// image beside it.
  static func writeEarlierPlot(_ plots: String, stem: String) throws {
    try FileManager.default.createDirectory(atPath: plots, withIntermediateDirectories: true)
    try "# stall plot written by prefetchlab. Redraw \(stem).png with:\n#   gnuplot \(stem).gp\n"
      .write(toFile: plots + "/\(stem).gp", atomically: true, encoding: .utf8)
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: plots + "/\(stem).png"))
  }

  /// short-first-page, seed 1, run into `folder`/r with a PATH (`folder`/emptybin) that has no
  /// gnuplot; returns that PATH and the results folder.
  static func runWithoutGnuplot(in folder: String) throws -> (emptyBin: String, out: String) {
    let emptyBin = folder + "/emptybin"
    try FileManager.default.createDirectory(atPath: emptyBin, withIntermediateDirectories: true)
    let out = folder + "/r"
    let run = try ReportsE2E.run(
      ["run", "scenarios/short-first-page.json", "--seeds", "1", "-q", "--out", out], path: emptyBin)
    #expect(run.status == 0, "\(run.stderr)")
    return (emptyBin, out)
  }

  @Test func anEarlierReportsPlotsGoWhenTheNewOneDrawsNone() throws {
    let folder = try ReportsE2E.makeFolder("replace-plots")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (emptyBin, out) = try Self.runWithoutGnuplot(in: folder)
    // What an earlier report drawn with gnuplot left: two figures.
    try Self.writeEarlierPlot(out + "/plots", stem: "stall--short-first-page")
    try Self.writeEarlierPlot(out + "/plots", stem: "blank--short-first-page")

    let report = try ReportsE2E.run(["report", out, "--replace"], path: emptyBin)
    #expect(report.status == 0, "\(report.stderr)")
    #expect(report.stderr.contains("gnuplot not found on PATH"), "\(report.stderr)")
    #expect(
      report.stdout.contains(
        "(0 plots; 4 files of the earlier report's plots/ removed, as this report does not show them)"),
      "\(report.stdout)")
    #expect(!FileManager.default.fileExists(atPath: out + "/plots"))
    #expect(try ReportsE2E.read(out + "/report.md").contains("gnuplot was not found on PATH"))
    #expect(ReportsE2E.files(out).contains("summary.csv"))
  }

  @Test func aUsersFileInPlotsKeepsEverything() throws {
    let folder = try ReportsE2E.makeFolder("replace-plots-user")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (emptyBin, out) = try Self.runWithoutGnuplot(in: folder)
    try Self.writeEarlierPlot(out + "/plots", stem: "stall--short-first-page")
    try "mine".write(toFile: out + "/plots/notes.txt", atomically: true, encoding: .utf8)
    let before = try folderContents(out)

    let report = try ReportsE2E.run(["report", out, "--replace"], path: emptyBin)
    #expect(report.status == 64, "\(report.stderr)")
    #expect(report.stderr.contains("plots/notes.txt"), "\(report.stderr)")
    #expect(try folderContents(out) == before)
  }

  /// With gnuplot, a figure the earlier report drew and this one does not (another scenario's,
  /// or a kind no longer drawn) goes; the ones it drew stay.
  @Test(.enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: plot assertions skipped"))
  func onlyFiguresTheNewReportDoesNotShowGo() throws {
    let gnuplot = try #require(Gnuplot.installedPath)
    let folder = try ReportsE2E.makeFolder("replace-plots-gnuplot")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let out = folder + "/r"
    let run = try ReportsE2E.run(
      ["run", "scenarios/short-first-page.json", "--seeds", "1", "-q", "--timelines", "none", "--out", out],
      path: gnuplot)
    #expect(run.status == 0, "\(run.stderr)")
    let drawn = ReportsE2E.files(out + "/plots")
    #expect(!drawn.isEmpty)
    try Self.writeEarlierPlot(out + "/plots", stem: "stall--gone-scenario")

    let report = try ReportsE2E.run(["report", out, "--replace", "--timelines", "none"], path: gnuplot)
    #expect(report.status == 0, "\(report.stderr)")
    #expect(ReportsE2E.files(out + "/plots") == drawn)
  }
}
