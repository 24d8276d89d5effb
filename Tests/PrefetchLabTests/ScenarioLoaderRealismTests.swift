import Foundation
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

  /// Each profile's round trip and downlink, as cited in `NetworkProfile`.
  @Test(arguments: [
    ("3g", 200.0, 780.0), ("edge", 840, 240), ("lte", 115, 50_000), ("wifi", 2, 40_000), ("dsl", 10, 2000),
    ("very_bad_network", 1000, 1000), ("slow_3g", 2000, 400), ("fast_3g", 562.5, 1440),
  ])
  func profilesSetRoundTripAndBandwidth(name: String, rttMs: Double, kbps: Double) throws {
    let scenario = try ScenarioFixture.load(ScenarioFixture.text([("network", #"{"profile": "\#(name)"}"#)]))
    #expect(scenario.network.profile?.rawValue == name)
    #expect(scenario.network.rttMs == .constant(rttMs))
    #expect(scenario.network.bandwidthKbps == kbps)
  }

  @Test func explicitFieldsOverrideAProfile() throws {
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([("network", #"{"profile": "3g", "rtt_ms": {"uniform": {"min": 50, "max": 90}}}"#)]
      ))
    #expect(scenario.network.rttMs == .uniform(min: 50, max: 90))
    #expect(scenario.network.bandwidthKbps == 780)
    let faster = try ScenarioFixture.load(
      ScenarioFixture.text([("network", #"{"bandwidth_kbps": 1000, "profile": "edge"}"#)]))
    #expect(faster.network.bandwidthKbps == 1000)
    #expect(faster.network.rttMs == .constant(840))
  }

  @Test func aTraceReplacesAProfilesBandwidth() throws {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "0\n5\n".write(toFile: folder + "/t.down", atomically: true, encoding: .utf8)
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([
        ("network", #"{"profile": "lte", "trace": {"path": "t.down", "format": "mahimahi"}}"#)
      ]),
      baseDirectory: folder)
    #expect(scenario.network.bandwidthKbps == nil)
    #expect(scenario.network.trace != nil)
    #expect(scenario.network.rttMs == .constant(115))
  }

  /// A profile is shorthand: a run with it equals one with its numbers written out.
  @Test func aProfileRunsLikeItsNumbers() throws {
    let named = try ScenarioFixture.load(
      ScenarioFixture.text([("network", #"{"profile": "edge"}"#), ("feed", #"{"media_bytes": 20000}"#)]))
    let spelled = try ScenarioFixture.load(
      ScenarioFixture.text([
        ("network", #"{"rtt_ms": 840, "bandwidth_kbps": 240}"#), ("feed", #"{"media_bytes": 20000}"#),
      ]))
    let a = TestScenarios.run(try PreparedScenario(named), "directional_ranges").summary
    let b = TestScenarios.run(try PreparedScenario(spelled), "directional_ranges").summary
    #expect(a == b)
    #expect(a.bytesFetched > 0)
  }

  @Test func theCacheLayerIsAbsentByDefaultAndTakesCitedDefaults() throws {
    #expect(try ScenarioFixture.load(ScenarioFixture.text()).cache == nil)
    let empty = try ScenarioFixture.load(ScenarioFixture.text([("cache", "{}")]))
    #expect(
      empty.cache
        == CacheSpec(
          memoryBytes: 104_857_600, diskBytes: 157_286_400, cacheDurationMs: 604_800_000,
          diskReadMs: .constant(10), ignoreCache: false))
    let full = try ScenarioFixture.load(
      ScenarioFixture.text([
        (
          "cache",
          #"{"memory_bytes": 5000000, "disk_bytes": 0, "cache_duration_ms": 60000, "disk_read_ms": {"uniform": {"min": 2, "max": 8}}, "ignore_cache": true}"#
        )
      ]))
    #expect(
      full.cache
        == CacheSpec(
          memoryBytes: 5_000_000, diskBytes: 0, cacheDurationMs: 60_000, diskReadMs: .uniform(min: 2, max: 8),
          ignoreCache: true))
  }

  @Test func theRenderStageIsOffByDefault() throws {
    #expect(try ScenarioFixture.load(ScenarioFixture.text()).render == nil)
    let render = try ScenarioFixture.load(
      ScenarioFixture.text([("render", #"{"time_ms": {"lognormal": {"median": 8, "sigma": 0.5}}}"#)]))
    #expect(render.render == RenderSpec(timeMs: .lognormal(median: 8, sigma: 0.5), workers: 2))
    let workers = try ScenarioFixture.load(
      ScenarioFixture.text([("render", #"{"time_ms": 4, "workers": 6}"#)]))
    #expect(workers.render == RenderSpec(timeMs: .constant(4), workers: 6))
  }

  @Test func theRadioDefaultsToLTEWithoutChangingTiming() throws {
    #expect(
      try ScenarioFixture.load(ScenarioFixture.text()).radio
        == RadioSpec(model: .lte, promotionDelaysRequests: false))
    #expect(try ScenarioFixture.load(ScenarioFixture.text([("radio", #""3g""#)])).radio.model == .threeG)
    let object = try ScenarioFixture.load(
      ScenarioFixture.text([("radio", #"{"model": "3g", "promotion_delays_requests": true}"#)]))
    #expect(object.radio == RadioSpec(model: .threeG, promotionDelaysRequests: true))
  }
}
