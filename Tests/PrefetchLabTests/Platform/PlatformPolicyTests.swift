import Testing

@testable import PrefetchLab

/// The policies real bugs come from, on the analytic drag of `TestScenarios.steadyDrag` (800 pt
/// viewport, 100 pt rows, pages of 20, 200 items, 400 pt/s for 60 s, no media unless given).
@Suite struct PlatformPolicyTests {
  /// TanStack Query's `fetchNextPage` cancels and restarts: with InfiniteLoader v1 (no pending
  /// cache) over offset pagination and a 3 s API, every new rendered row (one per 250 ms at
  /// 400 pt/s) moves the unloaded run [first unloaded row ≥ visible start − 15, visible end + 15)
  /// and restarts every page in it. A page k (rows 20k…20k + 19) leaves the run only once the
  /// first visible row passes 20k + 34; its last restart is at τ = 100·(20k + 34)/400 = 5k + 8.5 s
  /// and it arrives 3 s later, when the user is 15 rows past it: never while it is on screen. In
  /// a 40 s drag pages 1…5 arrive (5·5 + 11.5 = 36.5 s): 120 items, and every row seen after the
  /// first page (rows 20…167, the viewport ending on 16 000…16 800 pt) stays blank: 148.
  /// With a guard or the cache each page is asked for once, when the rendered end + 15 first
  /// reaches it: page k when row 20k − 15 shows, at τ = (100·(20k − 15) − 800)/400 s, in 3 s
  /// later; page 8 (34.5 → 37.5 s) is in before 40 s, page 9 (39.5 → 42.5 s) is not: 180 items.
  @Test func cancelAndRestartOnEveryRowNeverLetsAPageArrive() {
    let scenario = TestScenarios.steadyDrag(durationMs: 40_000, rttMs: 3000, pagination: .offset)
    let restarting = TestScenarios.run(
      scenario, "infinite_loader",
      ["pending_rows_cache": .bool(false), "on_repeat": .string("cancel_and_restart")]
    ).summary
    #expect(restarting.itemsLoaded == 120)
    #expect(restarting.itemsSeen == 168)
    #expect(restarting.itemsSeenIncomplete == 148)
    #expect(restarting.requestsCancelled > 100)
    let guarded = TestScenarios.run(scenario, "infinite_loader", ["pending_rows_cache": .bool(false)]).summary
    #expect(guarded.itemsLoaded == 180)
    #expect(guarded.requestsCancelled == 0)
    let cached = TestScenarios.run(
      scenario, "infinite_loader", ["on_repeat": .string("cancel_and_restart")]
    ).summary
    #expect(cached.itemsLoaded == 180)
    #expect(cached.requestsCancelled == 0)
  }

  /// InfiniteLoader v1 (no pending cache) whose app fetches in `loadMoreRows` without a guard
  /// (`on_repeat=duplicate`), same drag and 3 s API: every rendered-row change
  /// asks again for each page of the moving run still out, and each ask is another request. The
  /// first response of each page lands as with a guard (nothing is cancelled: 180 items, as
  /// guarded); every response after it is a redundant fetch, and every request beyond one per
  /// page is either redundant or still out at the end.
  @Test func duplicateSendsEachRepeatedCallAgain() {
    let scenario = TestScenarios.steadyDrag(durationMs: 40_000, rttMs: 3000, pagination: .offset)
    let duplicating = TestScenarios.run(
      scenario, "infinite_loader", ["pending_rows_cache": .bool(false), "on_repeat": .string("duplicate")]
    ).summary
    let guarded = TestScenarios.run(scenario, "infinite_loader", ["pending_rows_cache": .bool(false)]).summary
    #expect(duplicating.itemsLoaded == guarded.itemsLoaded)
    #expect(guarded.redundantFetches == 0)
    #expect(duplicating.requestsCancelled == 0)
    // Golden: the guarded run sends pages 0…9 once (10). Duplicating, a page is asked for again at
    // each rendered-row change while it is out: page 1 five more times, pages 2…8 twice more
    // each (the rows shown change at 2.5 s, then 250 ms, then 250 ms after the first ask, the
    // page landing 3 s after it): 10 + 5 + 7 × 2 = 29 requests. Every repeat's response comes
    // after its page landed — redundant — except page 8's last, sent at 40.02 s, still out
    // when the 40 s session ends: 18.
    #expect(guarded.pageRequests == 10)
    #expect(duplicating.pageRequests == 29)
    #expect(duplicating.redundantFetches == 18)
  }

  /// A chat (newest message first, older pages towards the top) with the position anchored is
  /// an ordinary feed mirrored: infinite_scroll stalls 9 × 1 s as on a feed and the user reads
  /// all 200 messages.
  @Test func anchoredChatIsAMirroredFeed() {
    let chat = TestScenarios.modified(TestScenarios.steadyDrag()) { $0.feed.opensAt = .end }
    let anchored = TestScenarios.run(chat, "infinite_scroll").summary
    let feed = TestScenarios.run(TestScenarios.steadyDrag(), "infinite_scroll").summary
    #expect(anchored == feed)
    #expect(anchored.itemsSeen == 200)
  }

  /// Without the anchor: the user reaches the top of the first 20 messages at τ = 3 s (viewport
  /// 1200…2000 pt, rows 0…19 seen) and stalls; page 1 arrives 1 s later and pushes the viewport by
  /// its 2000 pt to 3200…4000, the new top, where infinite_scroll asks for the next page at once:
  /// the 9 later pages chain back to back (9 s of stall, as many as anchored) and each shows only
  /// its 8 oldest rows on the way: 20 + 9 × 8 = 92 messages seen instead of 200.
  @Test func unanchoredChatChainsLoadsToTheFirstMessage() {
    let chat = TestScenarios.modified(TestScenarios.steadyDrag()) {
      $0.feed.opensAt = .end
      $0.feed.anchorPrepends = false
    }
    let summary = TestScenarios.run(chat, "infinite_scroll").summary
    #expect(summary.pageRequests == 10)
    #expect(summary.itemsLoaded == 200)
    #expect(summary.itemsSeen == 92)
    #expect(summary.stallUs == 9_000_000)
  }

  /// Media on every row (100 kB) over 8 Mbit/s: Kingfisher's 5 prefetches occupy connections the
  /// on-screen images then wait behind; reserving all but one connection for them
  /// (`low_priority_max_connections` 1) shortens the on-screen images' wait and never lengthens
  /// it, for every seed.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func reservingConnectionsShortensTheOnScreenWait(seed: UInt64) throws {
    let scenario = TestScenarios.steadyDrag(
      velocityPtS: 1200, rttMs: 200, media: .constant(100_000), bandwidthKbps: 8000)
    let open = TestScenarios.run(scenario, "uikit_prefetching", ["media": .string("kingfisher")], seed: seed)
      .summary
    let reserved = TestScenarios.run(
      scenario, "uikit_prefetching",
      ["media": .string("kingfisher"), "low_priority_max_connections": .number(1)], seed: seed
    ).summary
    let openWait = try #require(open.visibleMediaWaitUs)
    let reservedWait = try #require(reserved.visibleMediaWaitUs)
    #expect(reservedWait <= openWait)
    #expect(reserved.peakInFlight <= open.peakInFlight)
  }
}
