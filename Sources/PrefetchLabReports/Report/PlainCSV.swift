import Foundation

/// The per-run CSVs as `run` writes them, read without a `String` per cell: the header exactly
/// as expected, ASCII only, no quotes, every record with the header's field count. Plots read
/// thousands of these files (every run's `ttc/`, the drawn runs' `timeline/` and `events/`), and
/// `CSVTable` spends most of its time building strings.
///
/// Anything else (columns reordered or added, quoted fields, a malformed number, an empty
/// required cell) gives nil, and the caller reads the file with `CSVTable`, which accepts every
/// valid CSV and names the file, line and rule of a malformed one. The values are the ones
/// `CSVTable.double` and `int64` give for the same cells. Parsing is O(n) in the file's length.
struct PlainCSV {
  private let bytes: [UInt8]
  /// Start and end offsets of each field, record after record.
  private var bounds: [Int] = []
  let columns: Int

  /// Splits `bytes`; nil when the file is not in the plain form described above.
  init?(bytes: [UInt8], header: [String]) {
    self.bytes = bytes
    columns = header.count
    let expected = Array(header.joined(separator: ",").utf8)
    guard bytes.count >= expected.count, bytes[0..<expected.count].elementsEqual(expected) else { return nil }
    var index = expected.count
    let end = bytes.count
    if index < end && bytes[index] == 13 { index += 1 }
    guard index < end, bytes[index] == 10 else { return nil }
    index += 1
    bounds.reserveCapacity(2 * columns * (end / 32 + 1))
    var fields = 0
    var fieldStart = index
    // Cells of the record being read; a record must end with exactly `columns` of them.
    while index < end {
      let byte = bytes[index]
      if byte == 44 {  // ,
        bounds.append(fieldStart)
        bounds.append(index)
        fields += 1
        fieldStart = index + 1
      } else if byte == 10 || byte == 13 {
        if byte == 13 {
          guard index + 1 < end, bytes[index + 1] == 10 else { return nil }
        }
        bounds.append(fieldStart)
        bounds.append(index)
        fields += 1
        guard fields == columns else { return nil }
        fields = 0
        index += byte == 13 ? 1 : 0
        fieldStart = index + 1
      } else if byte == 34 || byte >= 0x80 {  // a quote or non-ASCII: CSVTable's job
        return nil
      }
      index += 1
    }
    if fieldStart < end {
      // The last record without a line break.
      bounds.append(fieldStart)
      bounds.append(end)
      fields += 1
      guard fields == columns else { return nil }
    } else if fields != 0 {
      return nil
    }
  }

  /// Reads the file at `path`: nil when it is missing or unreadable (the caller's `CSVTable`
  /// then says why), else the parse as above.
  static func read(_ path: String, header: [String]) -> PlainCSV? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return PlainCSV(bytes: Array(data), header: header)
  }

  var count: Int { bounds.count / (2 * columns) }

  private func range(_ row: Int, _ column: Int) -> (start: Int, end: Int) {
    let position = 2 * (row * columns + column)
    return (bounds[position], bounds[position + 1])
  }

  func isEmpty(_ row: Int, _ column: Int) -> Bool {
    let (start, end) = range(row, column)
    return start == end
  }

  func string(_ row: Int, _ column: Int) -> String {
    let (start, end) = range(row, column)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The cell as `CSVTable.double` reads it (`-?[0-9]+(\.[0-9]+)?`), nil when it is empty or
  /// not such a number.
  func double(_ row: Int, _ column: Int) -> Double? {
    let (start, end) = range(row, column)
    var index = start
    let negative = index < end && bytes[index] == 45
    if negative { index += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var sawPoint = false
    var integerDigits = 0
    while index < end {
      let byte = bytes[index]
      if byte >= 48 && byte <= 57 {
        if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(byte - 48) }
        digits += 1
        if sawPoint { fractionDigits += 1 } else { integerDigits += 1 }
      } else if byte == 46 && !sawPoint && integerDigits > 0 {
        sawPoint = true
      } else {
        return nil
      }
      index += 1
    }
    guard integerDigits > 0, !sawPoint || fractionDigits > 0 else { return nil }
    // Up to 15 digits the mantissa and 10^k (k ≤ 22) are exact doubles, and one IEEE division
    // rounds correctly: the value strtod gives. Longer numbers go through strtod itself.
    guard digits <= 15 else {
      return Double(String(decoding: bytes[start..<end], as: UTF8.self))
    }
    let magnitude = Double(mantissa) / Self.powersOfTen[fractionDigits]
    return negative ? -magnitude : magnitude
  }

  /// The cell as `CSVTable.int64` reads it, nil when it is empty or not such an integer.
  func int64(_ row: Int, _ column: Int) -> Int64? {
    let (start, end) = range(row, column)
    var index = start
    if index < end && bytes[index] == 45 { index += 1 }
    guard index < end else { return nil }
    while index < end {
      guard bytes[index] >= 48 && bytes[index] <= 57 else { return nil }
      index += 1
    }
    // Digits only (no `+`, which `Int64.init` would take); out of range is nil there too.
    return Int64(String(decoding: bytes[start..<end], as: UTF8.self))
  }

  private static let powersOfTen: [Double] = (0...22).map { power in
    var value = 1.0
    for _ in 0..<power { value *= 10 }
    return value
  }
}
