import Dispatch
import Foundation

/// One run of an experiment: a scenario (by index), a configured strategy and a seed.
public struct RunJob: Sendable {
  public let scenarioIndex: Int
  public let strategy: ConfiguredStrategy
  public let seed: UInt64
}

/// A set of runs: scenarios × strategies × seeds, in a canonical order (scenarios sorted by name,
/// each scenario's strategies as listed, seeds ascending), executed in parallel with results that
/// depend neither on the degree of parallelism nor on the order the scenarios were given in.
public struct Experiment: Sendable {
  public let scenarios: [PreparedScenario]
  public let jobs: [RunJob]

  /// - Parameters:
  ///   - scenarios: in any order; `scenarios` holds them sorted by name (names are unique), so
  ///     the command line's order of scenario arguments never changes an output file.
  ///   - strategyOverrides: strategies from the command line; when non-empty they replace every
  ///     scenario's own list.
  ///   - registry: configures the overrides; each scenario's own list was configured when it was
  ///     loaded or prepared (`PreparedScenario.strategies`).
  ///   - seeds: seeds from the command line, in any order; each runs once, in ascending order.
  ///     nil = each scenario's own seed.
  ///   - overrideNames: how the user gave each override, named in an error about it (e.g.
  ///     `--strategy paging3:max_size=25`, or a sweep's `--vary` setting); missing names default
  ///     to `--strategy NAME:non-default parameters`.
  /// - Throws: `StrategyError` for a bad override (a usage error); `InputError` for two scenarios
  ///   with the same name (the later one given), or with every problem of the first scenario
  ///   whose strategies have any (`strategies(for:own:overrides:overrideNames:)`): a
  ///   strategy (its own or an override) whose parameters break a rule with
  ///   its feed (`ConfiguredStrategy.feedRuleViolations`), one run twice; `RunCountLimit` when
  ///   `runLimit` is given and the runs would pass it (checked before any run is planned).
  public init(
    scenarios: [PreparedScenario], strategyOverrides: [StrategySpec] = [], seeds: [UInt64]? = nil,
    registry: StrategyRegistry = .builtIn, overrideNames: [String] = [], runLimit: Int? = nil
  ) throws {
    let seeds = seeds.map { Set($0).sorted() }
    var overrides: [ConfiguredStrategy] = []
    for spec in strategyOverrides { overrides.append(try registry.configure(spec)) }
    var names: [String: String] = [:]
    for prepared in scenarios {
      let scenario = prepared.scenario
      if let earlier = names[scenario.name] { throw Self.nameClash(scenario, earlier: earlier) }
      names[scenario.name] = scenario.sourcePath
    }
    let scenarios = scenarios.sorted { $0.scenario.name < $1.scenario.name }
    var strategyLists: [[ConfiguredStrategy]] = []
    for prepared in scenarios {
      let (strategies, problems) = Self.strategies(
        for: prepared.scenario, own: prepared.strategies, overrides: overrides, overrideNames: overrideNames)
      if let problem = Diagnostics.combined(problems) { throw problem }
      strategyLists.append(strategies)
    }
    // Counted before the plan is built: the plan itself is what outgrew memory.
    let planned = RunCountLimit.plannedRuns(
      strategyCounts: strategyLists.map(\.count),
      seedCounts: scenarios.map { seeds?.count ?? $0.scenario.seedCount })
    if let runLimit, planned.map({ $0 > runLimit }) ?? true {
      throw RunCountLimit(planned: planned, limit: runLimit)
    }
    var jobs: [RunJob] = []
    // Reserved whole: grown by doubling, a big plan briefly held two copies of itself.
    if let planned { jobs.reserveCapacity(planned) }
    for (index, prepared) in scenarios.enumerated() {
      let scenario = prepared.scenario
      for strategy in strategyLists[index] {
        for seed in (seeds ?? scenario.defaultSeeds) {
          jobs.append(RunJob(scenarioIndex: index, strategy: strategy, seed: seed))
        }
      }
    }
    self.scenarios = scenarios
    self.jobs = jobs
  }

  /// Runs every job on `parallelism` threads. `handle` receives each outcome (on a worker
  /// thread, in no particular order, with the job's index) and returns what to keep of it; the
  /// kept values come back in job order.
  public func run<Kept: Sendable>(
    parallelism: Int, options: SimulationOptions = SimulationOptions(),
    handle: @escaping @Sendable (Int, RunJob, RunOutcome) -> Kept
  ) -> [Kept] {
    run(indices: Array(jobs.indices), parallelism: parallelism, options: { _, _ in options }, handle: handle)
  }

  /// Runs the jobs at `indices` (positions in `jobs`, e.g. one shard's) on `parallelism`
  /// threads, each with the options `options` gives it (called with the job's position and the job) (a run whose timeline nobody keeps need
  /// not record one; recording never changes a result). `handle` is called as above; the kept
  /// values come back in the order of `indices`.
  public func run<Kept: Sendable>(
    indices: [Int], parallelism: Int, options: @escaping @Sendable (Int, RunJob) -> SimulationOptions,
    handle: @escaping @Sendable (Int, RunJob, RunOutcome) -> Kept
  ) -> [Kept] {
    let results = ResultSlots<Kept>(count: indices.count)
    let workers = max(1, min(parallelism, indices.count))
    let jobs = self.jobs
    let scenarios = self.scenarios
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let slot = results.claimNext() {
        let index = indices[slot]
        let job = jobs[index]
        let outcome = Simulator.run(
          scenarios[job.scenarioIndex], strategy: job.strategy, seed: job.seed, options: options(index, job))
        results.store(handle(index, job, outcome), at: slot)
      }
    }
    return results.values()
  }
}

/// Work distribution and result storage shared by the worker threads.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private var slots: [Value?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func claimNext() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < slots.count else { return nil }
    next += 1
    return next - 1
  }

  func store(_ value: Value, at index: Int) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  func values() -> [Value] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
