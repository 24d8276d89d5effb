import Foundation
import Testing

@testable import PrefetchLabReports

/// t(0.975, ν) for ν = 1…9 from the NIST/SEMATECH table (more digits: scipy.stats.t.ppf), so
/// these tests check the report against numbers computed independently of `StudentT`.
let tTable: [Int: Double] = [
  1: 12.706204736174694, 2: 4.302652729749462, 3: 3.1824463052837078, 4: 2.7764451051977934,
  5: 2.5705818356363146, 6: 2.4469118511449692, 7: 2.3646242515927844, 8: 2.3060041352041662,
  9: 2.262157162798205,
]

/// A table of report.md parsed back: for each scenario heading, header cells and rows.
struct MarkdownTable {
  var header: [String]
  var rows: [[String]]

  /// Removes Markdown escapes and code/strong markers from a cell.
  static func plain(_ cell: String) -> String {
    var text = cell.trimmingCharacters(in: .whitespaces)
    for marker in ["**", "`"]
    where text.hasPrefix(marker) && text.hasSuffix(marker) && text.count >= 2 * marker.count {
      text = String(text.dropFirst(marker.count).dropLast(marker.count))
    }
    var result = ""
    var escaped = false
    for character in text {
      if character == "\\" && !escaped {
        escaped = true
        continue
      }
      escaped = false
      result.append(character)
    }
    return result
  }

  static func cells(_ line: String) -> [String] {
    // Split on `|` not preceded by a backslash.
    var cells: [String] = []
    var current = ""
    var previous: Character = " "
    for character in line.dropFirst().dropLast() {
      if character == "|" && previous != "\\" {
        cells.append(current)
        current = ""
      } else {
        current.append(character)
      }
      previous = character
    }
    cells.append(current)
    return cells.map(plain)
  }

  /// The metric table (the one whose header starts with `metric`) after `## Scenario <name>`.
  static func metricTable(in markdown: String, scenarioHeading: String) -> MarkdownTable? {
    let lines = markdown.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: scenarioHeading) else { return nil }
    guard let headerIndex = lines[start...].firstIndex(where: { $0.hasPrefix("| metric |") }) else {
      return nil
    }
    var rows: [[String]] = []
    var index = headerIndex + 2
    while index < lines.count && lines[index].hasPrefix("|") {
      rows.append(cells(lines[index]))
      index += 1
    }
    return MarkdownTable(header: cells(lines[headerIndex]), rows: rows)
  }

  func row(_ metric: String) -> [String]? { rows.first { $0[0] == metric } }
}

/// `mean ± half` or `mean` (with an optional ` (n=k)`), parsed.
func parseCell(_ cell: String) -> (mean: Double, halfWidth: Double?, n: Int?)? {
  var text = cell
  var n: Int?
  if let range = text.range(of: " (n=") {
    n = Int(text[range.upperBound...].dropLast())
    text = String(text[..<range.lowerBound])
  }
  let parts = text.components(separatedBy: " ± ")
  guard let mean = Double(parts[0]) else { return nil }
  return (mean, parts.count > 1 ? Double(parts[1]) : nil, n)
}

@Suite struct ReportTests {
  static let metrics = ["stall_ms", "wasted_bytes", "coverage", "items_seen"]
  static let evil = "<script>alert(1)</script> | `x` *y* [z](http://e)"

  /// Two strategies over three seeds, one with an empty coverage cell; a one-seed scenario with a
  /// hostile name.
  static func makeFolder() throws -> TestFolder {
    let folder = try TestFolder("report")
    let rows: [SummaryRowSpec] = [
      .init(scenario: "s1", strategy: "lazy", seed: 1, values: [100, 0, 0.5, 40]),
      .init(scenario: "s1", strategy: "lazy", seed: 2, values: [130.25, 0, 0.25, 42]),
      .init(scenario: "s1", strategy: "lazy", seed: 3, values: [90, 1000, nil, 41]),
      .init(scenario: "s1", strategy: "eager", params: "ratio=0.5", seed: 1, values: [0, 24000, 0.9, 40]),
      .init(scenario: "s1", strategy: "eager", params: "ratio=0.5", seed: 2, values: [10, 48000, 0.95, 42]),
      .init(scenario: "s1", strategy: "eager", params: "ratio=0.5", seed: 3, values: [0, 24000, 1, 41]),
      .init(scenario: evil, strategy: "lazy", seed: 7, values: [5.5, 12, 0.123456, 9]),
      .init(scenario: evil, strategy: "eager", seed: 7, values: [5.5, 0, 0.5, 9]),
    ]
    try ReportFixtures.writeSummary(in: folder, metrics: metrics, rows: rows)
    return folder
  }

