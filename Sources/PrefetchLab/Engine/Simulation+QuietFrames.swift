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
  /// declared quiet in its last consultation (strategies do not read the blank fraction). The
  /// shown offset is the intent's inside the bounds; past an edge, or while the content springs
  /// back, it is where the edge rule puts it (`ScrollDriver.preview`). The rows shown may change
  /// in a quiet frame when that band holds across row changes and the change wakes nothing
  /// (`rowsChangeQuietly`): the frame then refreshes them as a full frame does. A quiet frame
  /// does what the full frame would do, at its own instant (clock, blank integral and timeline
  /// rows, τ, the scroll's evaluation, edge rule and direction, the blank fraction of the rows
  /// shown): the outputs are those of the stepped engine. Along a constant-velocity motion inside
  /// the bounds with no timeline and no incomplete row shown the quiet frames are not visited one
  /// by one: the last one is found by a search over frame indices (`jumpAlongLinearMotion`), and
  /// only the blank integral of a loading footer in view is summed frame by frame.
  ///
  /// Offset pagination is left to full frames: its visible placeholders are requested frame by
  /// frame.
  ///
  /// Called after a full frame in which the strategy declared a quiet band or the scroll is
  /// still (`runFrame`); out of line, so that the frame stays small.
  @inline(never)
  func skipQuietFrames(nextEventUs cachedEventUs: Int64) {
    guard !feed.isOffsetPagination, let firstUs = clock.nextFrameUs else { return }
    // A band bound to the velocity holds in no moving frame of a fling: probing each frame only
    // to find it full would cost more than the stepped engine's frame alone.
    if let band = quietBand, band.velocityBound, !scroll.motion.hasConstantVelocity { return }
    if events.isStale { dropDeadEvents() }
    let eventUs =
      events.isStale ? min(events.next?.timeUs ?? .max, pool.nextCompletionUs() ?? .max) : cachedEventUs
    let stopUs = min(eventUs, stall.endUs(), quietBand?.beforeUs ?? .max)
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
    guard !recorder.keepsRecentStates else { return }
    if mayJump {
      jumpAlongLinearMotion(stopUs: stopUs, edgeMaxPt: edgeMaxPt, limitPt: limitPt)
    } else {
      scanQuietFrames(stopUs: stopUs, edgeMaxPt: edgeMaxPt, limitPt: limitPt)
    }
  }

  /// After events whose last one's consultation declared a quiet band: the frames that follow
  /// are stepped as after a full frame (`skipQuietFrames`), up to the first that is not quiet.
  /// The declaration covers the `.frame` consultations the stepped engine makes in them (see
  /// `StrategyContext.skipFrames`); a held frame, a stall or a rest is left to the run loop.
  @inline(never)
  func skipQuietFramesAfterEvents() {
    guard !finished, sessionStarted, !stall.isStalled, heldFrameTraceUs == nil,
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
  private func refreshQuietRows(topPt: Double) {
    refreshVisibility(topPt: topPt, layoutChanged: false)
    unconsultedRows.quietFrame(showing: visibility.rows)
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
    let current = scroll.viewportOffsetPt
    if offset == current { return true }
    guard let band = quietBand, offset >= band.lowPt, offset <= band.highPt else { return false }
    // The velocity the strategy read is the last frame's: a declaration at an event may precede
    // a frame that moves at another (the first frame after a stall, held still until then).
    if band.velocityBound && !(scroll.motion.hasConstantVelocity && velocity == band.velocityPtS) {
      return false
    }
    // The same expressions as `refreshVisibility` and `refreshBlankFractionWithoutScan`. A change
    // of rows is stepped (never jumped over) when the strategy's band holds across it.
    guard
      visibility.window.keeps(
        fromPt: offset, toPt: offset + viewportHeightPt, layoutVersion: feed.layout.version,
        rowCount: feed.layout.rowCount) || (band.acrossRows && rowsChangeQuietly)
    else { return false }
    return keepsDirection(offsetPt: offset, currentPt: current, limitPt: limitPt)
  }

  /// `ScrollDriver.noteMove` would keep the direction for a move from `currentPt` to `offsetPt`.
  @inline(__always)
  func keepsDirection(offsetPt offset: Double, currentPt current: Double, limitPt: Double) -> Bool {
    let now = min(max(0, offset), limitPt)
    let before = min(max(0, current), limitPt)
    return now == before || (now > before ? ScrollDirection.down : .up) == scroll.scrollDirection
  }

  /// Along a constant-velocity motion, the offset is monotone in the frame index (the closed
  /// form basePt + v × Δτ / 10⁶ is, in floating point too) and each condition of a quiet frame
  /// is an interval of offsets, so the quiet frames from the pending one form a run. Its last
  /// frame is estimated from the nearest bound ahead (the strategy's band, the rows' edges, the
  /// end of loaded content, the next event, the motion's end), then found exactly by galloping
  /// from the estimate and halving (a few evaluations), and the frames up to it are taken at
  /// once. The scroll is left as the last of them leaves it (`commit` at its instant); nothing
  /// else changes in a quiet frame here but the blank fraction, which (no row shown being
  /// incomplete) only the loading footer makes: its integral is summed over the frames
  /// (`integrateFooterBlank`); no timeline.
  ///
  /// When the band holds across row changes and they wake nothing (`rowsChangeQuietly`), a run
  /// that ends at a row change goes on through it: the frame is taken as a quiet step takes it
  /// (the clock moved to it, the rows refreshed at its top, `refreshQuietRows(topPt:)`), without
  /// committing the scroll, which nothing there reads, and the next run is searched from it. A
  /// drag down a feed of short rows crosses two row edges a row; each stopped the jump and cost
  /// a probe, a full quiet step and a new jump. The jump stops at a row change that shows the
  /// footer or an incomplete row (the blank fraction then depends on the offset).
  private func jumpAlongLinearMotion(stopUs: Int64, edgeMaxPt: Double?, limitPt: Double) {
    let motion = scroll.motion
    guard let pendingUs = clock.nextFrameUs, pendingUs < stopUs, case .linear(let velocity) = motion.shape,
      let band = quietBand, scroll.edgeIsFree, motion.phase == scroll.sample.phase,
      !band.velocityBound || velocity == band.velocityPtS
    else { return }
    // What `isQuiet` checks of a frame on this motion inside the bounds, from its offset alone:
    // the phase and the velocity are the motion's, the same in every frame.
    let shiftPt = scroll.anchorShiftPt
    let currentPt = scroll.viewportOffsetPt
    let heightPt = viewportHeightPt
    let version = feed.layout.version
    let rowCount = feed.layout.rowCount
    let crossesRows = band.acrossRows && rowsChangeQuietly
    // `window` nil: any rows. (Not a captured variable: its accesses would be checked at run time.)
    func quietTopPt(_ index: Int64, keeping window: RowWindow?) -> Double? {
      let frameUs = clock.timeUs(ofFrame: index)
      guard frameUs < stopUs else { return nil }
      let traceUs = stall.proposedTraceUs(atUs: frameUs)
      guard motion.covers(traceUs) else { return nil }
      let offset = motion.linearIntentPt(atTraceUs: traceUs, velocityPtS: velocity) + shiftPt
      guard offset >= 0, offset <= limitPt, offset >= band.lowPt, offset <= band.highPt,
        window?.keeps(fromPt: offset, toPt: offset + heightPt, layoutVersion: version, rowCount: rowCount)
          ?? true,
        keepsDirection(offsetPt: offset, currentPt: currentPt, limitPt: limitPt)
      else { return nil }
      return offset
    }
    var first = clock.nextFrameIndex
    // The row change last taken and its top: the jump commits there if no quiet frame follows.
    var taken: (index: Int64, topPt: Double)?
    var window = visibility.window
    while let firstTopPt = quietTopPt(first, keeping: window) {
      let rows = window
      let (low, lowTopPt) = lastQuietFrame(
        from: first, firstTopPt: firstTopPt, estimatedFromPt: taken?.topPt ?? currentPt,
        velocityPtS: velocity, stopUs: stopUs, limitPt: limitPt, quietTopPt: { quietTopPt($0, keeping: rows) }
      )
      // The footer shows in some frame of the run when it shows at either end (the offset is
      // monotone); otherwise the blank fraction stays 0 throughout, from the first frame on: the
      // time up to it is still charged at the fraction shown now, which the footer may make.
      let footerShows =
        footerHeightPt > 0
        && (visibility.blankFraction > 0
          || max(firstTopPt, lowTopPt) + heightPt > feed.layout.contentHeightPt)
      if crossesRows && !footerShows, let nextTopPt = quietTopPt(low + 1, keeping: nil) {
        // Frame low + 1 is quiet but for its rows: they change there.
        advanceClock(to: clock.timeUs(ofFrame: low + 1))
        refreshQuietRows(topPt: nextTopPt)
        window = visibility.window
        taken = (low + 1, nextTopPt)
        // A placeholder row or the footer now shown makes the blank fraction depend on the offset.
        guard visibility.incompleteVisibleRows == 0 && visibility.blankFraction == 0 else { break }
        first = low + 2
        continue
      }
      if low == first && taken == nil { return }
      if footerShows { integrateFooterBlank(fromFrame: first, toFrame: low) }
      commitJump(atFrame: low, edgeMaxPt: edgeMaxPt, limitPt: limitPt)
      if footerShows { refreshBlankFraction() }
      return
    }
    if let taken { commitJump(atFrame: taken.index, edgeMaxPt: edgeMaxPt, limitPt: limitPt) }
  }

  /// The last of the quiet frames from `first` (quiet, its top `firstTopPt`) on, and its top:
  /// galloping from the estimate (`estimatedLastQuietFrame`, from the top `fromPt` shown at the
  /// clock's instant), then halving, with `quietTopPt` judging a frame (its top, nil if not
  /// quiet). The frame after the one returned is not quiet.
  @inline(__always)
  private func lastQuietFrame(
    from first: Int64, firstTopPt: Double, estimatedFromPt fromPt: Double, velocityPtS velocity: Double,
    stopUs: Int64, limitPt: Double, quietTopPt: (Int64) -> Double?
  ) -> (Int64, Double) {
    // Invariant: `low` is quiet (its offset `lowTopPt`), and so is every frame from `first` to
    // it; `high` is not.
    var low = first
    var lowTopPt = firstTopPt
    var high: Int64
    let estimate = estimatedLastQuietFrame(
      fromPt: fromPt, velocityPtS: velocity, stopUs: stopUs, limitPt: limitPt)
    let guess = max(first, estimate)
    var step: Int64 = 1
    if let guessTopPt = guess > first ? quietTopPt(guess) : firstTopPt {
      // Within the run (or no estimate ahead): gallop on from the estimate.
      low = guess
      lowTopPt = guessTopPt
      high = guess + step
      while let topPt = quietTopPt(high) {
        low = high
        lowTopPt = topPt
        step *= 2
        high = guess + step
      }
    } else {
      // Past the run: gallop back from the estimate.
      high = guess
      while high - step > low {
        if let topPt = quietTopPt(high - step) {
          low = high - step
          lowTopPt = topPt
          break
        }
        high -= step
        step *= 2
      }
    }
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if let topPt = quietTopPt(middle) {
        low = middle
        lowTopPt = topPt
      } else {
        high = middle
      }
    }
    return (low, lowTopPt)
  }

  /// The end of a jump: the clock, τ and the scroll as the quiet frame `index` of the linear
  /// motion leaves them.
  @inline(__always)
  private func commitJump(atFrame index: Int64, edgeMaxPt: Double?, limitPt: Double) {
    let frameUs = clock.timeUs(ofFrame: index)
    let traceUs = stall.proposedTraceUs(atUs: frameUs)
    // Never nil: the motion is linear and covers the frame (`quietTopPt`).
    guard let probed = scroll.linearSample(atTraceUs: traceUs) else { return }
    moveToQuietFrame(atUs: frameUs, traceUs: traceUs, probed, edgeMaxPt: edgeMaxPt, limitPt: limitPt)
    clock.skip(throughFrame: index)
  }

  /// The quiet frames ahead may be jumped over (`jumpAlongLinearMotion`): no timeline, nothing
  /// blank but perhaps the loading footer, the edge rule on its fast path, a moving linear motion.
  @inline(__always)
  private var mayJump: Bool {
    guard !recorder.keepsRecentStates && onlyFooterMayBeBlank && scroll.edgeIsFree,
      case .linear(let velocity) = scroll.motion.shape
    else { return false }
    return velocity != 0
  }

  /// Nothing shown is blank but, perhaps, the loading footer: the blank fraction of a quiet frame
  /// follows from the offset alone (`Visibility.refreshFooterOnlyBlankFraction`).
  @inline(__always)
  private var onlyFooterMayBeBlank: Bool {
    visibility.incompleteVisibleRows == 0 && (visibility.blankFraction == 0 || footerHeightPt > 0)
  }

  /// The blank integral over quiet frames `fromFrame` ..< `toFrame` of a jump (their offsets on
  /// the linear motion, no row shown incomplete), as the stepped engine sums it: at each frame the
  /// time since the last is charged at the blank fraction shown until then, then the fraction
  /// becomes the frame's own (the loading footer's share of the viewport). Frame `toFrame` is
  /// left to the jump's commit. O(frames showing the footer + log frames), a few operations each.
  private func integrateFooterBlank(fromFrame first: Int64, toFrame last: Int64) {
    let footerTopPt = feed.layout.contentHeightPt
    let footerPt = footerHeightPt
    let heightPt = viewportHeightPt
    let shiftPt = scroll.anchorShiftPt
    // `ScrollDriver.commit` shows the intent plus the anchor shift (the fast path of a quiet frame).
    func topPt(_ frameUs: Int64) -> Double? {
      scroll.linearSample(atTraceUs: stall.proposedTraceUs(atUs: frameUs)).map { $0.intentOffsetPt + shiftPt }
    }
    // A frame whose viewport ends above the footer shows none of it. While nothing blank is shown
    // such frames add nothing to the integral and leave the fraction 0, so moving down the sum
    // starts at the first frame that reaches the footer (found by halving: the offsets grow with
    // the index), and moving up it stops after the first frame that has left it.
    guard case .linear(let velocity) = scroll.motion.shape else { return }
    let movingDown = velocity > 0
    var index = first
    if movingDown && visibility.blankFraction == 0 {
      var high = last
      while index < high {
        let middle = index + (high - index) / 2
        guard let top = topPt(clock.timeUs(ofFrame: middle)) else { return }
        if top + heightPt > footerTopPt { high = middle } else { index = middle + 1 }
      }
    }
    while index < last {
      let frameUs = clock.timeUs(ofFrame: index)
      advanceClock(to: frameUs)
      guard let top = topPt(frameUs) else { return }
      visibility.refreshFooterOnlyBlankFraction(
        topPt: top, heightPt: heightPt, footerPt: footerPt, footerTopPt: footerTopPt)
      if !movingDown && visibility.blankFraction == 0 && top + heightPt <= footerTopPt { return }
      index += 1
    }
  }

  /// Where the run of quiet frames along a drag at `velocityPtS` (≠ 0) likely ends: the frame
  /// before the first bound ahead is crossed, from the closed form in real numbers with the top
  /// at `offset` now. Only a starting point for `jumpAlongLinearMotion`'s exact search.
  private func estimatedLastQuietFrame(
    fromPt offset: Double, velocityPtS: Double, stopUs: Int64, limitPt: Double
  )
    -> Int64
  {
    let kept = visibility.window.keptTopsPt(heightPt: viewportHeightPt)
    let band = quietBand.map { ($0.lowPt, $0.highPt) } ?? (offset, offset)
    let boundPt: Double
    if velocityPtS > 0 {
      boundPt = min(band.1, limitPt, kept.high)
    } else {
      boundPt = max(band.0, 0, kept.low)
    }
    // Clock time at which the offset reaches the bound, then the motion's end and the stop.
    let secondsAhead = max(0, (boundPt - offset) / velocityPtS)
    let reachUs = nowUs + Int64(min(secondsAhead * 1e6, 1e15))
    let motionEndTraceUs = scroll.motion.endUs
    let motionEndUs = stall.traceClockUs + (motionEndTraceUs - stall.traceUs)
    let untilUs = min(reachUs, stopUs, motionEndTraceUs == .max ? .max : motionEndUs)
    guard untilUs > clock.firstContentUs else { return clock.nextFrameIndex }
    // The last frame on the grid before `untilUs` (`FrameClock.timeUs(ofFrame:)` rounds down).
    return ((untilUs - clock.firstContentUs) * clock.rateHz + 999_999) / 1_000_000 - 1
  }

  /// `StrategyContext.skipFrames(whileOffsetWithinPt:_:acrossRowChanges:beforeUs:whileVelocityHolds:)`:
  /// kept only during a consultation by the event engine (`consult`).
  public func skipFrames(
    whileOffsetWithinPt lowPt: Double, _ highPt: Double, acrossRowChanges: Bool, beforeUs: Int64,
    whileVelocityHolds: Bool
  ) {
    guard acceptsQuietBand, lowPt <= highPt, beforeUs > nowUs else { return }
    quietBand = QuietBand(
      lowPt: lowPt, highPt: highPt, acrossRows: acrossRowChanges, beforeUs: beforeUs,
      velocityBound: whileVelocityHolds, velocityPtS: scroll.sample.velocityPtS)
  }

  /// `StrategyContext.acceptsQuietFrames`: during a consultation by the event engine.
  public var acceptsQuietFrames: Bool { acceptsQuietBand }

  /// A row entering or leaving the viewport during quiet frames touches only the engine's own
  /// books (first sight, time to content, page use): no render is offered, no media is shown or
  /// hidden, nothing is evicted, so no event is scheduled and the strategy has nothing new to
  /// read but the rows themselves.
  @inline(__always)
  private var rowsChangeQuietly: Bool { !feed.hasMedia && !render.isEnabled && !cache.memoryLimited }
}
