import Testing

@testable import PrefetchLab

/// The engine's record of the rows quiet frames showed between consultations.
@Suite struct UnconsultedRowLogTests {
  /// Scrolling down a screenful of three rows: each quiet frame's entered rows are those it shows
  /// that the frame before did not; the run covers them all, also row 3, gone again by the end.
  @Test func theRunCoversEveryRowThatEnteredAndTheLastRowsShown() {
    var log = UnconsultedRowLog()
    log.consulted(showing: 0..<3)
    #expect(log.rows == nil)
    log.quietFrame(showing: 0..<3)
    #expect(log.rows == nil)
    log.quietFrame(showing: 1..<4)
    #expect(log.rows == UnconsultedRows(entered: 3..<4, shown: 1..<4))
    log.quietFrame(showing: 2..<4)
    #expect(log.rows == UnconsultedRows(entered: 3..<4, shown: 2..<4))
    log.quietFrame(showing: 5..<7)
    #expect(log.rows == UnconsultedRows(entered: 3..<7, shown: 5..<7))
    log.consulted(showing: 5..<7)
    #expect(log.rows == nil)
  }

  /// Rows that only leave enter nothing; a frame showing no row is left out, and the next one's
  /// entered rows are measured from the last rows shown, as a consultation's binding would be.
  @Test func leavingRowsEnterNothingAndAnEmptyFrameIsLeftOut() {
    var log = UnconsultedRowLog()
    log.consulted(showing: 4..<9)
    log.quietFrame(showing: 5..<9)
    #expect(log.rows == UnconsultedRows(entered: 0..<0, shown: 5..<9))
    log.quietFrame(showing: 0..<0)
    #expect(log.rows == UnconsultedRows(entered: 0..<0, shown: 5..<9))
    log.quietFrame(showing: 3..<8)
    #expect(log.rows == UnconsultedRows(entered: 3..<5, shown: 3..<8))
  }

  /// A consultation forgets the rows entered before it: those after it are measured from the
  /// rows it saw.
  @Test func aConsultationStartsTheRunAfresh() {
    var log = UnconsultedRowLog()
    log.consulted(showing: 0..<3)
    log.quietFrame(showing: 5..<7)
    log.consulted(showing: 5..<7)
    log.quietFrame(showing: 6..<9)
    #expect(log.rows == UnconsultedRows(entered: 7..<9, shown: 6..<9))
  }

  /// Before any row was shown, every row of the first frame that shows some enters.
  @Test func fromNothingShownEveryRowEnters() {
    var log = UnconsultedRowLog()
    log.consulted(showing: 0..<0)
    log.quietFrame(showing: 2..<6)
    #expect(log.rows == UnconsultedRows(entered: 2..<6, shown: 2..<6))
  }
}
