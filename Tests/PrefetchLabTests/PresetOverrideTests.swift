import Foundation
import Testing

@testable import PrefetchLab

/// Presets are starting points: every field a network profile sets can be overridden and is
/// checked by its own rule, and the iOS fling's stop threshold is a physics parameter.
@Suite struct PresetOverrideTests {
  /// NLC "LTE" is 115 ms and 50 000 kbit/s; either field can be replaced alone.
  @Test func eachNetworkProfileFieldCanBeOverridden() throws {
    let preset = try ScenarioFixture.load(ScenarioFixture.text([("network", #"{"profile": "lte"}"#)]))
    #expect(preset.network.rttMs == .constant(115))
    #expect(preset.network.bandwidthKbps == 50_000)
    let bandwidth = try ScenarioFixture.load(
      ScenarioFixture.text([("network", #"{"profile": "lte", "bandwidth_kbps": 20000}"#)]))
    #expect(bandwidth.network.rttMs == .constant(115))
    #expect(bandwidth.network.bandwidthKbps == 20_000)
    let rtt = try ScenarioFixture.load(
      ScenarioFixture.text([("network", #"{"profile": "very_bad_network", "rtt_ms": 600}"#)]))
    #expect(rtt.network.rttMs == .constant(600))
    #expect(rtt.network.bandwidthKbps == 1000)
  }

  /// An override is checked like any value: the error names the file, the JSON path and the rule.
  @Test func badOverridesNameTheirPath() {
    let bandwidth = ScenarioFixture.error(
      ScenarioFixture.text([("network", #"{"profile": "lte", "bandwidth_kbps": 0}"#)]))
    #expect(bandwidth?.contains("scenarios/x.json: network.bandwidth_kbps: must be") == true)
    let rtt = ScenarioFixture.error(ScenarioFixture.text([("network", #"{"profile": "3g", "rtt_ms": -5}"#)]))
    #expect(rtt?.contains("network.rtt_ms") == true)
  }

  /// `scroll.stop_threshold_pt`: 0.5 pt by default, any value in 0.01…10 pt for ios and ios_fast,
  /// refused for android (whose spline ignores it) and written back when not the default.
  @Test func theStopThresholdIsAPhysicsParameter() throws {
    #expect(try ScenarioFixture.load(ScenarioFixture.text()).scroll.iosStopThresholdPt == 0.5)
    let scroll =
      #"{"physics": "ios_fast", "stop_threshold_pt": 0.25, "script": [{"fling": {"velocity_pt_s": 3000}}]}"#
    let scenario = try ScenarioFixture.load(ScenarioFixture.text([("scroll", scroll)]))
    #expect(scenario.scroll.iosStopThresholdPt == 0.25)
    // 3 / 0.0100503 − 0.25 = 298.2475 pt, reached after ln(0.25 × 10.0503 / 3000) / ln 0.99 ms =
    // 704.96 ms.
    let prepared = try PreparedScenario(scenario)
    #expect(abs(Double(prepared.traceDurationUs) / 1000 - 704.96) < 0.01)
    let written = scenario.scroll.json(tracePath: { $0 })
    guard case .object(let members) = written else {
      Issue.record("scroll must be an object")
      return
    }
    #expect(members.contains { $0.key == "stop_threshold_pt" && $0.value == JSONValue(0.25) })
    let android = ScenarioFixture.error(
      ScenarioFixture.text([
        (
          "scroll",
          #"{"physics": "android", "stop_threshold_pt": 1, "script": [{"wait": {"duration_ms": 1}}]}"#
        )
      ]))
    #expect(android?.contains("scroll.stop_threshold_pt: applies to physics ios and ios_fast only") == true)
    let zero = ScenarioFixture.error(
      ScenarioFixture.text([
        ("scroll", #"{"stop_threshold_pt": 0, "script": [{"wait": {"duration_ms": 1}}]}"#)
      ]))
    #expect(zero?.contains("scroll.stop_threshold_pt: must be in 0.01...10") == true)
  }

  /// The threshold's range ends where it stops meaning anything: 1e-300 pt (a 351 s fling) and
  /// 100 pt (a 201 pt/s fling stopped within a frame) are refused with the range; both ends are
  /// accepted and move the stop as the closed form says.
  @Test func theStopThresholdRangeIsPhysical() throws {
    func scroll(_ threshold: String) -> String {
      ScenarioFixture.text([
        (
          "scroll",
          #"{"stop_threshold_pt": "# + threshold + #", "script": [{"fling": {"velocity_pt_s": 3000}}]}"#
        )
      ])
    }
    for refused in ["1e-300", "0.0099", "10.01", "100"] {
      let error = ScenarioFixture.error(scroll(refused))
      #expect(
        error?.contains("scenarios/x.json: scroll.stop_threshold_pt: must be in 0.01...10") == true,
        "\(refused): \(error ?? "accepted")")
    }
    // ios, 3000 pt/s: remaining distance 3 / (−ln 0.998) × 0.998ᵗ falls below s after
    // t = ln(s × −ln 0.998 / 3) / ln 0.998 ms: 10 pt → ln(0.0066734) / −0.0020020 = 2502.3 ms;
    // 0.01 pt → ln(0.0000066734) / −0.0020020 = 5952.7 ms.
    let longest = try PreparedScenario(try ScenarioFixture.load(scroll("0.01")))
    let shortest = try PreparedScenario(try ScenarioFixture.load(scroll("10")))
    let k = -log(0.998)
    #expect(abs(Double(shortest.traceDurationUs) / 1000 - log(10 * k / 3) / log(0.998)) < 0.01)
    #expect(abs(Double(longest.traceDurationUs) / 1000 - log(0.01 * k / 3) / log(0.998)) < 0.01)
    #expect(abs(Double(shortest.traceDurationUs) / 1000 - 2502.3) < 0.1)
    #expect(abs(Double(longest.traceDurationUs) / 1000 - 5952.7) < 0.1)
  }
}
