import Foundation
import Testing

@testable import PrefetchLab

/// A file in a fresh temporary folder, removed when the test ends.
final class TemporaryTraceFile {
  let folder: URL
  let path: String

  init(_ contents: String, name: String = "trace.txt") throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefetchlab-trace-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent(name).path
    try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}

private typealias Segment = BandwidthTrace.Segment

/// Loads `contents` written to a temporary file; the error's file is replaced by "T" so
/// expectations do not depend on the temporary path.
private func load(_ contents: String, _ format: BandwidthTraceFormat, loop: Bool = true)
  throws(InputError) -> BandwidthTrace
{
  let file: TemporaryTraceFile
  do { file = try TemporaryTraceFile(contents) } catch {
    throw InputError(file: "T", location: "", message: "could not write the fixture: \(error)")
  }
  do {
    return try BandwidthTraceLoader.load(path: file.path, format: format, loop: loop)
  } catch {
    #expect(error.file == file.path)
    throw InputError(file: "T", location: error.location, message: error.message)
  }
}

private func loadError(_ contents: String, _ format: BandwidthTraceFormat, loop: Bool = true)
  -> InputError?
{
  do {
    _ = try load(contents, format, loop: loop)
    return nil
  } catch { return error }
}

@Suite struct BandwidthTraceLoaderTests {
  // MARK: Files

