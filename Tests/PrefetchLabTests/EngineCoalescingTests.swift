import Testing

@testable import PrefetchLab

/// Keeps one page request in flight and asks twice for the media of every row it sees, once
/// per row, as two independent components showing the same image would.
struct DoubleRequester: PrefetchStrategy {
  private var requested = Set<Int>()

  init(parameters: StrategyParameters = StrategyParameters([:])) {}

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    context.requestPage()
    for item in context.visibleItems where context.needsMedia(item: item) && !requested.contains(item) {
      requested.insert(item)
      context.requestMedia(item: item, priority: .visible)
      context.requestMedia(item: item, priority: .visible)
    }
    return .everyFrame
  }
}

/// On first content, prefetches the media of every loaded row at preload priority.
struct PrefetchEverything: PrefetchStrategy {
  init(parameters: StrategyParameters = StrategyParameters([:])) {}

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    guard case .start = event else { return .everyFrame }
    for item in 0..<context.rowCount { context.requestMedia(item: item, priority: .preload) }
    return .everyFrame
  }
}

/// Request coalescing, priority upgrades and the rate limiter.
@Suite struct EngineCoalescingTests {
  static func run(_ prepared: PreparedScenario, _ strategy: some PrefetchStrategy) -> RunOutcome {
    Simulator.run(prepared, strategy: strategy, seed: 1)
  }

  /// 10 s at 400 pt/s shows rows 0…47 (the analytic drag), each with 10 000 bytes of media; 2 s
  /// of rest and 100 connections let every transfer finish. With coalescing each image is transferred once and the
  /// second ask joins it; without, twice.
  @Test func requestingEveryImageTwiceTransfersOnceWithCoalescing() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(
        media: .constant(10_000),
        gestures: [.drag(velocityPtS: 400, durationMs: 10_000), .wait(durationMs: 2000)])
    ) { $0.network.maxConcurrentRequests = 100 }
    let on = Self.run(scenario, DoubleRequester()).summary
    #expect(on.itemsSeen == 48)
    #expect(on.mediaRequests == 48)
    #expect(on.coalescedRequests == 48)
    #expect(on.redundantFetches == 0)
    let mediaBytes = on.bytesFetched - Int64(on.pageRequests) * 24_000
    #expect(mediaBytes == 48 * 10_000)

    let off = Self.run(TestScenarios.modified(scenario) { $0.network.coalescing = false }, DoubleRequester())
      .summary
    #expect(off.mediaRequests == 96)
    #expect(off.coalescedRequests == 0)
    #expect(off.redundantFetches == 48)
    #expect(off.bytesFetched - Int64(off.pageRequests) * 24_000 == 96 * 10_000)
  }

  /// One connection, 1 s RTT: on first content (t = 1 s) rows 0…19 are prefetched at preload
  /// priority in order. Row 8 (top at 800 pt) comes into view with the first frame of the drag,
  /// while still queued; it is moved to visible priority and starts second (at 2 s), ahead of
  /// rows 1…7, and is fetched only once.
  @Test func aQueuedPrefetchThatBecomesVisibleIsUpgraded() {
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag(durationMs: 5000, media: .constant(1000)))
    {
      $0.network.maxConcurrentRequests = 1
    }
    let outcome = Self.run(scenario, PrefetchEverything())
    let mediaStarts = outcome.events.filter {
      if case .media = $0.resource { return $0.kind == .started } else { return false }
    }
    #expect(mediaStarts.prefix(2).map(\.resource) == [.media(item: 0), .media(item: 8)])
    #expect(mediaStarts[1].timeUs == 2_000_000)
    #expect(mediaStarts[1].priority == .visible)
    let upgrade = outcome.events.first { $0.kind == .reprioritized && $0.resource == .media(item: 8) }
    #expect(upgrade?.timeUs == 1_016_666)
    #expect(outcome.summary.mediaRequests == 20)
    #expect(outcome.summary.redundantFetches == 0)
  }

  /// A bucket of 5 tokens refilled at 10 per second, zero RTT, unlimited bandwidth and
  /// connections: the first page takes a token at t = 0; of the 20 prefetches asked for at first
  /// content (also t = 0) four start at once, then one every 100 ms.
  @Test func theRateLimiterSpacesAttemptStarts() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(velocityPtS: 0, durationMs: 5000, rttMs: 0, media: .constant(1000))
    ) {
      $0.network.maxConcurrentRequests = 1000
      $0.network.rateLimit = RateLimitSpec(requestsPerSecond: 10, burst: 5)
    }
    let outcome = Self.run(scenario, PrefetchEverything())
    let starts = outcome.events.filter {
      if case .media = $0.resource { return $0.kind == .started } else { return false }
    }.map(\.timeUs)
    #expect(starts.count == 20)
    #expect(Array(starts.prefix(4)) == [0, 0, 0, 0])
    #expect(Array(starts.dropFirst(4)) == (1...16).map { Int64($0) * 100_000 })
  }

  @Test func theBucketStartsFullAndRefillsContinuously() {
    var bucket = TokenBucket(.nuke)
    var taken = 0
    while bucket.take(atUs: 0) { taken += 1 }
    #expect(taken == 25)
    let next = bucket.nextTokenUs(atUs: 0)
    #expect(next == 12_500)
    let early = bucket.take(atUs: 12_499)
    let onTime = bucket.take(atUs: 12_500)
    #expect(!early && onTime)
    // A long quiet spell refills to the burst size, no more.
    taken = 0
    while bucket.take(atUs: 10_000_000) { taken += 1 }
    #expect(taken == 25)
  }

  /// No built-in strategy asks twice for what it already fetches, so switching coalescing off
  /// changes nothing for them.
  @Test(arguments: allStrategies)
  func builtInStrategiesNeverAskTwice(strategy: String) {
    let scenario = TestScenarios.steadyDrag(
      rttMs: 300, media: .lognormal(median: 20_000, sigma: 0.5), bandwidthKbps: 4000)
    let on = TestScenarios.run(scenario, strategy).summary
    let off = TestScenarios.run(TestScenarios.modified(scenario) { $0.network.coalescing = false }, strategy)
      .summary
    #expect(on.coalescedRequests == 0)
    #expect(on == off)
  }
}
