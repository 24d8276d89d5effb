import Testing

@testable import PrefetchLab

/// Failures, timeouts and retries (`network.failure_rate`, `network.timeout_ms`, `network.retry`).
@Suite struct EngineFailureTests {
  /// Every attempt fails (RTT 100 ms, 3 attempts, backoff 500 ms × 2): a request's attempts fail at
  /// 100 ms, 700 ms and 1800 ms after it is issued, then the app asks for the first page again.
  /// Within the 30 s patience that is 17 requests; 16 fail after exactly 3 attempts, the 17th is
  /// waiting out its second backoff (until 30.5 s) when the user gives up.
  @Test func totalFailureAbandonsAfterExactlyTheConfiguredAttempts() {
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag(rttMs: 100)) {
      $0.network.failureRate = 1
      $0.network.retry = RetryPolicy(maxAttempts: 3, backoffMs: 500, multiplier: 2, jitter: 0)
    }
    for strategy in allStrategies {
      let outcome = TestScenarios.run(scenario, strategy)
      let summary = outcome.summary
      #expect(summary.abandoned)
      #expect(summary.firstContentUs == nil)
      #expect(summary.sessionUs == 30_000_000)
      #expect(summary.pageRequests == 17)
      #expect(summary.requestsFailed == 16)
      #expect(summary.retries == 16 * 2 + 2)
      #expect(summary.bytesFetched == 0)
      var starts: [Int: Int] = [:]
      var failedAt: [Int: Int64] = [:]
      for event in outcome.events {
        if event.kind == .started { starts[event.requestID, default: 0] += 1 }
        if event.kind == .failed { failedAt[event.requestID] = event.timeUs }
      }
      #expect(failedAt.count == 16)
      for (request, time) in failedAt {
        #expect(starts[request] == 3)
        #expect(time == Int64(request) * 1_800_000 + 1_800_000)
      }
      #expect(starts[16] == 2)
    }
  }

  /// Without a retry policy each request has one attempt: 100 ms each. The 300th fails at 30 s, the
  /// same instant as the user's patience runs out; network events go first, so a 301st request is
  /// issued as the run ends.
  @Test func withoutRetriesEachRequestHasOneAttempt() {
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag(rttMs: 100)) { $0.network.failureRate = 1 }
    let outcome = TestScenarios.run(scenario, "infinite_scroll")
    #expect(outcome.summary.abandoned)
    #expect(outcome.summary.pageRequests == 301)
    #expect(outcome.summary.requestsFailed == 300)
    #expect(outcome.summary.retries == 0)
    #expect(outcome.events.filter { $0.kind == .started }.count == 301)
  }

  /// With a zero RTT an error still takes 1 ms, so the run ends (at patience) instead of looping:
  /// 50 errors in 50 ms, and a 51st request issued at the instant the user gives up.
  @Test func errorsTakeAtLeastOneMillisecond() {
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag(rttMs: 0, patienceMs: 50)) {
      $0.network.failureRate = 1
    }
    let summary = TestScenarios.run(scenario, "infinite_scroll").summary
    #expect(summary.abandoned)
    #expect(summary.pageRequests == 51)
    #expect(summary.requestsFailed == 50)
  }

  /// The first seed whose first page fails on its first try and succeeds on its second: first
  /// content = 100 ms (error) + 500 ms (backoff) + 100 ms (RTT) + 0 (unlimited bandwidth, no
  /// apply delay).
  @Test func aRetryAfterOneErrorDeliversAfterTheBackoff() throws {
    let key = Resource.page(0).randomKey
    let seed = try #require(
      (UInt64(1)...1000).first { seed in
        let random = CounterRandom(seed: seed)
        return random.uniform(.failure, key: key, attempt: 0) < 0.5
          && random.uniform(.failure, key: key, attempt: 1) >= 0.5
      })
    let scenario = TestScenarios.modified(TestScenarios.steadyDrag(durationMs: 1000, rttMs: 100)) {
      $0.network.failureRate = 0.5
      $0.network.retry = .alamofire
    }
    let outcome = TestScenarios.run(scenario, "infinite_scroll", seed: seed)
    #expect(outcome.summary.firstContentUs == 700_000)
    #expect(outcome.summary.retries >= 1)
    let firstPage: [RequestEvent.Kind] = outcome.events.filter { $0.requestID == 0 }.map { $0.kind }
    let expected: [RequestEvent.Kind] = [.issued, .started, .error, .retry, .started, .firstByte, .completed]
    #expect(Array(firstPage.prefix(7)) == expected)
  }

  /// A body still moving at `timeout_ms` is cut: the bytes it moved are fetched and wasted, and
  /// the retry moves the whole body again. 24 000 bytes at 80 kbit/s take 2.4 s; a 2 s timeout
  /// cuts every attempt after 20 000 bytes, so 3 attempts move 60 000 bytes and the request fails.
  @Test func timeoutsCutTransfersAndCountTheirBytesAsWasted() {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(rttMs: 0, bandwidthKbps: 80, patienceMs: 10_000)
    ) {
      $0.network.timeoutMs = 2000
      $0.network.retry = RetryPolicy(maxAttempts: 3, backoffMs: 0, multiplier: 1, jitter: 0)
    }
    let outcome = TestScenarios.run(scenario, "infinite_scroll")
    let failed = outcome.events.first { $0.kind == .failed && $0.requestID == 0 }
    #expect(failed?.timeUs == 6_000_000)
    #expect(failed?.bytes == 60_000)
    #expect(outcome.events.filter { $0.kind == .timeout && $0.requestID == 0 }.count == 3)
  }

  @Test func backoffGrowsAndJitterShortensIt() {
    let policy = RetryPolicy(maxAttempts: 5, backoffMs: 500, multiplier: 2, jitter: 0.5)
    #expect(policy.delayUs(afterAttempt: 0, uniform: 0) == 500_000)
    #expect(policy.delayUs(afterAttempt: 2, uniform: 0) == 2_000_000)
    #expect(policy.delayUs(afterAttempt: 2, uniform: 1) == 1_000_000)
    #expect(RetryPolicy.alamofire.delayUs(afterAttempt: 1, uniform: 0.9) == 1_000_000)
  }

  /// No strategy deadlocks after an error: with half of all attempts failing (pages and media),
  /// with and without retries, every strategy reaches the end of the feed within its patience.
  /// The user reads in strokes (`TestScenarios.strokes`).
  @Test(arguments: allStrategies, [false, true])
  func everyStrategyRecoversFromFailures(strategy: String, retries: Bool) {
    let reader = TestScenarios.steadyDrag(
      rttMs: 200, media: .constant(5000), gestures: TestScenarios.strokes())
    let scenario = TestScenarios.modified(reader) {
      $0.network.failureRate = 0.5
      $0.network.retry = retries ? .alamofire : .none
    }
    for seed in UInt64(1)...8 {
      let summary = TestScenarios.run(scenario, strategy, seed: seed).summary
      #expect(!summary.abandoned, "seed \(seed)")
      #expect(summary.itemsLoaded == 200, "seed \(seed)")
      #expect(summary.requestsFailed + summary.retries > 0, "seed \(seed)")
    }
  }
}
