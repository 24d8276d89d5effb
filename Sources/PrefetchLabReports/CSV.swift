import Foundation
import PrefetchLab

// RFC 4180 CSV: the writer used for every CSV that PrefetchLab produces and the reader used for
// the CSVs it reads back (`report`, `compare`, `check`, recorded scroll traces).

// MARK: - Writing

/// Builds RFC 4180 text from a header and rows of already formatted cells.
///
/// Shape of the output: one record per line, the header first, every record (the last one
/// included) ended by CRLF, fields separated by `,`. A field is quoted only when it contains
/// `,`, `"`, CR or LF; a quote inside a quoted field is doubled. Nothing else is changed: no
/// trimming, no locale, so identical input gives byte-identical output.
///
/// Cells are strings on purpose: numbers are formatted by the caller with `DecimalFormat`
/// (see `CSVCell` for the usual cases), and a value that does not exist is the empty cell.
///
/// ```swift
/// var csv = CSVWriter(header: ["scenario", "stall_ms"])
/// csv.append(["reader-lte", CSVCell.milliseconds(16_667)])
/// csv.text  // "scenario,stall_ms\r\nreader-lte,16.667\r\n"
/// ```
public struct CSVWriter: Sendable, Equatable {
  /// The column names, in output order.
  public let header: [String]
  /// The text written so far: the header record followed by every appended row.
  public private(set) var text: String

  /// Starts a CSV whose first record is `header`. The header must not be empty.
  public init(header: [String]) {
    precondition(!header.isEmpty, "a CSV needs at least one column")
    self.header = header
    self.text = CSVWriter.record(header)
  }

  /// Appends one row. `cells` must have exactly one cell per header column (a programmer
  /// error otherwise). O(total length of the cells).
  public mutating func append(_ cells: [String]) {
    precondition(
      cells.count == header.count,
      "CSV row has \(cells.count) cells, header has \(header.count) columns")
    text += CSVWriter.record(cells)
  }

  /// Appends several rows, in order.
  public mutating func append(contentsOf rows: [[String]]) {
    for row in rows { append(row) }
  }

  /// The UTF-8 bytes of `text`, ready for `AtomicFile.write`.
  public var bytes: [UInt8] { Array(text.utf8) }

  /// One whole CSV: `header` then `rows`, each record ended by CRLF.
  public static func encode(header: [String], rows: [[String]]) -> String {
    var writer = CSVWriter(header: header)
    writer.append(contentsOf: rows)
    return writer.text
  }

  /// One record: the fields escaped with `escape`, joined by `,`, ended by CRLF.
  public static func record(_ fields: [String]) -> String {
    fields.map(escape).joined(separator: ",") + "\r\n"
  }

