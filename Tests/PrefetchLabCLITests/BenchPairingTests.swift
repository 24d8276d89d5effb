import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabCLI

/// `prefetchlab bench` with both engines: their samples are interleaved per repetition, the order
/// alternating, and the event engine's speed-up is the median of per-repetition ratios. The sample
/// runner is replaced, so nothing here simulates or depends on the machine's speed.
@Suite struct BenchPairingTests {
  static func suite(repetitions: Int, warmup: Int) -> BenchmarkSuite {
    var suite = BenchmarkSuite(sessionSeconds: 1, sessions: 1, repetitions: repetitions, warmup: warmup)
    suite.engines = [.stepped, .event]
    return suite
  }

  /// Work that tells the engines apart (the determinism check compares each engine with itself).
  static func work(_ engine: SimulationEngine) -> BenchmarkSuite.Work {
    BenchmarkSuite.Work(
      sessionFrames: 600, fullFrames: engine == .stepped ? 600 : 40, events: 7, sessionUs: 10_000_000)
  }

  /// Samples as run: engine and that engine's sample number, warm-ups as "w".
  @Test func samplesAlternateEnginesPerRepetitionAfterTheWarmups() throws {
    let suite = Self.suite(repetitions: 4, warmup: 1)
    var ran: [SimulationEngine] = []
    let measurements = try suite.measure(caseLabel: "c", strategy: "s") { engine in
      ran.append(engine)
      // The n-th sample run (from 1) takes n seconds: the CPU times say which ran when.
      return BenchmarkSuite.Sample(work: Self.work(engine), cpuSeconds: Double(ran.count))
    }
    var seen: [SimulationEngine: Int] = [:]
    let labels = ran.map { engine in
      let sample = seen[engine, default: 0]
      seen[engine] = sample + 1
      return engine.rawValue + (sample < 1 ? "w" : "\(sample - 1)")
    }
    #expect(
      labels == [
        "steppedw", "eventw", "stepped0", "event0", "event1", "stepped1", "stepped2", "event2", "event3",
        "stepped3",
      ])
    // One measurement per engine in `engines`' order, each with its timed samples in run order.
    #expect(measurements.map(\.engine) == [.stepped, .event])
    #expect(measurements[0].cpuSeconds == [3, 6, 7, 10])
    #expect(measurements[1].cpuSeconds == [4, 5, 8, 9])
    #expect(measurements.map(\.fullFrames) == [600, 40])
    #expect(measurements.map(\.sessionSeconds) == [10, 10])
  }

  @Test func scheduleIsInTurnForOneEngineAndAlternatesForTwo() {
    let order = BenchmarkSuite.schedule(engineCount: 1, warmup: 2, repetitions: 3)
    #expect(order.map(\.engine) == [0, 0, 0, 0, 0])
    #expect(order.map(\.sample) == [0, 1, 2, 3, 4])
    let two = BenchmarkSuite.schedule(engineCount: 2, warmup: 0, repetitions: 3)
    #expect(two.map(\.engine) == [0, 1, 1, 0, 0, 1])
    #expect(two.map(\.sample) == [0, 0, 1, 1, 2, 2])
  }

  /// Interleaved, each engine's samples are still checked against that engine's first.
  @Test func anEngineWhoseWorkChangesBetweenSamplesFails() {
    let suite = Self.suite(repetitions: 3, warmup: 0)
    var eventSamples = 0
    #expect {
      _ = try suite.measure(caseLabel: "c", strategy: "s") { engine in
        var work = Self.work(engine)
        if engine == .event {
          eventSamples += 1
          if eventSamples == 3 { work.fullFrames += 1 }
        }
        return BenchmarkSuite.Sample(work: work, cpuSeconds: 1)
      }
    } throws: { error in
      (error as? CommandFailure)?.message
        == "c / s / event: sample 3 simulated 41 full frames and 7 events, the first 40 and 7: "
        + "the simulation is not deterministic"
    }
  }

  /// Stepped 1, 2, 4 s and event 0.25, 1.5, 2 s for 600 frames: rates 600, 300, 150 and 2400,
  /// 400, 300 frames/s, ratios 4, 4/3 and 2, median 2 (the ratio of the medians would be 4/3).
  static let paired = BenchmarkReport(
    version: "0.1.0", settings: .init(seconds: 1, sessions: 1, repetitions: 3, warmup: 0),
    peakMemoryBytes: 1,
    rows: [
      .init(
        caseLabel: "c", strategy: "s", engine: "stepped", sessionFrames: 600, fullFrames: 600,
        cpuSeconds: [1, 2, 4]),
      .init(
        caseLabel: "c", strategy: "s", engine: "event", sessionFrames: 600, fullFrames: 40,
        cpuSeconds: [0.25, 1.5, 2]),
      // One engine only: no pair.
      .init(
        caseLabel: "d", strategy: "s", engine: "stepped", sessionFrames: 600, fullFrames: 600,
        cpuSeconds: [1, 1, 1]),
    ])

  @Test func pairedRatioIsTheMedianOfPerRepetitionRatios() throws {
    let pairs = Self.paired.pairedRatios
    try #require(pairs.count == 1)
    #expect(pairs[0].caseLabel == "c" && pairs[0].strategy == "s")
    let expected = [4, 4.0 / 3, 2]
    #expect(zip(pairs[0].sessionFramesPerSecondRatios, expected).allSatisfy { abs($0 - $1) < 1e-12 })
    #expect(pairs[0].sessionFramesPerSecondRatios.count == 3)
    let spread = pairs[0].spread
    #expect(abs(spread.median - 2) < 1e-12 && abs(spread.min - 4.0 / 3) < 1e-12 && spread.max == 4)
    let text = Self.paired.text
    #expect(text.contains("event ÷ stepped session frames/s, paired per repetition (min / median / max)\n"))
    let lines = text.split(separator: "\n").filter { $0.hasSuffix("×") }
    #expect(
      lines.map { $0.split(separator: " ") } == [["c", "s", "1.33", "/", "2", "/", "4", "×"]], "\(text)")
    let json = try #require(Self.paired.json["event_over_stepped"]?.arrayValue)
    #expect(json.count == 1)
    #expect(json.first?["case"] == "c" && json.first?["strategy"] == "s")
    #expect(json.first?["session_frames_per_s_ratios"] == [4, 1.333333, 2])
    #expect(json.first?["session_frames_per_s_ratio"] == ["min": 1.333333, "median": 2, "max": 4])
  }

  /// The warning about short samples names the shortest row: its figures mean least.
  @Test func rowsTooShortToTimeComeShortestFirst() {
    var report = Self.paired
    report.rows[0].cpuSeconds = [0.004, 0.002]
    report.rows[1].cpuSeconds = [0.02, 0.5]
    report.rows[2].cpuSeconds = [0.009, 0.001]
    #expect(report.tooShortToTime.map(\.key) == ["d / s / stepped", "c / s / stepped"])
    report.rows[2].cpuSeconds = [0.002]
    #expect(report.tooShortToTime.map(\.key) == ["c / s / stepped", "d / s / stepped"])
  }

  @Test func oneEngineHasNoPairedSection() {
    var single = Self.paired
    single.rows.removeAll { $0.engine == "event" }
    #expect(single.pairedRatios.isEmpty)
    #expect(!single.text.contains("÷"))
    #expect(single.json["event_over_stepped"] == [])
  }

  /// A baseline written before `event_over_stepped` existed loads, and a file written now loads
  /// back to the same report (the field is derived from `cpu_s`, not read) and compares as usual.
  @Test func baselinesWithAndWithoutThePairedFieldLoad() throws {
    let folder = ScratchFolder()
    let old = folder.write(
      "old.json",
      #"{"tool": "prefetchlab", "version": "0.1.0", "format": 1, "settings": {"seconds": 1, "sessions": 1, "repetitions": 3, "warmup": 0}, "peak_memory_bytes": 1, "results": [{"case": "c", "strategy": "s", "engine": "stepped", "session_frames": 600, "stepped_frames": 600, "cpu_s": [1, 2, 4]}, {"case": "c", "strategy": "s", "engine": "event", "session_frames": 600, "stepped_frames": 40, "cpu_s": [0.25, 1.5, 2]}, {"case": "d", "strategy": "s", "engine": "stepped", "session_frames": 600, "stepped_frames": 600, "cpu_s": [1, 1, 1]}]}"#
    )
    let loaded = try BenchmarkReport(contentsOf: old)
    #expect(loaded == Self.paired)
    #expect(loaded.pairedRatios == Self.paired.pairedRatios)
    let now = folder.write("now.json", Self.paired.json.serialized(pretty: false))
    #expect(try String(contentsOfFile: now, encoding: .utf8).contains(#""event_over_stepped""#))
    #expect(try BenchmarkReport(contentsOf: now) == Self.paired)
    let comparison = BenchmarkComparison(
      current: Self.paired, baseline: loaded, tolerancePercent: 10, baselineLabel: old)
    #expect(comparison.compared.count == 3 && comparison.status == ExitStatus.ok)
  }
}
