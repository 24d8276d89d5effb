import Foundation
import PrefetchLab
import PrefetchLabReports
import Testing

@testable import PrefetchLabCLI

/// `bench` tells its progress observer of each case × strategy it measured, between samples.
@Suite struct BenchProgressTests {
  /// Records what it is told, in order.
  final class Recorder: ProgressObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [String] = []
    var log: [String] { lock.withLock { calls } }
    func started(_ phase: WorkPhase, total: Int) { lock.withLock { calls.append("start \(phase) \(total)") } }
    func advanced(_ phase: WorkPhase, by units: Int) { lock.withLock { calls.append("+\(units)") } }
    func finished(_ phase: WorkPhase, note: String) { lock.withLock { calls.append("end \(phase)") } }
  }

  @Test func eachCaseAndStrategyAdvancesTheMeasuringPhaseOnce() throws {
    var suite = BenchmarkSuite(sessionSeconds: 1, sessions: 1, repetitions: 1, warmup: 0)
    suite.users = [.reader]
    let strategies = try ["fixed_threshold", "paging3"].map {
      try StrategyRegistry.builtIn.configure(StrategySpec(name: $0))
    }
    let recorder = Recorder()
    let measurements = try suite.run(strategies: strategies, progress: recorder)
    // 4 reader cases × 2 strategies, each measured on both engines.
    #expect(measurements.count == 16)
    #expect(recorder.log == ["start measuring 8"] + Array(repeating: "+1", count: 8) + ["end measuring"])
    #expect(ProgressDisplay.units(.measuring, 1) == "case × strategy")
    #expect(ProgressDisplay.units(.measuring, 8) == "cases × strategies")
  }
}
