import Foundation
import Testing

@testable import PrefetchLab

/// The closed loop of `fit-users` (docs/populations.md, "Users fitted to recordings"): sessions
/// of known synthetic users, traced as `prefetchlab trace` traces them, fitted back. The fit
/// must name each session's model, recover every parameter within the tolerances the docs
/// state, and run a population whose mean stall and blank time are within 15 % of the
/// original's.
@Suite struct UserFitClosedLoopTests {
  static let models: [UserModelName] = [.reader, .skimmer, .flinger]
  static let seeds: ClosedRange<UInt64> = 1...30

  /// A slow network, so that infinite scroll stalls for every model, and a feed too long to end.
  static let scenarioJSON = """
    {
      "name": "loop", "duration_s": 120, "seed": 1,
      "feed": {"total_items": 100000, "page_size": 20, "item_height_pt": {"uniform": {"min": 80, "max": 400}},
               "media_bytes": {"lognormal": {"median": 60000, "sigma": 0.8}}, "media_fraction": 0.6},
      "network": {"rtt_ms": {"lognormal": {"median": 400, "sigma": 0.5}}, "bandwidth_kbps": 3000},
      "scroll": {"physics": "android", "model": "reader"}
    }
    """

  struct Loop: Sendable {
    var sessions: [RecordedSession]
    var fit: UserPopulationFit
  }

  /// The sessions as `prefetchlab trace` traces them (every frame, with its phase) and their
  /// fit, made once for the suite. The first session of each model goes through its CSV text
  /// and the session reader; the others are taken from the rows directly (the same values:
  /// the text is only slower to build in a debug build).
  static let shared: Result<Loop, any Error> = Result { try loop() }

  static func loop() throws -> Loop {
    var sessions: [RecordedSession] = []
    for model in models {
      var scenario = try ScenarioLoader.load(
        data: Array(scenarioJSON.utf8), file: "loop.json", baseDirectory: "")
      scenario.scroll.source = .model(UserModelSpec(name: model))
      let prepared = try PreparedScenario(scenario)
      for seed in seeds {
        let rows = ScrollTrace.rows(prepared, seed: seed)
        let samples = rows.map {
          RecordedSession.Sample(timeMs: Double($0.traceUs) / 1000, offsetPt: $0.offsetPt, phase: $0.phase)
        }
        if seed == seeds.lowerBound {
          var text = "t_ms,offset_pt,velocity_pt_s,phase,projected_target_pt\n"
          for row in rows {
            text +=
              "\(Double(row.traceUs) / 1000),\(row.offsetPt),\(row.velocityPtS),\(row.phase),\(row.projectedTargetPt)\n"
          }
          let parsed = try RecordedSession.parse(text, file: "\(model)-\(seed).csv")
          #expect(parsed.samples == samples)
        }
        sessions.append(RecordedSession(samples: samples, sourcePath: "\(model)-\(seed).csv"))
      }
    }
    return Loop(sessions: sessions, fit: UserPopulationFit(sessions: sessions, grouping: .named))
  }