  @Test(arguments: BandwidthTraceFormat.allCases)
  func missingFileNamesThePath(format: BandwidthTraceFormat) {
    #expect(
      throws: InputError(
        file: "/nonexistent/x.trace", location: "", message: "bandwidth trace file not found")
    ) {
      try BandwidthTraceLoader.load(path: "/nonexistent/x.trace", format: format, loop: true)
    }
  }

  @Test(arguments: BandwidthTraceFormat.allCases)
  func emptyFileIsAnError(format: BandwidthTraceFormat) {
    #expect(
      loadError("", format)
        == InputError(file: "T", location: "", message: "the bandwidth trace file is empty"))
  }

  @Test func folderIsAnError() throws {
    let file = try TemporaryTraceFile("1\n")
    #expect(throws: InputError.self) {
      try BandwidthTraceLoader.load(path: file.folder.path, format: .mahimahi, loop: true)
    }
  }

  // MARK: Mahimahi

  @Test func mahimahiBucketsMillisecondsAndWrapsMillisecondZero() throws {
    // ms 0 ×2, ms 1 ×3, ms 3 ×1, ms 5 ×2; with looping ms 0's two go to (4, 5] ms.
    let trace = try load("0\n0\n1\n1\n1\n3\n5\n5\n", .mahimahi)
    #expect(trace.loops)
    #expect(trace.periodUs == 5000)
    #expect(
      trace.segments == [
        Segment(durationUs: 1000, bytesPerSecond: 4_500_000),
        Segment(durationUs: 1000, bytesPerSecond: 0),
        Segment(durationUs: 1000, bytesPerSecond: 1_500_000),
        Segment(durationUs: 1000, bytesPerSecond: 0),
        Segment(durationUs: 1000, bytesPerSecond: 6_000_000),
      ])
    #expect(trace.periodBytes == 8 * 1500)
  }

  @Test func mahimahiWithoutLoopDropsMillisecondZero() throws {
    let trace = try load("0\n0\n1\n1\n1\n3\n5\n5\n", .mahimahi, loop: false)
    #expect(trace.segments.last == Segment(durationUs: 1000, bytesPerSecond: 3_000_000))
    #expect(trace.periodBytes == 6 * 1500)
    #expect(trace.capacityBytesPerSecond(atUs: 60_000_000) == 3_000_000)
  }

  @Test func mahimahiMergesRunsOfEqualMilliseconds() throws {
    let trace = try load("1\n2\n3\n5\r\n  6 \n\n\n", .mahimahi)
    #expect(
      trace.segments == [
        Segment(durationUs: 3000, bytesPerSecond: 1_500_000),
        Segment(durationUs: 1000, bytesPerSecond: 0),
        Segment(durationUs: 2000, bytesPerSecond: 1_500_000),
      ])
  }

  @Test func mahimahiLongGapIsOneZeroSegment() throws {
    let trace = try load("1\n100001\n", .mahimahi)
    #expect(
      trace.segments == [
        Segment(durationUs: 1000, bytesPerSecond: 1_500_000),
        Segment(durationUs: 99_999_000, bytesPerSecond: 0),
        Segment(durationUs: 1000, bytesPerSecond: 1_500_000),
      ])
  }

  @Test(arguments: [
    ("1\nabc\n", "line 2", "expected a timestamp in ms (an integer from 0 to 1000000000000), got \"abc\""),
    ("1\n-3\n", "line 2", "expected a timestamp in ms (an integer from 0 to 1000000000000), got \"-3\""),
    ("1\n2.5\n", "line 2", "expected a timestamp in ms (an integer from 0 to 1000000000000), got \"2.5\""),
    (
      "99999999999999999999\n", "line 1",
      "expected a timestamp in ms (an integer from 0 to 1000000000000), got \"99999999999999999999\""
    ),
    ("5\n7\n3\n", "line 3", "timestamps must not decrease, got 3 ms after 7 ms"),
    ("0\n0\n", "line 2", "the last timestamp is the trace's duration and must be > 0 ms, got 0"),
    ("1\n\n2\n", "line 2", "expected a timestamp in ms (an integer >= 0), got an empty line"),
    ("\n\n", "", "no timestamps found"),
  ])
  func mahimahiErrors(contents: String, location: String, message: String) {
    #expect(
      loadError(contents, .mahimahi) == InputError(file: "T", location: location, message: message))
  }

  // MARK: Throughput

  @Test func throughputRowHoldsOverThePrecedingInterval() throws {
    let trace = try load("0.0\t9.9\n1.0\t8\n2.5  0.8\r\n\n", .throughput)
    #expect(
      trace.segments == [
        Segment(durationUs: 1_000_000, bytesPerSecond: 1_000_000),
        Segment(durationUs: 1_500_000, bytesPerSecond: 100_000),
      ])
    #expect(trace.periodUs == 2_500_000)
  }

  @Test func throughputStartsAtTheFirstTimeAndRoundsTimesToMicroseconds() throws {
    let trace = try load("10.0000004 1\n10.0000016 1e-3\n11 2\n11 5\n", .throughput, loop: false)
    // 10.0000004 → 10 000 000 µs, 10.0000016 → 10 000 002 µs; the equal times give an empty row.
    #expect(
      trace.segments == [
        Segment(durationUs: 2, bytesPerSecond: 125),
        Segment(durationUs: 999_998, bytesPerSecond: 250_000),
      ])
  }

  @Test(arguments: [
    ("0 1\n", "line 1", "a throughput trace needs at least 2 rows (row 0 only marks the start time), got 1"),
    ("0 1\n1 2 3\n", "line 2", "expected 2 columns (time_s, Mbit/s), got 3: \"1 2 3\""),
    ("0 1\n1\n", "line 2", "expected 2 columns (time_s, Mbit/s), got 1: \"1\""),
    ("0 1\n1 nan\n", "line 2", "throughput must be a number >= 0 (Mbit/s), got \"nan\""),
    ("0 1\n1 -2\n", "line 2", "throughput must be a number >= 0 (Mbit/s), got \"-2\""),
    ("0 1\ninf 2\n", "line 2", "time must be a number >= 0 (s), got \"inf\""),
    ("0 1\n1 0x10\n", "line 2", "throughput must be a number >= 0 (Mbit/s), got \"0x10\""),
    ("0 1\n1 1e999\n", "line 2", "throughput must be a number >= 0 (Mbit/s), got \"1e999\""),
    ("0 1\n2 2\n1.5 3\n", "line 3", "times must not decrease, got \"1.5\" s after 2 s"),
    ("0 1\n\n2 2\n", "line 2", "expected a row `time_s Mbit/s`, got an empty line"),
    ("3 1\n3 2\n", "line 2", "the trace lasts 0 s: the last time must be greater than the first"),
    ("0 7\n1 0\n2 0\n", "", "the trace has no capacity at all: every segment is 0 bytes/s"),
  ])
  func throughputErrors(contents: String, location: String, message: String) {
    #expect(
      loadError(contents, .throughput)
        == InputError(file: "T", location: location, message: message))
  }

  // MARK: Periods

  @Test func periodsBecomeSegmentsWithLatency() throws {
    let trace = try load(
      """
      [ {"duration_ms": 1000, "bandwidth_kbps": 800, "latency_ms": 100},
        {"latency_ms": 20, "duration_ms": 500.5, "bandwidth_kbps": 0},
        {"duration_ms": 0, "bandwidth_kbps": 5, "latency_ms": 1} ]
      """, .periods)
    #expect(
      trace.segments == [
        Segment(durationUs: 1_000_000, bytesPerSecond: 100_000, latencyMs: 100),
        Segment(durationUs: 500_500, bytesPerSecond: 0, latencyMs: 20),
      ])
    #expect(trace.latencyMs(atUs: 1_200_000) == 20)
    #expect(trace.latencyMs(atUs: 1_600_000) == 100)
  }

  @Test func periodsWithoutLatency() throws {
    let trace = try load(#"[{"duration_ms": 2, "bandwidth_kbps": 1.5e3}]"#, .periods)
    #expect(trace.segments == [Segment(durationUs: 2000, bytesPerSecond: 187_500)])
    #expect(trace.latencyMs(atUs: 0) == nil)
  }

  @Test(arguments: [
    (
      #"[{"duration_ms": 1, "bandwidth_kbps": 1}, {"duration_ms": 1, "bandwith_kbps": 1}]"#,
      "[1].bandwith_kbps", "unknown key (expected duration_ms, bandwidth_kbps or latency_ms)"
    ),
    (#"[{"duration_ms": 1, "bandwidth_kbps": -5}]"#, "[0].bandwidth_kbps", "must be >= 0, got -5"),
    (
      #"[{"duration_ms": "1000", "bandwidth_kbps": 1}]"#, "[0].duration_ms",
      "must be a number >= 0, got a string"
    ),
    (
      #"[{"duration_ms": true, "bandwidth_kbps": 1}]"#, "[0].duration_ms",
      "must be a number >= 0, got a boolean"
    ),
    (#"[{"duration_ms": null, "bandwidth_kbps": 1}]"#, "[0].duration_ms", "must be a number >= 0, got null"),
    (
      #"[{"duration_ms": [1], "bandwidth_kbps": 1}]"#, "[0].duration_ms",
      "must be a number >= 0, got an array"
    ),
    (
      #"[{"duration_ms": 1e999, "bandwidth_kbps": 1}]"#, "[0].duration_ms",
      "must be a finite number, got \"1e999\""
    ),
    (
      #"[{"duration_ms": 01, "bandwidth_kbps": 1}]"#, "[0].duration_ms",
      "must be a JSON number (no leading zeros), got \"01\""
    ),
    (#"[{"duration_ms": 1, "duration_ms": 2, "bandwidth_kbps": 1}]"#, "[0].duration_ms", "duplicate key"),
    (#"[{"duration_ms": 1}]"#, "[0]", "missing bandwidth_kbps"),
    (#"[{"bandwidth_kbps": 1}]"#, "[0]", "missing duration_ms"),
    (
      #"[{"duration_ms": 1, "bandwidth_kbps": 1}, 5]"#, "[1]",
      "must be an object {duration_ms, bandwidth_kbps, latency_ms}, got \"5]\""
    ),
    (
      #"[{"duration_ms": 1, "bandwidth_kbps": 1, "latency_ms": 5}, {"duration_ms": 1, "bandwidth_kbps": 1}]"#,
      "[1]", "latency_ms must be given in every period or none: period 0 has it, this one does not"
    ),
    (
      #"[{"duration_ms": 1, "bandwidth_kbps": 0}, {"duration_ms": 5, "bandwidth_kbps": 0}]"#, "",
      "the trace has no capacity at all: every segment is 0 bytes/s"
    ),
    ("[]", "", "a periods trace needs at least one period, got []"),
    (
      #"{"duration_ms": 1}"#, "line 1",
      "a periods trace must be a JSON array of {duration_ms, bandwidth_kbps, latency_ms} objects, got an object"
    ),
    (
      "[\n{\"duration_ms\": 1, \"bandwidth_kbps\": 1}\n\n] x", "line 4",
      "expected the end of the file after the array, got \"x\""
    ),
    (
      "[\n{\"duration_ms\": 1 \"bandwidth_kbps\": 1}]", "line 2",
      "expected `,` or `}` in period 0, got a string"
    ),
    (
      "[{\"duration_ms\": 1, \"bandwidth_kbps\": 1}", "line 1",
      "expected `,` or `]` after period 0, got the end of the file"
    ),
    ("[{\"duration_ms", "line 1", "unterminated string"),
  ])
  func periodsErrors(contents: String, location: String, message: String) {
    #expect(
      loadError(contents, .periods) == InputError(file: "T", location: location, message: message))
  }

  @Test func deeplyNestedPeriodsAreAnErrorNotAStackOverflow() {
    #expect(
      loadError(String(repeating: "[", count: 100_000), .periods)
        == InputError(
          file: "T", location: "[0]",
          message: "must be an object {duration_ms, bandwidth_kbps, latency_ms}, got an array"))
  }

  @Test func periodsErrorDescriptionNamesFileIndexAndRule() {
    let error = InputError(
      file: "net/x.json", location: "[12].bandwidth_kbps", message: "must be >= 0, got -5")
    #expect(error.description == "net/x.json: [12].bandwidth_kbps: must be >= 0, got -5")
  }

  @Test func hostileBytesNeverCrash() {
    // Random bytes drawn mostly from each format's own alphabet: every outcome is a trace or an
    // InputError, never a trap.
    var generator = SplitMix64(seed: 99)
    let alphabet = Array("0123456789 .\t\n\r-e[]{}\":,duration_msbandwidth_kbpslatency_ms".utf8)
    var loaded = 0
    for round in 0..<600 {
      let length = Int(generator.next() % 120) + 1
      let bytes: [UInt8] = (0..<length).map { _ in
        let draw = generator.next()
        return draw % 10 == 0
          ? UInt8(truncatingIfNeeded: draw >> 8) : alphabet[Int((draw >> 8) % UInt64(alphabet.count))]
      }
      if (try? BandwidthTrace.mahimahi(bytes: bytes, file: "x", loop: round % 2 == 0)) != nil { loaded += 1 }
      if (try? BandwidthTrace.throughput(bytes: bytes, file: "x", loop: round % 2 == 0)) != nil {
        loaded += 1
      }
      if (try? BandwidthTrace.periods(bytes: bytes, file: "x", loop: round % 2 == 0)) != nil { loaded += 1 }
    }
    #expect(loaded < 3 * 600)
  }
}
