/// One metric column of summary.csv: everything the tools know about it. `MetricCatalogue` lists
/// them all; the summary.csv header and cells, `check`'s and `compare`'s polarity and default
/// tolerances, report decimals, plot labels, terminal columns and the table of docs/metrics.md
/// are derived from these values.
///
/// Build one with the factory of its kind (`duration`, `count`, `ratio`…), which ties the kind to
/// a `SummaryMetrics` field of the matching type, so a duration can only read µs and a ratio only
/// an optional `Double`.
public struct MetricDefinition: Sendable, Hashable, CustomStringConvertible {
  /// Where the value lives in `SummaryMetrics`, by the type the engine records it in.
  public enum Field: Sendable {
    case count(WritableKeyPath<SummaryMetrics, Int> & Sendable)
    case flag(WritableKeyPath<SummaryMetrics, Bool> & Sendable)
    case bytes(WritableKeyPath<SummaryMetrics, Int64> & Sendable)
    /// Engine µs; written as ms.
    case microseconds(WritableKeyPath<SummaryMetrics, Int64> & Sendable)
    /// Engine µs or nil (an empty cell: never happened, nothing to measure).
    case optionalMicroseconds(WritableKeyPath<SummaryMetrics, Int64?> & Sendable)
    /// A floating-point value or nil (an empty cell: a ratio whose denominator is 0, no radio).
    case real(WritableKeyPath<SummaryMetrics, Double?> & Sendable)
  }

  /// The summary.csv column: lowercase with `_`, ending in its unit where it has one (`_ms`,
  /// `_bytes`, `_j`).
  public let column: String
  public let kind: MetricKind
  /// Unit of the written value: `ms`, `bytes`, `J`, `fraction`, `0 or 1`, or the noun a count
  /// counts (`requests`, `items`).
  public let unit: String
  public let polarity: MetricPolarity
  /// A few words for plot axes and bar titles: `stall time`.
  public let label: String
  /// The definition, one line (docs/metrics.md's table is made from it).
  public let summary: String
  public let field: Field

  /// Decimals in summary.csv (from the kind).
  public var decimals: Int { kind.decimals }
  /// Decimals of a mean in reports, `compare` and the `run` table (from the kind).
  public var shownDecimals: Int { kind.shownDecimals }

  /// The unit values are shown in on plots and in terminal tables: kB for bytes.
  public var displayUnit: String { kind == .bytes ? "kB" : unit }

  /// The column named in its display unit: `wasted_kB` for `wasted_bytes`, else the column.
  public var displayColumn: String {
    guard kind == .bytes, column.hasSuffix("_bytes") else { return column }
    return String(column.dropLast("_bytes".count)) + "_kB"
  }

  /// A plot axis or bar title: `stall_ms: stall time (ms)`, `wasted_bytes: wasted data (kB)`.
  public var axisLabel: String { "\(column): \(label) (\(displayUnit))" }

  public var description: String { column }

  public static func == (lhs: MetricDefinition, rhs: MetricDefinition) -> Bool { lhs.column == rhs.column }
  public func hash(into hasher: inout Hasher) { hasher.combine(column) }

  // MARK: Values

  /// The value as summary.csv holds it (ms for durations), nil for an empty cell.
  public func number(in metrics: SummaryMetrics) -> Double? {
    switch field {
    case .count(let path): return Double(metrics[keyPath: path])
    case .flag(let path): return metrics[keyPath: path] ? 1 : 0
    case .bytes(let path): return Double(metrics[keyPath: path])
    case .microseconds(let path): return Double(metrics[keyPath: path]) / 1000
    case .optionalMicroseconds(let path): return metrics[keyPath: path].map { Double($0) / 1000 }
    case .real(let path): return metrics[keyPath: path]
    }
  }

  /// The summary.csv cell: whole numbers as integers, µs as ms with up to three decimals,
  /// floating-point values rounded to `decimals` (trailing zeros dropped); "" for an empty cell.
  public func cell(in metrics: SummaryMetrics) -> String {
    switch field {
    case .count(let path): return String(metrics[keyPath: path])
    case .flag(let path): return metrics[keyPath: path] ? "1" : "0"
    case .bytes(let path): return String(metrics[keyPath: path])
    case .microseconds(let path): return DecimalFormat.milliseconds(metrics[keyPath: path])
    case .optionalMicroseconds(let path): return metrics[keyPath: path].map(DecimalFormat.milliseconds) ?? ""
    case .real(let path):
      return metrics[keyPath: path].map { DecimalFormat.fixed($0, places: decimals) } ?? ""
    }
  }

  // MARK: Factories, one per kind

  public static func duration(
    _ column: String, _ path: WritableKeyPath<SummaryMetrics, Int64> & Sendable, polarity: MetricPolarity,
    label: String, summary: String
  ) -> MetricDefinition {
    MetricDefinition(
      column: column, kind: .duration, unit: "ms", polarity: polarity, label: label, summary: summary,
      field: .microseconds(path))
  }

  /// A duration with an empty cell when it is undefined (no first content, no items seen).
  public static func duration(
    _ column: String, _ path: WritableKeyPath<SummaryMetrics, Int64?> & Sendable, polarity: MetricPolarity,
    label: String, summary: String
  ) -> MetricDefinition {
    MetricDefinition(
      column: column, kind: .duration, unit: "ms", polarity: polarity, label: label, summary: summary,
      field: .optionalMicroseconds(path))
  }

  public static func count(
    _ column: String, _ path: WritableKeyPath<SummaryMetrics, Int> & Sendable, unit: String,
    polarity: MetricPolarity, label: String, summary: String
  ) -> MetricDefinition {
    MetricDefinition(
      column: column, kind: .count, unit: unit, polarity: polarity, label: label, summary: summary,
      field: .count(path))
  }

  public static func flag(
    _ column: String, _ path: WritableKeyPath<SummaryMetrics, Bool> & Sendable, polarity: MetricPolarity,
    label: String, summary: String
  ) -> MetricDefinition {
    MetricDefinition(
      column: column, kind: .flag, unit: "0 or 1", polarity: polarity, label: label, summary: summary,
      field: .flag(path))
  }

  public static func bytes(
    _ column: String, _ path: WritableKeyPath<SummaryMetrics, Int64> & Sendable, polarity: MetricPolarity,
    label: String, summary: String
  ) -> MetricDefinition {
    MetricDefinition(
      column: column, kind: .bytes, unit: "bytes", polarity: polarity, label: label, summary: summary,
      field: .bytes(path))
  }

  public static func ratio(
    _ column: String, _ path: WritableKeyPath<SummaryMetrics, Double?> & Sendable, polarity: MetricPolarity,
    label: String, summary: String
  ) -> MetricDefinition {
    MetricDefinition(
      column: column, kind: .ratio, unit: "fraction", polarity: polarity, label: label, summary: summary,
      field: .real(path))
  }

  public static func energy(
    _ column: String, _ path: WritableKeyPath<SummaryMetrics, Double?> & Sendable, polarity: MetricPolarity,
    label: String, summary: String
  ) -> MetricDefinition {
    MetricDefinition(
      column: column, kind: .energy, unit: "J", polarity: polarity, label: label, summary: summary,
      field: .real(path))
  }

  /// A length in pt (`_pt`), empty without first content.
  public static func length(
    _ column: String, _ path: WritableKeyPath<SummaryMetrics, Double?> & Sendable, polarity: MetricPolarity,
    label: String, summary: String
  ) -> MetricDefinition {
    MetricDefinition(
      column: column, kind: .length, unit: "pt", polarity: polarity, label: label, summary: summary,
      field: .real(path))
  }
}
