import PrefetchLab

// The capacity figure of `prefetchlab trace-network`: a recorded link over one pass.
extension PlotBuilder {
  /// Capacity in Mbit/s over trace time as filled steps (each bin's mean holds over the bin),
  /// the recording's mean as a dashed line, and stretches without capacity marked along the
  /// time axis. `name` (the trace file's name) goes into the title only, quoted.
  public static func network(_ capacity: TraceCapacity, name: String, fileStem: String) -> PlotFigure {
    let endS = Double(capacity.periodUs) / 1e6
    var steps: [[Double?]] = capacity.bins.map { [Double($0.startUs) / 1e6, $0.kbps / 1000] }
    // A closing point so the last bin's step reaches the end of the recording.
    if let last = capacity.bins.last { steps.append([endS, last.kbps / 1000]) }
    let outages = capacity.outages
    var data = GnuplotText.datablock("capacity", rows: steps, columns: 2)
    data += GnuplotText.datablock(
      "outages", rows: outages.map { [Double($0.startUs) / 1e6, Double($0.durationUs) / 1e6] }, columns: 2)
    let meanMbps = capacity.meanKbps / 1000
    let spread = capacity.spreadKbps
    let binText =
      capacity.intervalUs % 1_000_000 == 0
      ? "\(capacity.intervalUs / 1_000_000) s" : "\(DecimalFormat.milliseconds(capacity.intervalUs)) ms"
    let outageText =
      outages.isEmpty
      ? "never without capacity"
      : "no capacity in \(outages.count) stretch\(outages.count == 1 ? "" : "es")"
    var plots = [
      "$capacity using 1:2 with fillsteps fs solid 0.25 noborder lc rgb '\(PlotStyle.color(0))' notitle",
      "$capacity using 1:2 with steps ls 1 title \(GnuplotText.quoted("capacity, mean of each \(binText) bin"))",
      "\(GnuplotText.number(meanMbps)) with lines lc rgb '\(PlotStyle.frontierColor)' dt 2 lw 1.5 title "
        + GnuplotText.quoted("mean \(DecimalFormat.fixed(meanMbps, places: 2)) Mbit/s"),
    ]
    if !outages.isEmpty {
      plots.append(
        "$outages using 1:(0):2:(0) with vectors nohead lw 6 lc rgb '\(PlotStyle.stallColor)' title "
          + GnuplotText.quoted("no capacity"))
    }
    let top = max(spread.max / 1000, meanMbps, 0.001) * 1.12
    let body = """
      set title \(title("\(name): capacity over time", "\(DecimalFormat.fixed(endS, places: 1)) s recording, \(outageText)"))
      set xlabel 'trace time (s)'
      set ylabel 'capacity (Mbit/s)'
      set xrange [0:\(GnuplotText.number(endS))]
      set yrange [\(GnuplotText.number(-top * 0.02)):\(GnuplotText.number(top))]
      set key right top opaque box lc rgb '#cccccc'
      plot \(plots.joined(separator: ", \\\n  "))

      """
    return PlotFigure(
      kind: .network, scenario: name, fileStem: fileStem,
      caption: "Capacity of the recorded link over one pass of the recording.",
      widthPx: 1100, heightPx: 420, data: data,
      body: PlotStyle.common + PlotStyle.strategyLineStyles(1) + body)
  }
}
