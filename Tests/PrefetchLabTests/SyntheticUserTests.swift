import Foundation
import Testing

@testable import PrefetchLab

/// Statistics over many seeds against each model's parameters. With ~10⁴ touches per model the
/// standard errors are ≈ 0.005 for shares and ≈ 1 % for means of lognormals with sigma ≤ 0.8, so
/// the tolerances (0.02 for shares, 4 % for means) are four standard errors: a model that used a
/// median for a mean (×e^(σ²/2), +10…38 %) or took the reversal share as the probability of going
/// back (2q(1 − q) ≠ q) fails them.
@Suite struct SyntheticUserTests {
  static let seeds: ClosedRange<UInt64> = 1...120

  struct Statistics {
    var touches = 0
    var flings = 0
    var reversals = 0
    var dwellUs: [Double] = []
    var backDwellUs: [Double] = []
    var dragSpeeds: [Double] = []
    var flingSpeeds: [Double] = []
    var strokesUs: [Double] = []
    var jumps = 0
    var jumpsToTop = 0
    var gestures = 0
  }

  static func statistics(_ spec: UserModelSpec, durationUs: Int64 = 300_000_000) -> Statistics {
    var stats = Statistics()
    for seed in seeds {
      let gestures = SyntheticUser.gestures(spec, totalItems: 1000, seed: seed, durationUs: durationUs)
      var previousTouch: SyntheticUser.GestureRecord? = nil
      for gesture in gestures {
        stats.gestures += 1
        switch gesture.kind {
        case .jumpToTop:
          stats.jumps += 1
          stats.jumpsToTop += 1
        case .jumpToItem(let item):
          stats.jumps += 1
          #expect(item >= 0 && item < 200)
        case .touch:
          stats.touches += 1
          if gesture.flingSpeedPtS != nil { stats.flings += 1 }
          if let previous = previousTouch, previous.direction != gesture.direction { stats.reversals += 1 }
          if gesture.direction > 0 {
            stats.dwellUs.append(Double(gesture.dwellUs))
          } else {
            stats.backDwellUs.append(Double(gesture.dwellUs))
          }
          stats.dragSpeeds.append(gesture.dragSpeedPtS)
          stats.strokesUs.append(Double(gesture.strokeUs))
          if let speed = gesture.flingSpeedPtS { stats.flingSpeeds.append(speed) }
          previousTouch = gesture
        }
      }
    }
    return stats
  }

