extension Simulation: ScrollEnvironment {
  public func topPt(ofLaidOutItem item: Int) -> Double? {
    guard item >= 0, item < layout.rowCount else { return nil }
    return layout.topPt(ofItem: item)
  }

  public var maxOffsetPtIfEndKnown: Double? {
    endKnown || pagination == .offset ? max(0, maxRestingOffsetPt) : nil
  }

  public var reachableOffsetPt: Double { max(0, maxRestingOffsetPt) }
}

extension Simulation {
  /// First content is on screen: the scroll trace starts (τ = 0) and frames begin.
  func startSession() {
    sessionStarted = true
    firstContentUs = nowUs
    traceUs = 0
    traceClockUs = nowUs
    motion = source.motion(atTraceUs: 0, environment: self)
    sample = motion.sample(atTraceUs: 0)
    let intent = sample.intentOffsetPt + anchorShiftPt
    viewportOffsetPt =
      intent.isFinite ? min(max(0, intent), max(0, maxRestingOffsetPt)) : max(0, maxRestingOffsetPt)
    scheduleFrame(index: 1)
  }

  /// Simulates one display frame at `nowUs`: advance τ, move the viewport towards the user's
  /// intent (stopping at the end of loaded content: a stall), update visibility and metrics, and
  /// consult the strategy if anything moved.
  func runFrame<Strategy: PrefetchStrategy>(strategy: inout Strategy) {
    framesProcessed += 1
    scheduleNextFrame()
    guard sessionStarted, !isStalled else {
      nextFrameUs = nil
      return
    }
    let proposedTraceUs = min(traceDurationUs, traceUs + (nowUs - traceClockUs))
    if !motion.covers(proposedTraceUs) {
      motion = source.motion(atTraceUs: proposedTraceUs, environment: self)
    }
    let next = motionEvaluator.sample(motion, atTraceUs: proposedTraceUs, frameStepUs: frameStepUs)
    let intent = next.intentOffsetPt + anchorShiftPt
    let previousOffset = viewportOffsetPt
    let previousPhase = sample.phase
    let canStall = pagination == .cursor && !endKnown
    let limit = max(0, maxRestingOffsetPt)
    sample = next
    if canStall && intent > limit {
      beginStall(proposedTraceUs: proposedTraceUs, intentPt: intent, limitPt: limit)
    } else {
      if stallEndedUs != nil && proposedTraceUs > traceUs { recordEndedStall() }
      traceUs = proposedTraceUs
      traceClockUs = nowUs
      if edgeBehavior == .rubberBand && intent.isFinite {
        // Past the top, or past the end once it is known: rubber band and spring back.
        let shown = edgeBounce.resolve(
          intentPt: intent, velocityPtS: next.velocityPtS, phase: next.phase, atTraceUs: proposedTraceUs,
          maxOffsetPt: canStall ? nil : limit, dimensionPt: viewportHeightPt)
        viewportOffsetPt = shown.offsetPt
        sample.velocityPtS = shown.velocityPtS
      } else {
        if !intent.isFinite { edgeBounce.reset() }
        viewportOffsetPt = intent.isFinite ? min(max(0, intent), limit) : limit
      }
    }
    if viewportOffsetPt != previousOffset {
      // Direction from the part of the movement inside the bounds: overscroll and the spring back
      // from it never flip the estimate (nor make direction-following strategies turn round).
      let now = min(max(0, viewportOffsetPt), limit)
      let before = min(max(0, previousOffset), limit)
      if now != before { scrollDirection = now > before ? .down : .up }
    }
    refreshVisibility(layoutChanged: false)
    if isOffsetPagination { requestVisiblePlaceholderPages() }
    if previousPhase == .dragging && sample.phase != .dragging {
      strategy.update(.dragEnded, in: self)
    }
    if viewportOffsetPt != previousOffset || previousPhase != sample.phase {
      strategy.update(.frame, in: self)
    }
    if memoryLimited && !pendingEvictions.isEmpty { notifyEvictions(&strategy) }
    if isStalled {
      nextFrameUs = nil
    } else if case .rest = motion.shape, motion.endUs > traceUs, !edgeBounce.isSpringing {
      // Nothing moves until the rest ends: skip straight to the first frame after it (or to the
      // session's end, which needs no frame).
      if motion.endUs >= traceDurationUs {
        nextFrameUs = nil
      } else {
        scheduleFrame(atOrAfter: traceClockUs + (motion.endUs - traceUs))
      }
    }
  }

