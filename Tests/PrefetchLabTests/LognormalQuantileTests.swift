import Foundation
import Testing

@testable import PrefetchLab

/// `{"lognormal": {"p50": a, "p95": b}}` and its siblings: the fit is exact, it runs exactly as the
/// median/sigma form it stands for, and its rules name the field.
@Suite struct LognormalQuantileTests {
  static func rtt(_ json: String) throws -> Distribution {
    try ScenarioFixture.load(ScenarioFixture.text([("network", #"{"rtt_ms": "# + json + "}")])).network.rttMs
  }

  @Test func p50AndP95GiveTheMedianAndTheExactSigma() throws {
    let fitted = try Self.rtt(#"{"lognormal": {"p50": 180, "p95": 600}}"#)
    #expect(fitted == .lognormal(median: 180, sigma: log(600.0 / 180.0) / 1.6448536269514722))
    // ln(600/180) / 1.6448536269514722 = 1.2039728043259361 / 1.6448536269514722, worked out apart.
    if case .lognormal(_, let sigma) = fitted { #expect(abs(sigma - 0.7319634918259245) < 1e-12) }
  }

  /// Neither quantile is the median: sigma = ln 4 / (z99 − z90), median = 100 · exp(−z90 · sigma)
  /// (1.3268561056797408 and 18.260416174519403, computed apart from the code), and the fit's
  /// own quantiles give the two values back.
  @Test func p90AndP99() throws {
    let fitted = try Self.rtt(#"{"lognormal": {"p99": 400, "p90": 100}}"#)
    guard case .lognormal(let median, let sigma) = fitted else {
      Issue.record("not a lognormal: \(fitted)")
      return
    }
    #expect(abs(sigma - 1.3268561056797408) < 1e-12)
    #expect(abs(median - 18.260416174519403) < 1e-9)
    #expect(abs(fitted.quantile(0.9) - 100) < 1e-6)
    #expect(abs(fitted.quantile(0.99) - 400) < 1e-6)
  }

  @Test func equalValuesAreAConstantSpread() throws {
    #expect(try Self.rtt(#"{"lognormal": {"p50": 50, "p99": 50}}"#) == .lognormal(median: 50, sigma: 0))
  }

  @Test func rulesNameTheField() {
    func error(_ json: String) -> String? {
      ScenarioFixture.error(ScenarioFixture.text([("network", #"{"rtt_ms": "# + json + "}")]))
    }
    #expect(
      error(#"{"lognormal": {"p50": 180, "p90": 300, "p95": 600}}"#)
        == "scenarios/x.json: network.rtt_ms: lognormal by quantiles takes exactly two of p50, p90, p95, p99 (or median and sigma), got p50, p90, p95"
    )
    #expect(error(#"{"lognormal": {"p95": 600}}"#)?.contains("exactly two of p50, p90, p95, p99") == true)
    #expect(
      error(#"{"lognormal": {"p50": 180, "p95": 100}}"#)
        == "scenarios/x.json: network.rtt_ms: lognormal.p95 must be >= lognormal.p50 (180), got 100")
    #expect(error(#"{"lognormal": {"p50": 0, "p95": 100}}"#)?.contains("lognormal.p50 must be > 0") == true)
    #expect(error(#"{"lognormal": {"p50": 180, "sigma": 0.5}}"#)?.contains("sigma") == true)
  }

  /// The done-when case: a run with the quantile form is the run with the median/sigma form, every
  /// request's timing and every metric equal, over several seeds.
  @Test func runsExactlyAsTheMedianSigmaForm() throws {
    let sigma = DecimalFormat.shortest(log(600.0 / 180.0) / 1.6448536269514722)
    func scenario(_ rtt: String) throws -> PreparedScenario {
      let text = ScenarioFixture.text([
        ("feed", #"{"page_size": 10, "media_bytes": 40000, "media_fraction": 0.7}"#),
        ("network", #"{"rtt_ms": "# + rtt + #", "bandwidth_kbps": 4000}"#),
        ("scroll", #"{"script": [{"drag": {"velocity_pt_s": 1500, "duration_ms": 8000}}]}"#),
      ])
      return try PreparedScenario(ScenarioFixture.load(text))
    }
    let quantiles = try scenario(#"{"lognormal": {"p50": 180, "p95": 600}}"#)
    let explicit = try scenario(#"{"lognormal": {"median": 180, "sigma": "# + sigma + "}}")
    for seed: UInt64 in 1...4 {
      let a = TestScenarios.run(quantiles, "infinite_scroll", seed: seed)
      let b = TestScenarios.run(explicit, "infinite_scroll", seed: seed)
      #expect(a.summary == b.summary)
      #expect(a.events == b.events)
      #expect(a.summary.mediaRequests > 0)
    }
  }
}
