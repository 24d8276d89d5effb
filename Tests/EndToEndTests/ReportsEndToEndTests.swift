import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// End-to-end tests of plots, reports and compare: the built `prefetchlab` binary run as a user
/// runs it. Whether it finds gnuplot is each test's stated condition (`Gnuplot`): plot
/// assertions need the real one and are skipped, saying so, when the test process has none.
enum ReportsE2E {
  /// The package root (this file is Tests/EndToEndTests/…).
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The `prefetchlab` binary built with the tests: beside the test bundle, else in .build/debug.
  static let binary: String = {
    var candidates: [String] = []
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(directory.appendingPathComponent("prefetchlab").path)
      directory = directory.deletingLastPathComponent()
    }
    candidates.append(
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("prefetchlab").path)
    candidates.append(packageRoot + "/.build/debug/prefetchlab")
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
  }()

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the binary with `arguments` from the package root with `path` as PATH (default: one
  /// without gnuplot; `Gnuplot.installedPath` for plots).
  static func run(_ arguments: [String], path: String = Gnuplot.absentPath) throws -> Result {
    let scratch = try makeFolder("run")
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let outPath = scratch + "/stdout"
    let errPath = scratch + "/stderr"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = path
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: try String(contentsOfFile: outPath, encoding: .utf8),
      stderr: try String(contentsOfFile: errPath, encoding: .utf8))
  }

  static func makeFolder(_ label: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-e2e-\(label)-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  static func files(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  /// `run scenarios/` with gnuplot, at seeds 1 and 2 (every plot kind for every scenario, and a
  /// first seed with others beside it), into a new scratch folder (`scratch`, which the caller
  /// removes: a shared static folder was never removed, leaking the results in /tmp per test
  /// run); nil without gnuplot.
  static func bundledRun() -> (scratch: String, folder: String, result: Result)? {
    guard let path = Gnuplot.installedPath, let scratch = try? makeFolder("bundled") else { return nil }
    guard
      let result = try? run(
        ["run", "scenarios/", "--seeds", "1-2", "--out", scratch + "/r", "--jobs", "2"], path: path)
    else {
      try? FileManager.default.removeItem(atPath: scratch)
      return nil
    }
    return (scratch, scratch + "/r", result)
  }

  /// Keys (scenario, strategy label, seed) and cells of a summary.csv, parsed minimally (the
  /// bundled names hold no commas or quotes).
  static func summary(_ folder: String) throws -> (header: [String], rows: [[String]]) {
    let lines = try read(folder + "/summary.csv").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let header = fields(lines[0])
    return (header, lines.dropFirst().map(fields))
  }

  /// One CSV line's fields: a field holding a comma (a params cell with two parameters) is
  /// quoted. (Bundled names and parameters hold no quotes, so doubled quotes need no handling.)
  static func fields(_ line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    for character in line {
      if character == "\"" {
        quoted.toggle()
      } else if character == "," && !quoted {
        fields.append(field)
        field = ""
      } else {
        field.append(character)
      }
    }
    fields.append(field)
    return fields
  }

  /// A name with every character outside the file-name set replaced (what results folders do,
  /// before they add a hash to names that needed it).
  static func safe(_ text: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._@=+-")
    return String(text.map { allowed.contains($0) ? $0 : "_" })
  }

  static func isPNG(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path), data.count > 5_000 else { return false }
    let bytes = Array(data.prefix(24))
    return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      && Array(bytes[12..<16]) == Array("IHDR".utf8)
  }

  static func isXML(_ path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path), data.count > 1_000 else { return false }
    return XMLParser(data: data).parse()
  }
}