  /// A field as it appears in the file: unchanged, or quoted with inner quotes doubled when it
  /// contains `,`, `"`, CR or LF. `escape("a,b")` → `"a,b"`, `escape("say \"hi\"")` →
  /// `"say ""hi"""`.
  public static func escape(_ field: String) -> String {
    let needsQuotes = field.utf8.contains { byte in
      byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\n")
    }
    guard needsQuotes else { return field }
    // Byte by byte (a `"` is one byte in UTF-8): Foundation's replacingOccurrences cost more than
    // the rest of summary.csv, whose params cells are quoted whenever a strategy has parameters.
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(field.utf8.count + 8)
    for byte in field.utf8 {
      bytes.append(byte)
      if byte == UInt8(ascii: "\"") { bytes.append(byte) }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Formatting of the usual cell values, all through `DecimalFormat` (`.` decimals in every
/// locale, no exponent). A value that does not exist (nil, NaN, a ratio with a zero
/// denominator) is the empty cell, never `nan`.
public enum CSVCell {
  /// An integer count: `integer(42)` → `"42"`.
  public static func integer(_ value: some BinaryInteger) -> String { String(value) }

  /// An engine time (µs) as milliseconds: `milliseconds(16_667)` → `"16.667"`.
  public static func milliseconds(_ micros: Int64) -> String { DecimalFormat.milliseconds(micros) }

  /// A decimal rounded to `places` decimals; nil or non-finite gives `""`.
  /// `decimal(0.123456789)` → `"0.123457"`.
  public static func decimal(_ value: Double?, places: Int = 6) -> String {
    guard let value else { return "" }
    return DecimalFormat.fixed(value, places: places)
  }

  /// `numerator / denominator` rounded to `places` decimals, or `""` when the denominator is 0
  /// (a ratio with an empty denominator is an empty cell, never `nan`: docs/metrics.md).
  /// `ratio(1, 3)` → `"0.333333"`, `ratio(0, 0)` → `""`.
  public static func ratio(_ numerator: Int, _ denominator: Int, places: Int = 6) -> String {
    guard denominator != 0 else { return "" }
    return DecimalFormat.fixed(Double(numerator) / Double(denominator), places: places)
  }

  /// A boolean as `0` / `1`, as `abandoned` and `stalled` are written.
  public static func bit(_ value: Bool) -> String { value ? "1" : "0" }
}

// MARK: - Reading

/// A parsed CSV file: a header row and data records, each record as many fields as the header.
///
/// Accepted syntax is RFC 4180 with LF accepted in place of CRLF: fields separated by `,`;
/// a field that starts with `"` is quoted and may contain `,`, CR, LF and doubled quotes `""`;
/// the last record may or may not end with a line break; a UTF-8 byte order mark is skipped.
/// A lone CR outside quotes is kept as a character of the field.
///
/// Rejected, as `InputError(file:location:message:)` with location `line N` (1-based physical
/// line where the offending record starts, or where the bad character is):
/// - no header row (empty input),
/// - a header with an empty or repeated column name,
/// - a quoted field that is never closed (`line N` = where the quote opened),
/// - a character other than `,` or a line break after a closing quote, or a `"` inside an
///   unquoted field,
/// - a record whose field count differs from the header's (a "ragged" row),
/// - input that is not UTF-8.
///
/// A blank line inside the file is a record with one empty field (RFC 4180), hence ragged unless
/// the file has a single column. Parsing is O(n) in the input length.
public struct CSVTable: Sendable, Equatable {
  /// The file name as the user gave it, used in errors.
  public let file: String
  /// The column names, in file order.
  public let header: [String]
  /// The data records (the header excluded), each with `header.count` fields.
  public let rows: [[String]]
  /// For each record in `rows`, the 1-based line of the file where it starts.
  public let rowLines: [Int]

  private let columnIndexes: [String: Int]

  /// Parses `text`; `file` names the source in errors.
  public init(parsing text: String, file: String) throws(InputError) {
    try self.init(utf8: Array(text.utf8), file: file)
  }

  /// Parses UTF-8 `data`; `file` names the source in errors.
  public init(data: Data, file: String) throws(InputError) {
    guard String(validating: data, as: UTF8.self) != nil else {
      throw InputError(file: file, location: "", message: "not valid UTF-8 text")
    }
    try self.init(utf8: Array(data), file: file)
  }

  /// Reads and parses the file at `path` (errors name it as given).
  public init(contentsOfFile path: String) throws(InputError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw InputError(file: path, location: "", message: "cannot read file: \(Self.reason(error))")
    }
    try self.init(data: data, file: path)
  }

  private init(utf8 bytes: [UInt8], file: String) throws(InputError) {
    self.file = file
    let records = try CSVParser.parse(bytes, file: file)
    guard let first = records.first else {
      throw InputError(file: file, location: "line 1", message: "missing header row")
    }
    var indexes: [String: Int] = [:]
    for (index, name) in first.fields.enumerated() {
      if name.isEmpty {
        throw InputError(
          file: file, location: "line \(first.line)", message: "column \(index + 1) has an empty name")
      }
      if indexes[name] != nil {
        throw InputError(file: file, location: "line \(first.line)", message: "duplicate column '\(name)'")
      }
      indexes[name] = index
    }
    for record in records.dropFirst() where record.fields.count != first.fields.count {
      throw InputError(
        file: file, location: "line \(record.line)",
        message: "expected \(first.fields.count) fields as in the header, got \(record.fields.count)")
    }
    self.header = first.fields
    self.rows = records.dropFirst().map(\.fields)
    self.rowLines = records.dropFirst().map(\.line)
    self.columnIndexes = indexes
  }

  /// Number of data records.
  public var count: Int { rows.count }

  /// Whether the header has a column named `name`.
  public func hasColumn(_ name: String) -> Bool { columnIndexes[name] != nil }

  /// The position of column `name` in the header, or nil. O(1).
  public func columnIndex(_ name: String) -> Int? { columnIndexes[name] }

  /// The position of column `name`; throws `line 1: missing column 'name'` when absent.
  public func requireColumn(_ name: String) throws(InputError) -> Int {
    guard let index = columnIndexes[name] else {
      throw InputError(file: file, location: "line 1", message: "missing column '\(name)'")
    }
    return index
  }

  /// The cell of record `row` (0-based, `0..<count`) in column `column`, exactly as in the file
  /// after unquoting. Throws when the column is missing.
  public func string(_ column: String, row: Int) throws(InputError) -> String {
    rows[row][try requireColumn(column)]
  }

  /// Every cell of `column`, in record order. Throws when the column is missing.
  public func column(_ column: String) throws(InputError) -> [String] {
    let index = try requireColumn(column)
    return rows.map { $0[index] }
  }

  /// The cell as a number, or nil when it is empty ("no value", e.g. a ratio whose
  /// denominator was 0). Accepts what `DecimalFormat` writes: an optional `-`, digits, and an
  /// optional `.` followed by digits; throws `line N: column 'x': expected a number, got 'abc'`
  /// otherwise (no exponent, `nan`, `inf`, `+`, spaces or `,` decimals).
  public func double(_ column: String, row: Int) throws(InputError) -> Double? {
    let text = try string(column, row: row)
    if text.isEmpty { return nil }
    guard Self.isDecimal(text), let value = Double(text) else {
      throw valueError(column, row: row, expected: "a number", got: text)
    }
    return value
  }

  /// The cell as an integer, or nil when it is empty. Throws
  /// `line N: column 'x': expected an integer, got '1.5'` for anything else but an optional `-`
  /// and digits that fit in `Int64`.
  public func int64(_ column: String, row: Int) throws(InputError) -> Int64? {
    let text = try string(column, row: row)
    if text.isEmpty { return nil }
    guard Self.isDecimal(text), !text.contains("."), let value = Int64(text) else {
      throw valueError(column, row: row, expected: "an integer", got: text)
    }
    return value
  }

  private func valueError(_ column: String, row: Int, expected: String, got text: String) -> InputError {
    InputError(
      file: file, location: "line \(rowLines[row])",
      message: "column '\(column)': expected \(expected), got '\(text)'")
  }

  /// `-?[0-9]+(\.[0-9]+)?`
  private static func isDecimal(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let integerPart = bytes.prefix(while: isDigit)
    guard !integerPart.isEmpty else { return false }
    bytes = bytes.dropFirst(integerPart.count)
    if bytes.isEmpty { return true }
    guard bytes.first == UInt8(ascii: ".") else { return false }
    bytes = bytes.dropFirst()
    return !bytes.isEmpty && bytes.allSatisfy(isDigit)
  }

  private static func reason(_ error: any Error) -> String {
    if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
      return String(cString: strerror(underlying.code.rawValue))
    }
    return (error as NSError).localizedDescription
  }
}

/// The record splitter behind `CSVTable`: bytes in, records with their starting line out.
private enum CSVParser {
  struct Record {
    var fields: [String]
    var line: Int
  }

  static let comma = UInt8(ascii: ",")
  static let quote = UInt8(ascii: "\"")
  static let cr = UInt8(ascii: "\r")
  static let lf = UInt8(ascii: "\n")

  static func parse(_ input: [UInt8], file: String) throws(InputError) -> [Record] {
    var bytes = input[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    var records: [Record] = []
    var fields: [String] = []
    var line = 1
    var recordLine = 1
    var index = bytes.startIndex
    let end = bytes.endIndex
    if index == end { return [] }

    func field(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }

    while true {
      // At the start of a field.
      if index < end && bytes[index] == quote {
        let openLine = line
        var value: [UInt8] = []
        index += 1
        while true {
          guard index < end else {
            throw InputError(file: file, location: "line \(openLine)", message: "unterminated quoted field")
          }
          let byte = bytes[index]
          if byte == quote {
            if index + 1 < end && bytes[index + 1] == quote {
              value.append(quote)
              index += 2
              continue
            }
            index += 1
            break
          }
          if byte == lf { line += 1 }
          value.append(byte)
          index += 1
        }
        fields.append(field(value[...]))
        // After the closing quote: a separator, a line break or the end.
        if index < end && bytes[index] != comma && bytes[index] != lf
          && !(bytes[index] == cr && index + 1 < end && bytes[index + 1] == lf)
        {
          throw InputError(
            file: file, location: "line \(line)", message: "unexpected character after a closing quote")
        }
      } else {
        let start = index
        while index < end && bytes[index] != comma && bytes[index] != lf {
          if bytes[index] == cr && index + 1 < end && bytes[index + 1] == lf { break }
          if bytes[index] == cr && index + 2 < end && bytes[index + 1] == cr && bytes[index + 2] == lf {
            // `\r\r\n` is a CRLF file converted to CRLF a second time: the first CR would end up
            // in the record's last value (`'0\r'`, "expected a number"), so the rule is named.
            throw InputError(
              file: file, location: "line \(line)",
              message:
                "line ends in \\r\\r\\n: records end in CRLF or LF (a CRLF file converted to CRLF a "
                + "second time?); convert it back once")
          }
          if bytes[index] == quote {
            throw InputError(
              file: file, location: "line \(line)",
              message: "quote inside an unquoted field (quote the whole field)")
          }
          index += 1
        }
        fields.append(field(bytes[start..<index]))
      }
      // At a separator, a line break or the end.
      if index == end {
        records.append(Record(fields: fields, line: recordLine))
        return records
      }
      if bytes[index] == comma {
        index += 1
        continue
      }
      index += bytes[index] == cr ? 2 : 1
      line += 1
      records.append(Record(fields: fields, line: recordLine))
      fields = []
      recordLine = line
      if index == end { return records }  // the last record's line break
    }
  }
}
