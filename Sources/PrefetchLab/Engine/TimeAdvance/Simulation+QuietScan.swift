extension Simulation {
  /// The quiet frames from the pending one along a fling's deceleration, or along a drag while a
  /// row shown is incomplete (where `jumpAlongLinearMotion` cannot take them at once: a fling's
  /// offsets come from a chain of products, and an incomplete row makes the blank fraction
  /// depend on the offset), each with only what changes in it: the intent, evaluated on a copy
  /// of the scroll's evaluator (`ScrollDriver.evaluatorForScan`, so the products are those of
  /// frames probed one by one), the conditions of a quiet frame on its offset, and the blank
  /// integral (`advanceClock`, then the frame's own fraction). The scroll, τ and the frame clock
  /// are committed once, at the last frame taken, as a jump commits them. Stops before the
  /// first frame that is not quiet on the fast path, which `skipQuietFrames` then judges in
  /// full (a row change the band holds across is stepped there).
  ///
  /// The direction is judged against the previous frame, as committing frame by frame would
  /// judge it: no assumption that the offsets are monotone (a frame that turns is not quiet, so
  /// the direction stays throughout).
  /// O(frames taken), a few dozen instructions each instead of a full quiet step; a timeline's rows
  /// show the last frame taken (`QuietTimelineScroll.shown`). Past an
  /// edge only while a finger drags (the rubber band, or the clamp, shows a function of the
  /// intent alone, so the edge rule ends in the state the last frame's commit leaves, as after
  /// committing each): a drag pressing against the end of a fully loaded feed.
  func scanQuietFrames(stopUs: Int64, edgeMaxPt: Double?, limitPt: Double) {
    let motion = scroll.motion
    guard let pendingUs = clock.nextFrameUs, pendingUs < stopUs, motion.phase == scroll.sample.phase
    else { return }
    // The velocity a frame that moves inside the bounds shows, for a band bound to the velocity:
    // a drag's; a fling's changes frame by frame (nil).
    let linearVelocity: Double?
    switch motion.shape {
    case .linear(let velocity):
      guard velocity != 0 else { return }
      linearVelocity = velocity
    case .fling:
      linearVelocity = nil
    case .rest, .waitingForLayout:
      return
    }
    let direction = scroll.scrollDirection
    // Where the edge rule shows a frame is a function of its intent alone while a finger drags
    // (the rubber band past an edge, the intent inside) or with the clamp; a fling inside the
    // bounds is shown as it is while nothing springs. Anything else is left to the full path.
    let free = scroll.edgeIsFree
    let pure = motion.phase == .dragging || scroll.edgeBehavior == .clamp
    let shiftPt = scroll.anchorShiftPt
    let heightPt = viewportHeightPt
    let version = feed.layout.version
    let rowCount = feed.layout.rowCount
    let window = visibility.window
    let stepUs = clock.stepUs
    var evaluator = scroll.evaluatorForScan
    var previousPt = scroll.viewportOffsetPt
    // Timeline rows inside the scan show the last frame taken (`recordQuietTimeline`).
    let recordsTimeline = recorder.keepsRecentStates
    if recordsTimeline {
      timeAdvance.timelineScroll = .shown(offsetPt: previousPt, velocityPtS: scroll.sample.velocityPtS)
    }
    defer { timeAdvance.timelineScroll = nil }
    var index = clock.nextFrameIndex
    var taken: (frameUs: Int64, traceUs: Int64, sample: ScrollSample)?
    while true {
      let frameUs = clock.timeUs(ofFrame: index)
      guard frameUs < stopUs else { break }
      let traceUs = stall.proposedTraceUs(atUs: frameUs)
      guard motion.covers(traceUs) else { break }
      var trial = evaluator
      let probed = trial.sample(motion, atTraceUs: traceUs, frameStepUs: stepUs)
      let intent = probed.intentOffsetPt + shiftPt
      let offset: Double
      // The velocity the frame shows (a timeline row's): the intent's inside the bounds.
      let shownVelocity: Double
      let inside = intent >= 0 && intent <= limitPt && (free || pure)
      if inside {
        offset = intent
        shownVelocity = probed.velocityPtS
      } else {
        // As `isQuiet` judges it (false for a NaN or infinite intent too): past the end while
        // more may come, the full frame holds the viewport there.
        guard pure, intent.isFinite, edgeMaxPt != nil || intent <= limitPt else { break }
        (offset, shownVelocity) = scroll.preview(
          probed, atTraceUs: traceUs, maxOffsetPt: edgeMaxPt, dimensionPt: heightPt)
      }
      // A frame that does not move the viewport is quiet; one that moves, while it stays in the
      // band at the velocity the band read (past an edge the rubber band's own is not known
      // here), with the rows shown and the direction.
      guard
        timeAdvance.isQuiet(
          offsetPt: offset, previousPt: previousPt, stillIsQuiet: true,
          velocityPtS: inside ? linearVelocity : nil, direction: direction, limitPt: limitPt,
          rowsStay: { _ in
            window.keeps(fromPt: offset, toPt: offset + heightPt, layoutVersion: version, rowCount: rowCount)
          })
      else { break }
      previousPt = offset
      evaluator = trial
      advanceClock(to: frameUs)
      if recordsTimeline { timeAdvance.timelineScroll = .shown(offsetPt: offset, velocityPtS: shownVelocity) }
      refreshBlankFraction(topPt: offset)
      noteFrameBlankArea()
      taken = (frameUs, traceUs, probed)
      index += 1
    }
    guard let taken else { return }
    timeAdvance.timelineScroll = nil
    scroll.adopt(evaluator)
    moveToQuietFrame(
      atUs: taken.frameUs, traceUs: taken.traceUs, taken.sample, edgeMaxPt: edgeMaxPt, limitPt: limitPt)
    clock.skip(throughFrame: index - 1)
    if recordsTimeline { recorder.frameEnded() }
  }
}