  static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }

  @Test(arguments: UserModelName.behaviours)
  func touchStatisticsMatchParameters(model: UserModelName) {
    let behavior = UserBehavior.defaults(for: model)
    let stats = Self.statistics(UserModelSpec(name: model))
    #expect(stats.touches > 5000)
    #expect(abs(Double(stats.flings) / Double(stats.touches) - behavior.flingFraction) < 0.02)
    #expect(
      abs(Double(stats.reversals) / Double(stats.touches - Self.seeds.count) - behavior.reversalFraction)
        < 0.02)
    func close(_ measured: Double, _ expected: Double?, tolerance: Double = 0.04) -> Bool {
      guard let expected else { return false }
      return abs(measured / expected - 1) < tolerance
    }
    #expect(close(Self.mean(stats.dwellUs) / 1000, behavior.dwellMs.mean))
    #expect(close(Self.mean(stats.dragSpeeds), behavior.dragVelocityPtS.mean))
    #expect(close(Self.mean(stats.strokesUs) / 1000, behavior.strokeMs.mean))
    if behavior.flingFraction > 0 {
      #expect(close(Self.mean(stats.flingSpeeds), behavior.flingVelocityPtS.mean))
    }
    // Re-reading dwells follow the touches that went back (fewer of them: 8 % tolerance).
    if stats.backDwellUs.count > 1000 {
      #expect(close(Self.mean(stats.backDwellUs) / 1000, behavior.rereadDwellMs.mean, tolerance: 0.08))
    }
  }

  /// The skimmer carries the recorded touch-dynamics figures as its parameters: 58 % flings, 12 %
  /// reversals, median dwell 1.8 s, median stroke 0.67 s.
  @Test func skimmerUsesTouchDynamicsFigures() {
    let stats = Self.statistics(UserModelSpec(name: .skimmer))
    let sortedDwell = (stats.dwellUs + stats.backDwellUs).sorted()
    let sortedStroke = stats.strokesUs.sorted()
    #expect(abs(sortedDwell[sortedDwell.count / 2] / 1e6 - 1.8) < 0.06)
    #expect(abs(sortedStroke[sortedStroke.count / 2] / 1e6 - 0.67) < 0.02)
    #expect(abs(Double(stats.flings) / Double(stats.touches) - 0.58) < 0.02)
  }

  @Test func jumperJumpsAsParameterised() {
    let stats = Self.statistics(UserModelSpec(name: .jumper))
    #expect(abs(Double(stats.jumps) / Double(stats.gestures) - 0.1) < 0.02)
    #expect(abs(Double(stats.jumpsToTop) / Double(stats.jumps) - 0.5) < 0.05)
  }

  /// The chain stays with probability 0.9 per gesture: mean episode length 10 gestures, and each
  /// behaviour gets a fifth of the gestures.
  @Test func mixedSwitchesBehavioursLikeItsChain() {
    let spec = UserModelSpec(name: .mixed)
    var episodes = 0
    var gestures = 0
    var perBehavior = [Int](repeating: 0, count: 5)
    for seed in Self.seeds {
      let records = SyntheticUser.gestures(spec, totalItems: 1000, seed: seed, durationUs: 300_000_000)
      gestures += records.count
      episodes += 1
      for index in records.indices {
        perBehavior[records[index].behavior] += 1
        if index > 0 && records[index].behavior != records[index - 1].behavior { episodes += 1 }
      }
    }
    #expect(abs(Double(gestures) / Double(episodes) - 10) < 1)
    for count in perBehavior { #expect(abs(Double(count) / Double(gestures) - 0.2) < 0.05) }
  }

  /// The scroll source replays the gestures: a drag at the drawn speed, then the fling's curve.
  @Test func scrollFollowsTheGestures() throws {
    let spec = UserModelSpec(name: .flinger)
    let records = SyntheticUser.gestures(spec, totalItems: 1000, seed: 7, durationUs: 60_000_000)
    var scroll = SyntheticUser.scroll(spec, physics: .ios, totalItems: 1000, seed: 7, durationUs: 60_000_000)
    #expect(scroll.durationUs == 60_000_000)
    let touch = try #require(records.first { $0.kind == .touch && $0.flingSpeedPtS != nil })
    let dragging = scroll.sample(atTraceUs: touch.startUs + touch.strokeUs / 2, environment: OpenFeed())
    #expect(dragging.phase == .dragging)
    #expect(abs(dragging.velocityPtS - touch.direction * touch.dragSpeedPtS) < 1e-9)
    let released = scroll.sample(atTraceUs: touch.startUs + touch.strokeUs, environment: OpenFeed())
    #expect(released.phase == .decelerating)
    #expect(abs(released.velocityPtS - touch.direction * touch.flingSpeedPtS!) < 1e-6)
  }

  @Test func sameSeedSameGesturesOtherSeedOthers() {
    for model in UserModelName.allCases {
      let spec = UserModelSpec(name: model)
      let first = SyntheticUser.gestures(spec, totalItems: 1000, seed: 3, durationUs: 60_000_000)
      #expect(first == SyntheticUser.gestures(spec, totalItems: 1000, seed: 3, durationUs: 60_000_000))
      #expect(first != SyntheticUser.gestures(spec, totalItems: 1000, seed: 4, durationUs: 60_000_000))
    }
  }
}

@Suite struct UserModelLoaderTests {
  @Test func mixedOverridesAndRereadFollowsDwell() throws {
    let mixed = try ScenarioFixture.load(
      ScenarioFixture.text([
        ("scroll", #"{"model": "mixed", "stay_probability": 0.8, "reader": {"dwell_ms": 5000}}"#)
      ]))
    guard case .model(let spec) = mixed.scroll.source else {
      Issue.record("not a model")
      return
    }
    #expect(spec.stayProbability == 0.8)
    #expect(spec.behaviors.count == 5)
    #expect(spec.behaviors[0].dwellMs == .constant(5000))
    #expect(spec.behaviors[0].rereadDwellMs == .constant(5000))
    #expect(spec.behaviors[1] == UserBehavior.defaults(for: .skimmer))
    let searcher = try ScenarioFixture.load(
      ScenarioFixture.text([("scroll", #"{"physics": "android", "model": "searcher", "dwell_ms": 700}"#)]))
    guard case .model(let single) = searcher.scroll.source else {
      Issue.record("not a model")
      return
    }
    #expect(searcher.scroll.physics == .android)
    #expect(
      single.behaviors == [
        {
          var behavior = UserBehavior.defaults(for: .searcher)
          behavior.dwellMs = .constant(700)
          return behavior
        }()
      ])
    #expect(try PreparedScenario(searcher).traceDurationUs == UserModelSpec.defaultDurationUs)
  }
}
