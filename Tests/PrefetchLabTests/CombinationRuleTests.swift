import Foundation
import Testing

@testable import PrefetchLab

/// Keys that could not change anything where they are written are refused, naming the key and
/// the rule; and the one silent override (a periods trace's latencies over a profile's round trip)
/// works as docs/scenario-format.md "Network profiles" states.
@Suite struct CombinationRuleTests {
  /// Without a radio there is no profile to choose and no promotion to wait for.
  @Test func aRadioProfileNeedsARadioModel() throws {
    let profile = ScenarioFixture.error(
      ScenarioFixture.text([("radio", #"{"model": "none", "profile": "aro"}"#)]))
    #expect(
      profile
        == "scenarios/x.json: radio.profile: needs a radio model (lte or 3g); radio.model is none")
    let delays = ScenarioFixture.error(
      ScenarioFixture.text([("radio", #"{"model": "none", "promotion_delays_requests": true}"#)]))
    #expect(
      delays
        == "scenarios/x.json: radio.promotion_delays_requests: true needs a radio model (lte or 3g); radio.model is none"
    )
    // Both keys at once: both reported, in the file's order.
    var lines: [String] = []
    do {
      _ = try ScenarioFixture.load(
        ScenarioFixture.text([
          ("radio", #"{"model": "none", "profile": "huang2012", "promotion_delays_requests": true}"#)
        ]))
    } catch { lines = error.lines }
    #expect(
      lines == [
        "scenarios/x.json: radio.profile: needs a radio model (lte or 3g); radio.model is none",
        "scenarios/x.json: radio.promotion_delays_requests: true needs a radio model (lte or 3g); radio.model is none",
      ])
    // With a model the same keys load; without one, the default false still does, so a scenario
    // without a radio, written back as the manifest writes it, loads again.
    let aro = try ScenarioFixture.load(
      ScenarioFixture.text([("radio", #"{"model": "3g", "profile": "aro"}"#)]))
    #expect(aro.radio.model == .threeG && aro.radio.profile == .aro)
    let none = try ScenarioFixture.load(ScenarioFixture.text([("radio", #""none""#)]))
    #expect(none.radio.model == RadioSpec.Model.none)
    let written = none.json().serialized()
    #expect(written.contains(#""radio":{"model":"none","promotion_delays_requests":false}"#), "\(written)")
    #expect(try ScenarioFixture.load(written).radio == none.radio)
  }

  /// `{"profile": "lte", "trace": {"format": "periods"}}`: each attempt's time to first byte is
  /// the period's latency_ms (300 ms), not LTE's 115 ms; periods without latency_ms keep the
  /// profile's 115 ms; an explicit rtt_ms beside a periods trace is refused at network.rtt_ms.
  @Test func aPeriodsTraceReplacesAProfilesRoundTrip() throws {
    let withLatency = try TemporaryTraceFile(
      #"[{"duration_ms": 10000, "bandwidth_kbps": 800, "latency_ms": 300}]"#, name: "p.json")
    let withoutLatency = try TemporaryTraceFile(
      #"[{"duration_ms": 10000, "bandwidth_kbps": 800}]"#, name: "p.json")
    func firstByteUs(_ file: TemporaryTraceFile) throws -> Int64 {
      let network = #"{"profile": "lte", "trace": {"path": "p.json", "format": "periods"}}"#
      let scenario = try ScenarioFixture.load(
        ScenarioFixture.text([("network", network)]), baseDirectory: file.folder.path)
      #expect(scenario.network.rttMs == .constant(115))
      let trace = try BandwidthTraceLoader.load(path: file.path, format: .periods, loop: true)
      var policy = RequestPolicy(
        network: scenario.network, promotionDelaysRequests: false, trace: trace,
        random: CounterRandom(seed: 1))
      return policy.attempt(of: .page(0), tryIndex: 0, atUs: 0).latencyUs
    }
    #expect(try firstByteUs(withLatency) == 300_000)
    #expect(try firstByteUs(withoutLatency) == 115_000)
    let explicit = ScenarioFixture.error(
      ScenarioFixture.text([
        ("network", #"{"profile": "lte", "rtt_ms": 50, "trace": {"path": "p.json", "format": "periods"}}"#)
      ]), baseDirectory: withLatency.folder.path)
    #expect(
      explicit?.contains(
        "scenarios/x.json: network.rtt_ms: cannot be combined with a 'periods' trace, whose latency_ms replaces it"
      )
        == true, "\(explicit ?? "loaded")")
  }
}
