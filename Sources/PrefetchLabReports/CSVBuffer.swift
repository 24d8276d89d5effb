import PrefetchLab

/// A CSV file built directly as bytes: the fast path for the per-run files, which are most of
/// what a run writes (tens of megabytes for the bundled scenarios × 10 seeds).
///
/// The output is byte for byte what `CSVWriter` writes for the same cells formatted with
/// `CSVCell` (`DecimalFormat` rules: `.` decimals, no exponent, trailing zeros dropped, empty
/// cells for missing values), without building a `String` per cell or per row. Numbers are
/// written digit by digit in place; text fields go through `CSVWriter.escape`.
///
/// ```swift
/// var csv = CSVBuffer(header: ["t_ms", "offset_pt"])
/// csv.milliseconds(16_667); csv.decimal(12.5, places: 3); csv.endRow()
/// csv.bytes  // "t_ms,offset_pt\r\n16.667,12.5\r\n"
/// ```
/// Appending is O(digits); `endRow` checks the cell count (a programmer error otherwise).
public struct CSVBuffer: Sendable {
  /// The file so far (a copy).
  public var bytes: [UInt8] { Array(storage[..<length]) }

  /// The file, without copying it; the buffer is empty afterwards (header included).
  public mutating func takeBytes() -> [UInt8] {
    storage.removeSubrange(length...)
    length = 0
    cellsInRow = 0
    defer { storage = [] }
    return storage
  }
  /// Written bytes, then zeros to write over: numbers are written in place, with one capacity
  /// check each instead of one per byte.
  private var storage: [UInt8]
  private var length = 0
  private let columns: Int
  private var cellsInRow = 0
  /// Cells written at the start of every row (a run table's key columns), already joined.
  private let rowPrefix: [UInt8]
  private let prefixCells: Int

  /// Starts with the header record. `capacity` is a hint in bytes.
  public init(header: [String], capacity: Int = 4096) {
    precondition(!header.isEmpty, "a CSV needs at least one column")
    columns = header.count
    rowPrefix = []
    prefixCells = 0
    storage = Array(repeating: 0, count: max(capacity, 64))
    append(Array(CSVWriter.record(header).utf8))
  }

  /// Rows without a header, each starting with the `prefix.count` cells of `prefix` (escaped
  /// as `CSVWriter` escapes them), then `columns` more: a run's rows in a table of many runs
  /// (`RunTable`), whose header the table writes once. `capacity` is a hint in bytes for the
  /// cells after the prefix; `rows`, the rows expected, adds room for their prefixes and for
  /// one more row of the longest numbers, so a buffer sized right is never grown (growing
  /// copies and zero-fills it, which cost more than the rows of a long session).
  public init(rowsOf columns: Int, prefix: [String], rows: Int = 0, capacity: Int = 4096) {
    precondition(columns > 0, "a CSV needs at least one column")
    self.columns = prefix.count + columns
    rowPrefix = Array(prefix.map(CSVWriter.escape).joined(separator: ",").utf8)
    prefixCells = prefix.count
    let room = capacity + (rows + 1) * rowPrefix.count + self.columns * DecimalBytes.maximumBytes + 2
    storage = Array(repeating: 0, count: max(room, 64))
  }

  private mutating func append(_ text: [UInt8]) {
    reserve(text.count)
    storage.withUnsafeMutableBufferPointer { buffer in
      for (offset, byte) in text.enumerated() { buffer[length + offset] = byte }
    }
    length += text.count
  }

  private mutating func append(_ byte: UInt8) {
    reserve(1)
    storage[length] = byte
    length += 1
  }

  /// Room for `count` more bytes.
  @inline(__always)
  private mutating func reserve(_ count: Int) {
    if length + count > storage.count {
      storage += repeatElement(0, count: max(storage.count, count))
    }
  }

