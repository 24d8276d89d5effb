import Testing

@testable import PrefetchLab

@Suite struct ItemTableTests {
  /// Marking the next item loaded appends it with its loaded values and every other column at
  /// its default; marking an item already in the table rewrites only the loaded columns.
  @Test func markLoadedAppendsTheNextItemOrRewritesOneInTheTable() {
    var table = ItemTable()
    table.ensureCount(2)
    table.mediaRequested(1, id: 7)
    table.markLoaded(2, mediaBytes: 500, complete: false)
    table.markLoaded(3, mediaBytes: 0, complete: true)
    table.markLoaded(1, mediaBytes: 0, complete: true)
    #expect(table.count == 4)
    #expect(table.mediaBytes == [0, 0, 500, 0])
    #expect(table.mediaState == [.unknown, .none, .notLoaded, .none])
    #expect(table.complete == [false, true, false, true])
    #expect(table.mediaRequest == [-1, 7, -1, -1])
    #expect(table.mediaAwaitingUse == [-1, -1, -1, -1])
    #expect(table.firstVisibleUs == [-1, -1, -1, -1])
    #expect(table.ttcOpen == [false, false, false, false])
  }

  /// The transitions the engine writes the columns through: an ended request clears only its
  /// own mark, a use is taken once, a try number counts from 0, media loaded twice says so.
  @Test func transitionsChangeOnlyWhatTheyName() {
    var table = ItemTable()
    table.ensureCount(3)
    table.mediaRequested(0, id: 4)
    table.mediaRequestEnded(0, id: 3)
    #expect(table.mediaRequest[0] == 4)
    table.mediaRequestEnded(0, id: 4)
    #expect(table.mediaRequest[0] == -1)
    #expect(table.countMediaTry(2) == 0)
    #expect(table.countMediaTry(2) == 1)
    #expect(table.mediaLoaded(1) == false)
    #expect(table.mediaLoaded(1) == true)
    #expect(table.mediaState[1] == .loaded)
    table.mediaAwaitsUse(1, id: 9)
    #expect(table.takeMediaAwaitingUse(1) == 9)
    #expect(table.takeMediaAwaitingUse(1) == nil)
    table.firstSeen(1, atUs: 500)
    #expect(table.firstVisibleUs[1] == 500 && table.ttcOpen[1])
    table.markComplete(2)
    table.firstSeen(2, atUs: 600)
    #expect(!table.ttcOpen[2])
    table.mediaEvicted(2)
    #expect(table.mediaState[2] == .notLoaded && !table.complete[2])

    var pages = PageTable()
    #expect(pages.markDelivered(5) == false)
    #expect(pages.markDelivered(5) == true)
    #expect(pages.countTry(5) == 0 && pages.countTry(5) == 1)
    pages.awaitsUse(5, id: 11)
    pages.markDropped(5)
    #expect(pages.takeAwaitingUse(5) == nil)
  }
}
