extension Simulation {
  /// First content is on screen: the scroll trace starts (τ = 0) and frames begin.
  func startSession() {
    sessionStarted = true
    clock.start(atUs: nowUs)
    stall.start(atUs: nowUs)
    scroll.start(environment: self, limitPt: max(0, maxRestingOffsetPt))
  }

  /// Simulates one display frame at `nowUs`: advance τ, move the viewport towards the user's
  /// intent, update visibility and metrics, and consult the strategy if anything moved.
  ///
  /// An intent past the end of loaded content holds the viewport at the end for this frame: the
  /// strategy is consulted there, and what its requests bring at this same instant (a zero round
  /// trip, unlimited bandwidth and no apply delay) is applied before the frame is shown. Only if
  /// the content is still short then is it a stall (dated back to the crossing). So strategies
  /// that run once per frame do not stall at zero latency for want of a chance to ask in time.
  ///
  /// A frame that reaches a pull-to-refresh refreshes the feed first (`refreshFeed`, the strategy
  /// starting over as `initial`), then shows the top of the emptied list.
  ///
  /// `nextEventUs` is the run loop's next event time (stale if events were scheduled since): the
  /// event engine steps through the quiet frames before it (`skipQuietFrames`).
  func runFrame<Strategy: PrefetchStrategy>(
    strategy: inout Strategy, startingOver initial: Strategy, nextEventUs: Int64
  ) {
    clock.advance(pastFrameAtUs: nowUs)
    guard sessionStarted, !stall.isStalled else {
      clock.stop()
      return
    }
    let proposedTraceUs = stall.proposedTraceUs(atUs: nowUs)
    let previousOffset = scroll.viewportOffsetPt
    let previousPhase = scroll.sample.phase
    let intent = scroll.evaluate(atTraceUs: proposedTraceUs, frameStepUs: clock.stepUs, environment: self)
    if scroll.takeRefresh() { refreshFeed(strategy: &strategy, startingOver: initial) }
    let canStall = feed.mayGrowBelow
    let limit = max(0, maxRestingOffsetPt)
    if canStall && intent > limit {
      _ = scroll.stopAtEnd(limitPt: limit)
      stall.holdFrame(atTraceUs: proposedTraceUs)
    } else {
      if let pause = stall.advance(toTraceUs: proposedTraceUs, atUs: nowUs) { pauseIsOver(durationUs: pause) }
      _ = scroll.show(
        intentPt: intent, atTraceUs: proposedTraceUs, maxOffsetPt: canStall ? nil : limit,
        dimensionPt: viewportHeightPt)
    }
    scroll.noteMove(from: previousOffset, limitPt: limit)
    refreshVisibility(layoutChanged: false)
    if !swipes.isEmpty { advanceCarouselSwipes(atTraceUs: stall.traceUs) }
    if feed.isOffsetPagination { requestVisiblePlaceholderPages() }
    // One consultation: the frame in which the finger lifted is reported as the lift.
    let phase = scroll.sample.phase
    timeAdvance.endBand()
    if previousPhase == .dragging && phase != .dragging {
      consult(.dragEnded, &strategy)
    } else if scroll.viewportOffsetPt != previousOffset || previousPhase != phase {
      consult(.frame, &strategy)
    }
    if stall.heldFrameTraceUs != nil {
      settleHeldFrame(strategy: &strategy)
      if finished { return }
    }
    noteFrameBlankArea()
    if recorder.keepsRecentStates { recorder.frameEnded() }
    if stall.isStalled {
      clock.stop()
    } else if scroll.hasPendingRefresh {
      // Content that came during a held frame loaded the motion after a refresh: the next frame,
      // a full one in either engine, takes it.
    } else if swipes.active != nil {
      // A swipe moves its row at every frame, in either engine: none is quiet or skipped.
    } else if let restEndUs = scroll.restEndTraceUs(after: stall.traceUs) {
      skipRest(endingAtTraceUs: restEndUs)
    } else if timeAdvance.skipsQuietFrames && (timeAdvance.band != nil || scroll.sample.velocityPtS == 0) {
      // A strategy that asked for every frame sees every moving frame: a moving scroll is not quiet.
      skipQuietFrames(nextEventUs: nextEventUs)
    }
  }