  /// Writes a number with `write` (at most `DecimalBytes.maximumBytes` bytes, returns how many
  /// it wrote, nil when it wrote nothing) and, on nil, appends `fallback()` instead.
  @inline(__always)
  private mutating func number(_ write: (UnsafeMutablePointer<UInt8>) -> Int?, fallback: () -> [UInt8]) {
    reserve(DecimalBytes.maximumBytes)
    let start = length
    let written = storage.withUnsafeMutableBufferPointer { buffer in write(buffer.baseAddress! + start) }
    if let written { length += written } else { append(fallback()) }
  }

  private mutating func separate() {
    if nextNeedsComma() { append(UInt8(ascii: ",")) }
  }

  /// Counts the next cell (after the row prefix, written here at a row's start); whether a `,`
  /// goes before it.
  @inline(__always)
  private mutating func nextNeedsComma() -> Bool {
    if cellsInRow == 0 && prefixCells > 0 {
      append(rowPrefix)
      cellsInRow = prefixCells
    }
    cellsInRow += 1
    return cellsInRow > 1
  }

  /// Ends the row: CRLF.
  public mutating func endRow() {
    precondition(cellsInRow == columns, "CSV row has \(cellsInRow) cells, header has \(columns) columns")
    reserve(2)
    storage[length] = 13
    storage[length + 1] = 10
    length += 2
    cellsInRow = 0
  }

  /// Appends a row of numbers that `body` writes through a `NumberRow`: one capacity check for
  /// the row instead of one per cell (timeline and event rows are most of what a run writes).
  /// `body` must write exactly the header's number of cells, each a number that
  /// `DecimalBytes.fixed` can write (magnitude below 9e18 / 10^places; callers send others
  /// through the per-cell methods), an empty cell or a short word that needs no quotes.
  @inline(__always)
  mutating func numberRow(_ body: (inout NumberRow) -> Void) {
    precondition(cellsInRow == 0, "a row of numbers starts a row")
    let room = rowPrefix.count + columns * DecimalBytes.maximumBytes + 2
    reserve(room)
    let start = length
    let written = storage.withUnsafeMutableBufferPointer { buffer -> Int in
      var row = NumberRow(base: buffer.baseAddress! + start, cells: columns)
      if prefixCells > 0 {
        rowPrefix.withUnsafeBufferPointer { prefix in
          (row.base).update(from: prefix.baseAddress!, count: prefix.count)
        }
        row.position = rowPrefix.count
        row.cell = prefixCells
      }
      body(&row)
      precondition(row.cell == columns, "CSV row has \(row.cell) cells, header has \(columns) columns")
      row.base[row.position] = 13
      row.base[row.position + 1] = 10
      return row.position + 2
    }
    length += written
  }

  /// The cells of one row, written in place by `CSVBuffer.numberRow`; each as the `CSVBuffer`
  /// method of the same name.
  struct NumberRow {
    let base: UnsafeMutablePointer<UInt8>
    let cells: Int
    var position = 0
    var cell = 0

    init(base: UnsafeMutablePointer<UInt8>, cells: Int) {
      self.base = base
      self.cells = cells
    }

    @inline(__always)
    private mutating func next() -> Bool {
      precondition(cell < cells, "more cells than the header has columns")
      cell += 1
      return cell > 1
    }

    @inline(__always)
    mutating func milliseconds(_ micros: Int64?) {
      let comma = next()
      guard let micros else {
        if comma { base[position] = UInt8(ascii: ",") }
        position += comma ? 1 : 0
        return
      }
      let magnitude = micros.magnitude
      position += DecimalBytes.write(
        whole: magnitude / 1000, fraction: magnitude % 1000, places: 3, negative: micros < 0, comma: comma,
        into: base + position)
    }

    @inline(__always)
    mutating func decimal(_ value: Double, places: Int) {
      let comma = next()
      guard let written = DecimalBytes.fixed(value, places: places, comma: comma, into: base + position)
      else {
        preconditionFailure("a number beyond 9e18 / 10^places in a row of numbers")
      }
      position += written
    }

