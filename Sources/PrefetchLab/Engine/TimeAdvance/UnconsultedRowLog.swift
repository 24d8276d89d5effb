/// The engine's record of the rows quiet frames showed since the strategy's last consultation
/// (`StrategyContext.rowsShownWithoutConsultation`): only the event engine steps frames without
/// consulting, so the stepped engine's log stays empty. O(1) per frame.
struct UnconsultedRowLog: Sendable {
  /// The rows shown at the last consultation, or at the last quiet frame since that changed them
  /// to a non-empty run: what a `.frame` consultation at the next change would find bound.
  private var reference: Range<Int> = 0..<0
  private var lowest = Int.max
  private var highest = Int.min
  private var changed = false

  /// A consultation has seen `rows`: nothing is left unconsulted.
  @inline(__always)
  mutating func consulted(showing rows: Range<Int>) {
    reference = rows
    // The stepped engine consults every frame and never changes the rest.
    guard changed else { return }
    lowest = .max
    highest = .min
    changed = false
  }

  /// A quiet frame shows `rows`, unconsulted. A frame showing none is left out: a consultation
  /// would bind nothing and keep what it had.
  @inline(__always)
  mutating func quietFrame(showing rows: Range<Int>) {
    guard rows != reference, !rows.isEmpty else { return }
    note(rows)
  }

  private mutating func note(_ rows: Range<Int>) {
    let (above, below) = rows.subtracting(reference)
    include(above)
    include(below)
    reference = rows
    changed = true
  }

  @inline(__always)
  private mutating func include(_ entered: Range<Int>) {
    guard !entered.isEmpty else { return }
    lowest = min(lowest, entered.lowerBound)
    highest = max(highest, entered.upperBound - 1)
  }

  /// nil when no quiet frame changed the rows since the last consultation.
  var rows: UnconsultedRows? {
    guard changed else { return nil }
    return UnconsultedRows(entered: lowest <= highest ? lowest..<(highest + 1) : 0..<0, shown: reference)
  }
}
