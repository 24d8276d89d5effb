import PrefetchLab

// The per-scenario scroll trace figure: offset and velocity over trace time.
extension PlotBuilder {

  /// The scroll trace as realised in trace time τ (which pauses during stalls): for each seed the
  /// run with the least stall time, so the line is the user's intent wherever nothing blocked it.
  /// A scripted or recorded trace is the same for every seed, so one line stands for all; other
  /// sources (synthetic users) get a line per seed, at most eight. Each line is thinned by time
  /// (`TimeBucketThinning`, the least and greatest offset and velocity per bucket), so the
  /// picture follows the trajectory, not the number of timeline rows.
  static func scrollTrace(_ scenario: ScenarioResults, timelines: [RunKey: [TimelineRow]]) -> PlotFigure? {
    var seedIndependent = false
    if let source = scenario.details.scenario?.scroll.source {
      if case .script = source { seedIndependent = true }
      if case .recorded = source { seedIndependent = true }
    }
    var series: [(seeds: [UInt64], run: RunKey, points: [[Double?]])] = []
    for seed in scenario.seeds {
      let candidates = scenario.strategies.compactMap { strategy in
        strategy.rows.first { $0.key.seed == seed && timelines[$0.key] != nil }
      }
      guard
        let best = candidates.min(by: {
          ($0.value(MetricDefinition.stallMs.column) ?? .infinity)
            < ($1.value(MetricDefinition.stallMs.column) ?? .infinity)
        }),
        let rows = timelines[best.key]
      else { continue }
      let points = TimeBucketThinning.thinned(
        rows.compactMap { row in row.traceMs.map { [$0 / 1000, row.offsetPt, row.velocityPtS] } },
        buckets: TimeBucketThinning.scrollTraceBuckets
      ).map { $0.map(Optional.some) }
      if seedIndependent, !series.isEmpty {
        series[0].seeds.append(seed)
      } else if let index = series.firstIndex(where: { $0.points == points }) {
        series[index].seeds.append(seed)
      } else if series.count < PlotStyle.palette.count {
        series.append(([seed], best.key, points))
      }
    }
    guard !series.isEmpty else { return nil }
    var data = ""
    // Seeds, not strategies: their own colours and dashes (PlotStyle+Seeds).
    let settings = PlotStyle.common + PlotStyle.seedLineStyles(series.count)
    var offsets: [String] = []
    var velocities: [String] = []
    var allOffsets: [Double] = []
    var allVelocities: [Double] = []
    var end = 0.001
    for (index, entry) in series.enumerated() {
      data += GnuplotText.datablock("trace\(index)", rows: entry.points, columns: 3)
      allOffsets += entry.points.compactMap { $0[1] }
      allVelocities += entry.points.compactMap { $0[2] }
      end = max(end, entry.points.last?[0].flatMap { $0 } ?? 0)
      let seeds =
        entry.seeds.count == scenario.seeds.count && scenario.seeds.count > 1
        ? "all \(scenario.seeds.count) seeds"
        : "seed" + (entry.seeds.count == 1 ? " " : "s ")
          + entry.seeds.map(String.init).joined(separator: ", ")
      let label = "\(seeds) (as run by \(entry.run.strategyLabel))"
      offsets.append("$trace\(index) using 1:2 with lines ls \(index + 1) title \(GnuplotText.quoted(label))")
      velocities.append("$trace\(index) using 1:3 with lines ls \(index + 1) notitle")
    }
    let body = """
      set multiplot title \(title("\(scenario.name): scroll trace", "viewport top over trace time (the trace pauses while a stall blocks the user)"))
      set lmargin at screen 0.09
      set rmargin at screen 0.97
      set xrange [0:\(GnuplotText.number(end))]
      set tmargin at screen 0.88
      set bmargin at screen 0.42
      set format x ''
      unset xlabel
      set ylabel 'offset_pt (pt)'
      set yrange \(PlotStyle.rangeText(PlotStyle.range(allOffsets)))
      set key left top Left reverse opaque box lc rgb '#cccccc' title 'one colour and dash per seed (not strategy colours)'
      plot \(offsets.joined(separator: ", \\\n  "))
      set tmargin at screen 0.38
      set bmargin at screen 0.10
      set format x '%g'
      set xlabel 'trace time (s)'
      set ylabel 'velocity_pt_s (pt/s)'
      set yrange \(PlotStyle.rangeText(PlotStyle.range(allVelocities)))
      unset key
      plot \(velocities.joined(separator: ", \\\n  "))
      unset multiplot

      """
    return PlotFigure(
      kind: .scroll, scenario: scenario.name, fileStem: stem(.scroll, scenario.name),
      caption: "The user's scroll trace: viewport offset and velocity over trace time, a line per seed.",
      widthPx: 960, heightPx: 560, data: data, body: settings + body)
  }
}
