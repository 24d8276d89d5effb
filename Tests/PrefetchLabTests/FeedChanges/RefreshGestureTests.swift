import Testing

@testable import PrefetchLab

/// The pull-to-refresh gesture as files and synthetic users give it.
@Suite struct RefreshGestureTests {
  static func scroll(_ script: String) -> String {
    ScenarioFixture.text([("scroll", #"{"script": ["# + script + "]}")])
  }

  /// `{ "refresh": {} }` reads as the gesture, takes no trace time and is written back as read;
  /// a key inside it, or a refresh under `at_end: "press"`, is refused naming the place.
  @Test func aScriptRefreshLoadsAndItsRulesNameThePath() throws {
    let scenario = try ScenarioFixture.load(
      Self.scroll(#"{"wait": {"duration_ms": 1000}}, {"refresh": {}}, {"wait": {"duration_ms": 500}}"#))
    guard case .script(let gestures) = scenario.scroll.source else {
      Issue.record("not a script")
      return
    }
    #expect(gestures == [.wait(durationMs: 1000), .refresh, .wait(durationMs: 500)])
    #expect(Gesture.refresh.json.serialized() == #"{"refresh":{}}"#)
    var script = ScriptedScroll(gestures: gestures, physics: .ios)
    #expect(script.durationUs == 1_500_000)
    let feed = LoadedFeed(scenario: scenario, seed: 1)
    #expect(script.motion(atTraceUs: 999_999, environment: feed).refreshCount == 0)
    let after = script.motion(atTraceUs: 1_000_000, environment: feed)
    #expect(after.refreshCount == 1)
    #expect(after.basePt == 0)
    #expect(
      ScenarioFixture.error(Self.scroll(#"{"refresh": {"pull_ms": 300}}"#))?.hasPrefix(
        "scenarios/x.json: scroll.script[0].refresh: unknown key 'pull_ms'") == true)
    let pressing = ScenarioFixture.text([
      (
        "scroll",
        #"{"at_end": "press", "script": [{"drag": {"velocity_pt_s": 400, "duration_ms": 100}}, {"refresh": {}}]}"#
      )
    ])
    #expect(
      ScenarioFixture.error(pressing)?.contains("a refresh as gesture 2 of the expanded script") == true)
  }

  /// A jumper who always jumps to the top: with `refresh_fraction` p, about p of those jumps end
  /// in a refresh (2 000 gestures: within 0.05 of p), and every gesture is otherwise the one the
  /// same user makes with p = 0 (the refresh draw is its own stream).
  @Test(arguments: [0.0, 0.3, 1.0])
  func aSyntheticUserRefreshesAfterThatShareOfJumpsToTheTop(fraction: Double) {
    var behavior = UserModelSpec(name: .jumper).behaviors[0]
    behavior.jumpFraction = 0.5
    behavior.jumpToTopFraction = 1
    let never = UserModelSpec(name: .jumper, behaviors: [behavior])
    behavior.refreshFraction = fraction
    let spec = UserModelSpec(name: .jumper, behaviors: [behavior])
    let gestures = SyntheticUser.gestures(
      spec, totalItems: 1000, seed: 7, durationUs: .max, maxGestures: 4000)
    let reference = SyntheticUser.gestures(
      never, totalItems: 1000, seed: 7, durationUs: .max, maxGestures: 4000)
    let jumps = gestures.filter { $0.kind == .jumpToTop }
    let share = Double(jumps.filter(\.pullsToRefresh).count) / Double(jumps.count)
    #expect(jumps.count > 1500)
    #expect(abs(share - fraction) <= 0.05, "\(share)")
    #expect(!gestures.contains { $0.pullsToRefresh && $0.kind != .jumpToTop })
    #expect(
      gestures.map {
        var copy = $0
        copy.pullsToRefresh = false
        return copy
      } == reference)
  }
}
