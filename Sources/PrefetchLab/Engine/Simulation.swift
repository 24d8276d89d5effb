/// One run: a scenario, a seed and a strategy, simulated from t = 0 to the end of the session.
///
/// The discrete-event engine (one clock, one event queue, no globals) is a coordinator of owned
/// components, each a value with its own state and invariants (see "Engine map" in
/// docs/architecture.md): the frame clock, the event queue, the connection pool with the
/// transfer link, the request ledger and policy, the stall clock, the scroll driver, the outage
/// schedule, the media cache, the render stage, the metrics recorder, the feed state and the
/// visibility. Components never touch one another; the coordinator passes each what it needs and
/// turns what one reports into calls on the others. The coordinator is also the
/// `StrategyContext` a `PrefetchStrategy` reads and acts on.
///
/// It is single-threaded; runs are independent, so many can execute in parallel. Components are
/// stored inline (structs) and marked `@exclusivity(unchecked)`: a run is confined to one thread
/// and never re-enters a mutation, and the dynamic checks cost a fifth of the frame time.
///
/// Timing: the clock is an integer count of µs. Display frames fall on a fixed grid from first
/// content (`frame_rate_hz`); network events fall wherever they fall. At equal times, network and
/// page events run before the frame. Frames in which nothing can move (a stall, or the user
/// resting) are skipped; their effect is integrated exactly.
final class Simulation {
  /// One screenful, pt.
  let viewportHeightPt: Double
  @exclusivity(unchecked) var policy: RequestPolicy

  /// Simulated time, µs since the first page request.
  @exclusivity(unchecked) private(set) var nowUs: Int64 = 0
  /// First content is on screen: the scroll trace runs, frames fall (and it stays true once the
  /// session is over).
  @exclusivity(unchecked) var sessionStarted = false
  @exclusivity(unchecked) var finished = false

  /// Quiet frames: whether they are skipped, the strategy's last wake-up, the rows shown unconsulted.
  @exclusivity(unchecked) var timeAdvance: TimeAdvance

  @exclusivity(unchecked) var clock: FrameClock
  @exclusivity(unchecked) var events = EventQueue()
  @exclusivity(unchecked) var pool: ConnectionPools
  @exclusivity(unchecked) var ledger = RequestLedger()
  @exclusivity(unchecked) var stall: StallClock
  @exclusivity(unchecked) var scroll: ScrollDriver
  @exclusivity(unchecked) var outages: OutageSchedule
  @exclusivity(unchecked) var cache: MediaCache
  @exclusivity(unchecked) var render: RenderStage
  @exclusivity(unchecked) var recorder: MetricsRecorder
  @exclusivity(unchecked) var feed: FeedState
  @exclusivity(unchecked) var visibility = Visibility()
  /// The scroll's carousel swipes: the next, the one under way, how the strategy's nested lists
  /// load what they reveal, and the cells they revealed.
  @exclusivity(unchecked) var swipes: CarouselSwipes
  /// The radio's power states (`radio`); nil for `none`.
  @exclusivity(unchecked) var radio: RadioStateMachine?

  /// Builds a run. `trace` is the scenario's link, `mediaTrace` the media origin's own, already
  /// loaded (see `PreparedScenario`).
  init(
    scenario: Scenario, seed: UInt64, source: any ScrollSource, trace: BandwidthTrace,
    mediaTrace: BandwidthTrace? = nil, options: SimulationOptions, edgeBehavior: EdgeBehavior
  ) {
    let random = CounterRandom(seed: seed)
    viewportHeightPt = scenario.viewport.heightPt
    timeAdvance = TimeAdvance(skipsQuietFrames: options.engine == .event)
    let media = scenario.mediaNetwork
    policy = RequestPolicy(
      network: scenario.network, promotionDelaysRequests: scenario.radio.promotionDelaysRequests,
      trace: trace,
      random: random, media: media.map { ($0.network, mediaTrace ?? trace) })
    clock = FrameClock(rateHz: scenario.viewport.frameRateHz)
    pool = ConnectionPools(
      api: ConnectionPool(
        maxConcurrent: scenario.network.maxConcurrentRequests, trace: trace,
        rateLimit: scenario.network.rateLimit),
      media: mediaTrace.map { mediaTrace in
        ConnectionPool(
          maxConcurrent: media!.network.maxConcurrentRequests, trace: mediaTrace,
          rateLimit: media!.network.rateLimit)
      })
    stall = StallClock(
      durationUs: source.durationUs, patienceUs: scenario.patienceUs,
      pressesAtEnd: scenario.scroll.atEnd == .press)
    scroll = ScrollDriver(source: source, edgeBehavior: edgeBehavior)
    swipes = CarouselSwipes(steps: scenario.feed.carousel == nil ? [] : source.carouselSwipes)
    outages = OutageSchedule(scenario.network.outages.map(\.intervalUs))
    cache = MediaCache(spec: scenario.cache, random: random)
    render = RenderStage(spec: scenario.render, random: random)
    recorder = MetricsRecorder(options: options)
    feed = FeedState(spec: scenario.feed, seed: seed, rendersItems: scenario.render != nil)
    // Room for a request per page and then some: the ledger grows a few times, not from one.
    ledger.requests.reserveCapacity(min(feed.plan.pageCount + 64, RequestLedger.initialCapacity))
    recorder.reserveTimesToContent(min(scenario.feed.totalItems, ItemTable.initialCapacity))
    radio = scenario.radio.power.map(RadioStateMachine.init)
  }

