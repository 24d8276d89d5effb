/// When the user first needs each page, in trace time: the first instant at which the intent
/// passes the largest resting offset the content would allow without that page (the pause
/// model's test, `intent > limit`). The intent is evaluated as the engine does (the scenario's
/// scroll source and physics, `ScrollDriver`), on a feed with every page laid out, at every frame
/// step of τ that can fill a need (rests skipped, drags searched): a function of τ alone, the same
/// under every strategy (docs/model.md, "The oracle bound", states the exceptions, which
/// `BoundCaveats` flags).
enum OracleNeedTimes {
  /// - Parameters:
  ///   - limitsPt: for pages 0…n−1, the largest resting offset with only the pages before it
  ///     applied, pt, non-decreasing.
  ///   - stepsEveryFrame: evaluate every frame of a drag too (the reference the tests compare the
  ///     search along drags with); false in runs.
  /// - Returns: for each page, the first τ (µs, to a frame step) at which the intent exceeds its
  ///   limit; nil if it never does within the trace. O(frames outside drags + pages × log frames):
  ///   along a constant-velocity motion (a scripted drag) the intent is monotone in the frame
  ///   index, so the frame that passes the next limit is found by halving instead of frame by
  ///   frame, as the event engine's jumps do (a 10-minute drag at 240 Hz is 144 000 frames).
  static func traceUs(_ lookahead: RunLookahead, limitsPt: [Double], stepsEveryFrame: Bool = false)
    -> [Int64?]
  {
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
      if !stepsEveryFrame {
        frame = firstFrameToEvaluate(
          from: frame, driver.motion, shiftPt: driver.anchorShiftPt, limitPt: limitsPt[next], rate: rate,
          durationUs: durationUs)
      }
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

  /// The frame from `frame` on whose evaluation can fill a need: `frame` itself unless it lies in
  /// a constant-velocity `motion` before the trace's end, where every frame until the motion ends
  /// changes nothing but the sample (a linear motion loads no other, rests no frame, and its
  /// intent `ScrollMotion.linearIntentPt` plus the anchor shift is what `ScrollDriver.evaluate`
  /// returns, bit for bit). The intent is then monotone in the frame index (each operation of
  /// the closed form is, in floating point too), so the answer is the first frame that passes
  /// `limitPt`, found by halving, or the first frame past the motion (the trace's end included).
  private static func firstFrameToEvaluate(
    from frame: Int64, _ motion: ScrollMotion, shiftPt: Double, limitPt: Double, rate: Int64,
    durationUs: Int64
  ) -> Int64 {
    guard case .linear(let velocity) = motion.shape else { return frame }
    let traceUs = frame * 1_000_000 / rate
    guard traceUs < durationUs, motion.covers(traceUs) else { return frame }
    func passes(_ index: Int64) -> Bool {
      motion.linearIntentPt(atTraceUs: index * 1_000_000 / rate, velocityPtS: velocity) + shiftPt > limitPt
    }
    if passes(frame) { return frame }
    // The first frame at or after the motion's end or the trace's end (both in µs of τ).
    let endUs = min(motion.endUs, durationUs)
    let pastEnd = max(frame + 1, (endUs * rate + 999_999) / 1_000_000)
    // Falling or still: nothing later in the motion passes either.
    guard velocity > 0 else { return pastEnd }
    // Invariant: `low` does not pass; `high` passes or is past the motion.
    var low = frame
    var high = pastEnd
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if passes(middle) { high = middle } else { low = middle }
    }
    return high
  }
}
