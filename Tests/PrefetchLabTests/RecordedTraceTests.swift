import Foundation
import Testing

@testable import PrefetchLab

/// Loads recorded traces for the tests: `BundledTraces` and, when present, `MahimahiTraces`. The
/// expected figures were computed from the files independently of this code, and are checked to
/// the precision they were given with.
enum RecordedTraces {
  static func load(bundled relative: String, _ format: BandwidthTraceFormat, loop: Bool = true) throws
    -> BandwidthTrace
  {
    try BandwidthTraceLoader.load(path: BundledTraces.path(relative), format: format, loop: loop)
  }

  static func load(mahimahi name: String, loop: Bool = true) throws -> BandwidthTrace {
    try BandwidthTraceLoader.load(path: MahimahiTraces.path(name), format: .mahimahi, loop: loop)
  }
}

/// Mean over one period in Mbit/s.
private func meanMbps(_ trace: BandwidthTrace) -> Double { trace.meanBytesPerSecond * 8 / 1e6 }

/// Total duration of zero-capacity segments in seconds.
private func zeroSeconds(_ trace: BandwidthTrace) -> Double {
  Double(trace.segments.filter { $0.bytesPerSecond == 0 }.reduce(0) { $0 + $1.durationUs }) / 1e6
}

@Suite struct RecordedTraceTests {
  struct Expected: Sendable, CustomTestStringConvertible {
    var file: String
    var rows: Int
    var durationS: Double
    var meanMbps: Double
    var testDescription: String { file }
  }

  // Mahimahi (ravinet/mahimahi, `traces/`): lines, duration s (0.1), mean Mbit/s (0.01).
  @Test(
    .enabled(if: MahimahiTraces.available, MahimahiTraces.skipNote),
    arguments: [
      Expected(file: "Verizon-LTE-short.down", rows: 58_655, durationS: 140.0, meanMbps: 5.03),
      Expected(file: "TMobile-LTE-short.down", rows: 194_846, durationS: 140.0, meanMbps: 16.70),
      Expected(file: "ATT-LTE-driving-2016.down", rows: 45_604, durationS: 120.0, meanMbps: 4.56),
      Expected(file: "TMobile-UMTS-driving.down", rows: 156_262, durationS: 928.4, meanMbps: 2.02),
      Expected(file: "Verizon-EVDO-driving.down", rows: 46_065, durationS: 1062.0, meanMbps: 0.52),
    ])
  func mahimahiMatchesSources(expected: Expected) throws {
    let trace = try RecordedTraces.load(mahimahi: expected.file)
    #expect(trace.periodBytes == Double(expected.rows) * 1500)
    #expect(abs(Double(trace.periodUs) / 1e6 - expected.durationS) <= 0.05)
    #expect(abs(meanMbps(trace) - expected.meanMbps) <= 0.005)
    // Run-length encoding keeps it well below one segment per millisecond.
    #expect(trace.segmentCount < Int(trace.periodUs / 1000))
  }

  // Pensieve cooked (hongzimao/pensieve, `test/cooked_traces/`; bundled in `pensieve/`): rows,
  // duration s (0.1), time-weighted mean Mbit/s (0.01).
  @Test(arguments: [
    Expected(file: "trace_30637_http---www.amazon.com", rows: 206, durationS: 1025.0, meanMbps: 2.93),
    Expected(file: "trace_10730_http---www.facebook.com", rows: 336, durationS: 1675.0, meanMbps: 0.49),
    Expected(
      file: "bus.ljansbakken-oslo-report.2010-09-30_1114CEST.log", rows: 1387, durationS: 1413.3,
      meanMbps: 3.57),
    Expected(
      file: "ferry.nesoddtangen-oslo-report.2011-02-01_0740CET.log", rows: 1051, durationS: 1097.5,
      meanMbps: 1.80),
    Expected(
      file: "metro.kalbakken-jernbanetorget-report.2010-09-21_0742CEST.log", rows: 619,
      durationS: 650.6, meanMbps: 1.17),
  ])
  func throughputMatchesSources(expected: Expected) throws {
    let trace = try RecordedTraces.load(bundled: "pensieve/" + expected.file, .throughput)
    #expect(trace.segmentCount <= expected.rows - 1)
    #expect(abs(Double(trace.periodUs) / 1e6 - expected.durationS) <= 0.05)
    #expect(abs(meanMbps(trace) - expected.meanMbps) <= 0.005)
  }

  struct ExpectedPeriods: Sendable, CustomTestStringConvertible {
    var file: String
    var periods: Int
    var durationS: Double
    var meanMbps: Double
    var zeroS: Double
    var latencyMs: Double
    var testDescription: String { file }
  }