  /// The intent runs past the end of loaded content: stop the viewport there and pause τ at the
  /// instant the intent crossed the limit.
  private func beginStall(proposedTraceUs: Int64, intentPt: Double, limitPt: Double) {
    let crossingTraceUs = crossingTraceUs(limitPt: limitPt, upTo: proposedTraceUs)
    let startUs = traceClockUs + (crossingTraceUs - traceUs)
    // Content that grew by less than the user wanted ends one pause and starts the next at the
    // same trace instant: that is one contiguous pause, not two.
    let resumes = stallEndedUs != nil && crossingTraceUs == traceUs && startUs == stallEndedUs
    if !resumes {
      recordEndedStall()
      stallStartUs = startUs
      stallSerial += 1
    }
    stallEndedUs = nil
    traceUs = crossingTraceUs
    traceClockUs = startUs
    viewportOffsetPt = max(viewportOffsetPt, limitPt)
    if sample.phase == .dragging {
      // A finger dragging into the end of content meets the rubber band and lets go there: UIKit
      // reports scrollViewWillEndDragging with the edge as target. The rest of the drag resumes
      // when content arrives.
      sample = ScrollSample(
        intentOffsetPt: limitPt - anchorShiftPt, velocityPtS: 0, phase: .idle,
        projectedTargetPt: limitPt - anchorShiftPt)
    }
    isStalled = true
    schedule(.patience, atUs: max(nowUs, stallStartUs + patienceUs), subject: stallSerial)
    recordTimelineInstant()
  }

  /// The trace instant, to the µs, at which the current motion's intent reaches `limitPt` (the
  /// last instant it is still at or before it): searched within this motion only and not before
  /// τ, so a pause never reaches back into a wait whose frames were skipped, and a jump pauses
  /// from the instant it happened. O(log Δτ), once per pause.
  private func crossingTraceUs(limitPt: Double, upTo proposedTraceUs: Int64) -> Int64 {
    var low = max(traceUs, min(motion.startUs, proposedTraceUs))
    var high = proposedTraceUs
    func passes(_ traceUs: Int64) -> Bool {
      !(motion.sample(atTraceUs: traceUs).intentOffsetPt + anchorShiftPt <= limitPt)
    }
    if passes(low) { return low }
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if passes(middle) { high = middle } else { low = middle }
    }
    return low
  }

  /// Content grew (or the end became known) during a stall. The pause ends when the user can
  /// move on: the end of loaded content moved (`userCanMove`; rows added to content still shorter
  /// than the viewport move nothing), or a jump target waited for is now laid out.
  func contentGrewDuringStall(userCanMove: Bool) {
    if case .waitingForLayout = motion.shape {
      motion = source.motion(atTraceUs: traceUs, environment: self)
      if case .waitingForLayout = motion.shape {
        // Still not there: the list follows the content to its new end while the user waits.
        viewportOffsetPt = max(viewportOffsetPt, max(0, maxRestingOffsetPt))
        refreshVisibility(layoutChanged: false)
        return
      }
    } else if !userCanMove {
      return
    }
    endStall()
  }

  /// Content grew (or the end became known) during a stall: τ resumes now. The pause is recorded
  /// once τ has really moved on (see `recordEndedStall`).
  func endStall() {
    isStalled = false
    stallEndedUs = nowUs
    traceClockUs = nowUs
    recordTimelineInstant()
    wakeFrames()
  }

  /// Records a pause that ended and was not resumed.
  func recordEndedStall() {
    guard let ended = stallEndedUs else { return }
    metrics.recordStall(durationUs: ended - stallStartUs)
    stallEndedUs = nil
  }

  /// Something changed that a frame must react to: make sure one is scheduled.
  func wakeFrames() {
    guard sessionStarted, !isStalled else { return }
    // A pending frame is on the grid and not in the past, so the first grid frame from now is
    // never later than it.
    if let next = nextFrameUs, next <= nowUs { return }
    scheduleFrame(atOrAfter: nowUs)
  }

  /// Frame `index` falls at first content + ⌊index × 10⁶ / frame rate⌋ µs: an exact grid with
  /// no drift.
  func frameTimeUs(_ index: Int64) -> Int64 { firstContentUs + index * 1_000_000 / frameRateHz }

  func scheduleFrame(index: Int64) {
    nextFrameIndex = index
    nextFrameUs = frameTimeUs(index)
    nextFrameRemainder = index * 1_000_000 % frameRateHz
  }

  /// The frame after the one being simulated now (at `nowUs`): frameTimeUs(index + 1), by
  /// carrying the remainder instead of dividing.
  @inline(__always)
  func scheduleNextFrame() {
    var time = nowUs + frameStepUs
    var remainder = nextFrameRemainder + frameStepRemainder
    if remainder >= frameRateHz {
      remainder -= frameRateHz
      time += 1
    }
    nextFrameIndex += 1
    nextFrameRemainder = remainder
    nextFrameUs = time
  }

  /// Schedules the first frame on the grid at or after `timeUs`.
  func scheduleFrame(atOrAfter timeUs: Int64) {
    var index = max(0, (timeUs - firstContentUs) * frameRateHz / 1_000_000)
    while frameTimeUs(index) < timeUs { index += 1 }
    scheduleFrame(index: index)
  }
}