  /// A frame is shown (full or quiet; a jump's frames that show the footer): its blank area
  /// counts as FlashList v1's `useBlankAreaTracker` counts a layout event, from
  /// `blankAreaStartDelayUs` after first content on and only while the content is longer than
  /// the viewport. Frames with no blank run add nothing, which is why a jump may pass over the
  /// frames that show nothing blank without visiting them.
  @inline(__always)
  func noteFrameBlankArea() {
    let area = visibility.blankAreaPt
    guard area > 0, nowUs - clock.firstContentUs >= Self.blankAreaStartDelayUs,
      feed.layout.contentHeightPt > viewportHeightPt
    else { return }
    recorder.recordBlankArea(pt: area)
  }

  /// `useBlankAreaTracker`'s `startDelayInMs` default, 1000 ms (Shopify/flash-list v1.8.3
  /// `src/benchmark/useBlankAreaTracker.ts`): the list's first load is not scrolling.
  static let blankAreaStartDelayUs: Int64 = 1_000_000

  /// τ moved past a pause that ended (`StallClock.advance`): it is recorded, and its patience
  /// deadline and finger lift are dead from now on (`StallClock.mayContinue`), so the queue is
  /// read afresh before the next event is taken (`dropDeadEvents`). The event engine may take the
  /// pause later than the stepped one (at the end of a jump), but both take it before those
  /// events are due, so neither ever advances the clock to their instants: had one engine handled
  /// them, the blank integral would be split there in that engine alone.
  func pauseIsOver(durationUs: Int64) {
    recorder.recordStall(durationUs: durationUs)
    events.markStale()
  }

  /// Nothing moves until the rest that ends at `restEndUs` (τ): the next frame is the first after
  /// it (none when the session ends first, which needs no frame), or at the next carousel
  /// swipe's start if that comes first. After a full frame, and after a quiet one in which a
  /// spring came to rest.
  func skipRest(endingAtTraceUs rest: Int64) {
    // A swipe starting inside the rest wakes the frames there (a script puts it after the rest;
    // this holds for any source).
    let restEndUs = min(rest, swipes.nextStartTraceUs ?? .max)
    if restEndUs >= stall.durationUs {
      clock.stop()
    } else {
      clock.schedule(atOrAfter: stall.traceClockUs + (restEndUs - stall.traceUs))
    }
  }

  /// The frame holds the viewport at the end of loaded content: what the strategy's requests
  /// bring now lands before the frame is shown (see `runFrame`); if the content is still short
  /// then, the user stalls. Out of line: it is rare, and the frame loop stays small.
  @inline(never)
  private func settleHeldFrame<Strategy: PrefetchStrategy>(strategy: inout Strategy) {
    processEventsDueNow(strategy: &strategy)
    // A page that came in asked for a frame now; this frame is it.
    if clock.nextFrameUs == nowUs { clock.schedule(atOrAfter: nowUs + 1) }
    guard !finished, let heldTraceUs = stall.heldFrameTraceUs else { return }
    stall.releaseHeldFrame()
    beginStall(proposedTraceUs: heldTraceUs, limitPt: max(0, maxRestingOffsetPt))
  }

  /// The intent runs past the end of loaded content, `limitPt`: stop the viewport there and pause
  /// τ at the instant the intent crossed the limit. A dragging finger stays down against the end
  /// until its drag would have ended, counted from the pause's start (`fingerLift`), unless
  /// content comes first.
  private func beginStall(proposedTraceUs: Int64, limitPt: Double) {
    let crossing =
      stall.pastEndOnResume
      ? stall.traceUs : scroll.crossingTraceUs(limitPt: limitPt, from: stall.traceUs, upTo: proposedTraceUs)
    if let pause = stall.beginPause(atTraceUs: crossing) { recorder.recordStall(durationUs: pause) }
    if recorder.keepsRecentStates {
      recorder.backdateStall(
        startUs: stall.traceClockUs, traceUs: crossing, nowUs: nowUs, traceRuns: stall.pressesAtEnd)
    }
    if scroll.stopAtEnd(limitPt: limitPt) {
      let liftTraceUs = scroll.touchLiftTraceUs(environment: self)
      events.schedule(
        .fingerLift, atUs: max(nowUs, stall.stallStartUs + (liftTraceUs - crossing)),
        .pause(serial: stall.stallSerial))
    }
    events.schedule(
      .patience, atUs: max(nowUs, stall.stallStartUs + stall.patienceUs), .pause(serial: stall.stallSerial))
    recordTimelineInstant()
  }