  static func generate(_ folder: TestFolder) throws -> (markdown: String, html: String) {
    _ = try ReportGenerator.generate(
      folder: folder.path, output: FolderOutput(folder: folder.path), gnuplot: nil, parallelism: 1,
      plotsNote: "not drawn in this test.")
    return (try folder.read("report.md"), try folder.read("report.html"))
  }

  @Test func everyNumberEqualsTheCSV() throws {
    let folder = try Self.makeFolder()
    defer { folder.remove() }
    let (markdown, _) = try Self.generate(folder)
    let table = try #require(MarkdownTable.metricTable(in: markdown, scenarioHeading: "## Scenario s1"))
    #expect(table.header == ["metric", "lazy", "eager:ratio=0.5", "best"])
    // The CSV, read back independently of the report code.
    let csv = try CSVTable(contentsOfFile: folder.file("summary.csv"))
    for metric in Self.metrics {
      // Byte metrics are shown in kB: the row is "`wasted_bytes` (kB)", its values / 1000.
      let isBytes = metric == "wasted_bytes"
      let row = try #require(table.row(isBytes ? "`\(metric)` (kB)" : metric), "\(table.rows)")
      for (column, label) in ["lazy", "eager:ratio=0.5"].enumerated() {
        var values: [Double] = []
        for index in 0..<csv.count where try csv.string("scenario", row: index) == "s1" {
          let strategy = try csv.string("strategy", row: index)
          let params = try csv.string("params", row: index)
          guard (params.isEmpty ? strategy : strategy + ":" + params) == label else { continue }
          if let value = try csv.double(metric, row: index) { values.append(isBytes ? value / 1000 : value) }
        }
        let n = values.count
        let mean = values.reduce(0, +) / Double(n)
        let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n - 1)).squareRoot()
        let halfWidth = tTable[n - 1]! * sd / Double(n).squareRoot()
        let tolerance = metric == "coverage" ? 0.0005 + 1e-9 : 0.05 + 1e-9
        let parsed = try #require(parseCell(row[column + 1]), "\(metric) \(label): \(row[column + 1])")
        #expect(abs(parsed.mean - mean) <= tolerance, "\(metric) \(label)")
        #expect(abs(try #require(parsed.halfWidth) - halfWidth) <= tolerance, "\(metric) \(label)")
        #expect(parsed.n == (n == 3 ? nil : n), "\(metric) \(label): n shown only when it differs")
      }
    }
    // Best per metric follows the polarity (the best mean first); three seeds cannot show a
    // significant difference without normality (the exact Wilcoxon p is at least 2/8), so nothing
    // is bold; descriptive metrics have no best.
    #expect(table.row("stall_ms")?.last == "no clear winner (best mean: eager:ratio=0.5)")
    #expect(table.row("`wasted_bytes` (kB)")?.last == "no clear winner (best mean: lazy)")
    #expect(table.row("coverage")?.last == "no clear winner (best mean: eager:ratio=0.5)")
    #expect(table.row("items_seen")?.last == "–")
    #expect(!markdown.contains("| **"))
    #expect(
      markdown.contains(
        "**Pareto-optimal** (mean stall\\_ms against mean wasted\\_bytes per minute; share of resamples of the "
          + "seeds in which each stays optimal): lazy (100 %), eager:ratio=0.5 (100 %)"))
  }

  @Test func oneSeedShowsValuesWithoutIntervals() throws {
    let folder = try Self.makeFolder()
    defer { folder.remove() }
    let (markdown, _) = try Self.generate(folder)
    let heading = "## Scenario " + MarkdownText.escape(Self.evil)
    let table = try #require(MarkdownTable.metricTable(in: markdown, scenarioHeading: heading))
    #expect(table.row("stall_ms") == ["stall_ms", "5.5", "5.5", "all equal"])
    #expect(table.row("coverage") == ["coverage", "0.123", "0.5", "eager (1 seed, untested)"])
    // 12 bytes and 0 bytes, shown in kB like every byte figure.
    #expect(
      table.row("`wasted_bytes` (kB)") == ["`wasted_bytes` (kB)", "0", "0", "eager (1 seed, untested)"])
    #expect(markdown.contains("seeds: 7 (n=1: one value per strategy, no confidence interval)"))
    #expect(!markdown.contains("nan") && !markdown.contains("NaN"))
  }

  @Test func hostileNamesAreEscapedInBothReports() throws {
    let folder = try Self.makeFolder()
    defer { folder.remove() }
    let (markdown, html) = try Self.generate(folder)
    #expect(!html.contains("<script>"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; | `x` *y* [z](http://e)"))
    #expect(markdown.contains("\\<script\\>alert(1)\\</script\\> \\| \\`x\\` \\*y\\* \\[z\\](http://e)"))
    #expect(!markdown.contains("<script>"))
    // The page loads nothing: a Content-Security-Policy and no external URLs.
    #expect(html.contains("Content-Security-Policy"))
    #expect(!html.contains("src=\"http") && !html.contains("href=\"http"))
  }

  @Test func reportsAreDeterministicAndFreeOfPaths() throws {
    let folder = try Self.makeFolder()
    defer { folder.remove() }
    let first = try Self.generate(folder)
    let second = try Self.generate(folder)
    #expect(first.markdown == second.markdown)
    #expect(first.html == second.html)
    #expect(!first.markdown.contains(folder.path) && !first.html.contains(folder.path))
    #expect(!first.markdown.contains(NSTemporaryDirectory()))
  }

  @Test func missingManifestAndScenarioFilesLeaveANote() throws {
    let folder = try Self.makeFolder()
    defer { folder.remove() }
    let (markdown, _) = try Self.generate(folder)
    #expect(markdown.contains("no manifest.json: scenario details unavailable"))
  }
}

