/// Accumulates what a run reports: the summary's counters as the engine reports what happens
/// (`finish` turns them into a `SummaryMetrics` row), the timeline (a row on a fixed grid plus the
/// instants that matter) and the request event log.
struct MetricsRecorder: Sendable {
  /// Written only through the named counters below and `finish`.
  private(set) var summary = SummaryMetrics()
  /// ∫ blank fraction dt after first content, in fraction·µs.
  private var blankIntegral = 0.0
  /// FlashList v1's blank-area tracker over the counted frames (`recordBlankArea`), pt.
  private var blankAreaMaxPt = 0.0
  private var blankAreaSumPt = 0.0
  private var ttcUs: [Int64] = []
  /// The same samples with their item, in the order their clocks stopped.
  private(set) var timesToContent: [TimeToContent] = []
  private var itemsCompleteAtFirstSight = 0
  /// Spacing of timeline rows, µs; 0 = no timeline.
  private let timelineIntervalUs: Int64
  private(set) var timeline: [TimelineSample] = []
  /// Time of the next grid row of the timeline.
  private(set) var nextTimelineUs: Int64 = 0
  /// A timeline is recorded: the states shown since the last frame are kept (`noteState`), so a
  /// stall dated back into that stretch can be drawn from its true start.
  let keepsRecentStates: Bool
  /// The engine records the timeline (rows, recent states) at every step before this time: the
  /// most negative time with a timeline, never without one (one comparison per step).
  let timelineStepBoundUs: Int64
  /// The states shown since the last frame ended, each with the time it began, in time order.
  private var recentStates: [(fromUs: Int64, state: TimelineState)] = []
  /// Record the request lifecycle (`events.csv`).
  let recordsEvents: Bool
  private(set) var eventLog: [RequestEvent] = []

  init(options: SimulationOptions) {
    timelineIntervalUs = options.timelineIntervalUs
    recordsEvents = options.recordEvents
    keepsRecentStates = options.timelineIntervalUs > 0
    timelineStepBoundUs = keepsRecentStates ? .min : .max
  }

  // MARK: Counters (what the engine reports as it happens)

  /// A page or media request was issued.
  @inline(__always)
  mutating func countIssued(_ resource: Resource) {
    if case .page = resource { summary.pageRequests += 1 } else { summary.mediaRequests += 1 }
  }
  /// `slots` connections are in use now: the peak follows.
  @inline(__always)
  mutating func noteInFlight(_ slots: Int) { summary.peakInFlight = max(summary.peakInFlight, slots) }
  /// `bytes` moved over the network.
  @inline(__always)
  mutating func addBytesFetched(_ bytes: Int64) { summary.bytesFetched += bytes }
  @inline(__always)
  mutating func countFailedRequest() { summary.requestsFailed += 1 }
  @inline(__always)
  mutating func countCancelledRequest() { summary.requestsCancelled += 1 }
  @inline(__always)
  mutating func countRetry() { summary.retries += 1 }
  @inline(__always)
  mutating func countDiskRead() { summary.diskReads += 1 }
  @inline(__always)
  mutating func countEviction() { summary.evictions += 1 }
  /// A media request joined one already out (`network.coalescing`).
  @inline(__always)
  mutating func countCoalescedRequest() { summary.coalescedRequests += 1 }
  @inline(__always)
  mutating func countItemSeen() { summary.itemsSeen += 1 }
  /// What the server's changes made the rows show (`FeedChangeTracker`), at the end of the run.
  mutating func recordFeedChanges(duplicateItemsShown: Int, itemsSkipped: Int) {
    summary.duplicateItemsShown = duplicateItemsShown
    summary.itemsSkipped = itemsSkipped
  }
  /// A pull-to-refresh discarded `bytes` (moved by a request it cancelled, or delivered and not
  /// yet shown).
  mutating func addInvalidatedBytes(_ bytes: Int64) { summary.invalidatedBytes += bytes }
  /// A prefetch was still in flight when its item first showed.
  @inline(__always)
  mutating func countLatePrefetch() { summary.latePrefetches += 1 }
  /// `bytes` of media are in memory now: the peak follows.
  @inline(__always)
  mutating func noteMemoryInUse(_ bytes: Int64) {
    if bytes > summary.peakMemoryBytes { summary.peakMemoryBytes = bytes }
  }
  /// The session ended with the user giving up (`abandoned`) or not.
  mutating func recordEnd(abandoned: Bool) { summary.abandoned = abandoned }
  /// The radio's active time, µs, and energy, J, over the session.
  mutating func recordRadio(activeUs: Int64, energyJ: Double) {
    summary.radioActiveUs = activeUs
    summary.energyJ = energyJ
  }

