import PrefetchLab

/// `MetricCatalogue` as tables: Markdown for docs/metrics.md (made by
/// `scripts/update-metrics-doc.sh`, checked current by the tests) and fixed-width text for
/// `prefetchlab metrics`.
public enum MetricTable {
  /// Marks the generated table's bounds in docs/metrics.md.
  public static let beginMarker =
    "<!-- metric table: generated from MetricCatalogue by scripts/update-metrics-doc.sh; do not edit -->"
  public static let endMarker = "<!-- end of metric table -->"

  /// `| column | unit | kind | better | decimals | definition |`, a row per metric in summary.csv
  /// order. Definitions are Markdown already (code spans, emphasis) and hold no `|`.
  public static func markdown() -> String {
    var text = "| column | unit | kind | better | decimals | definition |\n|---|---|---|---|---:|---|\n"
    for metric in MetricCatalogue.all {
      let cells = [
        "`\(metric.column)`", metric.unit, metric.kind.rawValue, metric.polarity.rawValue,
        String(metric.decimals), metric.summary,
      ]
      text += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return text
  }

  /// A row per metric: column, unit, kind, which way is better, decimals in summary.csv and the
  /// plot label.
  public static func text() -> String {
    var rows = [["column", "unit", "kind", "better", "decimals", "label"]]
    for metric in MetricCatalogue.all {
      rows.append([
        metric.column, metric.unit, metric.kind.rawValue, metric.polarity.rawValue, String(metric.decimals),
        metric.label,
      ])
    }
    return TextTable.render(rows, rightAligned: [4])
  }
}