@Suite struct ReportRulesTests {
  /// Rows of one scenario: `values[strategy][seed − 1]` (nil = empty cell) for stall_ms and coverage.
  static func strategies(_ values: [[Double?]]) -> [StrategyResults] {
    values.enumerated().map { index, column in
      StrategyResults(
        rows: column.enumerated().map { seed, value in
          RunRow(
            key: RunKey(scenario: "s", strategy: "s\(index)", params: "", seed: UInt64(seed + 1)),
            metrics: ["stall_ms": value, "coverage": value, "items_seen": value], line: seed + 2)
        })
    }
  }

  @Test func bestNeedsSignificanceAgainstEveryOtherStrategy() {
    // s1 stalls less than s0 on all 8 seeds (Wilcoxon p = 2/256) and than s2 on all 8.
    let clear = Self.strategies([
      (1...8).map { 100 + Double($0) }, (1...8).map { 50 + Double($0) * 1.1 },
      (1...8).map { 70 + Double($0) },
    ])
    let best = BestStrategy(clear, metric: "stall_ms")
    #expect(best.outcome == .winner(1) && best.winner == 1)
    #expect(best.text(["a", "b", "c"]) == "b")
    // Higher is better for coverage: s0 has the largest values, significantly.
    #expect(BestStrategy(clear, metric: "coverage").outcome == .winner(0))
    #expect(BestStrategy(clear, metric: "items_seen").outcome == .none)
    // s2 only 0.1 above s1 on seed 1 and below it on the others: s1 has the best mean but cannot
    // be told apart from s2 (differences −0.1, +0.1, … do not all agree).
    let seeds = (1...8).map(Double.init)
    let nudges: [Double] = seeds.map { Int($0) % 2 == 0 ? 0.2 : -0.1 }
    let close = Self.strategies([
      seeds.map { 100 + $0 }, seeds.map { 50 + $0 }, zip(seeds, nudges).map { 50 + $0 + $1 },
    ])
    let unclear = BestStrategy(close, metric: "stall_ms")
    #expect(unclear.outcome == .noClearWinner([1, 2]))
    #expect(unclear.winner == nil)
    #expect(unclear.text(["a", "b", "c"]) == "no clear winner: b, c")
  }