  /// A `fingerLift` event: the finger held against the end during pause `serial` lifts, with no
  /// velocity (no fling). The user still waits for content; when it comes, the rest of the drag
  /// is a new touch.
  func liftFinger<Strategy: PrefetchStrategy>(serial: Int, strategy: inout Strategy) {
    guard stall.isStalled, serial == stall.stallSerial, scroll.sample.phase == .dragging else { return }
    scroll.liftFinger()
    consult(.dragEnded, &strategy)
  }

  /// Content grew (or the end became known) while a frame held the viewport at the end of
  /// loaded content (`runFrame`): if the user's intent is within reach now, the frame shows it and
  /// τ moves on with no pause; otherwise the viewport follows the content to its new end.
  func contentGrewDuringHeldFrame(atTraceUs traceUs: Int64) {
    if scroll.isWaitingForLayout {
      scroll.loadMotion(atTraceUs: traceUs, environment: self)
    }
    let limit = max(0, maxRestingOffsetPt)
    let canStall = feed.mayGrowBelow
    let intent = scroll.evaluate(atTraceUs: traceUs, frameStepUs: clock.stepUs, environment: self)
    let previousOffset = scroll.viewportOffsetPt
    if canStall && intent > limit {
      _ = scroll.stopAtEnd(limitPt: limit)
    } else {
      stall.releaseHeldFrame()
      if let pause = stall.advance(toTraceUs: traceUs, atUs: nowUs) { pauseIsOver(durationUs: pause) }
      _ = scroll.show(
        intentPt: intent, atTraceUs: traceUs, maxOffsetPt: canStall ? nil : limit,
        dimensionPt: viewportHeightPt)
    }
    scroll.noteMove(from: previousOffset, limitPt: limit)
    refreshVisibility(layoutChanged: false)
  }

  /// Content grew (or the end became known) during a stall. The pause ends when the user can
  /// move on: the end of loaded content moved (`userCanMove`; rows added to content still shorter
  /// than the viewport move nothing), or a jump target waited for is now laid out.
  func contentGrewDuringStall(userCanMove: Bool) {
    if scroll.isWaitingForLayout {
      scroll.loadMotion(atTraceUs: stall.traceUs, environment: self)
      if scroll.isWaitingForLayout {
        // Still not there: the list follows the content to its new end while the user waits.
        scroll.followEnd(limitPt: max(0, maxRestingOffsetPt))
        refreshVisibility(layoutChanged: false)
        return
      }
    } else if !userCanMove {
      return
    }
    endStall()
  }

  /// Content grew (or the end became known) during a stall: τ resumes now. The pause is recorded
  /// once τ has really moved on (see `StallClock`). A pressing finger's stall is over now and
  /// recorded; the viewport moves at the next frame (the page's code runs first, with the
  /// viewport still at the old end), and if the intent is past the new end already, the next
  /// stall starts now. The intent is read on a copy of the scroll: between frames nothing moves.
  func endStall() {
    if let pressed = stall.endPause(atUs: nowUs) {
      pauseIsOver(durationUs: pressed)
      var probe = scroll
      let intent = probe.evaluate(atTraceUs: stall.traceUs, frameStepUs: clock.stepUs, environment: self)
      if feed.mayGrowBelow && intent > max(0, maxRestingOffsetPt) { stall.notePastEndOnResume() }
    }
    recordTimelineInstant()
    wakeFrames()
  }

  /// Something changed that a frame must react to: make sure one is scheduled.
  func wakeFrames() {
    guard sessionStarted, !stall.isStalled else { return }
    clock.wake(atUs: nowUs)
  }
}