  /// Reserves room for the times to content of `items` rows (one sample per row seen).
  mutating func reserveTimesToContent(_ items: Int) {
    ttcUs.reserveCapacity(items)
    timesToContent.reserveCapacity(items)
  }

  /// The state a timeline row shows, constant over the interval it is used for.
  struct TimelineState {
    /// τ as of `traceClockUs`; nil before first content.
    var traceUs: Int64?
    var traceClockUs: Int64
    var stalled: Bool
    /// τ runs on through a stall (`scroll.at_end` `"press"`).
    var traceRuns = false
    var offsetPt: Double
    var velocityPtS: Double
    var contentHeightPt: Double
    var blankFraction: Double
    var inFlight: Int

    func row(atUs timeUs: Int64) -> TimelineSample {
      TimelineSample(
        timeUs: timeUs, traceUs: traceUs.map { stalled && !traceRuns ? $0 : $0 + (timeUs - traceClockUs) },
        offsetPt: offsetPt, velocityPtS: stalled ? 0 : velocityPtS, contentHeightPt: contentHeightPt,
        blankFraction: blankFraction, inFlight: inFlight, stalled: stalled)
    }
  }

  /// Grid rows of the timeline before `timeUs`, all showing `state`.
  mutating func recordTimelineRows(before timeUs: Int64, _ state: TimelineState) {
    guard timelineIntervalUs > 0 else {
      nextTimelineUs = .max
      return
    }
    while nextTimelineUs < timeUs {
      timeline.append(state.row(atUs: nextTimelineUs))
      nextTimelineUs += timelineIntervalUs
    }
  }

  /// An extra timeline row at `nowUs`, an instant that matters (first content, stall start and
  /// end, the session's end), unless a grid row will fall on it; `final` records it regardless.
  /// A row already at `nowUs` is replaced.
  mutating func recordTimelineInstant(atUs nowUs: Int64, _ state: TimelineState, final: Bool = false) {
    guard timelineIntervalUs > 0 else { return }
    if let last = timeline.last, last.timeUs == nowUs {
      timeline[timeline.count - 1] = state.row(atUs: nowUs)
      return
    }
    if nextTimelineUs == nowUs && !final { return }
    timeline.append(state.row(atUs: nowUs))
  }

  /// The run shows `state` from `fromUs` on (until the next call): kept until the frame ends.
  mutating func noteState(fromUs: Int64, _ state: TimelineState) {
    recentStates.append((fromUs, state))
  }

  /// A frame is done: a later stall cannot be dated back before it.
  mutating func frameEnded() { recentStates.removeAll(keepingCapacity: true) }

  /// A stall found by the frame at `nowUs` began at `startUs` (earlier, at the instant the user's
  /// intent crossed the end of loaded content) with τ held at `traceUs`: the rows already written
  /// since then become stalled rows (τ held, velocity 0), and a row at `startUs` marks where the
  /// stall began, showing what the run showed then. So every stall shows in the timeline from its
  /// true start, however short. With `traceRuns` (a pressing finger) τ runs on from `traceUs` at
  /// `startUs` instead of being held. O(rows since `startUs`).
  mutating func backdateStall(startUs: Int64, traceUs: Int64, nowUs: Int64, traceRuns: Bool = false) {
    guard timelineIntervalUs > 0, startUs < nowUs else { return }
    var index = timeline.count
    while index > 0 && timeline[index - 1].timeUs >= startUs { index -= 1 }
    for row in index..<timeline.count {
      timeline[row].stalled = true
      timeline[row].traceUs = traceRuns ? traceUs + (timeline[row].timeUs - startUs) : traceUs
      timeline[row].velocityPtS = 0
    }
    guard index == timeline.count || timeline[index].timeUs != startUs,
      var state = recentStates.last(where: { $0.fromUs <= startUs })?.state
    else { return }
    state.stalled = true
    state.traceUs = traceUs
    state.traceClockUs = startUs
    state.traceRuns = traceRuns
    timeline.insert(state.row(atUs: startUs), at: index)
  }

  /// One step of `request`'s life at `nowUs` (`bytes`: its size, or what it moved so far).
  mutating func log(_ kind: RequestEvent.Kind, _ request: Request, bytes: Int64, atUs nowUs: Int64) {
    eventLog.append(
      RequestEvent(
        timeUs: nowUs, kind: kind, requestID: request.id, resource: request.resource,
        priority: request.priority,
        attempt: request.attempt, bytes: bytes, isPrefetch: request.isPrefetch))
  }

  /// An item seen for the first time at `nowUs` was already complete.
  mutating func recordCompleteAtFirstSight(item: Int, atUs nowUs: Int64) {
    itemsCompleteAtFirstSight += 1
    recordTimeToContent(item: item, firstVisibleUs: nowUs, untilUs: nowUs, complete: true)
  }

