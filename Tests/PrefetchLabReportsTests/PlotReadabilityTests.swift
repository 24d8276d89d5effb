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

@Suite struct CoincidingCurveTests {
  static func rows(_ times: [Double], incomplete: Int = 0) -> [TimeToContentRow] {
    times.enumerated().map { TimeToContentRow(item: Int64($0), ttcMs: $1, complete: true) }
      + (0..<incomplete).map { TimeToContentRow(item: Int64(1000 + $0), ttcMs: 5, complete: false) }
  }

  static func figure(_ samples: [(String, [TimeToContentRow])]) -> PlotFigure {
    let scenario = PlotFixtures.scenario("s", samples.map { ($0.0, [["stall_ms": 0]]) })
    return PlotBuilder.timeToContent(scenario, samples: samples.map(\.1))
  }

  /// Two strategies with the same items at the same times: one curve (the first's style), named
  /// `a = c`; the different one keeps its own. Before, the second was drawn exactly on the first.
  @Test func identicalCurvesAreDrawnOnceAndNamedTogether() {
    let same = Self.rows([0, 0, 100, 400], incomplete: 1)
    let figure = Self.figure([("a", same), ("b", Self.rows([0, 700, 800, 900])), ("c", same)])
    #expect(figure.data.contains("$cdf0 << EOD\n0 0\n0 0.4\n100 0.6\n400 0.8\nEOD\n"))
    #expect(figure.data.contains("$cdf1 << EOD"))
    #expect(!figure.data.contains("$cdf2"))
    #expect(figure.body.contains("$cdf0 using 1:2 with steps ls 1 lw 4.5 title 'a = c (5 items each)'"))
    #expect(figure.body.contains("$cdf1 using 1:2 with steps ls 2 lw 3.7 title 'b (4 items)'"))
    #expect(figure.body.contains("coinciding curves drawn once"))
  }

  /// Within the tolerances (0.5 % of the 0…936 ms axis ≈ 4.7 ms, 0.005 of the share) the curves
  /// are drawn once with `≈`; a step 10 ms later, or one item's share (0.25) apart, is not.
  @Test func nearCurvesMergeWithApproximatelyAndOthersStaySeparate() {
    let base = Self.rows([0, 100, 400, 900])
    let near = Self.rows([0, 103, 400, 900])
    let later = Self.rows([0, 110, 400, 900])
    let merged = Self.figure([("a", base), ("b", near)])
    #expect(merged.body.contains("title 'a ≈ b (4 items each)'"))
    #expect(!merged.data.contains("$cdf1"))
    let apart = Self.figure([("a", base), ("b", later)])
    #expect(apart.body.contains("title 'a (4 items)'") && apart.body.contains("title 'b (4 items)'"))
    #expect(!apart.body.contains("coinciding"))
    // One item fewer complete at the end: the last level differs by 0.25.
    let short = Self.figure([("a", base), ("b", Self.rows([0, 100, 400], incomplete: 1))])
    #expect(short.data.contains("$cdf1"))
    // The same shares from different item counts are the same curve as drawn.
    let counts = Self.figure([("a", Self.rows([0, 100])), ("b", Self.rows([0, 0, 100, 100]))])
    #expect(counts.body.contains("title 'a (2 items) = b (4 items)'"))
    let unequal = Self.figure([("a", Self.rows([0, 100])), ("b", Self.rows([0, 0, 100.3, 100.3]))])
    #expect(unequal.body.contains("title 'a (2 items) ≈ b (4 items)'"))
    // Short entries stay inside the plot, long merged ones move the key below it.
    #expect(counts.body.contains("set key right bottom Left reverse\n"))
    let long = String(repeating: "x", count: 40)
    let below = Self.figure([(long, base), (long + "2", base)])
    #expect(below.body.contains("set key below vertical Left reverse maxcols 1 height 1\n"))
  }

