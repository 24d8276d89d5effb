extension Simulation {
  /// Along a constant-velocity motion, the offset is monotone in the frame index (the closed
  /// form basePt + v × Δτ / 10⁶ is, in floating point too) and each condition of a quiet frame
  /// is an interval of offsets, so the quiet frames from the pending one form a run. Its last
  /// frame is estimated from the nearest bound ahead (the strategy's band, the rows' edges, the
  /// end of loaded content, the next event, the motion's end), then found exactly by galloping
  /// from the estimate and halving (a few evaluations), and the frames up to it are taken at
  /// once. The scroll is left as the last of them leaves it (`commit` at its instant); nothing
  /// else changes in a quiet frame here but the blank fraction, which (no row shown being
  /// incomplete) only the loading footer makes: its integral is summed over the frames
  /// (`integrateFooterBlank`); timeline rows inside the run show each frame's offset on the motion
  /// (`QuietTimelineScroll.linear`).
  ///
  /// When the band holds across row changes and they wake nothing (`rowsChangeQuietly`), a run
  /// that ends at a row change goes on through it: the frame is taken as a quiet step takes it
  /// (the clock moved to it, the rows refreshed at its top, `refreshQuietRows(topPt:)`), without
  /// committing the scroll, which nothing there reads, and the next run is searched from it. A
  /// drag down a feed of short rows crosses two row edges a row; each stopped the jump and cost
  /// a probe, a full quiet step and a new jump. The jump stops at a row change that shows the
  /// footer or an incomplete row (the blank fraction then depends on the offset).
  func jumpAlongLinearMotion(stopUs: Int64, edgeMaxPt: Double?, limitPt: Double) {
    let motion = scroll.motion
    guard let pendingUs = clock.nextFrameUs, pendingUs < stopUs, case .linear(let velocity) = motion.shape,
      let band = timeAdvance.band, scroll.edgeIsFree, motion.phase == scroll.sample.phase
    else { return }
    // What `isQuiet` checks of a frame on this motion inside the bounds, from its offset alone
    // (`TimeAdvance.isQuiet`, a still frame not exempt: the run's conditions stay intervals): the
    // phase and the velocity are the motion's, the same in every frame.
    let shiftPt = scroll.anchorShiftPt
    let currentPt = scroll.viewportOffsetPt
    let heightPt = viewportHeightPt
    let version = feed.layout.version
    let rowCount = feed.layout.rowCount
    let crossesRows = band.acrossRows && rowsChangeQuietly
    let direction = scroll.scrollDirection
    // `window` nil: any rows. (Not a captured variable: its accesses would be checked at run time.)
    func quietTopPt(_ index: Int64, keeping window: RowWindow?) -> Double? {
      let frameUs = clock.timeUs(ofFrame: index)
      guard frameUs < stopUs else { return nil }
      let traceUs = stall.proposedTraceUs(atUs: frameUs)
      guard motion.covers(traceUs) else { return nil }
      let offset = motion.linearIntentPt(atTraceUs: traceUs, velocityPtS: velocity) + shiftPt
      // `band` is the one kept now: nothing in a jump changes it (a row change taken in place
      // notes the rows only).
      guard offset >= 0, offset <= limitPt,
        TimeAdvance.isQuiet(
          offsetPt: offset, previousPt: currentPt, stillIsQuiet: false, band: band, velocityPtS: velocity,
          direction: direction, limitPt: limitPt,
          rowsStay: { _ in
            window?.keeps(fromPt: offset, toPt: offset + heightPt, layoutVersion: version, rowCount: rowCount)
              ?? true
          })
      else { return nil }
      return offset
    }
    var first = clock.nextFrameIndex
    // Timeline rows inside the jump show the frames' offsets on the motion (`recordQuietTimeline`).
    if recorder.keepsRecentStates {
      timeAdvance.timelineScroll = .linear(
        velocityPtS: velocity, firstFrame: first, shiftPt: shiftPt, committedPt: currentPt,
        committedVelocityPtS: scroll.sample.velocityPtS)
    }
    defer { timeAdvance.timelineScroll = nil }
    // The row change last taken and its top: the jump commits there if no quiet frame follows.
    var taken: (index: Int64, topPt: Double)?
    var window = visibility.window
    while let firstTopPt = quietTopPt(first, keeping: window) {
      let rows = window
      let estimate = estimatedLastQuietFrame(
        fromPt: taken?.topPt ?? currentPt, velocityPtS: velocity, stopUs: stopUs, limitPt: limitPt)
      let (low, lowTopPt) = TimeAdvance.lastQuietFrame(
        from: first, firstTopPt: firstTopPt, estimate: estimate, quietTopPt: { quietTopPt($0, keeping: rows) }
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
      if footerShows {
        refreshBlankFraction()
        noteFrameBlankArea()
      }
      return
    }
    if let taken { commitJump(atFrame: taken.index, edgeMaxPt: edgeMaxPt, limitPt: limitPt) }
  }

  /// The end of a jump: the clock, τ and the scroll as the quiet frame `index` of the linear
  /// motion leaves them.
  @inline(__always)
  private func commitJump(atFrame index: Int64, edgeMaxPt: Double?, limitPt: Double) {
    let frameUs = clock.timeUs(ofFrame: index)
    let traceUs = stall.proposedTraceUs(atUs: frameUs)
    // Never nil: the motion is linear and covers the frame (`quietTopPt`).
    guard let probed = scroll.linearSample(atTraceUs: traceUs) else { return }
    // The timeline's rows up to the frame, from the motion; then the scroll is the frame's.
    advanceClock(to: frameUs)
    timeAdvance.timelineScroll = nil
    moveToQuietFrame(atUs: frameUs, traceUs: traceUs, probed, edgeMaxPt: edgeMaxPt, limitPt: limitPt)
    clock.skip(throughFrame: index)
    if recorder.keepsRecentStates { recorder.frameEnded() }
  }

  /// The quiet frames ahead may be jumped over (`jumpAlongLinearMotion`): nothing
  /// blank but perhaps the loading footer, the edge rule on its fast path, a moving linear motion.
  @inline(__always)
  var mayJump: Bool {
    guard onlyFooterMayBeBlank && scroll.edgeIsFree,
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

  /// The blank integral (and the frames' blank areas, `noteFrameBlankArea`) over quiet frames
  /// `fromFrame` ..< `toFrame` of a jump (their offsets on
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
      noteFrameBlankArea()
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
    let band = timeAdvance.band.map { ($0.lowPt, $0.highPt) } ?? (offset, offset)
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
}
