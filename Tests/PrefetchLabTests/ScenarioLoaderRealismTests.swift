import Testing

@testable import PrefetchLab

/// Loading the network, cache, render and radio realism fields: values and defaults.
@Suite struct ScenarioLoaderRealismTests {
  @Test func failuresAndRetriesDefaultToNone() throws {
    let scenario = try ScenarioFixture.load(ScenarioFixture.text())
    #expect(scenario.network.failureRate == 0)
    #expect(scenario.network.retry == .none)
  }

  @Test func aRetryObjectTakesAlamofireDefaultsForOmittedKeys() throws {
    let empty = try ScenarioFixture.load(ScenarioFixture.text([("network", #"{"retry": {}}"#)]))
    #expect(empty.network.retry == RetryPolicy(maxAttempts: 3, backoffMs: 500, multiplier: 2, jitter: 0))
    let full = try ScenarioFixture.load(
      ScenarioFixture.text([
        (
          "network",
          #"{"failure_rate": 0.2, "retry": {"max_attempts": 5, "backoff_ms": 100, "multiplier": 1.5, "jitter": 1}}"#
        )
      ]))
    #expect(full.network.failureRate == 0.2)
    #expect(full.network.retry == RetryPolicy(maxAttempts: 5, backoffMs: 100, multiplier: 1.5, jitter: 1))
  }

  @Test func outagesLoadInOrder() throws {
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([
        (
          "network",
          #"{"outages": [{"start_ms": 0, "duration_ms": 10}, {"start_ms": 10, "duration_ms": 5.5}]}"#
        )
      ]))
    #expect(
      scenario.network.outages == [
        OutageWindow(startMs: 0, durationMs: 10), OutageWindow(startMs: 10, durationMs: 5.5),
      ])
    #expect(try ScenarioFixture.load(ScenarioFixture.text()).network.outages.isEmpty)
  }

  @Test func serverCapAndShortPagesLoad() throws {
    let defaults = try ScenarioFixture.load(ScenarioFixture.text())
    #expect(defaults.feed.serverMaxPageSize == nil)
    #expect(defaults.feed.shortPageRate == 0)
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([("feed", #"{"server_max_page_size": 50, "short_page_rate": 0.25}"#)]))
    #expect(scenario.feed.serverMaxPageSize == 50)
    #expect(scenario.feed.shortPageRate == 0.25)
  }

  @Test func coalescingAndRateLimitLoad() throws {
    let defaults = try ScenarioFixture.load(ScenarioFixture.text())
    #expect(defaults.network.coalescing)
    #expect(defaults.network.rateLimit == nil)
    let nuke = try ScenarioFixture.load(
      ScenarioFixture.text([("network", #"{"coalescing": false, "rate_limit": "nuke"}"#)]))
    #expect(!nuke.network.coalescing)
    #expect(nuke.network.rateLimit == RateLimitSpec(requestsPerSecond: 80, burst: 25))
    let custom = try ScenarioFixture.load(
      ScenarioFixture.text([("network", #"{"rate_limit": {"requests_per_s": 2.5, "burst": 3}}"#)]))
    #expect(custom.network.rateLimit == RateLimitSpec(requestsPerSecond: 2.5, burst: 3))
  }
}
