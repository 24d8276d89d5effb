import Testing

@testable import PrefetchLab

/// Paging 3's hints in the engine: a bound placeholder is an access, not a load; the loop chains
/// pages toward it, `jump_threshold` refreshes at it, and `max_size` neither thrashes nor lets
/// the loaded items grow past it.
@Suite struct Paging3HintTests {
  /// Offset pagination, 100 pt rows in an 800 pt viewport (8 rows), pages of 20, 200 items,
  /// 100 ms RTT; the first load is one page (`initial_load_size` 20), `prefetch_distance` 10.
  /// Rows 0…7 show first: 19 − 7 = 12 loaded items lie past row 7, no APPEND. After 1 s the user
  /// jumps to item 100: rows 100…107 are bound, 107 − 19 = 88 items past the loaded data.
  static let jump = TestScenarios.steadyDrag(
    rttMs: 100, totalItems: 200, pageSize: 20,
    gestures: [.wait(durationMs: 1000), .jump(.item(100)), .wait(durationMs: 5000)], pagination: .offset)

  static func parameters(jumpThreshold: Int?) -> [String: ParameterValue] {
    var values: [String: ParameterValue] = [
      "initial_load_size": .number(20), "prefetch_distance": .number(10),
    ]
    if let jumpThreshold { values["jump_threshold"] = .number(Double(jumpThreshold)) }
    return values
  }

  /// jump_threshold 50 < 88: a refresh of `initial_load_size` 20 items from 107 − 20 / 2 = 97,
  /// rows 97…116, pages 4 and 5; page 0 is dropped. Once they are in, 119 − 107 = 12 items lie
  /// past the last bound row and 100 − 80 = 20 before the first: nothing more loads. Requests:
  /// page 0, pages 4 and 5 — 3, and no chain through pages 1…3.
  @Test func aJumpPastTheThresholdRefreshesAtTheTarget() {
    let outcome = TestScenarios.run(Self.jump, "paging3", Self.parameters(jumpThreshold: 50))
    #expect(outcome.summary.pageRequests == 3)
    #expect(outcome.summary.itemsLoaded == 40)
    #expect(outcome.summary.redundantFetches == 0)
  }

  /// jump_threshold 100 > 88, or off: the APPEND loop chains from page 1 until 10 loaded items
  /// lie past row 107, the loaded data ending at row 117 or later: pages 1, 2, 3, 4, 5 one after
  /// the other (5 APPENDs), 6 requests with page 0, and 120 items loaded; no PREPEND (the first
  /// row bound after the chain, 100, has 100 items before it).
  @Test(arguments: [100, nil] as [Int?])
  func aJumpWithinTheThresholdChainsAppends(_ threshold: Int?) {
    let outcome = TestScenarios.run(Self.jump, "paging3", Self.parameters(jumpThreshold: threshold))
    #expect(outcome.summary.pageRequests == 6)
    #expect(outcome.summary.itemsLoaded == 120)
  }

  /// The chain is sequential: with 1000 ms RTT each APPEND waits for the one before, so the
  /// rows on screen stay blank for at least 5 round trips after the jump (the engine's own
  /// loading of the visible placeholders' page would have shown them after one).
  @Test func theChainLoadsOnePageAtATime() {
    let slow = TestScenarios.modified(Self.jump) { $0.network.rttMs = .constant(1000) }
    let outcome = TestScenarios.run(slow, "paging3", Self.parameters(jumpThreshold: nil))
    let refreshed = TestScenarios.run(slow, "paging3", Self.parameters(jumpThreshold: 50))
    #expect(outcome.summary.pageRequests == 6)
    // 8 rows blank for 5 round trips or more, against 1 round trip for the refresh (pages 4 and
    // 5 go out together).
    #expect(outcome.summary.blankUs >= 5 * 1_000_000)
    #expect(refreshed.summary.blankUs < 2 * 1_000_000)
  }

  /// `recyclerview` runs the same loader (no `jump_threshold`): the same chain, 6 requests.
  @Test func recyclerViewChainsAppendsToo() {
    let values: [String: ParameterValue] = [
      "initial_load_size": .number(20), "prefetch_distance": .number(10),
    ]
    let outcome = TestScenarios.run(Self.jump, "recyclerview", values)
    #expect(outcome.summary.pageRequests == 6)
    #expect(outcome.summary.itemsLoaded == 120)
  }

  /// 60 pt rows, pages of 10, 200 items, offset pagination with placeholders, `prefetch_distance`
  /// 5 and `max_size` 20 (the least PagingConfig accepts, 10 + 2 × 5), one page loaded first.
  /// An 800 pt viewport shows 14 rows. Drag 2400 pt (40 rows) down at 400 pt/s: the last rows
  /// shown are 40…53, so the loaded data must reach row 58: pages 1…5 are appended (5 + 1
  /// requests), the same with or without `max_size`. Each APPEND drops the top pages that are
  /// off screen with 5 items left before the APPEND hint, and no PREPEND follows: the PREPEND
  /// hint moves down with the rows bound at the bottom (HintHandler), so nothing comes back.
  static let thrash = TestScenarios.modified(
    TestScenarios.steadyDrag(
      rttMs: 100, totalItems: 200, pageSize: 10,
      gestures: [.drag(velocityPtS: 400, durationMs: 6000), .wait(durationMs: 1000)], pagination: .offset)
  ) {
    $0.feed.itemHeightPt = .constant(60)
    $0.feed.placeholderHeightPt = 60
  }

  @Test func aSmallMaxSizeDropsWithoutThrashing() {
    let values: [String: ParameterValue] = [
      "initial_load_size": .number(10), "prefetch_distance": .number(5),
    ]
    var bounded = values
    bounded["max_size"] = .number(20)
    let unbounded = TestScenarios.run(Self.thrash, "paging3", values).summary
    let dropping = TestScenarios.run(Self.thrash, "paging3", bounded).summary
    #expect(unbounded.pageRequests == 6)
    #expect(dropping.pageRequests == 6)
    #expect(dropping.redundantFetches == 0)
    // Page k + 1 goes out once row 10k + 5 is bound (fewer than 5 items past it), at offset
    // 60 × (10k + 5) − 800 = 600k − 500 pt, and is in 100 ms (40 pt) later: page 5 (k = 4) at
    // offset 1940, row 32 at the top. Each APPEND dropped the pages above the screen (page 2
    // now); page 3 is on screen and stays: pages 3…5, 30 items, max_size plus a page.
    #expect(dropping.itemsLoaded == 30)
    #expect(unbounded.itemsLoaded == 60)
  }
}
