/// What the rows shown did between two consultations without the strategy being consulted: the
/// event engine steps the frames of a band declared `acrossRowChanges` (the returned `Wake`)
/// without the `.frame` consultations the stepped engine makes in them
/// (`StrategyContext.rowsShownWithoutConsultation`). A strategy whose state follows the rows shown
/// (Paging 3 binds each row entering the viewport as an access) catches up from it as those
/// consultations would have, in order: every frame's rows entered, then the rows shown last.
public struct UnconsultedRows: Sendable, Equatable {
  /// The smallest run of rows, [first, end), covering every row that entered the viewport in
  /// those frames, also rows that left again in a later one; empty when rows only left. A row
  /// enters a frame when the frame shows it and the last frame before it that showed any row did
  /// not (or the last consultation's rows did not hold it).
  public let entered: Range<Int>
  /// The rows the last of those frames showed, [first, end); never empty (a frame showing no row
  /// is left out, as a consultation showing none binds nothing).
  public let shown: Range<Int>

  public init(entered: Range<Int>, shown: Range<Int>) {
    self.entered = entered
    self.shown = shown
  }
}