  /// The test behind the merge, against hand-checked cases: a shift within the time tolerance
  /// coincides and beyond it does not; the relation is symmetric; an empty curve coincides only
  /// with a curve that never leaves 0 by more than the share tolerance.
  @Test func coincidenceIsABandAroundEachCurve() {
    let a = ContentCDF(Self.rows([10, 20, 30, 40]))
    for (shift, expected) in [(0.0, true), (4.9, true), (-4.9, true), (5.1, false), (-5.1, false)] {
      let b = ContentCDF(Self.rows([10, 20, 30, 40].map { $0 + shift }))
      #expect(a.coincides(with: b, timeMs: 5, share: 0.005) == expected, "shift \(shift)")
      #expect(b.coincides(with: a, timeMs: 5, share: 0.005) == expected, "shift \(shift)")
    }
    // A whole step apart in time, but the step is smaller than the share tolerance.
    let many = ContentCDF(Self.rows((0..<400).map(Double.init) + [1000]))
    let moved = ContentCDF(Self.rows((0..<400).map(Double.init) + [2000]))
    #expect(many.coincides(with: moved, timeMs: 1, share: 0.005))
    #expect(!many.coincides(with: moved, timeMs: 1, share: 0.002))
    let empty = ContentCDF(Self.rows([], incomplete: 3))
    #expect(empty.coincides(with: ContentCDF(Self.rows([], incomplete: 5)), timeMs: 5, share: 0.005))
    #expect(!empty.coincides(with: a, timeMs: 5, share: 0.005))
    #expect(a.share(atOrBelow: 19.9) == 0.25 && a.share(atOrBelow: 20) == 0.5)
  }
}

@Suite struct MetricBarLabelTests {
  static func metrics(stall: Double, bytes: Double) -> [String: Double] {
    [
      "stall_ms": stall, "blank_ms": stall / 2, "ttc_p95_ms": 12.25, "wasted_bytes": bytes,
      "bytes_fetched": bytes * 2,
    ]
  }

  /// Each bar carries its mean in the panel's unit with the catalogue's decimals (ms with one
  /// decimal, trailing zeros dropped; bytes in kB, or MB with two decimals once a mean reaches
  /// 10 MB), standing above the whisker; labels are cleared between panels.
  @Test func barsCarryTheirMeansInThePanelsUnit() {
    let scenario = PlotFixtures.scenario(
      "s",
      [
        ("a", [Self.metrics(stall: 100, bytes: 4_000_000), Self.metrics(stall: 300, bytes: 6_000_000)]),
        ("b", [Self.metrics(stall: 0, bytes: 30_000), Self.metrics(stall: 0, bytes: 31_000)]),
      ])
    let body = PlotBuilder.metricBars(scenario).body
    // stall_ms: a's mean 200, its whisker top 200 + t(0.975, 1) · 141.42 / √2 = 200 + 12.706 · 100.
    let whiskerTop = 200 + 12.706_204_736 * 100
    #expect(
      body.contains(
        "set label 1 '200' at 1,\(GnuplotText.number(whiskerTop)) center offset 0,0.7 font ',8' front\n"))
    #expect(body.contains("set label 2 '0' at 2,0 center offset 0,0.7 font ',8' front\n"))
    #expect(body.contains("set label 1 '12.3' at 1,"))  // 12.25 → one decimal, half away from zero
    // wasted_bytes in kB: 5000 and 30.5; bytes_fetched reaches 10 MB: MB, 10 and 0.06 (0.061).
    #expect(
      body.contains("set title 'wasted_bytes: wasted data (kB)'\nunset label\nset label 1 '5000' at 1,"))
    #expect(body.contains("set label 2 '30.5' at 2,"))
    #expect(body.contains("set title 'bytes_fetched: data moved (MB)'\nunset label\nset label 1 '10' at 1,"))
    #expect(body.contains("set label 2 '0.06' at 2,"))
    #expect(PlotBuilder.metricBars(scenario).data.contains("$metric4 << EOD\n1 10 "))
    #expect(PlotBuilder.metricBars(scenario).data.contains("\n2 0.061 "))
    // Every panel starts by clearing the previous panel's labels, and so does the legend.
    #expect(body.components(separatedBy: "unset label\n").count - 1 == PlotBuilder.headlineMetrics.count + 1)
  }

  /// More than five bars: the labels are rotated so neighbours do not overlap, with more headroom.
  @Test func crowdedPanelsRotateTheirLabels() {
    let many = PlotFixtures.scenario(
      "s", (1...6).map { ("s\($0)", [Self.metrics(stall: Double($0) * 1000, bytes: 1000)]) })
    let body = PlotBuilder.metricBars(many).body
    #expect(body.contains("set label 6 '6000' at 6,6000 left rotate by 90 offset 0.35,0.8 font ',8' front\n"))
    #expect(body.contains("set yrange [0:8700]"))
    #expect(!body.contains("center offset"))
  }
}

