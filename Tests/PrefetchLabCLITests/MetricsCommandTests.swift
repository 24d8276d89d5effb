import PrefetchLab
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

@Suite struct MetricsCommandTests {
  @Test func printsTheCatalogueAsTextOrAsTheDocsTable() {
    let markdown = runCLI(["metrics", "--format", "markdown"])
    #expect(markdown.status == 0)
    #expect(markdown.stdout == MetricTable.markdown())
    let text = runCLI(["metrics"])
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n")
    // Header, rule, then a line per metric in summary.csv order.
    #expect(lines.count == 2 + MetricCatalogue.all.count)
    #expect(lines.dropFirst(2).map { String($0.split(separator: " ")[0]) } == MetricCatalogue.columns)
    #expect(lines.contains { $0.hasPrefix("energy_j ") && $0.contains(" J ") && $0.contains(" energy ") })
    #expect(runCLI(["metrics", "--format", "csv"]).status == 64)
  }

  /// The run table's columns come from the catalogue: titles in display units, values in them.
  @Test func runTableColumnsDeriveFromTheCatalogue() {
    #expect(
      RunSummaryText.columns.map(\.title) == [
        "stall_ms", "stall_count", "blank_ms", "ttc_p95_ms", "wasted_kB", "requests", "abandoned",
      ])
    var metrics = SummaryMetrics()
    metrics.wastedBytes = 1500
    metrics.pageRequests = 3
    metrics.mediaRequests = 4
    #expect(RunSummaryText.columns[4].value(metrics) == 1.5)
    #expect(RunSummaryText.columns[5].value(metrics) == 7)
    #expect(RunSummaryText.columns[3].value(metrics) == nil)
  }
}
