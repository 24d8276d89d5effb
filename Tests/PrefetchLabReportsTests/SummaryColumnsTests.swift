import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

@Suite struct SummaryColumnsTests {
  /// The required columns, in order (the contract every results folder has kept).
  static let required = [
    "scenario", "strategy", "params", "seed", "session_ms", "first_content_ms", "stall_ms", "stall_count",
    "stall_max_ms", "abandoned", "blank_ms", "mostly_blank_ms", "blankness", "ttc_p50_ms", "ttc_p95_ms",
    "ttc_max_ms", "items_seen", "items_seen_incomplete", "page_requests", "media_requests",
    "requests_cancelled",
    "requests_failed", "bytes_fetched", "wasted_fetches", "wasted_bytes", "redundant_fetches",
    "prefetch_accuracy", "coverage", "late_prefetches", "peak_in_flight",
  ]

  /// The extras, the network, cache, render and energy columns, and the oracle's caveats follow
  /// the required ones.
  static let extra = [
    "items_loaded", "frames", "retries", "coalesced_requests", "visible_media_wait_ms",
    "visible_media_wait_max_ms", "disk_reads", "evictions", "peak_memory_bytes",
    "radio_active_ms", "energy_j", "blank_area_max_pt", "blank_area_sum_pt", "duplicate_items_shown",
    "items_skipped", "invalidated_bytes", "bound_caveats",
  ]

  /// Which way each column should move, written out independently of the catalogue (what the
  /// product decided, column by column): a column added to the catalogue without an entry here,
  /// or a polarity changed there, fails.
  static let expectedPolarity: [String: MetricPolarity] = [
    "session_ms": .neutral, "first_content_ms": .lowerIsBetter, "stall_ms": .lowerIsBetter,
    "stall_count": .lowerIsBetter, "stall_max_ms": .lowerIsBetter, "abandoned": .lowerIsBetter,
    "blank_ms": .lowerIsBetter, "mostly_blank_ms": .lowerIsBetter,
    "blank_area_max_pt": .lowerIsBetter, "blank_area_sum_pt": .lowerIsBetter,
    "duplicate_items_shown": .lowerIsBetter, "items_skipped": .lowerIsBetter,
    "invalidated_bytes": .lowerIsBetter, "blankness": .lowerIsBetter,
    "ttc_p50_ms": .lowerIsBetter, "ttc_p95_ms": .lowerIsBetter, "ttc_max_ms": .lowerIsBetter,
    "items_seen": .neutral, "items_seen_incomplete": .lowerIsBetter, "page_requests": .lowerIsBetter,
    "media_requests": .lowerIsBetter, "requests_cancelled": .lowerIsBetter, "requests_failed": .lowerIsBetter,
    "bytes_fetched": .lowerIsBetter, "wasted_fetches": .lowerIsBetter, "wasted_bytes": .lowerIsBetter,
    "redundant_fetches": .lowerIsBetter, "prefetch_accuracy": .higherIsBetter, "coverage": .higherIsBetter,
    "late_prefetches": .lowerIsBetter, "peak_in_flight": .neutral,
    "visible_media_wait_ms": .lowerIsBetter, "visible_media_wait_max_ms": .lowerIsBetter,
    "items_loaded": .neutral,
    "frames": .neutral,
    "retries": .lowerIsBetter, "coalesced_requests": .neutral, "disk_reads": .neutral,
    "evictions": .lowerIsBetter, "peak_memory_bytes": .lowerIsBetter, "radio_active_ms": .lowerIsBetter,
    "energy_j": .lowerIsBetter, "bound_caveats": .neutral,
  ]

  @Test func headerIsTheKeyColumnsThenTheCatalogueInOrder() {
    #expect(SummaryTable.columns == Self.required + Self.extra)
    #expect(SummaryTable.columns == SummaryTable.keyColumns + MetricCatalogue.columns)
    #expect(Set(MetricCatalogue.columns).count == MetricCatalogue.all.count)
  }

  /// Every stored property of `SummaryMetrics` is read by exactly one catalogued metric: as many
  /// definitions as properties, and setting a definition's own field changes its value and no
  /// other's. A property the engine fills but no column writes (or two columns reading one
  /// field) fails here.
  @Test func everySummaryFieldHasExactlyOneColumn() {
    let properties = Mirror(reflecting: SummaryMetrics()).children.compactMap(\.label)
    #expect(properties.count == MetricCatalogue.all.count, "\(properties)")
    let base = SummaryMetrics()
    for metric in MetricCatalogue.all {
      var changed = base
      switch metric.field {
      case .count(let path): changed[keyPath: path] = 7
      case .flag(let path): changed[keyPath: path] = true
      case .bytes(let path): changed[keyPath: path] = 7
      case .microseconds(let path): changed[keyPath: path] = 7000
      case .optionalMicroseconds(let path): changed[keyPath: path] = 7000
      case .real(let path): changed[keyPath: path] = 0.5
      }
      #expect(metric.number(in: changed) != metric.number(in: base), "\(metric)")
      #expect(changed != base, "\(metric)")
      for other in MetricCatalogue.all where other != metric {
        #expect(other.number(in: changed) == other.number(in: base), "\(metric) moves \(other)")
      }
    }
  }

