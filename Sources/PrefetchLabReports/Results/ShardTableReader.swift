import PrefetchLab

/// One shard's run table as `merge` joins it: read in bounded memory (`RunTableLineReader`),
/// its records handed over run by run, in the order the shard wrote them, each checked as it
/// goes by, so the merged table never holds a record that a later read would refuse:
/// - the header is the table's own;
/// - every record has the header's fields (`CSVFieldCount`): a record with a field too many or
///   too few is refused at the shard's own file and line, not found later in the merged table;
/// - every record belongs to a run the shard holds in its summary.csv, and a run's records come
///   together, the runs in the experiment's order (as `run` writes them);
/// - at the end, the table is whole (`RunTableCompleteness`).
///
/// Not thread-safe: one owner.
final class ShardTableReader {
  let path: String
  private let table: RunTable
  private let reader: RunTableLineReader
  /// The shard's position among the merged folders, which `owner` maps runs to.
  private let shard: Int
  private let summary: String
  private let expected: Int?
  private let fields: Int
  /// The record read and not yet handed over, and its run.
  private var next: ArraySlice<UInt8>?
  private var nextKey: RunKey?
  /// The key cells of the last record parsed (with their commas): a run's records repeat them,
  /// so most records are matched by bytes instead of parsed.
  private var lastPrefix: [UInt8] = []
  private var lastKey: RunKey?
  /// The position of the run handed over last, in the experiment's order.
  private var handedOver = -1
  private var lastRun: RunKey?

  /// Opens the shard's table at `path` and reads its header and first record.
  /// - Parameters:
  ///   - shard: the shard's position among the merged folders; `summary` names its
  ///     summary.csv in messages.
  ///   - expected: the records its manifest's `table_rows` lists; nil when it lists none.
  /// - Throws: `InputError` naming `path` (and the line) for a table that cannot be read or
  ///   whose header or first record is malformed.
  init(
    _ table: RunTable, path: String, shard: Int, summary: String, expected: Int?,
    owner: [RunKey: Int], position: [RunKey: Int], pieceBytes: Int = 1 << 16
  ) throws(InputError) {
    self.table = table
    self.path = path
    self.shard = shard
    self.summary = summary
    self.expected = expected
    fields = table.header.count
    reader = try RunTableLineReader(path: path, pieceBytes: pieceBytes)
    guard let first = try reader.next(), first.elementsEqual(table.headerBytes) else {
      throw RunTableCompleteness.header(table, file: path)
    }
    try advance(owner: owner, position: position)
  }

  /// Hands `add` each record of `key` (as the shard wrote it, without its line break), the
  /// run at `keyPosition` in the experiment's order.
  /// - Throws: `InputError` as `init`, for the records read after them; what `add` throws.
  func records(
    of key: RunKey, at keyPosition: Int, owner: [RunKey: Int], position: [RunKey: Int],
    _ add: (ArraySlice<UInt8>) throws -> Void
  ) throws {
    guard nextKey == key, let record = next else { return }
    handedOver = keyPosition
    lastRun = key
    try add(record)
    try advance(owner: owner, position: position)
    while nextKey == key, let record = next {
      try add(record)
      try advance(owner: owner, position: position)
    }
  }

  /// Checks that every record was handed over and that the table is whole
  /// (`RunTableCompleteness`), once every run of the experiment was asked for.
  /// - Returns: the records handed over.
  func finish() throws(InputError) -> Int {
    if let nextKey {
      throw InputError(
        file: path, location: "line \(reader.lineNumber)",
        message: "holds rows of the run \(nextKey) that merge did not join: an edited or mixed-up shard; "
          + RunTableCompleteness.advice)
    }
    let found = reader.found
    try RunTableCompleteness.check(found, file: path, expected: expected, lastRun: lastRun)
    return found.records
  }

  /// Reads the next record, checks its fields and its run.
  private func advance(owner: [RunKey: Int], position: [RunKey: Int]) throws(InputError) {
    guard let record = try reader.next() else {
      next = nil
      nextKey = nil
      return
    }
    let line = reader.lineNumber
    guard let count = CSVFieldCount.of(record), count == fields else {
      // A row cut short by the end of the file is said to be that, not a row of other fields.
      if reader.returnedUnfinishedLine {
        try RunTableCompleteness.check(reader.found, file: path, expected: expected, lastRun: lastRun)
      }
      let shape = CSVFieldCount.of(record).map { "\($0) fields" } ?? "an unclosed quoted field"
      throw InputError(
        file: path, location: "line \(line)",
        message:
          "has \(shape), but the header has \(fields) (every row has the header's fields): an edited or "
          + "damaged shard; " + RunTableCompleteness.advice)
    }
    next = record
    if !lastPrefix.isEmpty, record.count > lastPrefix.count, record.starts(with: lastPrefix) {
      nextKey = lastKey
      return
    }
    let key = try parseKey(record, line: line)
    guard owner[key] == shard else {
      throw InputError(
        file: path, location: "line \(line)",
        message:
          "holds rows of the run \(key), which \(summary) does not hold: an edited or mixed-up shard; "
          + RunTableCompleteness.advice)
    }
    if let at = position[key], at <= handedOver, let lastRun {
      throw InputError(
        file: path, location: "line \(line)",
        message:
          "holds rows of the run \(key) after those of \(lastRun): the rows are not in the order run "
          + "writes them (each run's together, runs in the experiment's order); an edited shard; "
          + RunTableCompleteness.advice)
    }
    nextKey = key
    lastKey = key
  }

  /// The run of `record` from its key cells, which it keeps (with their commas) in `lastPrefix`.
  private func parseKey(_ record: ArraySlice<UInt8>, line: Int) throws(InputError) -> RunKey {
    let parsed = record.withUnsafeBufferPointer { bytes -> ([String], Int)? in
      var cells: [String] = []
      var index = 0
      while cells.count < RunTable.keyColumns.count {
        guard let (cell, following) = RunTableIndex.cell(bytes, from: index) else { return nil }
        cells.append(cell)
        index = following
      }
      return (cells, index)
    }
    guard let (cells, end) = parsed else {
      throw InputError(
        file: path, location: "line \(line)",
        message: "expected \(RunTable.keyColumns.joined(separator: ",")) before the run's own columns")
    }
    guard let seed = UInt64(cells[3]) else {
      throw InputError(file: path, location: "line \(line)", message: "seed must be a whole number")
    }
    lastPrefix = Array(record.prefix(end))
    return RunKey(scenario: cells[0], strategy: cells[1], params: cells[2], seed: seed)
  }
}
