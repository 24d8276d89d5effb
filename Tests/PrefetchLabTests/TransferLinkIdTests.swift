import Testing

@testable import PrefetchLab

/// The link with ids other than the engine's 0, 1, 2, …: any `Int` must behave the same.
@Suite struct TransferLinkIdTests {
  /// 800 kbit/s = 100 000 bytes/s.
  static func link800() throws -> TransferLink { TransferLink(trace: try .constant(kbps: 800)) }

  @Test func idsFarApartAndNegativeKeepTheirOwnTransfers() throws {
    // Three transfers share 100 000 B/s from 0: each gets 33 333.3 B/s, so -3 (100 000 bytes)
    // is done at 3 s; then 1 << 40 and Int.min get 50 000 B/s. Cancelling 1 << 40 at 4 s (it
    // moved 100 000 + 50 000) leaves Int.min 150 000 bytes at the full rate: done at 5.5 s.
    var link = try Self.link800()
    link.start(id: -3, bytes: 100_000, atUs: 0)
    link.start(id: 1 << 40, bytes: 200_000, atUs: 0)
    link.start(id: Int.min, bytes: 300_000, atUs: 0)
    #expect(link.activeCount == 3)
    #expect(link.bytesMoved(id: Int.min, atUs: 1_000_000) == 33_333)
    #expect(link.bytesMoved(id: -3, atUs: 1_000_000) == 33_333)
    #expect(link.bytesMoved(id: 3, atUs: 1_000_000) == nil)
    #expect(link.nextCompletionUs() == 3_000_000)
    #expect(link.popCompleted(atUs: 3_000_000) == [-3])
    #expect(link.bytesMoved(id: -3, atUs: 3_000_000) == nil)
    #expect(link.cancel(id: 1 << 40, atUs: 4_000_000) == 150_000)
    #expect(link.nextCompletionUs() == 5_500_000)
    #expect(link.popCompleted(atUs: 5_500_000) == [Int.min])
    #expect(link.activeCount == 0)
  }

  @Test func equalFinishesAreReportedInIdOrderWhateverTheIds() throws {
    let ids = [Int.max, 7, -5, 1 << 20, Int.min, 0, (1 << 20) - 1, 1 << 40]
    var link = try Self.link800()
    for id in ids { link.start(id: id, bytes: 100_000, atUs: 0) }
    #expect(link.nextCompletionUs() == 8_000_000)
    #expect(link.popCompleted(atUs: 7_999_999) == [])
    #expect(link.popCompleted(atUs: 8_000_000) == ids.sorted())
  }

  @Test(arguments: [0, -9, 1 << 50])
  func anIdIsReusableAfterItFinishesOrIsCancelled(id: Int) throws {
    var link = try Self.link800()
    link.start(id: id, bytes: 100_000, atUs: 0)
    #expect(link.popCompleted(atUs: 1_000_000) == [id])
    link.start(id: id, bytes: 50_000, atUs: 2_000_000)
    #expect(link.bytesMoved(id: id, atUs: 2_100_000) == 10_000)
    #expect(link.nextCompletionUs() == 2_500_000)
    #expect(link.cancel(id: id, atUs: 2_200_000) == 20_000)
    #expect(link.cancel(id: id, atUs: 2_200_000) == 0)
    link.start(id: id, bytes: 30_000, atUs: 3_000_000)
    #expect(link.nextCompletionUs() == 3_300_000)
    #expect(link.popCompleted(atUs: 3_300_000) == [id])
  }

  @Test func cancellingUnknownIdsChangesNothing() throws {
    var link = try Self.link800()
    for id in [0, -1, 5, Int.max, Int.min] { #expect(link.cancel(id: id, atUs: 0) == 0) }
    link.start(id: 5, bytes: 100_000, atUs: 0)
    link.start(id: 6, bytes: 100_000, atUs: 0)
    for id in [0, -1, 4, 7, 1 << 20, Int.max, Int.min] {
      #expect(link.cancel(id: id, atUs: 500_000) == 0)
    }
    #expect(link.activeCount == 2)
    // Each at 50 000 B/s throughout: both done at 2 s.
    #expect(link.nextCompletionUs() == 2_000_000)
    #expect(link.cancel(id: 7, atUs: 1_500_000) == 0)
    #expect(link.nextCompletionUs() == 2_000_000)
    #expect(link.popCompleted(atUs: 2_000_000) == [5, 6])
  }

  /// Transfer k of n (k = 1…n) has k × 1000 bytes; all start at 0 on 100 000 B/s. All get
  /// 1000 bytes per (live count × 10 ms), so transfer k finishes after the first k rounds:
  /// 10 ms × (n + (n - 1) + … + (n - k + 1)).
  static func finishUs(ofTransfer k: Int, of n: Int) -> Int64 {
    Int64(10_000 * (k * n - k * (k - 1) / 2))
  }

  @Test(arguments: ["dense", "sparse"])
  func manyTransfersAtOnceFinishWhenTheSharesSay(ids kind: String) throws {
    let n = 300
    // Sparse ids are far apart, negative to huge, and not in size order.
    let ids = (1...n).map { kind == "dense" ? $0 - 1 : ($0 * 7_919 % n) * 1_000_003 - 150_000_000 }
    var link = try Self.link800()
    // Started in reverse, so the heap and the id table fill out of order.
    for k in (1...n).reversed() { link.start(id: ids[k - 1], bytes: Int64(k * 1000), atUs: 0) }
    #expect(link.activeCount == n)
    for k in 1...n {
      let expected = Self.finishUs(ofTransfer: k, of: n)
      #expect(link.nextCompletionUs() == expected, "transfer \(k)")
      #expect(link.popCompleted(atUs: expected) == [ids[k - 1]], "transfer \(k)")
    }
    #expect(link.activeCount == 0)
    #expect(link.nextCompletionUs() == nil)
  }

  @Test func theSameCallsWithRemappedIdsGiveTheSameResults() throws {
    // Engine-like dense ids against the same calls with ids spread over most of Int (order
    // kept, so ties break alike): every return value must agree. Ids are logged unmapped.
    let scale = 3_000_000_000_000_000
    func run(_ mapId: (Int) -> Int, _ unmapId: (Int) -> Int) throws -> [Int64] {
      var link = TransferLink(trace: try .constant(kbps: 7_777))
      var generator = SplitMix64(seed: 5)
      var log: [Int64] = []
      var clock: Int64 = 0
      var done: [Int] = []
      for id in 0..<3_000 {
        clock += Int64(generator.next() % 40_000)
        link.start(id: mapId(id), bytes: Int64(generator.next() % 30_000), atUs: clock)
        if id % 5 == 2 { log.append(link.cancel(id: mapId(id - 2), atUs: clock)) }
        if id % 11 == 4 { log.append(link.bytesMoved(id: mapId(id - 1), atUs: clock + 5_000) ?? -1) }
        done.removeAll(keepingCapacity: true)
        link.popCompleted(atUs: clock, into: &done)
        log.append(contentsOf: done.map { Int64(unmapId($0)) })
        log.append(link.nextCompletionUs() ?? -1)
      }
      return log
    }
    let dense = try run({ $0 }, { $0 })
    let sparse = try run({ $0 * scale - Int.max / 2 }, { ($0 + Int.max / 2) / scale })
    #expect(dense.count > 6_000)
    #expect(dense == sparse)
  }
}
