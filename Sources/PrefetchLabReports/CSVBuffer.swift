import PrefetchLab

/// A CSV file built directly as bytes: the fast path for the per-run files, which are most of
/// what a run writes (tens of megabytes for the bundled scenarios × 10 seeds).
///
/// The output is byte for byte what `CSVWriter` writes for the same cells formatted with
/// `CSVCell` (`DecimalFormat` rules: `.` decimals, no exponent, trailing zeros dropped, empty
/// cells for missing values), without building a `String` per cell or per row. Numbers are
/// appended digit by digit; text fields go through `CSVWriter.escape`.
///
/// ```swift
/// var csv = CSVBuffer(header: ["t_ms", "offset_pt"])
/// csv.milliseconds(16_667); csv.decimal(12.5, places: 3); csv.endRow()
/// csv.bytes  // "t_ms,offset_pt\r\n16.667,12.5\r\n"
/// ```
/// Appending is O(digits); `endRow` checks the cell count (a programmer error otherwise).
public struct CSVBuffer: Sendable {
  public private(set) var bytes: [UInt8]
  private let columns: Int
  private var cellsInRow = 0

  /// Starts with the header record. `capacity` is a hint in bytes.
  public init(header: [String], capacity: Int = 4096) {
    precondition(!header.isEmpty, "a CSV needs at least one column")
    columns = header.count
    bytes = []
    bytes.reserveCapacity(capacity)
    bytes += CSVWriter.record(header).utf8
  }

  private mutating func separate() {
    if cellsInRow > 0 { bytes.append(UInt8(ascii: ",")) }
    cellsInRow += 1
  }

  /// Ends the row: CRLF.
  public mutating func endRow() {
    precondition(cellsInRow == columns, "CSV row has \(cellsInRow) cells, header has \(columns) columns")
    bytes.append(13)
    bytes.append(10)
    cellsInRow = 0
  }

  /// A text cell, quoted when it needs to be.
  public mutating func text(_ value: String) {
    separate()
    bytes += CSVWriter.escape(value).utf8
  }

  /// The empty cell.
  public mutating func empty() { separate() }

  /// An integer, as `CSVCell.integer`.
  public mutating func integer<Integer: BinaryInteger>(_ value: Integer) {
    separate()
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      DecimalBytes.digits(UInt64(value.magnitude), to: &bytes)
    } else {
      DecimalBytes.digits(UInt64(value), to: &bytes)
    }
  }

  /// `0` or `1`, as `CSVCell.bit`.
  public mutating func bit(_ value: Bool) {
    separate()
    bytes.append(value ? UInt8(ascii: "1") : UInt8(ascii: "0"))
  }

  /// µs as ms, as `CSVCell.milliseconds`; nil is the empty cell.
  public mutating func milliseconds(_ micros: Int64?) {
    separate()
    guard let micros else { return }
    if micros < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = micros.magnitude
    DecimalBytes.digits(magnitude / 1000, to: &bytes)
    DecimalBytes.fraction(magnitude % 1000, places: 3, to: &bytes)
  }

  /// As `CSVCell.decimal(value, places:)`: rounded half away from zero, trailing zeros dropped;
  /// nil and non-finite values are the empty cell.
  public mutating func decimal(_ value: Double?, places: Int) {
    separate()
    guard let value else { return }
    DecimalBytes.fixed(value, places: places, to: &bytes)
  }
}
