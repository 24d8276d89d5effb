extension Simulation {
  /// Runs the session to its end with `strategy` and returns the result.
  ///
  /// Complexity: O(frames + events × log events); per frame O(rows entering or leaving the
  /// viewport), independent of the feed's length.
  func run<Strategy: PrefetchStrategy>(_ strategy: inout Strategy) -> RunOutcome {
    for index in outages.windowsUs.indices {
      events.schedule(.outageStart, atUs: outages.windowsUs[index].startUs, .outage(index))
    }
    if let size = strategy.initialLoadSize(pageSize: feed.requestedPageSize) {
      feed.resizeInitialPage(to: size)
    }
    if !strategy.enablePlaceholders { feed.hidePlaceholders() }
    feed.loadsVisiblePlaceholderPages = strategy.loadsVisiblePlaceholderPages
    swipes.loadsCells = strategy.loadsSwipedCells
    swipes.prefetchCells = max(0, strategy.carouselSwipePrefetchCells)
    // What a pull-to-refresh starts the strategy over from (`refreshFeed`).
    let initial = strategy
    issueInitialPage()
    events.schedule(.patience, atUs: stall.patienceUs, .firstContentWait)
    var eventTime = Int64.max
    #if DEBUG
      var steps = 0
    #endif
    while !finished {
      // The next event time changes only when events are scheduled or the link changes.
      if events.isStale {
        dropDeadEvents()
        eventTime = min(events.next?.timeUs ?? .max, pool.nextCompletionUs() ?? .max)
        events.markFresh()
      }
      let frameTime = clock.nextFrameUs ?? .max
      let endTime = sessionStarted ? stall.endUs() : .max
      let next = min(eventTime, frameTime, endTime)
      if next == .max {
        // Nothing can ever happen again (no frames, no events): the user waits until patience.
        let stalled = stall.isStalled
        finish(atUs: max(nowUs, stalled ? stall.stallStartUs + stall.patienceUs : nowUs), abandoned: stalled)
        break
      }
      if endTime == next {
        advanceClock(to: endTime)
        finish(atUs: endTime, abandoned: false)
      } else if eventTime <= frameTime {
        advanceClock(to: eventTime)
        processEvents(atUs: eventTime, strategy: &strategy)
        if timeAdvance.band != nil { skipQuietFramesAfterEvents() }
      } else {
        advanceClock(to: frameTime)
        runFrame(strategy: &strategy, startingOver: initial, nextEventUs: eventTime)
      }
      #if DEBUG
        // At coarse points: the checks would cost more than the steps they check.
        steps += 1
        if steps % 64 == 0 { checkInvariants() }
      #endif
    }
    #if DEBUG
      checkInvariants()
      ledger.checkInvariants()
    #endif
    return makeOutcome(strategyType: ObjectIdentifier(Strategy.self))
  }

  /// Drops the queued events that would change nothing when due (`EventQueue.dropDead`):
  /// timeouts of attempts that are over, and the patience deadlines and finger lifts of pauses
  /// that are over (`StallClock.mayContinue`; the wait for first content, serial -1, is over once
  /// it came). Every pause leaves both behind when content ends it: a drag that stalls once a
  /// page keeps one deadline `patience_ms` ahead and a lift per pause due near the drag's end, so
  /// a 10-minute drag would carry hundreds through the queue, each ending a quiet band when due.
  /// Both engines drop every dead event before it is due (where each drops it may differ), so
  /// neither splits the time at a dead event's instant.
  @inline(__always)
  func dropDeadEvents() {
    events.dropDead { event in
      switch event.kind {
      case .timeout:
        let request = self.ledger.requests[event.requestID]
        return !(request.state.holdsSlot && request.attempt == event.attempt)
      case .patience, .fingerLift:
        switch event.subject {
        case .firstContentWait: return self.sessionStarted
        case .pause(let serial): return !self.stall.mayContinue(serial: serial)
        default: return false
        }
      default: return false
      }
    }
  }

  /// Handles everything due at `timeUs`: link completions first, then queued events in order.
  func processEvents<Strategy: PrefetchStrategy>(atUs timeUs: Int64, strategy: inout Strategy) {
    events.markStale()  // events are consumed here
    // A quiet band describes the state after the last consultation: an event that does not
    // consult the strategy (or whose consultation returns `.everyFrame`) ends it, unless it changes
    // nothing the strategy reads (a body that starts moving, a timeout for an attempt that is
    // over).
    if let completion = pool.nextCompletionUs(), completion <= timeUs {
      // Into the run's own buffer, taken out while its completions are handled: no allocation.
      var completed: [Int] = []
      swap(&completed, &pool.completedScratch)
      completed.removeAllKeepingCapacity()
      pool.takeCompleted(atUs: timeUs, into: &completed)
      defer { pool.completedScratch = completed }
      for id in completed {
        events.countLinkCompletions(1)
        timeAdvance.endBand()
        completeTransfer(requestID: id, strategy: &strategy)
        if finished { return }
      }
    }
    while let event = events.next, event.timeUs <= timeUs {
      // A link completion that became due meanwhile goes first, as its earlier time says.
      if let completion = pool.nextCompletionUs(), completion < event.timeUs { break }
      events.takeNext()
      let band = timeAdvance.suspendBand()
      switch event.kind {
      case .firstByte:
        startTransfer(requestID: event.requestID, attempt: event.attempt, strategy: &strategy)
        // A body that starts moving changes nothing a strategy can read (the connection slot was
        // already held, the page mark stays open): the band holds. A failed attempt does not.
        if ledger.requests[event.requestID].state == .transferring { timeAdvance.resumeBand(band) }
      case .applyPage: applyPage(requestID: event.requestID, strategy: &strategy)
      case .timeout:
        if !timeOut(requestID: event.requestID, attempt: event.attempt, strategy: &strategy) {
          timeAdvance.resumeBand(band)
        }
      case .patience: patienceExpired(event.subject)
      case .retry: retryAttempt(requestID: event.requestID, attempt: event.attempt)
      case .outageStart: if case .outage(let index) = event.subject { beginOutage(index) }
      case .outageEnd: endOutage()
      case .rateLimit:
        pool.rateLimitWoke()
        pumpConnectionQueue()
      case .diskRead: finishDiskRead(requestID: event.requestID, strategy: &strategy)
      case .renderDone: if case .item(let item) = event.subject { finishRender(item) }
      case .fingerLift:
        if case .pause(let serial) = event.subject { liftFinger(serial: serial, strategy: &strategy) }
      }
      if finished { return }
    }
  }

  /// Handles everything due now, including what that schedules for now (a zero round trip's
  /// first byte, an unlimited link's completion, a page with no apply delay), until nothing is.
  func processEventsDueNow<Strategy: PrefetchStrategy>(strategy: inout Strategy) {
    while !finished, min(events.next?.timeUs ?? .max, pool.nextCompletionUs() ?? .max) <= nowUs {
      processEvents(atUs: nowUs, strategy: &strategy)
    }
  }

  /// The user gives up: before first content, or in the pause `serial` if it lasts.
  private func patienceExpired(_ subject: EngineEvent.Subject) {
    switch subject {
    case .firstContentWait:
      if !sessionStarted { finish(atUs: nowUs, abandoned: true) }
    case .pause(let serial):
      if stall.isStalled && serial == stall.stallSerial { finish(atUs: nowUs, abandoned: true) }
    default:
      break
    }
  }

  /// Ends the session at `timeUs`: closes an open stall and open time-to-content clocks.
  func finish(atUs timeUs: Int64, abandoned: Bool) {
    guard !finished else { return }
    advanceClock(to: timeUs)
    if let pause = stall.finish(atUs: nowUs) { recorder.recordStall(durationUs: pause) }
    for item in visibility.rows where item < feed.items.count && feed.items.ttcOpen[item] {
      feed.items.closeTimeToContent(item)
      recorder.recordTimeToContent(
        item: item, firstVisibleUs: feed.items.firstVisibleUs[item], untilUs: nowUs, complete: false)
    }
    recorder.recordEnd(abandoned: abandoned)
    recordTimelineInstant(final: true)
    finished = true
  }

  func makeOutcome(strategyType: ObjectIdentifier) -> RunOutcome {
    for id in 0..<ledger.count where ledger.requests[id].state == .transferring {
      let moved = pool.bytesMoved(id, atUs: nowUs) ?? 0
      ledger.requests[id].countMoved(moved)
      recorder.addBytesFetched(moved)
    }
    if radio != nil {
      radio!.finish(atUs: nowUs)
      recorder.recordRadio(
        activeUs: radio!.activeUs,
        energyJ: radio!.energyJoules(downloadedBytes: recorder.summary.bytesFetched))
    }
    let frames = sessionStarted ? clock.sessionFrames(untilUs: nowUs) : 0
    recorder.recordFeedChanges(
      duplicateItemsShown: feed.changes.duplicateItemsShown, itemsSkipped: feed.changes.itemsSkipped)
    recorder.finish(
      sessionUs: nowUs, firstContentUs: sessionStarted ? clock.firstContentUs : nil,
      requests: ledger.requests,
      itemsLoaded: feed.loadedItemCount, frames: frames)
    return RunOutcome(
      summary: recorder.summary, timeline: recorder.timeline, events: recorder.eventLog,
      framesProcessed: clock.framesProcessed, eventsProcessed: events.handledCount,
      timesToContent: timesToContentByItem(), strategyType: strategyType)
  }

  /// The time-to-content samples by item, as the stable sort gives them. They mostly are in that
  /// order already (rows stop their clocks top to bottom): checking first skips the copy and the
  /// sort, whose first call in a process also builds its run stack's type metadata (230 000
  /// instructions once per process, 3% of a single constant-drag session).
  private func timesToContentByItem() -> [TimeToContent] {
    let samples = recorder.timesToContent
    var index = 1
    while index < samples.count && samples[index - 1].item <= samples[index].item { index += 1 }
    return index >= samples.count ? samples : samples.sorted { $0.item < $1.item }
  }
}
