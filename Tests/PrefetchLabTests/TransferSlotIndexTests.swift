import Testing

@testable import PrefetchLab

@Suite struct TransferSlotIndexTests {
  /// Ids on both sides of every boundary the index has: negative, the dense table's start, its
  /// cap, and the extremes of `Int`.
  static let awkwardIds = [
    Int.min, -1 << 40, -2, -1, 0, 1, 63, 64, 1000, (1 << 20) - 1, 1 << 20, 1 << 40, Int.max,
  ]

  @Test func findsWhatWasInsertedWhereverTheIdIs() {
    var index = TransferSlotIndex()
    for (slot, id) in Self.awkwardIds.enumerated() { #expect(index.insert(slot, for: id) == nil) }
    for (slot, id) in Self.awkwardIds.enumerated() { #expect(index.slot(of: id) == slot) }
    #expect(index.slot(of: 2) == nil)
    #expect(index.slot(of: -3) == nil)
    #expect(index.slot(of: Int.max - 1) == nil)
    for (slot, id) in Self.awkwardIds.enumerated().reversed() { #expect(index.remove(id) == slot) }
    for id in Self.awkwardIds { #expect(index.slot(of: id) == nil) }
  }

  @Test func unknownIdsAreNotFoundOrRemoved() {
    var index = TransferSlotIndex()
    for id in Self.awkwardIds { #expect(index.remove(id) == nil) }
    #expect(index.insert(4, for: 3) == nil)
    for id in Self.awkwardIds { #expect(index.remove(id) == nil) }
    #expect(index.remove(3) == 4)
    #expect(index.remove(3) == nil)
  }

  @Test func reinsertingAnIdReturnsItsPreviousSlot() {
    var index = TransferSlotIndex()
    for id in Self.awkwardIds {
      #expect(index.insert(7, for: id) == nil)
      #expect(index.insert(9, for: id) == 7)
      #expect(index.slot(of: id) == 9)
    }
  }

  @Test func idsAreReusableAfterRemoval() {
    var index = TransferSlotIndex()
    for round in 0..<3 {
      for id in Self.awkwardIds { #expect(index.insert(round * 100 + 5, for: id) == nil) }
      for id in Self.awkwardIds { #expect(index.remove(id) == round * 100 + 5) }
    }
  }

  @Test func anIdHashedBeforeTheTableGrowsOverItStaysFindable() {
    // 5000 is beyond the first table, so it is hashed; 700 dense inserts then grow the table
    // to 8192, over it.
    var index = TransferSlotIndex()
    #expect(index.insert(1, for: 5000) == nil)
    for id in 0..<700 { #expect(index.insert(id + 10, for: id) == nil) }
    #expect(index.slot(of: 5000) == 1)
    #expect(index.slot(of: 699) == 709)
    #expect(index.insert(2, for: 5000) == 1)
    #expect(index.slot(of: 5000) == 2)
    #expect(index.remove(5000) == 2)
    #expect(index.slot(of: 5000) == nil)
    #expect(index.insert(3, for: 5000) == nil)
    #expect(index.remove(5000) == 3)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func agreesWithADictionaryOnRandomOperations(seed: UInt64) {
    // Mostly engine-like ids (dense, rising) with sparse, negative and huge ones mixed in.
    var index = TransferSlotIndex()
    var model: [Int: Int] = [:]
    var generator = SplitMix64(seed: seed)
    var nextDenseId = 0
    var live: [Int] = []
    for step in 0..<20_000 {
      let roll = generator.next() % 10
      if roll < 5 || live.isEmpty {
        let id: Int
        switch generator.next() % 8 {
        case 0: id = -Int(generator.next() % 1_000_000) - 1
        case 1: id = Int(truncatingIfNeeded: generator.next())
        case 2: id = Int(generator.next() % (1 << 22))
        default:
          id = nextDenseId
          nextDenseId += 1 + Int(generator.next() % 3)
        }
        let slot = step % 977
        #expect(index.insert(slot, for: id) == model.updateValue(slot, forKey: id))
        if !live.contains(id) { live.append(id) }
      } else if roll < 8 {
        let id = live.remove(at: Int(generator.next() % UInt64(live.count)))
        #expect(index.remove(id) == model.removeValue(forKey: id))
      } else {
        let id = generator.next() % 2 == 0 ? live[Int(generator.next() % UInt64(live.count))] : -step
        #expect(index.slot(of: id) == model[id])
        // Mostly absent; when present, removed like any other.
        let other = -(step % 2000) - 1
        #expect(index.remove(other) == model.removeValue(forKey: other))
        live.removeAll { $0 == other }
      }
    }
    for (id, slot) in model { #expect(index.slot(of: id) == slot) }
  }

  /// A slot too large for the table's 32-bit entries moves an id already in the table to the
  /// dictionary: it is found once, with the new slot, and the old slot is returned.
  @Test func aSlotTooLargeForTheTableMovesTheIdOut() {
    var index = TransferSlotIndex()
    #expect(index.insert(5, for: 3) == nil)
    let large = Int(Int32.max)
    #expect(index.insert(large, for: 3) == 5)
    #expect(index.slot(of: 3) == large)
    #expect(index.remove(3) == large)
    #expect(index.slot(of: 3) == nil)
    #expect(index.remove(3) == nil)
  }
}
