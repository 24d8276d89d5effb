import Foundation
import PrefetchLab

/// The per-run data of a results folder, for plots and reports, from either layout:
/// - the run tables (`timeline.csv.gz`, `events.csv.gz`, `ttc.csv.gz`, or plain `.csv`;
///   `RunTable`), which `run` writes;
/// - the per-run files of folders written before them (`timeline/<run>.csv`, `events/…`,
///   `ttc/…`; `RunFiles.fileName(for:)`), read file by file.
///
/// A folder with a table reads that kind from the table only. Each table is read and indexed
/// once, on first use, and shared by the threads that build plots. A missing table or file gives
/// nil (a run made with `--run-files none` or `--timeline-interval-ms 0`, or a run whose rows
/// `--run-files report` left out); a malformed one throws `InputError` naming the file and line.
///
/// A table that is not whole (`RunTableCompleteness`: present when the manifest's `table_rows`
/// lists it, its last row ending with a line break, as many records as `table_rows` says) is
/// refused when it is read: a table cut at a row boundary is still well-formed CSV (and,
/// compressed, may still be well-formed gzip), and would otherwise read as runs without rows.
public final class RunData: @unchecked Sendable {
  /// The results folder.
  public let folder: String
  /// The records each table was written with (manifest.json's `table_rows`); nil when the
  /// manifest predates them.
  public let expectedRows: [RunTable: Int]?
  private let lock = NSLock()
  private var indexes: [RunTable: Result<RunTableIndex?, InputError>] = [:]

  public init(folder: String, expectedRows: [RunTable: Int]? = nil) {
    self.folder = folder
    self.expectedRows = expectedRows
  }

  /// Reads every table the folder has or its manifest records, so that a table cut short or
  /// missing is found even when nothing else reads it (`report --no-plots`).
  ///
  /// A table already read (its index built) was checked then; the others are streamed
  /// (`RunTable.streamLines`), counted and not kept, so checking a study's tables costs no more
  /// memory than a piece of each.
  ///
  /// Complexity: O(n) in the tables' decompressed size; memory O(1) in it.
  /// - Throws: `InputError` as the readers, and for a table that is not whole
  ///   (`RunTableCompleteness`).
  public func verifyTables() throws(InputError) {
    for table in RunTable.allCases {
      lock.lock()
      let known = indexes[table]
      lock.unlock()
      if let known {
        _ = try known.get()
        continue
      }
      let expected = expectedRows.map { $0[table] ?? 0 }
      guard let path = table.path(in: folder) else {
        if let missing = RunTableCompleteness.missing(table, folder: folder, expected: expected) {
          throw missing
        }
        continue
      }
      let header = table.headerBytes
      var headerMatches = false
      var first = true
      let found = try RunTable.streamLines(path: path) { line in
        if first { headerMatches = line.elementsEqual(header) }
        first = false
      }
      guard headerMatches else { throw RunTableCompleteness.header(table, file: path) }
      try RunTableCompleteness.check(found, file: path, expected: expected)
    }
  }

  /// Which layout the folder has for `table`: its table file, else the legacy per-run folder.
  public func hasTable(_ table: RunTable) -> Bool { table.path(in: folder) != nil }

  /// The name of `table`'s file in the folder (compressed or plain); nil when it has none.
  public func tableFileName(_ table: RunTable) -> String? {
    table.path(in: folder).map { table.fileName(compressed: $0.hasSuffix(".gz")) }
  }

  /// Whether the folder holds `table` rows of `key` (without parsing them).
  public func has(_ table: RunTable, _ key: RunKey) throws(InputError) -> Bool {
    if let index = try index(table) { return index.contains(key) }
    return FileManager.default.fileExists(atPath: legacyPath(table, key))
  }

  public func timeline(_ key: RunKey) throws(InputError) -> [TimelineRow]? {
    try read(.timeline, key, plain: RunFileReader.timeline(_:), general: RunFileReader.timeline(table:))
  }

  public func events(_ key: RunKey) throws(InputError) -> [EventRow]? {
    try read(.events, key, plain: RunFileReader.events(_:), general: RunFileReader.events(table:))
  }

  public func timesToContent(_ key: RunKey) throws(InputError) -> [TimeToContentRow]? {
    try read(
      .timeToContent, key, plain: RunFileReader.timesToContent(_:),
      general: RunFileReader.timesToContent(table:))
  }

  /// The path of `key`'s legacy per-run file of `table`.
  func legacyPath(_ table: RunTable, _ key: RunKey) -> String {
    FilePath.join(folder, table.legacyFolder + "/" + RunFiles.fileName(for: key))
  }

  /// The index of `table`, read on first use; nil when the folder has no such table.
  func index(_ table: RunTable) throws(InputError) -> RunTableIndex? {
    lock.lock()
    defer { lock.unlock() }
    if let known = indexes[table] { return try known.get() }
    let expected = expectedRows.map { $0[table] ?? 0 }
    let result = Result { () throws(InputError) -> RunTableIndex? in
      guard let (source, file) = try table.contents(in: folder) else {
        if let missing = RunTableCompleteness.missing(table, folder: folder, expected: expected) {
          throw missing
        }
        return nil
      }
      let index = try RunTableIndex(source: source, table: table, file: file)
      try RunTableCompleteness.check(
        index.found, file: file, expected: expected, lastRun: index.keys.last)
      return index
    }
    indexes[table] = result
    return try result.get()
  }

  /// `key`'s rows of `table`: through the fast plain reader when the rows are in `run`'s own
  /// form, else through `CSVTable`, whose messages name the table's own line.
  private func read<Row>(
    _ table: RunTable, _ key: RunKey, plain: (PlainCSV) -> [Row]?,
    general: (CSVTable) throws(InputError) -> [Row]
  ) throws(InputError) -> [Row]? {
    if let index = try index(table) {
      guard let (bytes, lines) = index.runFile(key) else { return nil }
      if let csv = PlainCSV(bytes: bytes, header: table.runColumns), let rows = plain(csv) { return rows }
      do throws(InputError) {
        return try general(try CSVTable(data: Data(bytes), file: index.file))
      } catch {
        throw Self.relocated(error, lines: lines, key: key)
      }
    }
    let path = legacyPath(table, key)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    if let csv = PlainCSV.read(path, header: table.runColumns), let rows = plain(csv) { return rows }
    return try general(try CSVTable(contentsOfFile: path))
  }

  /// `error` about line n of a run's rows taken out of a table, about the table's own line.
  static func relocated(_ error: InputError, lines: [Int], key: RunKey) -> InputError {
    var moved = error
    let words = error.location.split(separator: " ")
    if words.count >= 2, words[0] == "line", let line = Int(words[1]), line >= 2, line - 2 < lines.count {
      moved.location = "line \(lines[line - 2])" + words.dropFirst(2).map { " " + $0 }.joined()
    }
    moved.message += " (a row of \(key))"
    return moved
  }
}
