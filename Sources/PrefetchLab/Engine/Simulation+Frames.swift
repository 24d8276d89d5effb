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
    lastIntentPt = viewportOffsetPt
    if sample.phase == .dragging { hasDragged = true }
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
      traceUs = proposedTraceUs
      traceClockUs = nowUs
      viewportOffsetPt = intent.isFinite ? min(max(0, intent), limit) : limit
      if intent.isFinite { lastIntentPt = intent }
    }
    if sample.phase == .dragging { hasDragged = true }
    if viewportOffsetPt != previousOffset {
      scrollDirection = viewportOffsetPt > previousOffset ? .down : .up
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
    } else if case .rest = motion.shape, motion.endUs > traceUs {
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
  /// instant the intent crossed the limit (interpolated within the frame).
  private func beginStall(proposedTraceUs: Int64, intentPt: Double, limitPt: Double) {
    var fraction = 0.0
    if intentPt.isFinite && intentPt > lastIntentPt && limitPt > lastIntentPt {
      fraction = min(1, (limitPt - lastIntentPt) / (intentPt - lastIntentPt))
    }
    let crossingTraceUs = traceUs + Int64((Double(proposedTraceUs - traceUs) * fraction).rounded(.down))
    stallStartUs = traceClockUs + (crossingTraceUs - traceUs)
    traceUs = crossingTraceUs
    traceClockUs = stallStartUs
    viewportOffsetPt = max(viewportOffsetPt, limitPt)
    lastIntentPt = limitPt
    if sample.phase == .dragging {
      // A finger dragging into the end of content meets the rubber band and lets go there: UIKit
      // reports scrollViewWillEndDragging with the edge as target. The rest of the drag resumes
      // when content arrives.
      sample = ScrollSample(
        intentOffsetPt: limitPt - anchorShiftPt, velocityPtS: 0, phase: .idle,
        projectedTargetPt: limitPt - anchorShiftPt)
    }
    isStalled = true
    stallSerial += 1
    schedule(.patience, atUs: stallStartUs + patienceUs, subject: stallSerial)
    recordTimelineInstant()
  }

  /// Content grew (or the end became known) during a stall: τ resumes now.
  func endStall() {
    metrics.recordStall(durationUs: nowUs - stallStartUs)
    isStalled = false
    traceClockUs = nowUs
    recordTimelineInstant()
    wakeFrames()
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
