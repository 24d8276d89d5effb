import Testing

@testable import PrefetchLab

/// What server-side inserts and deletions make offset and cursor pages show, worked out by hand.
@Suite struct FeedChangeTrackerTests {
  /// One change a second on the engine's clock: the k-th at k s.
  static func everySecond(inserts: Bool, deletes: Bool) -> FeedChangeSpec {
    FeedChangeSpec(insertsPerMin: inserts ? 60 : 0, deletesPerMin: deletes ? 60 : 0, arrivals: .regular)
  }

  /// Pages of `pageSize` rows: pages 0..<`page` served at t = 0 and every row shown, then page
  /// `page` served just after `inserts` one-a-second inserts and its rows shown.
  static func duplicates(afterInserts inserts: Int, pageSize: Int, page: Int, pagination: Pagination)
    -> FeedChangeTracker
  {
    var tracker = FeedChangeTracker(
      spec: everySecond(inserts: true, deletes: false), pagination: pagination, seed: 1)
    for earlier in 0..<page {
      tracker.pageServed(earlier, atUs: 0)
      for row in (earlier * pageSize)..<((earlier + 1) * pageSize) { tracker.rowShown(row, page: earlier) }
    }
    tracker.pageServed(page, atUs: Int64(inserts) * 1_000_000 + 500_000)
    for row in (page * pageSize)..<((page + 1) * pageSize) { tracker.rowShown(row, page: page) }
    return tracker
  }

  /// After k inserts the page at offset s = page × p holds, at positions s…s + p − 1, the items
  /// s − k…s + p − 1 − k (new items where that is below 0): the ones in 0…s − 1 were shown
  /// already. So the duplicates are |[s, s + p) ∩ [k, s + k)|: min(k, p) while k ≤ s, fewer once
  /// the inserts outnumber the items above the page (its first rows are then new items).
  @Test(arguments: [1, 4, 20])
  func offsetPagesRepeatWhatInsertsPushedDown(pageSize: Int) {
    for page in 1...3 {
      let start = page * pageSize
      for inserts in 0...30 {
        let tracker = Self.duplicates(
          afterInserts: inserts, pageSize: pageSize, page: page, pagination: .offset)
        let expected = max(0, min(start + pageSize, start + inserts) - max(start, inserts))
        #expect(tracker.duplicateItemsShown == expected, "k \(inserts), p \(pageSize), page \(page)")
        if inserts <= start { #expect(tracker.duplicateItemsShown == min(inserts, pageSize)) }
        #expect(tracker.itemsSkipped == 0)
      }
    }
  }

  /// Cursor pagination asks for the items after the last one held: inserts at the top change
  /// nothing below it.
  @Test func cursorPagesAreImmuneToInserts() {
    for inserts in [0, 3, 25] {
      let tracker = Self.duplicates(afterInserts: inserts, pageSize: 5, page: 2, pagination: .cursor)
      #expect(tracker.duplicateItemsShown == 0)
      #expect(tracker.itemsSkipped == 0)
      #expect(tracker.item(ofRow: 12, page: 2) == 12)
    }
  }

  /// d deletions of items already served pull d items into positions already fetched: page 1
  /// (rows 5…9) then holds items 5 + d…9 + d, and the d items between row 4 (item 4) and row 5
  /// were never shown. With cursor pagination nothing is skipped.
  @Test func deletionsSkipItemsUnderOffsetPagination() {
    for deletions in 0...7 {
      for pagination in [Pagination.offset, .cursor] {
        var tracker = FeedChangeTracker(
          spec: Self.everySecond(inserts: false, deletes: true), pagination: pagination, seed: 1)
        tracker.pageServed(0, atUs: 0)
        for row in 0..<5 { tracker.rowShown(row, page: 0) }
        tracker.pageServed(1, atUs: Int64(deletions) * 1_000_000 + 1)
        for row in 5..<10 { tracker.rowShown(row, page: 1) }
        #expect(tracker.itemsSkipped == (pagination == .offset ? deletions : 0))
        #expect(tracker.duplicateItemsShown == 0)
        #expect(tracker.item(ofRow: 5, page: 1) == (pagination == .offset ? 5 + Int64(deletions) : 5))
      }
    }
  }

  /// The inserted items are named −n − 1 (the n-th inserted, 0-based), wherever a page finds
  /// them: after 3 inserts position 0 holds the newest (−3), position 2 the first one (−1).
  @Test func newItemsKeepTheirNamesAcrossPages() {
    var tracker = FeedChangeTracker(
      spec: Self.everySecond(inserts: true, deletes: false), pagination: .offset, seed: 1)
    tracker.pageServed(0, atUs: 3_000_000)
    #expect((0..<4).map { tracker.item(ofRow: $0, page: 0) } == [-3, -2, -1, 0])
    tracker.pageServed(1, atUs: 5_000_000)
    #expect(tracker.item(ofRow: 4, page: 1) == -1)
    #expect(tracker.item(ofRow: 5, page: 1) == 0)
  }

  /// Showing a row again with the same item counts nothing; a row shown first as one item and
  /// then, its page fetched again after an insert, as the item above counts a duplicate only if
  /// another row showed that item.
  @Test func aRowCountsOncePerItem() {
    var tracker = FeedChangeTracker(
      spec: Self.everySecond(inserts: true, deletes: false), pagination: .offset, seed: 1)
    tracker.pageServed(0, atUs: 0)
    for _ in 0..<3 { for row in 0..<4 { tracker.rowShown(row, page: 0) } }
    #expect(tracker.duplicateItemsShown == 0)
    tracker.pageServed(0, atUs: 1_000_000)
    for row in 0..<4 { tracker.rowShown(row, page: 0) }
    // Rows 1…3 now show items 0…2, which rows 0…2 showed; row 0 shows the new item.
    #expect(tracker.duplicateItemsShown == 3)
  }
}