  mutating func accumulateBlank(fraction: Double, overUs duration: Int64) {
    guard duration > 0, fraction > 0 else { return }
    summary.blankUs += duration
    if fraction >= 0.5 { summary.mostlyBlankUs += duration }
    blankIntegral += fraction * Double(duration)
  }

  /// A counted frame showed a blank run of `areaPt` at a viewport edge (> 0; frames with none add
  /// nothing to either figure).
  @inline(__always)
  mutating func recordBlankArea(pt areaPt: Double) {
    blankAreaMaxPt = max(blankAreaMaxPt, areaPt)
    blankAreaSumPt += areaPt
  }

  mutating func recordStall(durationUs: Int64) {
    summary.stallCount += 1
    summary.stallUs += durationUs
    summary.stallMaxUs = max(summary.stallMaxUs, durationUs)
  }

  /// An item's time-to-content clock stopped at `untilUs`: complete, or left the viewport (or
  /// the run ended) still incomplete.
  mutating func recordTimeToContent(item: Int, firstVisibleUs: Int64, untilUs: Int64, complete: Bool) {
    let duration = untilUs - firstVisibleUs
    ttcUs.append(duration)
    timesToContent.append(
      TimeToContent(item: item, firstVisibleUs: firstVisibleUs, durationUs: duration, complete: complete))
    if !complete { summary.itemsSeenIncomplete += 1 }
  }

  /// Debug builds: the timeline runs forward.
  func checkInvariants() {
    assert(
      timeline.count < 2 || timeline[timeline.count - 2].timeUs <= timeline[timeline.count - 1].timeUs,
      "timeline rows out of order")
    assert(summary.stallCount >= 0 && summary.stallUs >= 0, "negative stalls")
  }

  /// Fills the derived columns: percentiles, blankness, ratios.
  mutating func finish(
    sessionUs: Int64, firstContentUs: Int64?, requests: [Request], itemsLoaded: Int, frames: Int
  ) {
    summary.sessionUs = sessionUs
    summary.firstContentUs = firstContentUs
    summary.itemsLoaded = itemsLoaded
    summary.frames = frames
    if let firstContentUs, sessionUs > firstContentUs {
      summary.blankness = blankIntegral / Double(sessionUs - firstContentUs)
    }
    if firstContentUs != nil {
      summary.blankAreaMaxPt = blankAreaMaxPt
      summary.blankAreaSumPt = blankAreaSumPt
    }
    ttcUs.sort()
    summary.ttcP50Us = Self.nearestRank(ttcUs, 0.50)
    summary.ttcP95Us = Self.nearestRank(ttcUs, 0.95)
    summary.ttcMaxUs = ttcUs.last
    summary.coverage =
      summary.itemsSeen > 0 ? Double(itemsCompleteAtFirstSight) / Double(summary.itemsSeen) : nil

    var usedPrefetches = 0
    var wastedPrefetches = 0
    var visibleWaits = 0
    var visibleWaitTotalUs: Int64 = 0
    for request in requests where !request.fromDisk {
      if request.visibleSinceUs >= 0 {
        // From being wanted on screen to holding a connection (or to giving up, or the end).
        let endUs =
          request.startedUs >= 0
          ? request.startedUs : request.finishedUs >= 0 ? request.finishedUs : sessionUs
        let waitUs = max(0, endUs - request.visibleSinceUs)
        visibleWaits += 1
        visibleWaitTotalUs += waitUs
        summary.visibleMediaWaitMaxUs = max(summary.visibleMediaWaitMaxUs ?? 0, waitUs)
      }
      switch request.state {
      case .completed:
        // Bytes moved by the request's earlier, failed attempts.
        summary.wastedBytes += request.bytesMoved - request.bytes
        if !request.used {
          summary.wastedFetches += 1
          summary.wastedBytes += request.bytes
        }
        if request.isPrefetch { if request.used { usedPrefetches += 1 } else { wastedPrefetches += 1 } }
      case .cancelled, .failed:
        summary.wastedBytes += request.bytesMoved
        if request.isPrefetch { wastedPrefetches += 1 }
      case .queued, .connecting, .transferring, .backingOff, .readingDisk:
        break
      }
      if request.redundant { summary.redundantFetches += 1 }
    }
    if visibleWaits > 0 { summary.visibleMediaWaitUs = visibleWaitTotalUs / Int64(visibleWaits) }
    let resolved = usedPrefetches + wastedPrefetches
    summary.prefetchAccuracy = resolved > 0 ? Double(usedPrefetches) / Double(resolved) : nil
  }

  /// The nearest-rank percentile (the smallest value with at least p of the data at or below
  /// it); nil for no data.
  static func nearestRank(_ sorted: [Int64], _ p: Double) -> Int64? {
    guard !sorted.isEmpty else { return nil }
    let rank = Int((p * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count, max(1, rank)) - 1]
  }
}