@Suite struct ScrollSeedStyleTests {
  /// A synthetic trace per seed (the seed sets its speed), so each seed is its own line.
  static func timeline(speed: Double) -> [TimelineRow] {
    (0..<20).map { step in
      let seconds = Double(step) / 10
      return TimelineRow(
        timeMs: seconds * 1000, traceMs: seconds * 1000, offsetPt: speed * seconds, velocityPtS: speed,
        contentHeightPt: 10_000, blankFraction: 0, inFlight: 0, stalled: false)
    }
  }

  /// Three seeds of a synthetic user: three lines, each in a viridis colour and dash of its own,
  /// none in a strategy's Okabe–Ito colour, and the key says the lines are seeds.
  @Test func seedsGetTheirOwnColoursAndDashesNotStrategies() throws {
    let scenario = PlotFixtures.scenario(
      "s",
      [
        ("a", [["stall_ms": 5], ["stall_ms": 5], ["stall_ms": 5]]),
        ("b", [["stall_ms": 1], ["stall_ms": 1], ["stall_ms": 1]]),
      ])
    var timelines: [RunKey: [TimelineRow]] = [:]
    for row in scenario.strategies[1].rows {
      timelines[row.key] = Self.timeline(speed: 100 * Double(row.key.seed))
    }
    let figure = try #require(PlotBuilder.scrollTrace(scenario, timelines: timelines))
    let script = figure.body
    #expect(script.contains("set style line 1 lc rgb '#440154' lw 1.6 dt 1\n"))
    #expect(script.contains("set style line 2 lc rgb '#2C718E' lw 1.6 dt 2\n"))
    #expect(script.contains("set style line 3 lc rgb '#5CC863' lw 1.6 dt 4\n"))
    #expect(!script.contains("set style line 4"))
    for color in PlotStyle.palette {
      #expect(!script.contains(color), "strategy colour \(color) used for a seed")
    }
    #expect(script.contains("title 'one colour and dash per seed (not strategy colours)'"))
    #expect(script.contains("$trace2 using 1:2 with lines ls 3 title 'seed 3 (as run by b)'"))
  }

  /// Any number of seed lines up to eight gets distinct colours, the darkest first; none is a
  /// strategy colour.
  @Test func seedColoursAreDistinctForUpToEightLines() {
    for count in 1...8 {
      let colors = (0..<count).map { PlotStyle.seedColor($0, of: count) }
      #expect(Set(colors).count == count, "\(count) lines: \(colors)")
      #expect(colors[0] == "#440154")
      #expect(Set(colors).isDisjoint(with: PlotStyle.palette))
    }
    #expect(PlotStyle.seedColor(1, of: 2) == "#5CC863")
  }
}

@Suite struct SweepLabelTests {
  /// A fine sweep (40 ratios, 0.025 to 1 in steps of 0.025) on a straight trade-off: the labels
  /// are thinned so no two kept ones overlap, every label left out would overlap a kept one, the
  /// default (0.7, the 28th: thinning alone keeps every other label from the first, so not it)
  /// keeps its label, and the title says labels were left out.
  @Test func aCrowdedSweepThinsItsLabelsButKeepsTheDefault() throws {
    let record = SweepRecord(
      try ParameterSweep(
        base: StrategySpec(name: "fixed_threshold"), vary: ["ratio=0.025:1:0.025"], registry: .builtIn),
      x: "wasted_bytes", y: "stall_ms")
    #expect(record.settings.count == 40)
    let rows = record.settings.enumerated().map { index, setting in
      let ratio = Double(index + 1) / 40
      return RunRow(
        key: RunKey(scenario: "s", strategy: "fixed_threshold", params: setting.params, seed: 1),
        metrics: ["stall_ms": 100 * ratio, "wasted_bytes": 1000 * (1 - ratio)], line: 0)
    }
    let analysis = SweepAnalysis(
      record: record, scenario: ScenarioResults(name: "s", rows: rows, details: ScenarioDetails()))
    let body = PlotBuilder.sweepCurve(analysis, seeds: 1).body
    let labelLines = body.split(separator: "\n").filter { $0.hasPrefix("set label ") }
    #expect(labelLines.count > 3 && labelLines.count < 40, "\(labelLines.count) labels")
    #expect(body.contains("set label '0.7 (default)' at 0.3,70 offset char 0.8,"))
    #expect(body.contains("(where labels fit; the default always)"))
    // The title's second line (105 characters) is wrapped to fit the PNG: two lines of at most 90.
    let title = try #require(body.split(separator: "\n").first { $0.hasPrefix("set title ") })
    #expect(
      title
        == "set title 's: fixed_threshold over ratio'.\"\\n\".'means over 1 seed; points labelled with ratio "
        + "(where labels fit; the default always),'.\"\\n\".'joined in its order'")

