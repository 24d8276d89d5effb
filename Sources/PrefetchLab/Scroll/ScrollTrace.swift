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
    // The engine's own scroll driver: the same motions, evaluation and edge rule.
    var driver = ScrollDriver(
      source: prepared.makeScrollSource(seed: seed), edgeBehavior: prepared.edgeBehavior)
    let durationUs = driver.source.durationUs
    let rate = Int64(scenario.viewport.frameRateHz)
    let stepUs = 1_000_000 / rate
    let maxOffset = feed.maxOffsetPtIfEndKnown
    driver.loadMotion(atTraceUs: 0, environment: feed)
    var rows: [ScrollTraceRow] = []
    var nextRowUs: Int64 = 0
    var frame: Int64 = 0
    while true {
      let traceUs = min(durationUs, frame * 1_000_000 / rate)
      let intent = driver.evaluate(atTraceUs: traceUs, frameStepUs: stepUs, environment: feed)
      let shown = driver.show(
        intentPt: intent, atTraceUs: traceUs, maxOffsetPt: maxOffset, dimensionPt: scenario.viewport.heightPt)
      if traceUs >= nextRowUs || traceUs == durationUs {
        rows.append(
          ScrollTraceRow(
            traceUs: traceUs, offsetPt: shown.offsetPt,
            // The trace reports how the content moves: not at all while it is held at an edge.
            velocityPtS: shown.heldAtEdge ? 0 : shown.velocityPtS, phase: driver.sample.phase,
            projectedTargetPt: driver.projectedTargetOffsetPt(limitPt: maxOffset)))
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
