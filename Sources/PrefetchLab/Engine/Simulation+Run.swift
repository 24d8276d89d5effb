extension Simulation {
  /// Runs the session to its end with `strategy` and returns the result.
  ///
  /// Complexity: O(frames + events × log events); per frame O(rows entering or leaving the
  /// viewport), independent of the feed's length.
  func run<Strategy: PrefetchStrategy>(_ strategy: inout Strategy) -> RunOutcome {
    scheduleOutages()
    issueInitialPage()
    schedule(.patience, atUs: patienceUs, subject: -1)
    var eventTime = Int64.max
    while !finished {
      // The next event time changes only when events are scheduled or the link changes.
      if eventsChanged {
        eventTime = nextEventTimeUs()
        eventsChanged = false
      }
      let frameTime = nextFrameUs ?? .max
      let endTime = sessionEndUs()
      let next = min(eventTime, frameTime, endTime)
      if next == .max {
        // Nothing can ever happen again (no frames, no events): the user waits until patience.
        finish(atUs: max(nowUs, isStalled ? stallStartUs + patienceUs : nowUs), abandoned: isStalled)
        break
      }
      if endTime == next {
        advanceClock(to: endTime)
        finish(atUs: endTime, abandoned: false)
      } else if eventTime <= frameTime {
        advanceClock(to: eventTime)
        processEvents(atUs: eventTime, strategy: &strategy)
      } else {
        advanceClock(to: frameTime)
        runFrame(strategy: &strategy)
      }
    }
    return makeOutcome(strategyType: ObjectIdentifier(Strategy.self))
  }

  /// Time of the earliest pending event (engine queue or link), or .max.
  func nextEventTimeUs() -> Int64 {
    let queued = events.min?.timeUs ?? .max
    let transfer = link.nextCompletionUs() ?? .max
    return min(queued, transfer)
  }

  /// When τ will reach the trace's end, if it keeps running; .max while stalled or before first
  /// content.
  func sessionEndUs() -> Int64 {
    guard sessionStarted, !isStalled else { return .max }
    return traceClockUs + (traceDurationUs - traceUs)
  }

  /// Moves the clock to `timeUs`, integrating blankness and emitting timeline rows for the
  /// interval [now, timeUs) during which the state was constant.
  @inline(__always)
  func advanceClock(to timeUs: Int64) {
    guard timeUs > nowUs else { return }
    if sessionStarted && blankFraction > 0 {
      metrics.accumulateBlank(fraction: blankFraction, overUs: timeUs - nowUs)
    }
    if nextTimelineUs < timeUs { recordTimelineRows(before: timeUs) }
    nowUs = timeUs
  }

  private func recordTimelineRows(before timeUs: Int64) {
    guard timelineIntervalUs > 0 else {
      nextTimelineUs = .max
      return
    }
    while nextTimelineUs < timeUs {
      recordTimelineRow(atUs: nextTimelineUs)
      nextTimelineUs += timelineIntervalUs
    }
  }

  func recordTimelineRow(atUs timeUs: Int64) {
    let trace: Int64? = sessionStarted ? (isStalled ? traceUs : traceUs + (timeUs - traceClockUs)) : nil
    timeline.append(
      TimelineSample(
        timeUs: timeUs, traceUs: trace, offsetPt: viewportOffsetPt,
        velocityPtS: isStalled ? 0 : sample.velocityPtS,
        contentHeightPt: layout.contentHeightPt, blankFraction: blankFraction, inFlight: slotsInUse,
        stalled: isStalled))
  }

  /// An extra timeline row at an instant that matters (first content, stall start and end, the
  /// session's end), unless a grid row will fall on it; `final` records it regardless.
  func recordTimelineInstant(final: Bool = false) {
    guard timelineIntervalUs > 0 else { return }
    if let last = timeline.last, last.timeUs == nowUs {
      timeline[timeline.count - 1] = currentTimelineRow()
      return
    }
    if nextTimelineUs == nowUs && !final { return }
    timeline.append(currentTimelineRow())
  }

  private func currentTimelineRow() -> TimelineSample {
    TimelineSample(
      timeUs: nowUs, traceUs: sessionStarted ? traceUs + (isStalled ? 0 : nowUs - traceClockUs) : nil,
      offsetPt: viewportOffsetPt, velocityPtS: isStalled ? 0 : sample.velocityPtS,
      contentHeightPt: layout.contentHeightPt, blankFraction: blankFraction, inFlight: slotsInUse,
      stalled: isStalled)
  }

  func schedule(_ kind: EngineEvent.Kind, atUs timeUs: Int64, subject: Int, attempt: Int = 0) {
    eventSequence += 1
    eventsChanged = true
    events.push(
      EngineEvent(timeUs: timeUs, kind: kind, sequence: eventSequence, subject: subject, attempt: attempt))
  }

  /// Handles everything due at `timeUs`: link completions first, then queued events in order.
  func processEvents<Strategy: PrefetchStrategy>(atUs timeUs: Int64, strategy: inout Strategy) {
    eventsChanged = true  // events are consumed here
    if let completion = link.nextCompletionUs(), completion <= timeUs {
      eventsChanged = true
      for id in link.popCompleted(atUs: timeUs) {
        completeTransfer(requestID: id, strategy: &strategy)
        if finished { return }
      }
    }
    while let event = events.min, event.timeUs <= timeUs {
      // A link completion that became due meanwhile goes first, as its earlier time says.
      if let completion = link.nextCompletionUs(), completion < event.timeUs { break }
      events.pop()
      switch event.kind {
      case .firstByte: startTransfer(requestID: event.subject, attempt: event.attempt, strategy: &strategy)
      case .applyPage: applyPage(requestID: event.subject, strategy: &strategy)
      case .timeout: timeOut(requestID: event.subject, attempt: event.attempt, strategy: &strategy)
      case .patience: patienceExpired(serial: event.subject)
      case .retry: retryAttempt(requestID: event.subject, attempt: event.attempt)
      case .outageStart: beginOutage(event.subject)
      case .outageEnd: endOutage()
      case .rateLimit: rateLimitWake()
      case .diskRead: finishDiskRead(requestID: event.subject, strategy: &strategy)
      case .renderDone: finishRender(event.subject)
      }
      if finished { return }
    }
  }

  private func patienceExpired(serial: Int) {
    if serial < 0 {
      if !sessionStarted { finish(atUs: nowUs, abandoned: true) }
    } else if isStalled && serial == stallSerial {
      finish(atUs: nowUs, abandoned: true)
    }
  }

  /// Ends the session at `timeUs`: closes an open stall and open time-to-content clocks.
  func finish(atUs timeUs: Int64, abandoned: Bool) {
    guard !finished else { return }
    advanceClock(to: timeUs)
    if isStalled {
      metrics.recordStall(durationUs: nowUs - stallStartUs)
    } else {
      recordEndedStall()
    }
    for item in window.rows where item < items.count && items.ttcOpen[item] {
      items.ttcOpen[item] = false
      metrics.recordTimeToContent(
        item: item, firstVisibleUs: items.firstVisibleUs[item], untilUs: nowUs, complete: false)
    }
    metrics.summary.abandoned = abandoned
    recordTimelineInstant(final: true)
    finished = true
  }

  func makeOutcome(strategyType: ObjectIdentifier) -> RunOutcome {
    for index in requests.indices where requests[index].state == .transferring {
      let moved = link.bytesMoved(id: index, atUs: nowUs) ?? 0
      requests[index].bytesMoved += moved
      metrics.summary.bytesFetched += moved
    }
    if radio != nil {
      radio!.finish(atUs: nowUs)
      metrics.summary.radioActiveUs = radio!.activeUs
      metrics.summary.energyJ = radio!.energyJoules(downloadedBytes: metrics.summary.bytesFetched)
    }
    let frames = sessionStarted ? Int((nowUs - firstContentUs) * frameRateHz / 1_000_000) + 1 : 0
    metrics.finish(
      sessionUs: nowUs, firstContentUs: sessionStarted ? firstContentUs : nil, requests: requests,
      itemsLoaded: loadedItemCount, frames: frames)
    return RunOutcome(
      summary: metrics.summary, timeline: timeline, events: eventLog, framesProcessed: framesProcessed,
      timesToContent: metrics.timesToContent.sorted { $0.item < $1.item }, strategyType: strategyType)
  }

}
