/// One row of a scroll trace (`prefetchlab trace`): the user on a fully loaded feed at one frame.
public struct ScrollTraceRow: Sendable, Equatable {
  /// Trace time τ from first content, µs.
  public var traceUs: Int64
  /// Where the content is shown: the intent, clamped to the feed or rubber-banded past its edges
  /// (iOS), pt.
  public var offsetPt: Double
  /// d(offset)/dt, pt/s (positive towards the feed's end).
  public var velocityPtS: Double
  public var phase: ScrollPhase
  /// Where a fling in progress will rest (the offset itself otherwise), clamped to the feed, pt.
  public var projectedTargetPt: Double

  /// Column names of the CSV `prefetchlab trace` writes, in order.
  public static let columnNames = ["t_ms", "offset_pt", "velocity_pt_s", "phase", "projected_target_pt"]
}

/// The scroll trace of a scenario for one seed: the user's input as the engine replays it, but on
/// a feed whose every page is already loaded (item heights from the seed, end known), so there are
/// no stalls and the trace depends on the user alone, not on a strategy or the network.
///
/// Rows fall on the scenario's display frames (τ = ⌊k × 10⁶ / frame rate⌋ µs, the engine's grid)
/// and the motion is evaluated exactly as the engine does (including the iOS rubber band and
/// spring back), plus a last row at the trace's end.
public enum ScrollTrace {
  /// Feeds longer than this are traced without a known end (their total height is not summed).
  public static let maximumLaidOutItems = 10_000_000

  /// - Parameters:
  ///   - seed: the run's seed (item heights; a synthetic user's draws).
  ///   - intervalUs: 0 = every frame; otherwise the first frame at or after each multiple of it.
  public static func rows(_ prepared: PreparedScenario, seed: UInt64, intervalUs: Int64 = 0)
    -> [ScrollTraceRow]
  {
    let scenario = prepared.scenario
    let feed = LoadedFeed(scenario: scenario, seed: seed)
    var source = prepared.makeScrollSource(seed: seed)
    let durationUs = source.durationUs
    let rate = Int64(scenario.viewport.frameRateHz)
    let stepUs = 1_000_000 / rate
    let rubberBand = prepared.edgeBehavior == .rubberBand
    let maxOffset = feed.maxOffsetPtIfEndKnown
    var evaluator = MotionEvaluator()
    var bounce = EdgeBounce()
    var motion = source.motion(atTraceUs: 0, environment: feed)
    var rows: [ScrollTraceRow] = []
    var nextRowUs: Int64 = 0
    var frame: Int64 = 0
    while true {
      let traceUs = min(durationUs, frame * 1_000_000 / rate)
      if !motion.covers(traceUs) { motion = source.motion(atTraceUs: traceUs, environment: feed) }
      let sample = evaluator.sample(motion, atTraceUs: traceUs, frameStepUs: stepUs)
      var offset: Double
      var velocity = sample.velocityPtS
      if !sample.intentOffsetPt.isFinite {
        offset = maxOffset ?? 0
        velocity = 0
        bounce.reset()
      } else if rubberBand {
        (offset, velocity) = bounce.resolve(
          intentPt: sample.intentOffsetPt, velocityPtS: sample.velocityPtS, phase: sample.phase,
          atTraceUs: traceUs, maxOffsetPt: maxOffset, dimensionPt: scenario.viewport.heightPt)
      } else {
        offset = min(max(0, sample.intentOffsetPt), maxOffset ?? .infinity)
        if offset != sample.intentOffsetPt { velocity = 0 }
      }
      let target = sample.projectedTargetPt.isFinite ? sample.projectedTargetPt : (maxOffset ?? 0)
      if traceUs >= nextRowUs || traceUs == durationUs {
        rows.append(
          ScrollTraceRow(
            traceUs: traceUs, offsetPt: offset, velocityPtS: velocity, phase: sample.phase,
            projectedTargetPt: min(max(0, target), maxOffset ?? .infinity)))
        if intervalUs > 0 {
          while nextRowUs <= traceUs { nextRowUs += intervalUs }
        } else {
          nextRowUs = traceUs + 1
        }
      }
      if traceUs >= durationUs { break }
      frame += 1
    }
    return rows
  }
}

/// Every page applied: item tops from the seed's heights, end known (unless the feed is too long
/// to lay out, see `ScrollTrace.maximumLaidOutItems`).
struct LoadedFeed: ScrollEnvironment {
  private let tops: [Double]
  let maxOffsetPtIfEndKnown: Double?

  init(scenario: Scenario, seed: UInt64) {
    let count = scenario.feed.totalItems
    guard count <= ScrollTrace.maximumLaidOutItems else {
      tops = []
      maxOffsetPtIfEndKnown = nil
      return
    }
    let content = FeedContent(spec: scenario.feed, seed: seed)
    var tops = [Double](repeating: 0, count: count + 1)
    for item in 0..<count { tops[item + 1] = tops[item] + content.heightPt(ofItem: item) }
    self.tops = tops
    maxOffsetPtIfEndKnown = max(0, tops[count] - scenario.viewport.heightPt)
  }

  func topPt(ofLaidOutItem item: Int) -> Double? {
    item >= 0 && item + 1 < tops.count ? tops[item] : nil
  }

  var reachableOffsetPt: Double { maxOffsetPtIfEndKnown ?? .infinity }
}
