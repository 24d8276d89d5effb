import PrefetchLab

/// A run table (`RunTable`) read back: its bytes and, per run, where its rows are, so that one
/// run's rows can be handed to the per-run readers without parsing the others' numbers.
///
/// The header must be the table's own (`RunTable.header`); the key cells of each record are
/// read as CSV (quoted when a name holds a comma or a quote), the rest of a record is left
/// unparsed. A run's rows need not be together (a table sorted by hand still reads). Reading is
/// O(n) in the file's length.
struct RunTableIndex: Sendable {
  let table: RunTable
  /// The file, for messages.
  let file: String
  /// The file's bytes, kept alive with the index.
  private let source: MappedFile
  private var bytes: UnsafeBufferPointer<UInt8> { source.bytes }
  /// Per run, each record as (start of its first own cell, end before its line break, line).
  private var records: [RunKey: [(start: Int, end: Int, line: Int)]] = [:]
  /// The runs in order of first appearance.
  private(set) var keys: [RunKey] = []

  /// - Throws: `InputError` naming the file and line of a header that is not the table's, or
  ///   a record whose key cells are malformed (too few, unclosed quote, a seed that is not a
  ///   whole number).
  init(source: MappedFile, table: RunTable, file: String) throws(InputError) {
    self.table = table
    self.file = file
    self.source = source
    let bytes = source.bytes
    let expected = table.headerBytes
    var index = 0
    guard bytes.count >= expected.count, bytes[0..<expected.count].elementsEqual(expected) else {
      throw RunTableCompleteness.header(table, file: file)
    }
    index = expected.count
    index = Self.skipLineBreak(bytes, from: index)
    var line = 2
    let end = bytes.count
    var lastKey: RunKey?
    // The key cells of the record before, with their separators: a run's records repeat them,
    // so most records are matched by bytes instead of parsed.
    var lastPrefix = 0..<0
    // The records of `lastKey` read since it last changed.
    var current: [(start: Int, end: Int, line: Int)] = []
    while index < end {
      let prefixLength = lastPrefix.count
      if lastKey != nil, prefixLength > 0, index + prefixLength <= end,
        bytes[index..<(index + prefixLength)].elementsEqual(bytes[lastPrefix])
      {
        let position = index + prefixLength
        var lineEnd = position
        while lineEnd < end && bytes[lineEnd] != 10 && bytes[lineEnd] != 13 { lineEnd += 1 }
        current.append((position, lineEnd, line))
        index = Self.skipLineBreak(bytes, from: lineEnd)
        line += 1
        continue
      }
      var cells: [String] = []
      var position = index
      while cells.count < RunTable.keyColumns.count {
        guard let (cell, next) = Self.cell(bytes, from: position) else {
          throw InputError(
            file: file, location: "line \(line)",
            message: "expected \(RunTable.keyColumns.joined(separator: ",")) before the run's own columns")
        }
        cells.append(cell)
        position = next
      }
      guard let seed = UInt64(cells[3]) else {
        throw InputError(file: file, location: "line \(line)", message: "seed must be a whole number")
      }
      var lineEnd = position
      while lineEnd < end && bytes[lineEnd] != 10 && bytes[lineEnd] != 13 { lineEnd += 1 }
      let key = RunKey(scenario: cells[0], strategy: cells[1], params: cells[2], seed: seed)
      if let lastKey { records[lastKey, default: []] += current }
      if records[key] == nil && key != lastKey { keys.append(key) }
      lastKey = key
      lastPrefix = index..<position
      current = [(position, lineEnd, line)]
      index = Self.skipLineBreak(bytes, from: lineEnd)
      line += 1
    }
    if let lastKey { records[lastKey, default: []] += current }
  }

  /// Whether the table holds rows of `key`.
  func contains(_ key: RunKey) -> Bool { records[key] != nil }

  /// The rows of `key` as the per-run file they replace (`RunTable.runColumns` header, then the
  /// records without their key cells), with the table's line of each record; nil when the
  /// table holds no rows of `key`.
  func runFile(_ key: RunKey) -> (bytes: [UInt8], lines: [Int])? {
    guard let list = records[key] else { return nil }
    var out = Array(table.runColumns.joined(separator: ",").utf8)
    out += [13, 10]
    out.reserveCapacity(out.count + list.reduce(0) { $0 + $1.end - $1.start + 2 })
    for record in list {
      out += bytes[record.start..<record.end]
      out += [13, 10]
    }
    return (out, list.map(\.line))
  }

  /// The raw records of `key` (key cells included, CRLF after each), as written; empty when
  /// the table has none. `merge` joins shards' tables with these.
  func records(of key: RunKey) -> [Slice<UnsafeBufferPointer<UInt8>>] {
    guard let list = records[key] else { return [] }
    return list.map { record in bytes[lineStart(record)..<Self.skipLineBreak(bytes, from: record.end)] }
  }

  /// The number of records (lines after the header).
  var recordCount: Int { records.values.reduce(0) { $0 + $1.count } }

  /// What the table holds, for `RunTableCompleteness.check`: its lines (a last one without a
  /// line break counts) and whether its bytes end with a line feed.
  var found: RunTableCompleteness.Found {
    RunTableCompleteness.Found(lines: recordCount + 1, endsWithLineBreak: bytes.last.map { $0 == 10 } ?? true)
  }

  private func lineStart(_ record: (start: Int, end: Int, line: Int)) -> Int {
    var index = record.start
    while index > 0 && bytes[index - 1] != 10 { index -= 1 }
    return index
  }

  private static func skipLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    var index = index
    if index < bytes.count && bytes[index] == 13 { index += 1 }
    if index < bytes.count && bytes[index] == 10 { index += 1 }
    return index
  }

  /// The CSV cell starting at `start` and where the next one starts (after its `,`; at the line
  /// break when it ends the record); nil for an unclosed quote or a record that ends first.
  static func cell(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (String, Int)? {
    let end = bytes.count
    guard start <= end else { return nil }
    if start < end && bytes[start] == 34 {
      var text: [UInt8] = []
      var index = start + 1
      while index < end {
        if bytes[index] == 34 {
          if index + 1 < end && bytes[index + 1] == 34 {
            text.append(34)
            index += 2
            continue
          }
          index += 1
          guard index < end, bytes[index] == 44 else { return nil }
          return (String(decoding: text, as: UTF8.self), index + 1)
        }
        text.append(bytes[index])
        index += 1
      }
      return nil
    }
    var index = start
    while index < end && bytes[index] != 44 {
      if bytes[index] == 10 || bytes[index] == 13 { return nil }
      index += 1
    }
    guard index < end else { return nil }
    return (String(decoding: bytes[start..<index], as: UTF8.self), index + 1)
  }
}
