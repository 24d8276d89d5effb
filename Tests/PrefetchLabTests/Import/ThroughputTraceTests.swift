import Foundation
import Testing

@testable import PrefetchLab

/// `import har` writes a throughput trace when transfer rates vary over the recording.
@Suite struct ThroughputTraceTests {
  /// Bodies ending at 1…12 s, 1000 kbit/s up to 6 s and 4000 after: 1 s bins, one sample each,
  /// so rows k = 1…12 carry sample k's rate (row 0's value is never used by the format).
  @Test func binsHoldTheMedianRate() throws {
    let samples = (1...12).map { (timeS: Double($0), kbps: $0 <= 6 ? 1000.0 : 4000) }
    let text = try #require(HARScenarioWriter.throughputTrace(samples.reversed()))
    let expected = ["0 1"] + (1...12).map { "\($0) \($0 <= 6 ? 1 : 4)" }
    #expect(text == expected.joined(separator: "\n") + "\n")
    // It reads as the simulator reads network.trace files.
    let trace = try BandwidthTrace.throughput(bytes: Array(text.utf8), file: "t", loop: false)
    #expect(trace.periodUs == 12_000_000)
  }

  @Test func steadyOrShortRecordingsKeepTheMedian() {
    let steady = (1...30).map { (timeS: Double($0), kbps: 1000.0 + Double($0)) }
    #expect(HARScenarioWriter.throughputTrace(steady) == nil)
    let short = (1...9).map { (timeS: Double($0) * 3, kbps: $0 % 2 == 0 ? 1000.0 : 9000) }
    #expect(HARScenarioWriter.throughputTrace(short) == nil)
    let brief = (1...20).map { (timeS: Double($0) * 0.1, kbps: $0 % 2 == 0 ? 1000.0 : 9000) }
    #expect(HARScenarioWriter.throughputTrace(brief) == nil)
  }

  /// With a place for it, the importer names the trace in network.media and hands its text back.
  @Test func theImporterWritesTheTraceBesideTheScenario() throws {
    var entries = [
      HARImportTests.entry(wait: 100)
    ]
    for index in 0..<12 {
      // 40 000 bytes (bodySize 2000 is replaced below) received in 320 ms (1000 kbit/s) or 80 ms.
      let receive = index < 6 ? 320.0 : 80.0
      let entry = HARImportTests.entry(
        url: "https://cdn.test/\(index).jpg", mime: "image/jpeg", wait: 20, receive: receive
      ).replacingOccurrences(of: #""bodySize": 2000"#, with: #""bodySize": 40000"#)
        .replacingOccurrences(
          of: "2026-01-01T00:00:00.000Z", with: "2026-01-01T00:00:\(index < 5 ? "0" : "")\(index * 2).000Z")
      entries.append(entry)
    }
    let path = try HARImportTests.har(entries)
    var all = try HARReader.entries(contentsOf: path)
    let first = all.map(\.startMs).min()!
    for index in all.indices { all[index].startMs -= first }
    let result = try HARImport(
      entries: all, classes: try TrafficClass(pages: nil, media: nil), files: [path],
      traceStem: "/tmp/x/imported"
    ).run()
    #expect(result.traces.map(\.path) == ["/tmp/x/imported.media.throughput"])
    let scenario = try ScenarioLoader.load(
      data: Array(result.scenarioText.utf8), file: "/tmp/x/imported.json", baseDirectory: "/tmp/x",
      checksFiles: false)
    #expect(scenario.mediaNetwork?.network.trace?.path == "/tmp/x/imported.media.throughput")
    #expect(scenario.mediaNetwork?.network.trace?.format == .throughput)
    #expect(result.traces.first?.text.hasPrefix("0 1\n") == true)
  }
}