    @inline(__always)
    mutating func integer<Integer: BinaryInteger>(_ value: Integer) {
      position += DecimalBytes.write(
        whole: UInt64(value.magnitude), fraction: 0, places: 0, negative: value < 0, comma: next(),
        into: base + position)
    }

    /// The empty cell.
    @inline(__always)
    mutating func empty() {
      if next() {
        base[position] = UInt8(ascii: ",")
        position += 1
      }
    }

    /// A word of the program's own (an event or priority name): shorter than
    /// `DecimalBytes.maximumBytes` and with nothing to quote, which it checks.
    @inline(__always)
    mutating func word(_ text: String) {
      let comma = next()
      var contiguous = text
      contiguous.withUTF8 { utf8 in
        precondition(utf8.count < DecimalBytes.maximumBytes, "'\(text)' is too long for a row of numbers")
        if comma {
          base[position] = UInt8(ascii: ",")
          position += 1
        }
        for byte in utf8 {
          precondition(
            byte != UInt8(ascii: ",") && byte != UInt8(ascii: "\"") && byte != 13 && byte != 10,
            "a word in a row of numbers needs no quotes")
          base[position] = byte
          position += 1
        }
      }
    }

    @inline(__always)
    mutating func bit(_ value: Bool) {
      if next() {
        base[position] = UInt8(ascii: ",")
        position += 1
      }
      base[position] = value ? UInt8(ascii: "1") : UInt8(ascii: "0")
      position += 1
    }
  }

  /// A text cell, quoted when it needs to be.
  public mutating func text(_ value: String) {
    separate()
    var value = value
    // Field names and identifiers (the usual text cells) are contiguous UTF-8 without a byte
    // that needs quoting: copied as they are.
    let copied = value.withUTF8 { utf8 -> Bool in
      for byte in utf8
      where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 13 || byte == 10 {
        return false
      }
      reserve(utf8.count)
      storage.withUnsafeMutableBufferPointer { buffer in
        for (offset, byte) in utf8.enumerated() { buffer[length + offset] = byte }
      }
      length += utf8.count
      return true
    }
    if !copied { append(Array(CSVWriter.escape(value).utf8)) }
  }

  /// The empty cell.
  public mutating func empty() { separate() }

  /// An integer, as `CSVCell.integer`.
  public mutating func integer<Integer: BinaryInteger>(_ value: Integer) {
    let comma = nextNeedsComma()
    number(
      {
        DecimalBytes.write(
          whole: UInt64(value.magnitude), fraction: 0, places: 0, negative: value < 0, comma: comma, into: $0)
      }, fallback: { [] })
  }

  /// `0` or `1`, as `CSVCell.bit`.
  public mutating func bit(_ value: Bool) {
    separate()
    append(value ? UInt8(ascii: "1") : UInt8(ascii: "0"))
  }

  /// µs as ms, as `CSVCell.milliseconds`; nil is the empty cell.
  public mutating func milliseconds(_ micros: Int64?) {
    let comma = nextNeedsComma()
    guard let micros else {
      if comma { append(UInt8(ascii: ",")) }
      return
    }
    let magnitude = micros.magnitude
    number(
      {
        DecimalBytes.write(
          whole: magnitude / 1000, fraction: magnitude % 1000, places: 3, negative: micros < 0, comma: comma,
          into: $0)
      }, fallback: { [] })
  }

  /// As `CSVCell.decimal(value, places:)`: rounded half away from zero, trailing zeros dropped;
  /// nil and non-finite values are the empty cell.
  public mutating func decimal(_ value: Double?, places: Int) {
    let comma = nextNeedsComma()
    guard let value else {
      if comma { append(UInt8(ascii: ",")) }
      return
    }
    number(
      { DecimalBytes.fixed(value, places: places, comma: comma, into: $0) },
      fallback: { (comma ? [UInt8(ascii: ",")] : []) + Array(DecimalFormat.shortest(value).utf8) })
  }
}
