import PrefetchLab

// The per-run timeline figure: viewport and content edge, stalls, requests, blankness.
extension PlotBuilder {
  /// The largest 1, 2 or 5 times a power of ten at or below `value` (> 0), a tic step people read
  /// at a glance: 27.995 → 20, 0.7 → 0.5, 100 → 100; 1 for values that are not positive.
  static func niceStep(_ value: Double) -> Double {
    guard value > 0, value.isFinite else { return 1 }
    let power = AxisScale.powerOfTen(atOrBelow: value)
    let multiple = value / power
    return (multiple >= 5 ? 5 : multiple >= 2 ? 2 : 1) * power
  }

  /// Spacing of the capacity panel's samples: the timeline's default sampling interval.
  static let capacityGridUs: Int64 = 100_000

  static func timeline(
    _ key: RunKey, rows: [TimelineRow], events: [EventRow], viewportHeightPt: Double?,
    stallSummary: (count: Double?, milliseconds: Double?) = (nil, nil), inFlightMaximum: Double? = nil,
    capacity: BandwidthTrace? = nil
  ) -> PlotFigure {
    var data = ""
    var settings = PlotStyle.common
    let end = max((rows.last?.timeMs ?? 0) / 1000, 0.001)
    data += GnuplotText.datablock(
      "timeline",
      rows: rows.map { row in
        [
          row.timeMs / 1000, row.offsetPt, viewportHeightPt.map { row.offsetPt + $0 }, row.contentHeightPt,
          row.blankFraction, row.inFlight,
        ]
      }, columns: 6)
    // Stalls: from a row with stalled = 1 to the next row without.
    var stalls: [(Double, Double)] = []
    var stallStart: Double?
    for row in rows {
      if row.stalled, stallStart == nil { stallStart = row.timeMs / 1000 }
      if !row.stalled, let start = stallStart {
        stalls.append((start, row.timeMs / 1000))
        stallStart = nil
      }
    }
    if let start = stallStart { stalls.append((start, end)) }
    func contentHeight(at timeMs: Double) -> Double {
      var low = 0
      var high = rows.count
      while low < high {
        let middle = (low + high) / 2
        if rows[middle].timeMs <= timeMs { low = middle + 1 } else { high = middle }
      }
      return low > 0 ? rows[low - 1].contentHeightPt : 0
    }
    let issued = events.filter { $0.event == "issued" }
    let pages = issued.filter { $0.kind == "page" }
    let media = issued.filter { $0.kind == "media" }
    let ended = events.filter { ["cancelled", "failed", "timeout"].contains($0.event) }
    data += GnuplotText.datablock(
      "pages", rows: pages.map { [$0.timeMs / 1000, contentHeight(at: $0.timeMs)] }, columns: 2)
    data += GnuplotText.datablock(
      "requests",
      rows: pages.map { [$0.timeMs / 1000, 1.15] } + media.map { [$0.timeMs / 1000, 0.15] }, columns: 2)
    data += GnuplotText.datablock(
      "ended", rows: ended.map { [$0.timeMs / 1000, $0.kind == "page" ? 1.5 : 0.5] }, columns: 2)
    // Stalls are often a few frames long: shade at least 0.3 % of the axis so they stay visible
    // (the title gives the exact total).
    let minimumWidth = end * 0.003
    for (index, stall) in stalls.enumerated() {
      let middle = (stall.0 + stall.1) / 2
      let half = max(stall.1 - stall.0, minimumWidth) / 2
      settings +=
        "set object \(index + 1) rect from first \(GnuplotText.number(max(0, middle - half))), graph 0 "
        + "to first \(GnuplotText.number(middle + half)), graph 1 behind fc rgb '\(PlotStyle.stallColor)' "
        + "fs transparent solid 0.35 noborder\n"
    }
    // The y axis follows the viewport; the content edge is included while it stays within ten
    // screens (or a tenth of the viewport's travel) of it: with offset pagination it is the end of
    // the whole feed, far above. Without a recorded viewport (a folder without a manifest) only
    // the travel counts.
    let viewportPositions = rows.flatMap { [$0.offsetPt, $0.offsetPt + (viewportHeightPt ?? 0)] }
    let lowest = viewportPositions.min() ?? 0
    let highest = viewportPositions.max() ?? 0
    let reach = highest + max(10 * (viewportHeightPt ?? 0), 0.1 * (highest - lowest))
    let edges = rows.map(\.contentHeightPt).filter { $0 <= reach }
    let edgeAbove = rows.contains { $0.contentHeightPt > reach }
    let yRange = PlotStyle.range(viewportPositions + edges)
    // One in-flight scale for every strategy of the scenario, so their timelines compare at a glance.
    let maxInFlight = max(inFlightMaximum ?? rows.map(\.inFlight).max() ?? 0, 1)
    // A recorded network's capacity (Mbit/s) on a grid of its own, in its own panel: timeline
    // rows are only where the run changes, the link changes elsewhere.
    var capacityPanel = ""
    if let capacity, !capacity.isUnlimited {
      let samples = Int((rows.last?.timeMs ?? 0) * 1000) / Int(capacityGridUs)
      let points = (0...max(samples, 0)).map { step -> [Double?] in
        let timeUs = Int64(step) * capacityGridUs
        return [Double(timeUs) / 1e6, capacity.capacityBytesPerSecond(atUs: timeUs) * 8 / 1e6]
      }
      let peak = max(points.compactMap { $0[1] }.max() ?? 0, 0.001)
      data += GnuplotText.datablock("capacity", rows: points, columns: 2)
      capacityPanel = """
        # Link capacity of the recorded network
        set tmargin at screen 0.355
        set bmargin at screen 0.285
        set ylabel 'Mbit/s'
        set yrange [0:\(GnuplotText.number(peak * 1.1))]
        set ytics \(GnuplotText.number(niceStep(peak / 2)))
        set format y '%g'
        set key at screen 0.83, screen 0.355 left top Left reverse samplen 2
        plot $capacity using 1:2 with steps lc rgb '#333333' lw 1 title 'link capacity'

        """
    }
    let hasCapacity = !capacityPanel.isEmpty
    // Fixed colours: the stall shading's vermillion must not meet a strategy's orange here.
    let color = PlotStyle.palette[0]
    // The title quotes summary.csv (the timeline is decimated; its shading is approximate).
    let stallCount = stallSummary.count.map { Int($0) } ?? stalls.count
    let stallMs = stallSummary.milliseconds ?? stalls.reduce(0) { $0 + $1.1 - $1.0 } * 1000
    let stallNote =
      stallCount == 0
      ? "no stalls"
      : "\(stallCount) stall\(stallCount == 1 ? "" : "s") (shaded), "
        + "\(DecimalFormat.fixed(stallMs, places: 0)) ms in all"
    let viewport =
      viewportHeightPt == nil
      ? "$timeline using 1:2 with lines lc rgb '\(color)' lw 2 title 'viewport top'"
      : "$timeline using 1:2:3 with filledcurves fc rgb '\(color)' fs transparent solid 0.4 noborder "
        + "title 'viewport', $timeline using 1:2 with lines lc rgb '\(color)' lw 1 notitle"
    let body = """
      set multiplot title \(title("\(key.scenario) / \(key.strategyLabel) / seed \(key.seed)", stallNote))
      set lmargin at screen 0.08
      set rmargin at screen 0.79
      set xrange [0:\(GnuplotText.number(end))]
      # Positions
      set tmargin at screen 0.89
      set bmargin at screen 0.45
      set format x ''
      unset xlabel
      set ylabel 'position in feed (pt)'
      set yrange \(PlotStyle.rangeText(yRange))
      set key at screen 0.83, screen 0.89 left top Left reverse samplen 2
      plot \(viewport), \\
        $timeline using 1:4 with lines lc rgb '#222222' lw 1.5 title '\(edgeAbove ? "content edge (above)" : "content edge")', \\
        $pages using 1:2 with points pt 11 ps 1.1 lc rgb '#222222' title 'page request issued', \\
        NaN with boxes fc rgb '\(PlotStyle.stallColor)' fs transparent solid 0.35 noborder title 'stall'
      # Requests issued and ended early
      set tmargin at screen 0.43
      set bmargin at screen \(hasCapacity ? "0.375" : "0.30")
      set ylabel 'requests'
      set yrange [0:2]
      set ytics ('media' 0.5, 'page' 1.5)
      set grid noytics
      set key at screen 0.83, screen 0.43 left top Left reverse samplen 2
      plot $requests using 1:2:(0):(0.7) with vectors nohead lc rgb '\(color)' lw 1 title 'request issued', \\
        $ended using 1:2 with points pt 2 ps 0.8 lc rgb '#222222' title 'cancelled, failed'
      set grid noytics
      \(capacityPanel)# Blank share and requests in flight
      set tmargin at screen \(hasCapacity ? "0.265" : "0.28")
      set bmargin at screen 0.09
      set format x '%g'
      set xlabel 'time since the first request (s)'
      set grid ytics
      set ylabel 'blank share'
      set yrange [0:1.05]
      set ytics 0.5
      set y2range [0:\(GnuplotText.number(maxInFlight * 1.15))]
      set y2tics \(maxInFlight > 10 ? "auto" : "1") nomirror
      set y2label 'in flight'
      set key at screen 0.86, screen \(hasCapacity ? "0.265" : "0.28") left top Left reverse samplen 2
      set format y '%g'
      plot $timeline using 1:5 with filledcurves y1=0 fc rgb '#7f7f7f' fs solid 0.6 noborder \\
          title 'blank share', \\
        $timeline using 1:6 axes x1y2 with steps lc rgb '\(color)' lw 1 title 'in flight'
      unset multiplot

      """
    let name = RunFiles.fileName(for: key)
    return PlotFigure(
      kind: .timeline, scenario: key.scenario, run: key, fileStem: "timeline--" + name.dropLast(4),
      caption:
        "Run timeline: viewport and content edge over time with stalls shaded, requests issued, "
        + (hasCapacity ? "the recorded link's capacity, " : "")
        + "blank share and requests in flight (one in-flight scale for all strategies of the scenario).",
      widthPx: 1100, heightPx: 660, data: data, body: settings + body)
  }
}
