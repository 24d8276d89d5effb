import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabCLI

/// `prefetchlab bench` with both engines: their samples are interleaved per repetition, the order
/// alternating. The sample runner is replaced, so nothing here simulates or depends on the
/// machine's speed.
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
}