@Suite(.serialized) struct ReportsEndToEndTests {
  /// Acceptance: every plot for every scenario (and every run), each PNG a valid PNG of
  /// non-trivial size, each SVG well-formed XML, each with its .gp script.
  @Test(.enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: plot assertions skipped"))
  func bundledRunDrawsEveryPlot() throws {
    let run = try #require(ReportsE2E.bundledRun())
    defer { try? FileManager.default.removeItem(atPath: run.scratch) }
    #expect(run.result.status == 0, "\(run.result.stderr)")
    #expect(!run.result.stderr.contains("warning"), "\(run.result.stderr)")
    let (header, rows) = try ReportsE2E.summary(run.folder)
    let scenario = header.firstIndex(of: "scenario")!
    let strategy = header.firstIndex(of: "strategy")!
    let params = header.firstIndex(of: "params")!
    let seed = header.firstIndex(of: "seed")!
    var stems = Set<String>()
    var firstSeedRuns = 0
    let scenarios = Set(rows.map { $0[scenario] })
    for name in scenarios {
      #expect(ReportsE2E.safe(name) == name, "bundled names need no escaping in file names")
      let seeds = rows.filter { $0[scenario] == name }.compactMap { UInt64($0[seed]) }
      firstSeedRuns += rows.filter { $0[scenario] == name && UInt64($0[seed]) == seeds.min() }.count
    }
    var timelineStems = Set<String>()
    for row in rows {
      let name = row[scenario]
      for kind in ["tradeoff", "ttc-cdf", "metrics", "scroll"] { stems.insert("\(kind)--\(name)") }
      // A run's file label: the strategy, then its non-default parameters after '@', '+' between.
      let label =
        row[params].isEmpty
        ? row[strategy] : row[strategy] + "@" + row[params].replacingOccurrences(of: ",", with: "+")
      #expect(ReportsE2E.safe(label) == label)
      // The first seed's timeline of the strategies the decision is about (--timelines
      // recommended, the default; TimelineChoiceTests pins which): a subset of --timelines first.
      let seeds = rows.filter { $0[scenario] == name }.compactMap { UInt64($0[seed]) }
      if UInt64(row[seed]) == seeds.min() {
        timelineStems.insert("timeline--\(name)--\(label)--\(row[seed])")
      }
    }
    let drawnTimelines = Set(
      ReportsE2E.files(run.folder + "/plots").filter { $0.hasPrefix("timeline--") && $0.hasSuffix(".png") }
        .map { String($0.dropLast(4)) })
    #expect(drawnTimelines.isSubset(of: timelineStems))
    var timelineStemsByScenario: [String: Int] = [:]
    for name in scenarios {
      timelineStemsByScenario[name] = timelineStems.filter { $0.hasPrefix("timeline--\(name)--") }.count
    }
    for name in scenarios {
      let mine = drawnTimelines.filter { $0.hasPrefix("timeline--\(name)--") }
      // The recommended strategy (or two tied), at most a runner-up, and the oracle.
      #expect((2...4).contains(mine.count), "\(name): \(mine.sorted())")
      let ranOracle = rows.contains { $0[scenario] == name && $0[strategy] == "oracle" }
      #expect(mine.contains("timeline--\(name)--oracle--1") == ranOracle, "\(name)")
    }
    // What recommend names is drawn.
    let recommended = try ReportsE2E.run(["recommend", run.folder, "--format", "csv"])
    #expect(recommended.status == 0)
    for line in recommended.stdout.split(separator: "\n").dropFirst() {
      let cells = ReportsE2E.fields(String(line))
      guard cells.count > 2, !cells[1].isEmpty else { continue }
      let label = cells[1].replacingOccurrences(of: ":", with: "@").replacingOccurrences(of: ",", with: "+")
      #expect(drawnTimelines.contains("timeline--\(cells[0])--\(label)--1"), "\(cells[0]) \(label)")
    }
    #expect(drawnTimelines.count < firstSeedRuns)
    timelineStems = drawnTimelines
    let bundled = ReportsE2E.files(ReportsE2E.packageRoot + "/scenarios").filter { $0.hasSuffix(".json") }
      .count
    #expect(scenarios.count == bundled)
    #expect(stems.count == scenarios.count * 4)
    let plots = run.folder + "/plots/"
    // Every plot: PNG and script; the plots report.html inlines SVG too.
    let svgStems = stems.filter { $0.hasPrefix("tradeoff--") || $0.hasPrefix("ttc-cdf--") }
    #expect(svgStems.count == scenarios.count * 2)
    #expect(
      ReportsE2E.files(run.folder + "/plots").count
        == stems.count * 2 + svgStems.count + timelineStems.count * 2)
    for stem in stems.union(timelineStems).sorted() {
      let hasSVG = svgStems.contains(stem)
      #expect(ReportsE2E.isPNG(plots + stem + ".png"), "\(stem).png")
      #expect(!hasSVG || ReportsE2E.isXML(plots + stem + ".svg"), "\(stem).svg")
      #expect(hasSVG || !FileManager.default.fileExists(atPath: plots + stem + ".svg"), "\(stem).svg")
      let script = try ReportsE2E.read(plots + stem + ".gp")
      #expect(script.contains("set output '\(stem).png'"))
      #expect(script.contains("set output '\(stem).svg'") == hasSVG)
      #expect(!script.contains(run.folder) && !script.contains("/tmp/"), "\(stem).gp names no paths")
    }
    let html = try ReportsE2E.read(run.folder + "/report.html")
    // Inline: the trade-off and time-to-content plots of each scenario; the metric bars, the
    // scroll trace and the drawn timelines as PNG files; a line per scenario counts the
    // strategies left without one.
    #expect(html.components(separatedBy: "<svg ").count - 1 == scenarios.count * 2)
    #expect(
      html.components(separatedBy: "<img src=\"plots/").count - 1
        == scenarios.count * 2 + drawnTimelines.count)
    let partlyDrawn = scenarios.filter { name in
      drawnTimelines.filter { $0.hasPrefix("timeline--\(name)--") }.count
        < timelineStemsByScenario[name, default: 0]
    }
    #expect(
      html.components(separatedBy: "have no timeline here").count
        + html.components(separatedBy: "has no timeline here").count - 2 == partlyDrawn.count)
    #expect(partlyDrawn.count > scenarios.count / 2)
    #expect(html.utf8.count < 3_000_000, "report.html is \(html.utf8.count) bytes")
    #expect(!html.contains("<?xml") && !html.contains("http://www.w3.org/Graphics/SVG/1.1/DTD"))
  }

  /// `report DIR` regenerates, from the folder alone, exactly what `run` wrote (byte for byte:
  /// SVG, .gp, Markdown, HTML, and PNG on the same machine).
  @Test(.enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: plot assertions skipped"))
  func reportRegeneratesTheSameFiles() throws {
    let folder = try ReportsE2E.makeFolder("regenerate")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let gnuplot = try #require(Gnuplot.installedPath)
    let run = try ReportsE2E.run(
      [
        "run", "scenarios/short-first-page.json", "scenarios/skimmer-wifi.json", "--seeds", "1-2",
        "--strategy",
        "infinite_scroll", "--strategy", "directional_ranges", "--out", folder + "/r", "--jobs", "2",
      ], path: gnuplot)
    #expect(run.status == 0, "\(run.stderr)")
    let copy = folder + "/copy"
    try FileManager.default.copyItem(atPath: folder + "/r", toPath: copy)
    try FileManager.default.removeItem(atPath: copy + "/plots")
    try FileManager.default.removeItem(atPath: copy + "/report.md")
    try FileManager.default.removeItem(atPath: copy + "/report.html")
    let result = try ReportsE2E.run(["report", copy, "--jobs", "2"], path: gnuplot)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("report.md and report.html written to"))
    for name in ["report.md", "report.html"] {
      #expect(
        FileManager.default.contents(atPath: copy + "/" + name)
          == FileManager.default.contents(atPath: folder + "/r/" + name), "\(name)")
    }
    let plots = ReportsE2E.files(folder + "/r/plots")
    // 2 scenarios × 4 plots (PNG, script; 2 with SVG) + 2 × 2 timelines (PNG, script).
    #expect(plots.count == 2 * (2 * 4) + 2 * 2 + 2 * (2 * 2))
    #expect(ReportsE2E.files(copy + "/plots") == plots)
    for name in plots {
      #expect(
        FileManager.default.contents(atPath: copy + "/plots/" + name)
          == FileManager.default.contents(atPath: folder + "/r/plots/" + name), "\(name) differs")
    }
    // A saved script redraws its images by itself in the plots folder.
    let redraw = try ReportsE2E.makeFolder("redraw")
    defer { try? FileManager.default.removeItem(atPath: redraw) }
    try FileManager.default.copyItem(
      atPath: folder + "/r/plots/tradeoff--skimmer-wifi.gp", toPath: redraw + "/tradeoff--skimmer-wifi.gp")
    let redrawing = Process()
    redrawing.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    redrawing.arguments = ["gnuplot", "tradeoff--skimmer-wifi.gp"]
    redrawing.environment = ["PATH": gnuplot]
    redrawing.currentDirectoryURL = URL(fileURLWithPath: redraw)
    try redrawing.run()
    redrawing.waitUntilExit()
    #expect(redrawing.terminationStatus == 0)
    #expect(
      FileManager.default.contents(atPath: redraw + "/tradeoff--skimmer-wifi.svg")
        == FileManager.default.contents(atPath: folder + "/r/plots/tradeoff--skimmer-wifi.svg"))
  }

  /// Acceptance: every number in the report equals the CSV it came from, for means and 95 %
  /// intervals over three seeds (parsed from report.md and recomputed from summary.csv here).
  @Test func reportNumbersEqualTheCSV() throws {
    let folder = try ReportsE2E.makeFolder("numbers")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try ReportsE2E.run([
      "run", "scenarios/reader-lte.json", "scenarios/slow-3g.json", "--seeds", "1-3", "--out", folder + "/r",
      "--no-plots",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/r/report.md"))  // --no-plots: CSVs only
    let report = try ReportsE2E.run(["report", folder + "/r", "--no-plots", "--quiet"])
    #expect(report.status == 0 && report.stderr.isEmpty, "\(report.stderr)")
    let markdown = try ReportsE2E.read(folder + "/r/report.md")
    let (header, rows) = try ReportsE2E.summary(folder + "/r")
    let metrics = Array(header.dropFirst(4))
    let t2 = 4.302652729749462  // t(0.975, 2), NIST/SEMATECH table
    var checked = 0
    for scenario in ["reader-lte", "slow-3g"] {
      let lines = markdown.components(separatedBy: "\n")
      let start = try #require(lines.firstIndex(of: "## Scenario \(scenario)"))
      let tableStart = try #require(lines[start...].firstIndex { $0.hasPrefix("| metric |") })
      let columns = cells(lines[tableStart])
      var index = tableStart + 2
      while lines[index].hasPrefix("|") {
        let row = cells(lines[index])
        // Byte metrics are shown in kB or MB: "wasted_bytes (kB)".
        let metric = String(row[0].split(separator: " ")[0])
        let scale = row[0].hasSuffix("(kB)") ? 1e-3 : row[0].hasSuffix("(MB)") ? 1e-6 : 1
        let metricIndex = try #require(metrics.firstIndex(of: metric)) + 4
        for (position, label) in columns.enumerated() where position > 0 && position < columns.count - 1 {
          let values = rows.filter {
            $0[0] == scenario && ($0[2].isEmpty ? $0[1] : "\($0[1]):\($0[2])") == label
          }
          .compactMap { Double($0[metricIndex]).map { $0 * scale } }
          let cell = row[position]
          if values.isEmpty {
            #expect(cell == "–")
            continue
          }
          let parts = cell.replacingOccurrences(of: "**", with: "").components(separatedBy: " (n=")[0]
            .components(separatedBy: " ± ")
          let mean = values.reduce(0, +) / Double(values.count)
          let tolerance =
            ["blankness", "coverage", "prefetch_accuracy"].contains(metric)
            ? 0.0005 : scale == 1e-6 ? 0.005 : 0.05
          #expect(
            abs(try #require(Double(parts[0])) - mean) <= tolerance + 1e-9, "\(scenario) \(label) \(metric)")
          if values.count == 3 {
            let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 2).squareRoot()
            #expect(parts.count == 2)
            #expect(abs(try #require(Double(parts[1])) - t2 * sd / 3.0.squareRoot()) <= tolerance + 1e-9)
          }
          checked += 1
        }
        index += 1
      }
    }
    #expect(try checked == 2 * Prefetchlab.strategyNames().count * metrics.count)
    // report.html holds the same numbers as report.md.
    let html = try ReportsE2E.read(folder + "/r/report.html")
    let htmlNumbers = html.components(separatedBy: "<td class=\"num\">").dropFirst().map {
      $0.components(separatedBy: "</td>")[0].replacingOccurrences(of: "<strong>", with: "")
        .replacingOccurrences(of: "</strong>", with: "")
    }
    // The overview opening both reports adds stall, blank and wasted data per scenario.
    #expect(htmlNumbers.count == checked + 2 * 3)
    #expect(html.contains("Plots:</strong> not drawn (--no-plots)."))
  }

  /// Without gnuplot: one warning, reports without plots, exit 0; with --plots: exit 1, an
  /// install hint and nothing written.
  @Test func missingGnuplotWarnsOnceOrFailsWhenPlotsAreRequired() throws {
    let folder = try ReportsE2E.makeFolder("nognuplot")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/emptybin", withIntermediateDirectories: true)
    let relaxed = try ReportsE2E.run(
      ["run", "scenarios/short-first-page.json", "--out", folder + "/r"], path: folder + "/emptybin")
    #expect(relaxed.status == 0, "\(relaxed.stderr)")
    let warnings = relaxed.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("warning:") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("gnuplot not found on PATH") == true)
    #expect(warnings.first?.contains("apt-get install gnuplot-nox") == true)
    #expect(!FileManager.default.fileExists(atPath: folder + "/r/plots"))
    #expect(try ReportsE2E.read(folder + "/r/report.md").contains("gnuplot was not found on PATH"))
    #expect(FileManager.default.fileExists(atPath: folder + "/r/report.html"))

    let strict = try ReportsE2E.run(
      ["run", "scenarios/short-first-page.json", "--out", folder + "/strict", "--plots"],
      path: folder + "/emptybin")
    #expect(strict.status == 1)
    #expect(
      strict.stderr.contains("apt-get install gnuplot-nox") && strict.stderr.contains("brew install gnuplot"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/strict"))
    let report = try ReportsE2E.run(
      ["report", folder + "/r", "--plots", "--replace"], path: folder + "/emptybin")
    #expect(report.status == 1)
    let conflicting = try ReportsE2E.run(["report", folder + "/r", "--plots", "--no-plots"])
    #expect(conflicting.status == 64)
  }

  /// Acceptance: an injection attempt in a scenario name runs nothing and still plots; the
  /// report works from the folder alone once the scenario file is gone.
  @Test(.enabled(if: Gnuplot.isInstalled, "gnuplot is not on PATH: plot assertions skipped"))
  func injectionInAScenarioNameRunsNothingAndStillPlots() throws {
    let folder = try ReportsE2E.makeFolder("injection")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let markers = "/tmp/plx" + String(UInt16.random(in: 0x1000...0xFFFF), radix: 16)
    try FileManager.default.createDirectory(atPath: markers, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: markers) }
    // Control characters (a newline, say) are refused in names (exit 65), so the attempt uses
    // quotes, backticks, gnuplot's system() and markup.
    let name = "evil'\"`touch \(markers)/1`;system(\"touch \(markers)/2\") @m ]]> <b>&"
    #expect(name.count <= 100)
    let source = try ReportsE2E.read(ReportsE2E.packageRoot + "/scenarios/short-first-page.json")
    var scenario = try #require(JSONSerialization.jsonObject(with: Data(source.utf8)) as? [String: Any])
    scenario["name"] = name
    scenario["duration_s"] = 10
    let scenarioPath = folder + "/evil.json"
    try JSONSerialization.data(withJSONObject: scenario).write(to: URL(fileURLWithPath: scenarioPath))
    let result = try ReportsE2E.run(
      [
        "run", scenarioPath, "--strategy", "infinite_scroll", "--strategy", "directional_ranges", "--out",
        folder + "/r", "--plots",
      ], path: try #require(Gnuplot.installedPath))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(ReportsE2E.files(markers).isEmpty, "the name ran a command")
    // The file names replace unsafe characters (and add a hash); find each plot by its kind.
    let plots = ReportsE2E.files(folder + "/r/plots")
    for kind in ["tradeoff", "ttc-cdf", "metrics", "scroll", "timeline"] {
      let images = plots.filter { $0.hasPrefix(kind + "--evil") && $0.hasSuffix(".png") }
      #expect(images.count == (kind == "timeline" ? 2 : 1), "\(kind): \(plots)")
      for image in images {
        let stem = String(image.dropLast(4))
        #expect(ReportsE2E.isPNG(folder + "/r/plots/\(stem).png"), "\(stem)")
        #expect(
          !["tradeoff", "ttc-cdf"].contains(kind) || ReportsE2E.isXML(folder + "/r/plots/\(stem).svg"),
          "\(stem)")
        #expect(plots.contains(stem + ".gp"))
      }
    }
    let html = try ReportsE2E.read(folder + "/r/report.html")
    #expect(!html.contains("<b>&"))
    #expect(html.contains("evil&#39;&quot;`touch"))

    // Without the scenario file the report still works and keeps the scenario's description and
    // parameters: they come from the manifest.
    let before = try ReportsE2E.read(folder + "/r/report.md")
    try FileManager.default.removeItem(atPath: scenarioPath)
    // A folder holding a report is redrawn only with --replace: exit 64 naming the flag, no byte moved.
    let refused = try ReportsE2E.run(["report", folder + "/r", "--no-plots", "--quiet"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("already holds a report (report.md, report.html, plots): give --replace"))
    #expect(try ReportsE2E.read(folder + "/r/report.md") == before)
    let report = try ReportsE2E.run(["report", folder + "/r", "--no-plots", "--quiet", "--replace"])
    #expect(report.status == 0, "\(report.stderr)")
    let markdown = try ReportsE2E.read(folder + "/r/report.md")
    #expect(markdown.contains("- patience\\_ms: `30000`"), "\(markdown)")
    #expect(markdown.contains("- scroll source: `script of "))
    // Everything but the plots is as it was with the scenario file there (description included).
    func text(_ report: String) -> [String] {
      report.components(separatedBy: "\n").filter {
        !$0.isEmpty && !$0.lowercased().contains("plot") && !$0.contains("PNG") && !$0.contains("timelines")
      }
    }
    #expect(text(markdown) == text(before))
    #expect(ReportsE2E.files(markers).isEmpty)
  }
}

/// Cells of a Markdown table row with escapes and code marks removed.
private func cells(_ line: String) -> [String] {
  var cells: [String] = []
  var current = ""
  var escaped = false
  for character in line.dropFirst().dropLast() {
    if escaped {
      current.append(character)
      escaped = false
    } else if character == "\\" {
      escaped = true
    } else if character == "|" {
      cells.append(current.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: ""))
      current = ""
    } else {
      current.append(character)
    }
  }
  cells.append(current.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: ""))
  return cells
}
