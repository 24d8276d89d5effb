/// Every metric column of summary.csv, in the order they are written (after scenario, strategy,
/// params and seed): the required columns first, then the extras and the network, cache and
/// energy columns. The one place a metric is described; see `MetricDefinition` for what derives
/// from it. Definitions live in `MetricDefinition+Columns.swift`.
///
/// Adding a metric: a stored property in `SummaryMetrics` that the engine fills, its definition
/// in `MetricDefinition+Columns.swift`, its place in `all`, then `scripts/update-metrics-doc.sh`
/// and `scripts/update-baseline.sh`. `SummaryColumnsTests` fails until every property has exactly
/// one definition and docs/metrics.md is current.
public enum MetricCatalogue {
  public static let all: [MetricDefinition] = [
    .sessionMs, .firstContentMs, .stallMs, .stallCount, .stallMaxMs, .abandoned, .blankMs, .mostlyBlankMs,
    .blankness, .ttcP50Ms, .ttcP95Ms, .ttcMaxMs, .itemsSeen,
    .itemsSeenIncomplete, .pageRequests,
    .mediaRequests, .requestsCancelled, .requestsFailed, .bytesFetched, .wastedFetches, .wastedBytes,
    .redundantFetches, .prefetchAccuracy, .coverage, .latePrefetches, .peakInFlight, .itemsLoaded, .frames,
    .retries, .coalescedRequests, .visibleMediaWaitMs, .visibleMediaWaitMaxMs, .diskReads, .evictions,
    .peakMemoryBytes, .radioActiveMs, .energyJ, .blankAreaMaxPt, .blankAreaSumPt,
    .duplicateItemsShown, .itemsSkipped, .invalidatedBytes, .boundCaveats,
  ]

  /// The column names in summary.csv order.
  public static var columns: [String] { all.map(\.column) }

  private static let byColumn: [String: MetricDefinition] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.column, $0) })

  /// The definition of a summary.csv column; nil for a column this version does not write.
  public static func definition(_ column: String) -> MetricDefinition? { byColumn[column] }
}
