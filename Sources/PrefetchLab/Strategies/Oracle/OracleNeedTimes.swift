/// When the user first needs each page, in trace time: the first instant at which the intent
/// passes the largest resting offset the content would allow without that page (the pause
/// model's test, `intent > limit`). The intent is evaluated as the engine does (the scenario's
/// scroll source and physics, `ScrollDriver`), on a feed with every page laid out, every frame
/// step of τ (rests skipped): a function of τ alone, the same under every strategy (docs/model.md, "The oracle
/// bound", states the exceptions, which `BoundCaveats` flags).
enum OracleNeedTimes {
  /// - Parameters:
  ///   - limitsPt: for pages 0…n−1, the largest resting offset with only the pages before it
  ///     applied, pt, non-decreasing.
  /// - Returns: for each page, the first τ (µs, to a frame step) at which the intent exceeds its
  ///   limit; nil if it never does within the trace. O(frames + pages).
  static func traceUs(_ lookahead: RunLookahead, limitsPt: [Double]) -> [Int64?] {
    let prepared = lookahead.scenario
    let scenario = prepared.scenario
    let feed = LoadedFeed(scenario: scenario, seed: lookahead.seed)
    var driver = ScrollDriver(
      source: prepared.makeScrollSource(seed: lookahead.seed), edgeBehavior: prepared.edgeBehavior)
    let durationUs = driver.source.durationUs
    let rate = Int64(scenario.viewport.frameRateHz)
    let stepUs = 1_000_000 / rate
    driver.loadMotion(atTraceUs: 0, environment: feed)
    var needs = [Int64?](repeating: nil, count: limitsPt.count)
    var next = 0
    var frame: Int64 = 0
    while next < limitsPt.count {
      let traceUs = min(durationUs, frame * 1_000_000 / rate)
      let intent = driver.evaluate(atTraceUs: traceUs, frameStepUs: stepUs, environment: feed)
      while next < limitsPt.count && intent > limitsPt[next] {
        needs[next] = traceUs
        next += 1
      }
      if traceUs >= durationUs { break }
      if let restEndUs = driver.restEndTraceUs(after: traceUs), restEndUs > traceUs {
        // Nothing moves until the rest ends (as the engine skips those frames).
        guard restEndUs < durationUs else { break }
        frame = max(frame + 1, (restEndUs * rate + 999_999) / 1_000_000)
      } else {
        frame += 1
      }
    }
    return needs
  }
}
