import Testing

@testable import PrefetchLab

/// The oracle planner's shortcut over media slot choices (`OraclePlanner.plan(replayingEveryChoice:)`):
/// once a choice's replays never had their slots hold a fetch back, the larger choices are not
/// replayed. The plan must be the one replaying every choice finds, on bundled scenarios with
/// media and on random feeds; and the shortcut must actually be taken on some of them.
@Suite struct OracleSlotChoiceTests {
  /// What decides the run a plan makes (every field the oracle reads but the observation flag and
  /// the admission's link, which is the scenario's in both).
  struct Fingerprint: Equatable {
    var lastPage: Int
    var offsetPages: [Int]
    var declinedPages: Set<Int>
    var tasks: [OraclePlan.Task]
    var mediaSlots: Int
    var admissionScale: Double
    var slackUs: [Int64]
    var pilotApplyUs: [Int64]
    var visibility: [[OracleObservation.Interval]]
    var noRefetch: Set<Int>

    init(_ plan: OraclePlan) {
      lastPage = plan.lastPage
      offsetPages = plan.offsetPages
      declinedPages = plan.declinedPages
      tasks = plan.tasks
      mediaSlots = plan.mediaSlots
      admissionScale = plan.admission.scale
      slackUs = plan.admission.slackUs
      pilotApplyUs = plan.admission.pilotApplyUs
      visibility = plan.visibility
      noRefetch = plan.noRefetch
    }
  }

  /// Plans `prepared` at `seed` both ways; returns the choices each replayed.
  static func compare(_ prepared: PreparedScenario, seed: UInt64, label: String) -> (
    every: Int, shortcut: Int
  ) {
    let planner = OraclePlanner(RunLookahead(scenario: prepared, seed: seed))
    let every = planner.plan(replayingEveryChoice: true)
    let shortcut = planner.plan(replayingEveryChoice: false)
    #expect(Fingerprint(shortcut.plan) == Fingerprint(every.plan), "\(label)")
    #expect(shortcut.caveats == every.caveats, "\(label)")
    #expect(shortcut.choicesReplayed <= every.choicesReplayed, "\(label)")
    return (every.choicesReplayed, shortcut.choicesReplayed)
  }

  /// Bundled scenarios with media on slow or lossy links, where the page chain's slack admits
  /// little media (seed 1: the oracle's planning replays the session dozens of times).
  @Test(arguments: ["flaky-commute.json", "metro-tunnel-3g.json"])
  func bundledScenariosPlanAlike(file: String) throws {
    let prepared = try PreparedScenario(
      ScenarioLoader.load(contentsOf: OracleBoundTests.bundledFolder + "/" + file))
    _ = Self.compare(prepared, seed: 1, label: "\(file) seed 1")
  }

  /// 60 random feeds (`BoundScenario`): the same plans, and the shortcut skips replays on some.
  @Test func randomFeedsPlanAlike() {
    var generator = BoundScenario(seed: 37_007)
    var skipped = 0
    var replayedEvery = 0
    for index in 0..<60 {
      let prepared = generator.next(index)
      let counts = Self.compare(prepared, seed: prepared.scenario.seed, label: "random \(index)")
      replayedEvery += counts.every
      skipped += counts.every - counts.shortcut
    }
    #expect(replayedEvery > 0)
    #expect(skipped > 0, "no random feed let the planner skip a slot choice")
  }
}
