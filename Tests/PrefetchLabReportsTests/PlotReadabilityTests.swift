import Foundation
import Testing

@testable import PrefetchLab
@testable import PrefetchLabReports

/// Plots people read at a glance, checked on the scripts and data the builders write (what
/// gnuplot is told to draw), so they run with or without gnuplot; the drawings themselves are
/// checked by the gnuplot tests and end-to-end tests when gnuplot is installed.
enum PlotFixtures {
  /// A scenario whose strategies have the given metric values per seed (seeds 1, 2, …).
  static func scenario(_ name: String = "s", _ strategies: [(String, [[String: Double]])]) -> ScenarioResults
  {
    var rows: [RunRow] = []
    for (strategy, seeds) in strategies {
      for (index, metrics) in seeds.enumerated() {
        rows.append(
          RunRow(
            key: RunKey(scenario: name, strategy: strategy, params: "", seed: UInt64(index + 1)),
            metrics: metrics.mapValues { Optional($0) }, line: 0))
      }
    }
    return ScenarioResults(name: name, rows: rows, details: ScenarioDetails())
  }

  /// Stall and waste per seed.
  static func tradeoff(_ strategies: [(String, [(stall: Double, waste: Double)])]) -> ScenarioResults {
    scenario(
      "s",
      strategies.map { name, seeds in (name, seeds.map { ["stall_ms": $0.stall, "wasted_bytes": $0.waste] }) }
    )
  }
}

@Suite struct TradeoffAxisTests {
  /// One strategy stalls 200 times as long as the next: the stall axis turns symlog with its
  /// linear part below the power of ten under the smallest positive mean (36 → 10), tics at 0 and
  /// each decade, and the plot says so on the axis and in the title; waste (within 3×) stays linear.
  @Test func aDwarfingStallMakesTheStallAxisLogarithmic() {
    let scenario = PlotFixtures.tradeoff([
      ("calm", [(0, 2_000_000), (0, 3_000_000)]),
      ("mild", [(30, 6_000_000), (42, 7_000_000)]),
      ("bad", [(7000, 6_000_000), (7820, 6_500_000)]),
    ])
    let body = PlotBuilder.tradeoff(scenario).body
    #expect(body.contains("set nonlinear y via sgn(y)*log10(1+abs(y)/10) inverse sgn(y)*10*(10**abs(y)-1)\n"))
    #expect(body.contains("set ytics ('0' 0, '10' 10, '100' 100, '1000' 1000, '10k' 10000)\n"))
    #expect(body.contains("set ylabel 'stall_ms: stall time (ms), log scale'"))
    #expect(
      body.contains("'stall time axis logarithmic (symlog): 0 at the origin, close to linear below 10 ms'"))
    #expect(!body.contains("set nonlinear x"))
    #expect(body.contains("set xlabel 'wasted_bytes: wasted data (kB)'\n"))
    // The range holds zero and the worst seed with the usual margins (4 % below, 6 % above) taken
    // on the drawn positions: 0 … log10(1 + 7820/10) = 2.894.
    let yRange = AxisScale.symlog(threshold: 10).range([0, 30, 42, 7000, 7820], includeZero: true)
    let top = log10(1 + 7820.0 / 10)
    #expect(abs(yRange.0 - -10 * (pow(10, 0.04 * top) - 1)) < 1e-9)
    #expect(abs(yRange.1 - 10 * (pow(10, 1.06 * top) - 1)) < 1e-6)
    #expect(body.contains("set yrange \(PlotStyle.rangeText(yRange))\n"))
  }

  /// The rule's edge: 20 times is still linear, 21 times is not; zeros never count, so one
  /// strategy with stalls and the rest at zero stays linear (they sit at the origin either way).
  @Test func theRuleIsTheRatioOfPositiveMeans() {
    #expect(AxisScale.choose([0, 100, 2000]) == .linear)
    #expect(AxisScale.choose([0, 100, 2100]) == .symlog(threshold: 100))
    #expect(AxisScale.choose([0, 0, 0, 5000]) == .linear)
    #expect(AxisScale.choose([]) == .linear)
    #expect(AxisScale.choose([0.03, 1]) == .symlog(threshold: 0.01))
    let linear = PlotBuilder.tradeoff(
      PlotFixtures.tradeoff([("a", [(0, 1000)]), ("b", [(0, 2000)]), ("c", [(5000, 1500)])])
    ).body
    #expect(!linear.contains("nonlinear") && !linear.contains("log scale") && !linear.contains("logarithmic"))
  }

  /// Waste that dwarfs gets the same treatment on x, with kB tics.
  @Test func theWasteAxisFollowsTheSameRule() {
    let body = PlotBuilder.tradeoff(
      PlotFixtures.tradeoff([("lean", [(10, 40_000)]), ("greedy", [(12, 90_000_000)])])
    ).body
    #expect(body.contains("set nonlinear x via sgn(x)*log10(1+abs(x)/10) inverse sgn(x)*10*(10**abs(x)-1)\n"))
    #expect(body.contains("set xtics ('0' 0, '10' 10, '100' 100, '1000' 1000, '10k' 10000, '100k' 100000)\n"))
    #expect(body.contains("set xlabel 'wasted_bytes: wasted data (kB), log scale'"))
    #expect(!body.contains("set nonlinear y"))
  }

  /// Positions and values are inverse to each other, zero maps to zero, and a decade above the
  /// threshold is one unit further.
  @Test func symlogIsInvertibleAndLogarithmicAboveTheThreshold() {
    let scale = AxisScale.symlog(threshold: 10)
    #expect(scale.position(0) == 0)
    for value in [0.5, 10, 37, 7820, -25] {
      #expect(abs(scale.value(at: scale.position(value)) - value) < 1e-9 * max(1, abs(value)))
    }
    #expect(abs((scale.position(100_000) - scale.position(10_000)) - 1) < 0.001)
    #expect(AxisScale.linear.position(42) == 42)
  }
}
