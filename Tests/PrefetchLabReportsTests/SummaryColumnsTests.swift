import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

@Suite struct SummaryColumnsTests {
  /// DESIGN.md §3's required columns, in order.
  static let required = [
    "scenario", "strategy", "params", "seed", "session_ms", "first_content_ms", "stall_ms", "stall_count",
    "stall_max_ms", "abandoned", "blank_ms", "mostly_blank_ms", "blankness", "ttc_p50_ms", "ttc_p95_ms",
    "ttc_max_ms", "items_seen", "items_seen_incomplete", "page_requests", "media_requests",
    "requests_cancelled",
    "requests_failed", "bytes_fetched", "wasted_fetches", "wasted_bytes", "redundant_fetches",
    "prefetch_accuracy", "coverage", "late_prefetches", "peak_in_flight",
  ]

  /// The network, cache, render and energy columns (docs/metrics.md) follow the required ones.
  static let realism = [
    "retries", "coalesced_requests", "disk_reads", "evictions", "peak_memory_bytes", "radio_active_ms",
    "energy_j",
  ]

  @Test func realismColumnsFollowTheRequiredOnes() {
    let columns = SummaryTable.columns
    #expect(Array(columns.prefix(Self.required.count)) == Self.required)
    #expect(Array(columns.suffix(Self.realism.count)) == Self.realism)
    #expect(SummaryMetrics().values.count == SummaryMetrics.columnNames.count)
  }

  /// Every realism column is documented in docs/metrics.md, in order.
  @Test func realismColumnsAreDocumented() throws {
    let docPath = #filePath.components(separatedBy: "/Tests/").first! + "/docs/metrics.md"
    let doc = try String(contentsOfFile: docPath, encoding: .utf8)
    let positions = Self.realism.map { doc.range(of: "| `\($0)` |")?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil })
    let found = positions.compactMap { $0 }
    #expect(found == found.sorted())
  }

  /// A row writes energy in J and the radio's time in ms; without a radio model both are empty.
  @Test func energyAndRadioCellsAreWrittenOrLeftEmpty() {
    var metrics = SummaryMetrics()
    metrics.radioActiveUs = 12_136_100
    metrics.energyJ = 12.981853
    metrics.peakMemoryBytes = 90_000
    let csv = SummaryTable.csv([
      SummaryTable.Row(scenario: "s", strategy: "t", params: "", seed: 1, metrics: metrics)
    ])
    let cells = csv.components(separatedBy: "\r\n")[1].split(separator: ",", omittingEmptySubsequences: false)
      .suffix(3)
    #expect(Array(cells) == ["90000", "12136.1", "12.981853"])
    let empty = SummaryTable.csv([
      SummaryTable.Row(scenario: "s", strategy: "t", params: "", seed: 1, metrics: SummaryMetrics())
    ])
    let emptyCells = empty.components(separatedBy: "\r\n")[1].split(
      separator: ",", omittingEmptySubsequences: false
    ).suffix(2)
    #expect(Array(emptyCells) == ["", ""])
  }

  @Test func newColumnsHaveAPolarity() {
    #expect(MetricPolarity.of("energy_j") == .lowerIsBetter)
    #expect(MetricPolarity.of("retries") == .lowerIsBetter)
    #expect(MetricPolarity.of("evictions") == .lowerIsBetter)
    #expect(MetricPolarity.of("disk_reads") == .neutral)
    #expect(MetricPolarity.of("coalesced_requests") == .neutral)
  }
}
