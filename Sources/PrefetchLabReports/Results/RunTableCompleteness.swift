import PrefetchLab

/// The one rule by which a run table (`RunTable`) is whole, and its messages, for every reader
/// of a table: `RunData` reading a table for plots (whole) or checking it (streamed), and
/// `merge` joining a shard's. A table is whole when
/// 1. it is present if manifest.json's `table_rows` lists rows of it (`missing`);
/// 2. its header is the table's own (`header`);
/// 3. its last row ends with a line break (every row `run` writes does);
/// 4. it holds as many records (lines after the header) as `table_rows` says: no fewer (cut at
///    a row boundary, which is still well-formed CSV and may still be well-formed gzip), no
///    more (edited, or joined by hand).
///
/// Rules 3 and 4 are checked in that order by `check`, once the table was read to its end: a
/// table cut inside its last row counts that row, so its count may still match. A manifest
/// without `table_rows` (written before it existed) leaves rule 4 out. Every message names the
/// file, the rule and, where they are known, the counts.
enum RunTableCompleteness {
  /// What a reader found at the end of a table, header included.
  struct Found: Sendable, Equatable {
    /// Lines read, the header's included; a last line without a line break counts.
    var lines: Int
    /// Whether the bytes end with a line feed (true for an empty file).
    var endsWithLineBreak: Bool
    /// The records: the lines after the header.
    var records: Int { max(0, lines - 1) }
  }

  /// What to do about a table that is not whole: the same whichever command found it, since a
  /// shard's manifest records the command that writes the shard again.
  static let advice = "copy the folder again or rerun the command in manifest.json"

  /// Rule 1: the error for `table` absent from `folder` although manifest.json's `table_rows`
  /// says `expected` rows of it were written; nil when it says none were (or says nothing).
  static func missing(_ table: RunTable, folder: String, expected: Int?) -> InputError? {
    guard let expected, expected > 0 else { return nil }
    return InputError(
      file: FilePath.join(folder, table.compressedFileName), location: "",
      message:
        "missing: manifest.json says \(expected) rows of \(table.fileName) were written (table_rows), and the "
        + "folder has neither \(table.compressedFileName) nor \(table.fileName) (removed, or an incomplete "
        + "copy); \(advice)")
  }

  /// Rule 2: the error for `file`, a table of `table` whose first line is not its header.
  static func header(_ table: RunTable, file: String) -> InputError {
    InputError(
      file: file, location: "line 1",
      message: "the header is not \(table.header.joined(separator: ",")) (written by another version?)")
  }

  /// Rules 3 and 4, for `file` read to its end.
  /// - Parameters:
  ///   - expected: the records manifest.json's `table_rows` lists; nil when it predates them.
  ///   - lastRun: the run of the last record, named for a table cut short when known.
  /// - Throws: `InputError` naming `file`, the last line for a row without its line break, and
  ///   both counts.
  static func check(_ found: Found, file: String, expected: Int?, lastRun: RunKey? = nil) throws(InputError) {
    let written = expected.map { ", manifest.json says \($0) were written (table_rows)" } ?? ""
    if !found.endsWithLineBreak {
      throw InputError(
        file: file, location: "line \(found.lines)",
        message:
          "the last row ends without a line break: the table is cut short (it holds \(found.records) rows, "
          + "the last one cut inside\(written)); \(advice)")
    }
    guard let expected, found.records != expected else { return }
    let shape =
      found.records < expected
      ? "cut short (a truncated copy or an interrupted transfer\(lastRun.map { "; its last rows are of \($0)" } ?? ""))"
      : "longer than written (edited, or joined by hand)"
    throw InputError(
      file: file, location: "",
      message:
        "holds \(found.records) rows, but manifest.json says \(expected) were written (table_rows): the table is "
        + shape + "; \(advice)")
  }
}