    // The same selection, checked as geometry: kept boxes are disjoint, dropped ones collide.
    let labels = (0..<40).map { (index: Int) -> PointLabels.Label in
      let share = Double(index + 1) / 40
      let isDefault = index == 27
      return PointLabels.Label(
        x: 1 - share, y: 100 * share, text: isDefault ? "0.7 (default)" : "x.xxx", above: index % 2 == 0,
        priority: isDefault ? 0 : 4)
    }
    let layout = PointLabels()
    let xRange = (-0.04, 1.06)
    let yRange = (-4.0, 106.0)
    let kept = layout.kept(labels, xRange: xRange, yRange: yRange)
    let boxes = labels.map { layout.box($0, xRange: xRange, yRange: yRange) }
    #expect(kept.contains(27))
    // Without its priority the default would have been thinned away here.
    var unprioritized = labels
    unprioritized[27].priority = 4
    #expect(!layout.kept(unprioritized, xRange: xRange, yRange: yRange).contains(27))
    for a in kept {
      for b in kept where a < b { #expect(!PointLabels.overlap(boxes[a], boxes[b]), "\(a) and \(b)") }
    }
    for dropped in Set(labels.indices).subtracting(kept) {
      #expect(kept.contains { PointLabels.overlap(boxes[$0], boxes[dropped]) }, "\(dropped) was free")
    }
  }

  /// Labels that fit are all kept (the five-setting sweep of `SweepAnalysisTests`), and the
  /// title says nothing about thinning.
  @Test func labelsThatFitAreAllKept() {
    let labels = [(0.0, 0.0), (0.5, 50.0), (1.0, 100.0)].enumerated().map { index, point in
      PointLabels.Label(x: point.0, y: point.1, text: "0.\(index)", above: true, priority: 4)
    }
    #expect(PointLabels().kept(labels, xRange: (0, 1), yRange: (0, 100)) == [0, 1, 2])
  }
}

@Suite struct TradeoffPerMinuteTests {
  /// Wasted data is drawn per minute, the value the frontier is decided on: a
  /// 2-minute session without stalls that wasted 2 000 000 bytes sits at 1000 kB per min; one of
  /// 60 s, 30 s of it stalled, that wasted 600 000 bytes at 600 (data is counted over the whole
  /// session, stalls included). Stall time
  /// does not accumulate per minute and is drawn as written.
  @Test func marksAndMeansAreTheComparedValues() {
    let scenario = PlotFixtures.scenario(
      "s",
      [
        ("a", [["stall_ms": 0, "wasted_bytes": 2_000_000, "session_ms": 120_000]]),
        ("b", [["stall_ms": 30_000, "wasted_bytes": 600_000, "session_ms": 60_000]]),
      ])
    let figure = PlotBuilder.tradeoff(scenario)
    #expect(figure.data.contains("$seeds0 << EOD\n1000 0\nEOD"))
    #expect(figure.data.contains("$seeds1 << EOD\n600 30000\nEOD"))
    #expect(figure.body.contains("set xlabel 'wasted_bytes: wasted data (kB per min)'\n"))
    #expect(figure.body.contains("set ylabel 'stall_ms: stall time (ms)'\n"))
    // Both are on the frontier (less waste against less stall), drawn at those means.
    #expect(figure.data.contains("$optimal << EOD\n600 30000\n1000 0\nEOD"))
  }
}
