import Foundation
import Testing

@testable import PrefetchLabReports

/// The timelines of a scenario's strategies, built from a real run's files (the scripts gnuplot
/// would get, so no gnuplot is needed): one in-flight scale for all of them, and the recorded
/// link's capacity where the network is a recording.
@Suite struct TimelinePlotTests {
  /// bus-lte-ghent replays a recorded bus ride: every timeline gets the capacity panel with the
  /// recording's capacity at each timeline row, and both strategies' timelines share the
  /// in-flight axis of the busier one (1.15 × the largest count in flight in either run).
  @Test func recordedNetworkTimelinesShareTheInFlightAxisAndShowCapacity() throws {
    let folder = ScratchFolder()
    let result = runCLI([
      "run", "scenarios/bus-lte-ghent.json", "--seeds", "1", "--strategy", "infinite_scroll",
      "--strategy", "directional_ranges", "--out", folder.path + "/r", "--no-plots", "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let data = try ResultsData(path: folder.path + "/r")
    let timelines = try PlotBuilder.figures(for: data).figures.filter { $0.kind == .timeline }
    #expect(timelines.count == 2)
    var peaks: [Double] = []
    for figure in timelines {
      let key = try #require(figure.run)
      let rows = try #require(try data.runs.timeline(key))
      peaks.append(rows.map(\.inFlight).max() ?? 0)
      #expect(figure.data.contains("$capacity << EOD\n"))
      // Capacity tics at a round step: half the peak, rounded down to 1, 2 or 5 × 10^k.
      let peak =
        figure.data.components(separatedBy: "$capacity << EOD\n")[1].components(separatedBy: "EOD\n")[0]
        .split(separator: "\n").compactMap { Double($0.split(separator: " ")[1]) }.max() ?? 0
      #expect(figure.body.contains("set ytics \(GnuplotText.number(PlotBuilder.niceStep(peak / 2)))\n"))
      #expect(
        figure.body.contains(
          "plot $capacity using 1:2 with steps lc rgb '#333333' lw 1 title 'link capacity'"))
      // The capacity block samples the recording every 100 ms up to the timeline's end, in
      // Mbit/s (timeline rows are only where the run changes).
      let capacity = try #require(data.scenarios.first?.details.capacity)
      let block = figure.data.components(separatedBy: "$capacity << EOD\n")[1].components(
        separatedBy: "EOD\n")[0]
      let lines = block.split(separator: "\n")
      let endMs = try #require(rows.last?.timeMs)
      #expect(lines.count == Int(endMs / 100) + 1)
      let sample = lines.count / 2
      let expected = capacity.capacityBytesPerSecond(atUs: Int64(sample) * 100_000) * 8 / 1e6
      #expect(
        lines[sample]
          == "\(GnuplotText.number(Double(sample) / 10)) \(GnuplotText.number(expected))")
    }
    // The strategies keep different numbers of requests in flight, yet share one axis.
    #expect(Set(peaks).count == 2, "peaks \(peaks)")
    let shared = "set y2range [0:\(GnuplotText.number(max(peaks.max() ?? 1, 1) * 1.15))]"
    for figure in timelines { #expect(figure.body.contains(shared), "\(figure.fileStem)") }
  }

  @Test func niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
    #expect(PlotBuilder.niceStep(27.995) == 20)
    #expect(PlotBuilder.niceStep(0.7) == 0.5)
    #expect(PlotBuilder.niceStep(100) == 100)
    #expect(PlotBuilder.niceStep(1.99) == 1)
    #expect(PlotBuilder.niceStep(0) == 1)
  }

  /// A modelled network (constant bandwidth) has no capacity panel.
  @Test func modelledNetworkTimelinesHaveNoCapacityPanel() throws {
    let folder = ScratchFolder()
    let result = runCLI([
      "run", "scenarios/slow-3g.json", "--seeds", "1", "--strategy", "infinite_scroll",
      "--out", folder.path + "/r", "--no-plots", "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let data = try ResultsData(path: folder.path + "/r")
    let timeline = try #require(try PlotBuilder.figures(for: data).figures.first { $0.kind == .timeline })
    #expect(!timeline.data.contains("$capacity"))
    #expect(!timeline.body.contains("link capacity"))
  }
}
