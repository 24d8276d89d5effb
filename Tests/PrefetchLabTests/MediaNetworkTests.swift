import Foundation
import Testing

@testable import PrefetchLab

/// `network.media`: media from their own origin get their own round trip, connection pool and
/// link; `shared_link` keeps the link and pool; keys left out come from `network`.
@Suite struct MediaNetworkTests {
  /// 4 rows of 200 pt, each with a 100 kB image; pages of 4; a 2 s drag so later pages load while
  /// images move. 8000 kbit/s = 1 byte/µs: a 100 kB body takes 100 ms alone on its link.
  static func scenario(network: String, pageBytes: Int = 1000) throws -> PreparedScenario {
    let text = ScenarioFixture.text([
      (
        "feed",
        #"{"page_size": 4, "item_height_pt": 200, "page_bytes": "# + String(pageBytes)
          + #", "media_bytes": 100000, "media_fraction": 1, "apply_delay_ms": 0}"#
      ),
      ("network", network),
      ("scroll", #"{"script": [{"drag": {"velocity_pt_s": 1200, "duration_ms": 3000}}]}"#),
    ])
    return try PreparedScenario(ScenarioFixture.load(text))
  }

  static func events(_ prepared: PreparedScenario, _ kind: RequestEvent.Kind, media: Bool) -> [RequestEvent] {
    TestScenarios.run(prepared, "infinite_scroll").events.filter {
      $0.kind == kind && $0.resource.isMedia == media
    }
  }

  /// Time from each attempt's start to its first byte, µs, for media or pages.
  static func roundTrips(_ prepared: PreparedScenario, media: Bool) -> Set<Int64> {
    let outcome = TestScenarios.run(prepared, "infinite_scroll")
    var started: [Int: Int64] = [:]
    var trips: Set<Int64> = []
    for event in outcome.events where event.resource.isMedia == media {
      if event.kind == .started { started[event.requestID] = event.timeUs }
      if event.kind == .firstByte, let start = started[event.requestID] { trips.insert(event.timeUs - start) }
    }
    return trips
  }

  @Test func mediaTakeTheirOwnRoundTrip() throws {
    let prepared = try Self.scenario(network: #"{"rtt_ms": 100, "media": {"rtt_ms": 20}}"#)
    #expect(Self.roundTrips(prepared, media: true) == [20_000])
    #expect(Self.roundTrips(prepared, media: false) == [100_000])
    let shared = try Self.scenario(network: #"{"rtt_ms": 100}"#)
    #expect(Self.roundTrips(shared, media: true) == [100_000])
  }

  /// One API connection: images queue behind each other (and pages) on a shared pool, but start
  /// together on a media pool of 4.
  @Test func mediaHaveTheirOwnConnectionPool() throws {
    func firstStarts(_ network: String) throws -> [Int64] {
      let prepared = try Self.scenario(network: network)
      return Array(Self.events(prepared, .started, media: true).prefix(4).map(\.timeUs))
    }
    let own = try firstStarts(
      #"{"rtt_ms": 50, "max_concurrent_requests": 1, "media": {"max_concurrent_requests": 4}}"#)
    #expect(Set(own).count == 1, "\(own)")
    let shared = try firstStarts(
      #"{"rtt_ms": 50, "max_concurrent_requests": 1, "media": {"shared_link": true}}"#)
    // One at a time on an unlimited link: each next image starts when the one before got its
    // body, one 50 ms round trip later.
    #expect(zip(shared, shared.dropFirst()).allSatisfy { $1 - $0 == 50_000 }, "\(shared)")
  }

  /// Pages of 400 kB take exactly 400 ms on their link when images have a link of their own; on a
  /// shared link, images slow at least one page down.
  @Test func mediaHaveTheirOwnLink() throws {
    func pageTransfers(_ network: String) throws -> [Int64] {
      let prepared = try Self.scenario(network: network, pageBytes: 400_000)
      let outcome = TestScenarios.run(prepared, "infinite_scroll")
      var firstByte: [Int: Int64] = [:]
      var durations: [Int64] = []
      for event in outcome.events where !event.resource.isMedia {
        if event.kind == .firstByte { firstByte[event.requestID] = event.timeUs }
        if event.kind == .completed, let start = firstByte[event.requestID] {
          durations.append(event.timeUs - start)
        }
      }
      return durations
    }
    let own = try pageTransfers(#"{"rtt_ms": 30, "bandwidth_kbps": 8000, "media": {"rtt_ms": 10}}"#)
    #expect(own.count >= 2)
    #expect(own.allSatisfy { $0 == 400_000 }, "\(own)")
    let shared = try pageTransfers(
      #"{"rtt_ms": 30, "bandwidth_kbps": 8000, "media": {"rtt_ms": 10, "shared_link": true}}"#)
    #expect(shared.count >= 2)
    #expect(shared.contains { $0 > 400_000 }, "\(shared)")
  }

  /// A media network that only says `shared_link` is `network` itself: every run equal to the run
  /// without it, over strategies and seeds, with random round trips, failures and retries.
  @Test func aSharedLinkWithNothingElseChangesNothing() throws {
    let network =
      #"{"rtt_ms": {"lognormal": {"median": 80, "sigma": 0.6}}, "bandwidth_kbps": 6000, "failure_rate": 0.1, "retry": {"max_attempts": 2}, "max_concurrent_requests": 3"#
    let plain = try Self.scenario(network: network + "}")
    let shared = try Self.scenario(network: network + #", "media": {"shared_link": true}}"#)
    #expect(shared.scenario.mediaNetwork?.network.rttMs == plain.scenario.network.rttMs)
    for strategy in ["infinite_scroll", "directional_ranges", "target_range"] {
      for seed: UInt64 in 1...3 {
        let a = TestScenarios.run(plain, strategy, seed: seed)
        let b = TestScenarios.run(shared, strategy, seed: seed)
        #expect(a.summary == b.summary, "\(strategy) seed \(seed)")
        #expect(a.events == b.events, "\(strategy) seed \(seed)")
      }
    }
  }

  /// With two pools and two links the event engine's quiet frames still land where the stepped
  /// reference's frames do: equal outcomes.
  @Test func bothEnginesAgreeWithAMediaOrigin() throws {
    let prepared = try Self.scenario(
      network:
        #"{"rtt_ms": {"lognormal": {"p50": 180, "p95": 600}}, "bandwidth_kbps": 4000, "max_concurrent_requests": 2, "media": {"rtt_ms": {"lognormal": {"p50": 40, "p95": 120}}, "bandwidth_kbps": 9000, "rate_limit": {"requests_per_s": 20, "burst": 2}}}"#,
      pageBytes: 30_000)
    for strategy in ["infinite_scroll", "directional_ranges", "uikit_prefetching"] {
      for seed: UInt64 in 1...2 {
        let configured = TestScenarios.configured(strategy)
        let event = Simulator.run(
          prepared, strategy: configured, seed: seed, options: SimulationOptions(engine: .event))
        let stepped = Simulator.run(
          prepared, strategy: configured, seed: seed, options: SimulationOptions(engine: .stepped))
        #expect(event.summary == stepped.summary, "\(strategy) seed \(seed)")
        #expect(event.events == stepped.events, "\(strategy) seed \(seed)")
        #expect(event.summary.mediaRequests > 0)
      }
    }
  }

  @Test func keysLeftOutComeFromNetwork() throws {
    let scenario = try ScenarioFixture.load(
      ScenarioFixture.text([
        (
          "network",
          #"{"profile": "3g", "timeout_ms": 9000, "failure_rate": 0.2, "outages": [{"start_ms": 10, "duration_ms": 5}], "media": {"rtt_ms": 20, "max_concurrent_requests": 5}}"#
        )
      ]))
    let media = try #require(scenario.mediaNetwork)
    #expect(media.sharedLink == false)
    #expect(media.network.rttMs == .constant(20))
    #expect(media.network.bandwidthKbps == 780)
    #expect(media.network.maxConcurrentRequests == 5)
    #expect(media.network.timeoutMs == 9000)
    #expect(media.network.failureRate == 0.2)
    #expect(media.network.outages.isEmpty)
    #expect(scenario.network.maxConcurrentRequests == 6)
    // Written out with every key in force, it reads back equal.
    let again = try ScenarioJSONTests.reloaded(scenario)
    #expect(again == scenario)
    #expect(again.json().serialized() == scenario.json().serialized())
    #expect(scenario.json()["network"]?["media"]?["bandwidth_kbps"] == JSONValue(780))
  }

  @Test func rulesNameTheField() {
    func error(_ network: String) -> String? {
      ScenarioFixture.error(ScenarioFixture.text([("network", network)]))
    }
    #expect(
      error(#"{"media": {"shared_link": true, "bandwidth_kbps": 1000, "max_concurrent_requests": 2}}"#)
        == "scenarios/x.json: network.media.bandwidth_kbps: cannot be set with network.media.shared_link true: media then use network's link and connections"
    )
    #expect(error(#"{"media": {"outages": []}}"#)?.contains("network.media: unknown key 'outages'") == true)
    #expect(error(#"{"media": {"media": {}}}"#)?.contains("network.media: unknown key 'media'") == true)
    #expect(
      error(#"{"media": {"rtt_ms": {"lognormal": {"median": -1, "sigma": 1}}}}"#)?.contains(
        "network.media.rtt_ms: lognormal.median must be > 0") == true)
    #expect(
      error(#"{"media": {"bandwidth_kbps": 10, "trace": {"path": "x", "format": "mahimahi"}}}"#)?.contains(
        "network.media.trace") == true)
  }
}
