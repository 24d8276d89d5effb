extension Simulation {
  /// The event engine's time advance (`SimulationEngine.event`): after a full frame, steps
  /// through the frames that follow for as long as each is quiet, and leaves the first frame that
  /// is not (or the next event, or the session's end) to the run loop.
  ///
  /// A frame is quiet when a full frame would change nothing but the viewport's position, the
  /// edge rule's state and the blank fraction: no event falls before it, τ stays in the current
  /// motion, the viewport is not held at the end of loaded content (no stall), the phase stays,
  /// the rows shown stay (`RowWindow.keeps`, past the content's end too), the direction the
  /// viewport moved in stays, and, when the shown offset moves, it stays in the band the strategy
  /// returned as its wake-up at its last consultation (strategies do not read the blank fraction). The
  /// shown offset is the intent's inside the bounds; past an edge, or while the content springs
  /// back, it is where the edge rule puts it (`ScrollDriver.preview`). The rows shown may change
  /// in a quiet frame when that band holds across row changes and the change wakes nothing
  /// (`rowsChangeQuietly`): the frame then refreshes them as a full frame does. A quiet frame
  /// does what the full frame would do, at its own instant (clock, blank integral and timeline
  /// rows, τ, the scroll's evaluation, edge rule and direction, the blank fraction of the rows
  /// shown): the outputs are those of the stepped engine. Along a constant-velocity motion inside
  /// the bounds with no incomplete row shown the quiet frames are not visited one by one: the last
  /// one is found by a search over frame indices (`jumpAlongLinearMotion`), and only the blank
  /// integral of a loading footer in view is summed frame by frame. A timeline costs neither path
  /// a frame: its rows inside the stretch are computed from the frames taken or the motion
  /// (`QuietTimelineScroll`).
  ///
  /// Offset pagination is left to full frames: its visible placeholders are requested frame by
  /// frame.
  ///
  /// Called after a full frame whose consultation returned a quiet band, or when the scroll is
  /// still (`runFrame`); out of line, so that the frame stays small.
  @inline(never)
  func skipQuietFrames(nextEventUs cachedEventUs: Int64) {
    guard !feed.isOffsetPagination, let firstUs = clock.nextFrameUs else { return }
    // A band bound to the velocity holds in no moving frame of a fling: probing each frame only
    // to find it full would cost more than the stepped engine's frame alone.
    if let band = timeAdvance.band, band.velocityBound, !scroll.motion.hasConstantVelocity { return }
    if events.isStale { dropDeadEvents() }
    let eventUs =
      events.isStale ? min(events.next?.timeUs ?? .max, pool.nextCompletionUs() ?? .max) : cachedEventUs
    // The next carousel swipe wakes a full frame at its start (τ mapped to the clock as in
    // `skipRest`).
    let swipeUs = swipes.nextStartTraceUs.map { stall.traceClockUs + ($0 - stall.traceUs) } ?? .max
    let stopUs = min(eventUs, stall.endUs(), timeAdvance.band?.beforeUs ?? .max, swipeUs)
    guard firstUs < stopUs else { return }
    let limit = max(0, maxRestingOffsetPt)
    // The bottom edge a full frame gives the edge rule (`runFrame`): none while more content may
    // come below.
    let edgeMaxPt: Double? = feed.mayGrowBelow ? nil : limit
    // Nothing blank is shown: the frames from the pending one may be jumped over at once, as after
    // a stepped frame (the pending one is stepped below if the run is a single frame).
    advanceQuietly(stopUs: stopUs, edgeMaxPt: edgeMaxPt, limitPt: limit)
    while let frameUs = clock.nextFrameUs, frameUs < stopUs {
      let traceUs = stall.proposedTraceUs(atUs: frameUs)
      guard let probed = scroll.probe(atTraceUs: traceUs, frameStepUs: clock.stepUs),
        isQuiet(probed, atTraceUs: traceUs, edgeMaxPt: edgeMaxPt, limitPt: limit)
      else { return }
      stepQuietFrame(atUs: frameUs, traceUs: traceUs, probed, edgeMaxPt: edgeMaxPt, limitPt: limit)
      if recorder.keepsRecentStates { recorder.frameEnded() }
      // A spring that settles into a resting intent: as after a full frame, nothing moves until
      // the rest ends.
      if let restEndUs = scroll.restEndTraceUs(after: stall.traceUs) {
        skipRest(endingAtTraceUs: restEndUs)
        return
      }
      advanceQuietly(stopUs: stopUs, edgeMaxPt: edgeMaxPt, limitPt: limit)
    }
  }

  /// Takes the quiet frames from the pending one without the full path of each: at once along a
  /// drag when nothing blank but the footer is shown (`jumpAlongLinearMotion`), else frame by
  /// frame with only what changes in them along a drag or a fling (`scanQuietFrames`).
  @inline(__always)
  private func advanceQuietly(stopUs: Int64, edgeMaxPt: Double?, limitPt: Double) {
    if mayJump {
      jumpAlongLinearMotion(stopUs: stopUs, edgeMaxPt: edgeMaxPt, limitPt: limitPt)
    } else {
      scanQuietFrames(stopUs: stopUs, edgeMaxPt: edgeMaxPt, limitPt: limitPt)
    }
  }

  /// After events whose last one's consultation returned a quiet band: the frames that follow
  /// are stepped as after a full frame (`skipQuietFrames`), up to the first that is not quiet.
  /// The band covers the `.frame` consultations the stepped engine makes in them (see
  /// `Wake`); a held frame, a stall or a rest is left to the run loop.
  @inline(never)
  func skipQuietFramesAfterEvents() {
    guard !finished, sessionStarted, !stall.isStalled, stall.heldFrameTraceUs == nil,
      scroll.restEndTraceUs(after: stall.traceUs) == nil
    else { return }
    // The events just processed marked the queue stale: the next event time is read afresh.
    skipQuietFrames(nextEventUs: .max)
  }

  /// What a full frame at `frameUs` does when it is quiet.
  @inline(__always)
  private func stepQuietFrame(
    atUs frameUs: Int64, traceUs: Int64, _ probed: ScrollSample, edgeMaxPt: Double?, limitPt: Double
  ) {
    moveToQuietFrame(atUs: frameUs, traceUs: traceUs, probed, edgeMaxPt: edgeMaxPt, limitPt: limitPt)
    clock.skip(pastFrameAtUs: frameUs)
    refreshQuietRows(topPt: scroll.viewportOffsetPt)
  }

  /// The rows of a quiet frame whose top is at `topPt` (a quiet step's, or a row change a jump
  /// takes in passing before it commits the scroll): shown, entered and left, noted for the
  /// strategy's next consultation. When the rows stay, `RowWindow` returns early and only the
  /// blank fraction is computed again.
  @inline(__always)
  func refreshQuietRows(topPt: Double) {
    refreshVisibility(topPt: topPt, layoutChanged: false)
    timeAdvance.quietFrame(showing: visibility.rows)
    noteFrameBlankArea()
  }

  /// The clock, τ and the scroll of a quiet frame at `frameUs` whose evaluated intent is
  /// `probed`: what a quiet step and the end of a jump both do (the frame clock is theirs).
  @inline(__always)
  func moveToQuietFrame(
    atUs frameUs: Int64, traceUs: Int64, _ probed: ScrollSample, edgeMaxPt: Double?, limitPt: Double
  ) {
    advanceClock(to: frameUs)
    if let pause = stall.advance(toTraceUs: traceUs, atUs: frameUs) { pauseIsOver(durationUs: pause) }
    scroll.commit(
      probed, atTraceUs: traceUs, maxOffsetPt: edgeMaxPt, limitPt: limitPt, dimensionPt: viewportHeightPt)
  }

  /// Whether the frame at `traceUs` whose evaluated intent is `probed` is quiet (see
  /// `skipQuietFrames`), judged on where the edge rule shows it (`edgeMaxPt`: as `runFrame` gives
  /// it): the intent itself on the fast path, the rubber band or the spring otherwise.
  /// `jumpAlongLinearMotion` applies the same conditions to the offsets of a linear motion.
  @inline(__always)
  private func isQuiet(_ probed: ScrollSample, atTraceUs traceUs: Int64, edgeMaxPt: Double?, limitPt: Double)
    -> Bool
  {
    let intent = probed.intentOffsetPt + scroll.anchorShiftPt
    // Also false for a NaN or infinite intent (a jump waiting for its target).
    guard intent.isFinite, probed.phase == scroll.sample.phase else { return false }
    var offset = intent
    var velocity = probed.velocityPtS
    if !(intent >= 0 && intent <= limitPt && scroll.edgeIsFree) {
      // Past an edge, or springing. Past the end while more may come, the full frame holds the
      // viewport there (`runFrame`) instead.
      guard edgeMaxPt != nil || intent <= limitPt else { return false }
      (offset, velocity) = scroll.preview(
        probed, atTraceUs: traceUs, maxOffsetPt: edgeMaxPt, dimensionPt: viewportHeightPt)
    }
    return timeAdvance.isQuiet(
      offsetPt: offset, previousPt: scroll.viewportOffsetPt, stillIsQuiet: true,
      velocityPtS: scroll.motion.hasConstantVelocity ? velocity : nil, direction: scroll.scrollDirection,
      limitPt: limitPt
    ) { acrossRows in
      // The same expressions as `refreshVisibility` and `refreshBlankFractionWithoutScan`. A
      // change of rows is stepped (never jumped over) when the strategy's band holds across it.
      visibility.window.keeps(
        fromPt: offset, toPt: offset + viewportHeightPt, layoutVersion: feed.layout.version,
        rowCount: feed.layout.rowCount) || (acrossRows && rowsChangeQuietly)
    }
  }

  /// A row entering or leaving the viewport during quiet frames touches only the engine's own
  /// books (first sight, time to content, page use): no render is offered, no media is shown or
  /// hidden, nothing is evicted, so no event is scheduled and the strategy has nothing new to
  /// read but the rows themselves.
  @inline(__always)
  var rowsChangeQuietly: Bool { !feed.hasMedia && !render.isEnabled && !cache.memoryLimited }
}