  /// Height of the loading footer below the last row, pt (`StrategyContext.footerHeightPt`, read
  /// here without building the strategy's `ContentState`).
  @inline(__always)
  var footerHeightPt: Double { feed.isOffsetPagination || feed.endKnown ? 0 : feed.loadingFooterPt }

  /// The largest offset the viewport's top can rest at now, pt (may be negative when the content
  /// is shorter than the viewport).
  @inline(__always)
  var maxRestingOffsetPt: Double { feed.layout.contentHeightPt + footerHeightPt - viewportHeightPt }

  /// The row can be rendered: loaded, its media (if any) in memory.
  @inline(__always)
  func isRenderable(_ item: Int) -> Bool {
    let media = feed.items.mediaState[item]
    return media == .none || media == .loaded
  }

  /// Moves the clock to `timeUs`, integrating blankness and emitting timeline rows for the
  /// interval [now, timeUs) during which the state was constant.
  @inline(__always)
  func advanceClock(to timeUs: Int64) {
    guard timeUs > nowUs else { return }
    if sessionStarted && visibility.blankFraction > 0 {
      recorder.accumulateBlank(fraction: visibility.blankFraction, overUs: timeUs - nowUs)
    }
    // One comparison when no timeline is kept (the bound is then never reached).
    if recorder.timelineStepBoundUs < timeUs { recordTimeline(before: timeUs) }
    nowUs = timeUs
  }

  /// The timeline over [now, `timeUs`): grid rows, and the state kept for a stall dated back.
  @inline(never)
  private func recordTimeline(before timeUs: Int64) {
    if let quiet = timeAdvance.timelineScroll {
      recordQuietTimeline(quiet, before: timeUs)
      return
    }
    let state = timelineState
    if recorder.nextTimelineUs < timeUs { recorder.recordTimelineRows(before: timeUs, state) }
    if sessionStarted { recorder.noteState(fromUs: nowUs, state) }
  }

  /// What a timeline row shows now.
  var timelineState: MetricsRecorder.TimelineState {
    MetricsRecorder.TimelineState(
      traceUs: sessionStarted ? stall.traceUs : nil, traceClockUs: stall.traceClockUs,
      stalled: stall.isStalled, traceRuns: stall.pressesAtEnd,
      offsetPt: scroll.viewportOffsetPt, velocityPtS: scroll.sample.velocityPtS,
      contentHeightPt: feed.layout.contentHeightPt, blankFraction: visibility.blankFraction,
      inFlight: pool.slotsInUse)
  }

  /// An extra timeline row now (see `MetricsRecorder.recordTimelineInstant`).
  func recordTimelineInstant(final: Bool = false) {
    recorder.recordTimelineInstant(atUs: nowUs, timelineState, final: final)
  }

  /// Debug builds: every component's invariants, cheap ones only (O(1) or O(rows shown)); the
  /// request ledger's O(requests) check runs at the end of the run.
  func checkInvariants() {
    clock.checkInvariants()
    events.checkInvariants(nowUs: nowUs)
    pool.checkInvariants()
    stall.checkInvariants()
    scroll.checkInvariants()
    outages.checkInvariants()
    cache.checkInvariants()
    render.checkInvariants()
    recorder.checkInvariants()
    feed.checkInvariants()
    visibility.checkInvariants(complete: feed.items.complete)
  }
}