  @Test func everyColumnHasItsDecidedPolarity() {
    #expect(Set(Self.expectedPolarity.keys) == Set(MetricCatalogue.columns))
    for metric in MetricCatalogue.all {
      #expect(metric.polarity == Self.expectedPolarity[metric.column], "\(metric)")
      #expect(MetricPolarity.of(metric.column) == metric.polarity)
    }
    // A column another version wrote is never judged.
    #expect(MetricPolarity.of("frobs_per_s") == .neutral)
  }

  /// Names carry their unit and the kind agrees with it, so a duration cannot be catalogued as a
  /// count (and get another tolerance) by mistake.
  @Test func namesUnitsAndKindsAgree() {
    let lowercase = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
    for metric in MetricCatalogue.all {
      #expect(metric.column.allSatisfy { lowercase.contains($0) }, "\(metric)")
      #expect(metric.column.hasSuffix("_ms") == (metric.kind == .duration), "\(metric)")
      #expect(metric.column.contains("bytes") == (metric.kind == .bytes), "\(metric)")
      #expect(metric.column.hasSuffix("_j") == (metric.kind == .energy), "\(metric)")
      #expect(metric.column.hasSuffix("_pt") == (metric.kind == .length), "\(metric)")
      switch metric.kind {
      case .duration: #expect(metric.unit == "ms")
      case .bytes: #expect(metric.unit == "bytes")
      case .energy: #expect(metric.unit == "J")
      case .length: #expect(metric.unit == "pt")
      case .ratio: #expect(metric.unit == "fraction")
      case .flag: #expect(metric.unit == "0 or 1")
      case .count: #expect(!metric.unit.isEmpty && metric.unit.allSatisfy(\.isLetter), "\(metric)")
      }
      #expect(!metric.label.isEmpty && !metric.summary.isEmpty)
      // One line each, and nothing that would break the Markdown table.
      #expect(!metric.summary.contains("\n") && !metric.summary.contains("|"), "\(metric)")
    }
  }

  /// docs/metrics.md holds the table `scripts/update-metrics-doc.sh` makes from the catalogue.
  @Test func docsTableIsCurrent() throws {
    let docPath = #filePath.components(separatedBy: "/Tests/").first! + "/docs/metrics.md"
    let doc = try String(contentsOfFile: docPath, encoding: .utf8)
    let begin = try #require(doc.range(of: MetricTable.beginMarker + "\n"))
    let end = try #require(doc.range(of: MetricTable.endMarker, range: begin.upperBound..<doc.endIndex))
    #expect(
      String(doc[begin.upperBound..<end.lowerBound]) == MetricTable.markdown(),
      "docs/metrics.md is out of date: run scripts/update-metrics-doc.sh")
    for metric in MetricCatalogue.all {
      #expect(
        MetricTable.markdown().contains("| `\(metric.column)` | \(metric.unit) | \(metric.kind.rawValue) |"))
    }
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
    let columns = ["peak_memory_bytes", "radio_active_ms", "energy_j"].map {
      SummaryTable.columns.firstIndex(of: $0)!
    }
    let cells = csv.components(separatedBy: "\r\n")[1].split(separator: ",", omittingEmptySubsequences: false)
    #expect(columns.map { String(cells[$0]) } == ["90000", "12136.1", "12.981853"])
    let empty = SummaryTable.csv([
      SummaryTable.Row(scenario: "s", strategy: "t", params: "", seed: 1, metrics: SummaryMetrics())
    ])
    let emptyCells = empty.components(separatedBy: "\r\n")[1].split(
      separator: ",", omittingEmptySubsequences: false)
    #expect(columns.dropFirst().map { String(emptyCells[$0]) } == ["", ""])
  }

  /// Cells follow each kind's decimals: ms to the µs, ratios and joules to six decimals, whole
  /// numbers as integers, flags as 0/1, and empty cells for undefined values.
  @Test func cellsFollowTheKindsDecimals() {
    var metrics = SummaryMetrics()
    metrics.stallUs = 16_667
    metrics.firstContentUs = nil
    metrics.abandoned = true
    metrics.blankness = 0.123_456_789
    metrics.coverage = 2.0 / 3
    metrics.energyJ = 1.000_000_4
    metrics.bytesFetched = 123_456_789
    #expect(MetricDefinition.stallMs.cell(in: metrics) == "16.667")
    #expect(MetricDefinition.firstContentMs.cell(in: metrics) == "")
    #expect(MetricDefinition.abandoned.cell(in: metrics) == "1")
    #expect(MetricDefinition.blankness.cell(in: metrics) == "0.123457")
    #expect(MetricDefinition.coverage.cell(in: metrics) == "0.666667")
    #expect(MetricDefinition.energyJ.cell(in: metrics) == "1")
    #expect(MetricDefinition.bytesFetched.cell(in: metrics) == "123456789")
    #expect(MetricDefinition.prefetchAccuracy.cell(in: metrics) == "")
    #expect(MetricDefinition.wastedBytes.displayColumn == "wasted_kB")
    #expect(MetricDefinition.wastedBytes.axisLabel == "wasted_bytes: wasted data (kB)")
    #expect(MetricDefinition.stallMs.axisLabel == "stall_ms: stall time (ms)")
  }
}
