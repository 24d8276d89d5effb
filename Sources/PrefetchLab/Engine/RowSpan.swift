/// The smallest run of rows covering every row noted since it was last emptied: what Paging 3's
/// hints need of the rows bound between two consultations (the lowest and the highest), kept by
/// the engine while the event engine steps quiet frames without consulting. O(1) per note.
struct RowSpan: Sendable, Equatable {
  private(set) var lowest = Int.max
  private(set) var highest = Int.min

  static let empty = RowSpan()

  /// Covers `rows` too; an empty range changes nothing.
  @inline(__always)
  mutating func include(_ rows: Range<Int>) {
    guard !rows.isEmpty else { return }
    lowest = min(lowest, rows.lowerBound)
    highest = max(highest, rows.upperBound - 1)
  }

  /// The covering run, [lowest, highest + 1); empty when nothing was noted.
  var range: Range<Int> { lowest <= highest ? lowest..<(highest + 1) : 0..<0 }
}