  // Sabre (UMass-LIDS/sabre, `example/mmsys18/`; bundled in `sabre/`): periods, duration s, mean
  // Mbit/s, time at 0 s, latency ms.
  @Test(arguments: [
    ExpectedPeriods(
      file: "report.2010-09-21_0742CEST.json", periods: 745, durationS: 1133.7, meanMbps: 0.68,
      zeroS: 134.8, latencyMs: 100),
    ExpectedPeriods(
      file: "report.2010-09-30_1114CEST.json", periods: 1391, durationS: 1453.7, meanMbps: 3.47,
      zeroS: 0, latencyMs: 100),
    ExpectedPeriods(
      file: "report_bus_0001.json", periods: 607, durationS: 606.7, meanMbps: 27.60, zeroS: 0,
      latencyMs: 20),
    ExpectedPeriods(
      file: "report_tram_0002.json", periods: 659, durationS: 658.2, meanMbps: 14.06, zeroS: 42.0,
      latencyMs: 20),
  ])
  func periodsMatchSources(expected: ExpectedPeriods) throws {
    let trace = try RecordedTraces.load(bundled: "sabre/" + expected.file, .periods)
    #expect(trace.segmentCount == expected.periods)
    #expect(abs(Double(trace.periodUs) / 1e6 - expected.durationS) <= 0.05)
    #expect(abs(meanMbps(trace) - expected.meanMbps) <= 0.005)
    #expect(abs(zeroSeconds(trace) - expected.zeroS) <= 0.05)
    #expect(trace.segments.allSatisfy { $0.latencyMs == expected.latencyMs })
    #expect(trace.latencyMs(atUs: trace.periodUs / 2) == expected.latencyMs)
  }

  @Test func metroTransferStartedInTheOutageFinishesOnlyAfterIt() throws {
    let trace = try RecordedTraces.load(bundled: "sabre/report.2010-09-21_0742CEST.json", .periods)
    // The 87-s tunnel outage: the longest zero-bandwidth period.
    let segments = trace.segments
    var startUs: Int64 = 0
    var outage: (startUs: Int64, index: Int)? = nil
    for (index, segment) in segments.enumerated() {
      if segment.bytesPerSecond == 0
        && segment.durationUs > (outage.map { segments[$0.index].durationUs } ?? 0)
      {
        outage = (startUs, index)
      }
      startUs += segment.durationUs
    }
    let (outageStartUs, outageIndex) = try #require(outage)
    #expect(abs(Double(segments[outageIndex].durationUs) / 1e6 - 87.0) <= 0.05)
    let outageEndUs = outageStartUs + segments[outageIndex].durationUs

    // Independently: walk the periods after the outage until 1 MB has been delivered. Less
    // than that remains before the end of the recording, so the walk wraps to the first period
    // (the trace loops, as Sabre's does).
    var needed = 1_000_000.0
    var clockUs = Double(outageEndUs)
    var index = outageIndex + 1
    var wrapped = false
    while needed > 0 {
      if index == segments.count {
        index = 0
        wrapped = true
      }
      let segment = segments[index]
      let bytes = segment.bytesPerSecond * Double(segment.durationUs) / 1e6
      if bytes >= needed {
        clockUs += needed / segment.bytesPerSecond * 1e6
        needed = 0
      } else {
        needed -= bytes
        clockUs += Double(segment.durationUs)
      }
      index += 1
    }
    #expect(wrapped)
    #expect(needed == 0)

    var link = TransferLink(trace: trace)
    link.start(id: 1, bytes: 1_000_000, atUs: outageStartUs + 30_000_000)
    let finishUs = try #require(link.nextCompletionUs())
    #expect(finishUs > outageEndUs)
    #expect(abs(Double(finishUs) - clockUs) <= 1)
    #expect(link.bytesMoved(id: 1, atUs: outageEndUs) == 0)
    #expect(link.popCompleted(atUs: finishUs) == [1])
  }

  @Test func metroCookedAndSabreVersionsShareTheirPeak() throws {
    // The same metro session in both formats (Pensieve cooked, Sabre): peaks 2.624 vs 2.623 Mbit/s.
    let cooked = try RecordedTraces.load(
      bundled: "pensieve/metro.kalbakken-jernbanetorget-report.2010-09-21_0742CEST.log", .throughput)
    let sabre = try RecordedTraces.load(bundled: "sabre/report.2010-09-21_0742CEST.json", .periods)
    let cookedPeak = cooked.segments.map(\.bytesPerSecond).max()! * 8 / 1e6
    let sabrePeak = sabre.segments.map(\.bytesPerSecond).max()! * 8 / 1e6
    #expect(abs(cookedPeak - 2.624) < 0.0005)
    #expect(abs(sabrePeak - 2.623) < 0.0005)
    #expect(zeroSeconds(cooked) == 0)
  }
}
