import Testing

@testable import PrefetchLab

@Suite struct ItemTableTests {
  /// Marking the next item loaded appends it with its loaded values and every other column at
  /// its default; marking an item already in the table rewrites only the loaded columns.
  @Test func markLoadedAppendsTheNextItemOrRewritesOneInTheTable() {
    var table = ItemTable()
    table.ensureCount(2)
    table.mediaRequest[1] = 7
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
}
