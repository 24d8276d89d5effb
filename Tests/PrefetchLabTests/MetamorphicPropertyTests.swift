import Testing

@testable import PrefetchLab

/// Metamorphic properties over 1 000 random valid scenarios (`RunnableScenario`, seeded): how the
/// results must change, or not, when the inputs change in a known way.
@Suite struct MetamorphicPropertyTests {
  static let scenarioCount = 1_000
  static let scenarios = RunnableScenario.many(scenarioCount, seed: 20_261_130)

  static func prepare(_ scenario: Scenario) -> PreparedScenario {
    do {
      return try PreparedScenario(scenario)
    } catch {
      fatalError("a generated scenario does not prepare: \(error)")
    }
  }

  /// The generator makes scenarios the loader accepts: each one's JSON reads back.
  @Test func everyGeneratedScenarioIsValid() throws {
    var rejected: [String] = []
    for scenario in Self.scenarios {
      let text = scenario.json().serialized()
      do {
        _ = try ScenarioLoader.load(data: Array(text.utf8), file: scenario.sourcePath, baseDirectory: "")
      } catch {
        rejected.append(error.description)
      }
    }
    #expect(rejected.isEmpty, "\(rejected.prefix(3))")
    #expect(Set(Self.scenarios.map(\.name)).count == Self.scenarioCount)
  }

  /// Zero round trips, unlimited bandwidth and no apply delay (nor failures, outages, a rate
  /// limit or radio promotion): nothing ever stalls, for any strategy that looks at every frame.
  /// Texture does not look while a finger is down (it waits for the lift, as Texture does), so
  /// it is checked here with `check_during_drag`. `intersection_observer` is left out: its
  /// observer reports changes only, at rendering steps, so a page that lands at once and pushes
  /// the sentinel out between two frames, when the next frame brings it back, is never reported,
  /// and the list is stuck even at zero latency, as in a browser (`PressAtEndTests` and the
  /// browser validation check that case).
  @Test(arguments: allStrategies.filter { $0 != "intersection_observer" })
  func noLatencyMeansNoStall(strategy: String) {
    let parameters: [String: ParameterValue] =
      strategy == "directional_ranges" ? ["check_during_drag": .bool(true)] : [:]
    let configured = TestScenarios.configured(strategy, parameters)
    var stalled: [String] = []
    for scenario in Self.scenarios {
      let prepared = Self.prepare(RunnableScenario.withoutLatency(scenario))
      let summary = Simulator.run(
        prepared, strategy: configured, seed: scenario.seed,
        options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false)
      ).summary
      if summary.stallCount != 0 || summary.stallUs != 0 {
        stalled.append("\(scenario.name): \(summary.stallCount) stalls, \(summary.stallUs) µs")
      }
    }
    #expect(stalled.isEmpty, "\(stalled.count) stalled, e.g. \(stalled.prefix(5))")
  }

  /// infinite_scroll asks for a page only when the footer shows, so each page costs a stall of
  /// about the round trip less the time the user takes to cross the footer: with a constant
  /// round trip (and nothing else clock-dependent: unlimited bandwidth and connections, no
  /// failures, patience never reached), more latency never means less stall. The round trips
  /// differ by more than two frames (24 Hz at the slowest), so the frame at which a trigger is
  /// seen, which can move by up to one frame between runs, cannot reverse the order.
  @Test func stallNeverDecreasesWithLatencyForInfiniteScroll() {
    let configured = TestScenarios.configured("infinite_scroll")
    let latenciesMs = [0.0, 100, 250, 600]
    var reversed: [String] = []
    var stallsSeen = 0
    for scenario in Self.scenarios {
      let stalls = latenciesMs.map { rtt in
        Simulator.run(
          Self.prepare(RunnableScenario.withConstantLatency(scenario, rttMs: rtt)), strategy: configured,
          seed: scenario.seed, options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false)
        ).summary.stallUs
      }
      if stalls.last ?? 0 > 0 { stallsSeen += 1 }
      if zip(stalls, stalls.dropFirst()).contains(where: { $0 > $1 }) {
        reversed.append("\(scenario.name): \(stalls)")
      }
    }
    #expect(reversed.isEmpty, "\(reversed.count) reversed, e.g. \(reversed.prefix(5))")
    // The property is not vacuous: most scenarios stall at the longest round trip.
    #expect(stallsSeen > Self.scenarioCount / 4)
  }

  /// The same experiment gives the same results whatever the parallelism and whatever order the
  /// scenarios come in (each scenario runs one strategy, in turn).
  @Test func resultsIndependentOfJobsAndScenarioOrder() throws {
    let prepared = Self.scenarios.enumerated().map { index, scenario in
      var scenario = scenario
      scenario.strategies = [StrategySpec(name: allStrategies[index % allStrategies.count])]
      return Self.prepare(scenario)
    }
    func results(_ scenarios: [PreparedScenario], jobs: Int) throws -> [String] {
      let experiment = try Experiment(scenarios: scenarios)
      return experiment.run(
        parallelism: jobs, options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false)
      ) { _, job, outcome in
        "\(experiment.scenarios[job.scenarioIndex].scenario.name) \(job.strategy.label) \(job.seed) \(outcome.summary)"
      }
    }
    var shuffler = SplitMix64(seed: 7)
    let one = try results(prepared, jobs: 1)
    #expect(one.count == Self.scenarioCount)
    #expect(try results(prepared.shuffled(using: &shuffler), jobs: 4) == one)
    #expect(try results(prepared.reversed(), jobs: 3) == one)
  }
}