  /// Tolerances (docs/populations.md): medians within 10 %, sigmas within 0.05, the fling and
  /// reversal fractions within 0.05 and 0.03. The sampling error alone (≥ 900 touches per
  /// model) is below a third of each; the rest covers the frame grid (a touch's edges are known
  /// to one frame, 16.7 ms at 60 Hz: ±7 % of the flinger's 120 ms strokes, which widens their
  /// sigma), the release speed extrapolated over half a frame of Android's spline, and its cap at
  /// 8000 dp/s (2.7 % of the flinger's releases exceed it, which narrows their sigma).
  @Test func theFitRecoversEachModel() throws {
    let loop = try Self.shared.get()
    let n = Self.seeds.count
    #expect(loop.fit.groups.map(\.model) == Self.models)
    #expect(loop.fit.groups.map(\.sessions) == Self.models.indices.map { Array($0 * n..<($0 + 1) * n) })
    for group in loop.fit.groups {
      let truth = UserBehavior.defaults(for: group.model)
      let fitted = group.behavior
      for (name, got, want) in [
        ("dwell_ms", fitted.dwellMs, truth.dwellMs), ("stroke_ms", fitted.strokeMs, truth.strokeMs),
        ("drag_velocity_pt_s", fitted.dragVelocityPtS, truth.dragVelocityPtS),
      ]
        + (truth.flingFraction > 0
          ? [("fling_velocity_pt_s", fitted.flingVelocityPtS, truth.flingVelocityPtS)] : [])
      {
        guard case .lognormal(let median, let sigma) = got,
          case .lognormal(let trueMedian, let trueSigma) = want
        else {
          Issue.record("\(group.model) \(name): not a lognormal")
          continue
        }
        #expect(
          abs(median / trueMedian - 1) <= 0.10, "\(group.model) \(name) median \(median) vs \(trueMedian)")
        #expect(abs(sigma - trueSigma) <= 0.05, "\(group.model) \(name) sigma \(sigma) vs \(trueSigma)")
      }
      #expect(abs(fitted.flingFraction - truth.flingFraction) <= 0.05, "\(group.model) fling_fraction")
      #expect(
        abs(fitted.reversalFraction - truth.reversalFraction) <= 0.03, "\(group.model) reversal_fraction")
      #expect(fitted.jumpFraction == 0, "\(group.model) jump_fraction")
    }
  }

  /// Sessions per segment in the population comparison (each a 120 s run of infinite_scroll).
  static let populationSeeds: ClosedRange<UInt64> = 1...10

  /// The population file the fit writes, read as `run --population` reads it, runs
  /// infinite_scroll with a mean stall and a mean blank time within 15 % of the original
  /// population's (the three models at their defaults, equal weights), on the same seeds.
  @Test func theFittedPopulationStallsAsTheOriginalDoes() throws {
    let loop = try Self.shared.get()
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.scenarioJSON.write(toFile: folder + "/loop.json", atomically: true, encoding: .utf8)
    let fitted = loop.fit.populationJSON(
      name: "fitted", scenarioPath: "loop.json", physics: .android, sessionCount: loop.sessions.count)
    try fitted.serialized(pretty: true).write(
      toFile: folder + "/fitted.json", atomically: true, encoding: .utf8)
    let original = Self.models.map {
      #"{"name": "\#($0)", "weight": 30, "scenario": "loop.json", "user": "\#($0)"}"#
    }
    try #"{"name": "original", "segments": [\#(original.joined(separator: ","))]}"#.write(
      toFile: folder + "/original.json", atomically: true, encoding: .utf8)
    let strategy = TestScenarios.configured("infinite_scroll")
    func means(_ file: String) throws -> (stallMs: Double, blankMs: Double) {
      let population = try PopulationLoader.load(contentsOf: folder + "/" + file)
      var stall = 0.0
      var blank = 0.0
      for (segment, share) in zip(population.segments, population.shares) {
        let prepared = try PreparedScenario(segment.scenario)
        for seed in Self.populationSeeds {
          let summary = Simulator.run(
            prepared, strategy: strategy, seed: seed,
            options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false)
          ).summary
          let weight = share / Double(Self.populationSeeds.count) / 1000
          stall += Double(summary.stallUs) * weight
          blank += Double(summary.blankUs) * weight
        }
      }
      return (stall, blank)
    }
    let before = try means("original.json")
    let after = try means("fitted.json")
    #expect(before.stallMs > 1000 && before.blankMs > 1000, "the comparison is not vacuous: \(before)")
    #expect(
      abs(after.stallMs / before.stallMs - 1) <= 0.15, "stall \(after.stallMs) ms vs \(before.stallMs) ms")
    #expect(
      abs(after.blankMs / before.blankMs - 1) <= 0.15, "blank \(after.blankMs) ms vs \(before.blankMs) ms")
    print(
      "closed loop: stall \(before.stallMs) → \(after.stallMs) ms, blank \(before.blankMs) → \(after.blankMs) ms"
    )
  }
}