  @Test func tiesSingleSeedsAndEmptyMetrics() {
    #expect(BestStrategy(Self.strategies([[1, 2], [1, 2]]), metric: "stall_ms").outcome == .allEqual)
    #expect(BestStrategy(Self.strategies([[3], [1]]), metric: "stall_ms").outcome == .untested([1]))
    #expect(
      BestStrategy(Self.strategies([[1], [1], [2]]), metric: "stall_ms").text(["a", "b", "c"])
        == "a, b (1 seed, untested)")
    #expect(BestStrategy(Self.strategies([[nil], [nil]]), metric: "stall_ms").outcome == .none)
    // A strategy without values on the metric is left out of the comparison.
    let partial = Self.strategies([(1...8).map { Double($0) }, Array(repeating: nil, count: 8)])
    #expect(BestStrategy(partial, metric: "stall_ms").outcome == .winner(0))
  }

  @Test func cellsShowIntervalsAndSampleSizes() {
    #expect(Report.cell(MeanEstimate([2, 4, 6]), "stall_ms", commonN: 3) == "4 ± 5")
    #expect(Report.cell(MeanEstimate([0.2, 0.4]), "coverage", commonN: 2) == "0.3 ± 1.271")
    #expect(Report.cell(MeanEstimate([7]), "stall_ms", commonN: 1) == "7")
    #expect(Report.cell(MeanEstimate([7]), "stall_ms", commonN: 3) == "7 (n=1)")
    #expect(Report.cell(MeanEstimate([]), "stall_ms", commonN: 3) == "–")
  }

  @Test func markdownEscaping() {
    #expect(MarkdownText.escape("infinite_scroll") == "infinite\\_scroll")
    #expect(MarkdownText.escape("a|b") == "a\\|b")
    #expect(MarkdownText.escape("# title") == "\\# title")
    #expect(MarkdownText.escape("1. item") == "1\\. item")
    #expect(MarkdownText.escape("120.5 ms") == "120.5 ms")
    #expect(MarkdownText.escape("two\nlines") == "two lines")
    #expect(Report.codeSpan("a`b", inTable: false) == "``a`b``")
    #expect(Report.codeSpan("`x`", inTable: true) == "`` `x` ``")
    #expect(Report.codeSpan("a|b", inTable: true) == "`a\\|b`")
    #expect(HTMLText.escape("<a href='x'>&\"") == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;")
  }

  @Test func seedRanges() {
    #expect(SeedText.ranges([1, 2, 3, 5, 7, 8]) == "1-3, 5, 7-8")
    #expect(SeedText.ranges([4]) == "4")
    #expect(SeedText.ranges([]) == "")
  }

  /// Several gnuplot SVGs on one page must not share ids (clip paths, markers).
  @Test func inlinedSVGsGetTheirOwnIDs() {
    let svg = """
      <?xml version="1.0" encoding="utf-8"  standalone="no"?>
      <svg width="600" height="480" viewBox="0 0 600 480" xmlns="http://www.w3.org/2000/svg">
      <defs><path id='gpPt0' d='M0,0'/><clipPath id="gpclip1"><rect/></clipPath></defs>
      <use xlink:href='#gpPt0'/><g clip-path="url(#gpclip1)"><text>id='gpPt0' a > b</text></g>
      </svg>

      """
    let inlined = SVGInline.prepare(svg, idPrefix: "f2-", label: "A \"plot\"")
    #expect(inlined.hasPrefix("<svg role=\"img\" aria-label=\"A &quot;plot&quot;\" width=\"600\""))
    #expect(inlined.contains("id='f2-gpPt0'") && inlined.contains("href='#f2-gpPt0'"))
    #expect(inlined.contains("id=\"f2-gpclip1\"") && inlined.contains("url(#f2-gpclip1)"))
    #expect(inlined.contains("<text>id='gpPt0' a > b</text>"))  // text content untouched
    #expect(!inlined.contains("<?xml"))
    #expect(inlined.hasSuffix("</svg>"))
  }
}
