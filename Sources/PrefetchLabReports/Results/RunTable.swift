import PrefetchLab

/// The per-run tables of a results folder: one CSV per kind at the folder's top level, every
/// row led by the run it belongs to (`scenario`, `strategy`, `params`, `seed`, as in
/// summary.csv), then the columns the kind has always had (docs/metrics.md). Runs follow one
/// another in the experiment's canonical order (summary.csv's), each run's rows together and in
/// time order, so a table is the same bytes for any `--jobs` and for a merge of shards.
///
/// A data tool reads a whole study in one call, e.g. DuckDB
/// `SELECT * FROM 'results/latest/timeline.csv'` or pandas `pd.read_csv(".../events.csv")`.
/// Folders written before the tables (per-run files `timeline/<run>.csv`, …) are still read
/// (`RunData`).
public enum RunTable: String, Sendable, CaseIterable {
  /// `timeline.csv`: the run's state where it changes (`RunFiles.timelineRows`).
  case timeline
  /// `events.csv`: one row per step of a request's life.
  case events
  /// `ttc.csv`: one row per item that became visible.
  case timeToContent = "ttc"

  /// The file name in the results folder.
  public var fileName: String { rawValue + ".csv" }

  /// The columns that name the run, first in every table (and in summary.csv).
  public static let keyColumns = ["scenario", "strategy", "params", "seed"]

  /// The kind's own columns, after the key columns: those of the per-run file it replaces.
  public var runColumns: [String] {
    switch self {
    case .timeline: return TimelineSample.columnNames
    case .events: return RunFiles.eventColumns
    case .timeToContent: return TimeToContent.columnNames
    }
  }

  /// The header record: key columns, then `runColumns`.
  public var header: [String] { Self.keyColumns + runColumns }

  /// The header line as written, CRLF included: `header` as one CSV record. The one spelling
  /// of the table's first line, which writers put down and readers compare against
  /// (`headerBytes`).
  public var headerRecordBytes: [UInt8] { Array(CSVWriter.record(header).utf8) }

  /// The header line without its line break, as readers compare a table's first line (they
  /// take CRLF and LF alike): `headerRecordBytes` less its CRLF.
  public var headerBytes: [UInt8] { Array(headerRecordBytes.dropLast(2)) }

  /// The folder of the per-run files this table replaces (`timeline/<run>.csv`), read in folders
  /// written before the tables.
  public var legacyFolder: String { rawValue }

  /// The key cells of `key`'s rows, as `CSVBuffer(rowsOf:prefix:)` takes them.
  static func prefix(_ key: RunKey) -> [String] {
    [key.scenario, key.strategy, key.params, String(key.seed)]
  }
}
