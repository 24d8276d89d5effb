/// One run: a scenario, a seed and a strategy, simulated from t = 0 to the end of the session.
///
/// This is the discrete-event engine (one clock, one event queue, no globals) and, through its
/// public members, the context a `PrefetchStrategy` reads and acts on. It is single-threaded;
/// runs are independent, so many can execute in parallel.
///
/// Timing: the clock is an integer count of µs. Display frames fall on a fixed grid from first
/// content (`frame_rate_hz`); network events fall wherever they fall. At equal times, network and
/// page events run before the frame. Frames in which nothing can move (a stall, or the user
/// resting) are skipped; their effect is integrated exactly.
public final class Simulation {
  // MARK: Configuration
  public let scenario: Scenario
  public let seed: UInt64
  let content: FeedContent
  let plan: PagePlan
  let random: CounterRandom
  let options: SimulationOptions
  /// The viewport's height, pt (one screenful).
  public let viewportHeightPt: Double
  let frameRateHz: Int64
  let patienceUs: Int64
  let timeoutUs: Int64
  let maxConcurrentRequests: Int
  let trace: BandwidthTrace

  // MARK: Clock and events
  /// Simulated time, µs since the first page request.
  public internal(set) var nowUs: Int64 = 0
  var events = MinHeap<EngineEvent>()
  var eventSequence = 0
  var link: TransferLink
  var finished = false

  // MARK: Feed
  var layout: FeedLayout
  var pages: PageTable
  var unapplied: UnappliedPageIndex
  /// Pages applied, cursor pagination (always a prefix of the feed).
  var appliedPageCount = 0
  var endKnown = false
  var items = ItemTable()

  // MARK: Requests
  var requests: [Request] = []
  var connectionQueue = MinHeap<QueueEntry>()
  var queueSequence = 0
  var slotsInUse = 0
  /// Open in-flight page marks per direction (index 0 = up, 1 = down); a mark clears on apply.
  var pageMarks = [0, 0]
  var pageMarkOpen: [Bool] = []

  // MARK: Scroll
  var source: any ScrollSource
  let traceDurationUs: Int64
  var sessionStarted = false
  var firstContentUs: Int64 = 0
  /// Trace time τ as of `traceClockUs`; advances with the clock unless stalled.
  var traceUs: Int64 = 0
  var traceClockUs: Int64 = 0
  var lastIntentPt = 0.0
  /// Added to the source's intent: offset changes made by anchoring when rows above the viewport
  /// change height (offset pagination).
  var anchorShiftPt = 0.0
  var sample = ScrollSample(intentOffsetPt: 0, velocityPtS: 0, phase: .idle, projectedTargetPt: 0)
  /// Top of the viewport, pt.
  public internal(set) var viewportOffsetPt = 0.0
  /// The last non-zero direction the viewport moved in; initially down.
  public internal(set) var scrollDirection = ScrollDirection.down
  /// True once the user has dragged at least once (Texture leaves Minimum range mode then).
  public internal(set) var hasDragged = false
  public internal(set) var isStalled = false
  var stallStartUs: Int64 = 0
  var stallSerial = 0
  /// Next display frame to simulate, µs; nil when no frame is needed until something happens.
  var nextFrameUs: Int64?
  var framesProcessed = 0

  // MARK: Visibility and metrics
  var window = VisibleWindow()
  var blankFraction = 1.0
  var metrics = MetricsRecorder()
  var timeline: [TimelineSample] = []
  var nextTimelineUs: Int64 = 0
  var eventLog: [RequestEvent] = []

  /// Builds a run. `trace` is the scenario's link, already loaded (see `PreparedScenario`).
  init(
    scenario: Scenario, seed: UInt64, source: any ScrollSource, trace: BandwidthTrace,
    options: SimulationOptions
  ) {
    self.scenario = scenario
    self.seed = seed
    self.options = options
    self.content = FeedContent(spec: scenario.feed, seed: seed)
    self.plan = content.plan
    self.random = CounterRandom(seed: seed)
    self.viewportHeightPt = scenario.viewport.heightPt
    self.frameRateHz = Int64(scenario.viewport.frameRateHz)
    self.patienceUs = scenario.patienceUs
    self.timeoutUs = Int64((scenario.network.timeoutMs * 1000).rounded())
    self.maxConcurrentRequests = scenario.network.maxConcurrentRequests
    self.trace = trace
    self.link = TransferLink(trace: trace)
    self.layout = FeedLayout(pagination: scenario.feed.pagination, placeholderHeightPt: scenario.feed.placeholderHeightPt)
    self.pages = PageTable(pageCount: content.plan.pageCount)
    self.unapplied = UnappliedPageIndex(pageCount: content.plan.pageCount)
    self.source = source
    self.traceDurationUs = source.durationUs
  }

  // MARK: Public reading for strategies

  /// The viewport's bottom edge, pt.
  public var viewportBottomPt: Double { viewportOffsetPt + viewportHeightPt }

  /// Summed heights of laid-out rows (placeholders included, footer excluded), pt.
  public var contentHeightPt: Double { layout.contentHeightPt }

  /// Height of the loading footer shown below the last row, pt: 0 once the end is known and
  /// with offset pagination (placeholders stand in for missing rows).
  public var footerHeightPt: Double {
    scenario.feed.pagination == .cursor && !endKnown ? scenario.feed.footerHeightPt : 0
  }

  public var pagination: Pagination { scenario.feed.pagination }

  /// The client knows no further page exists.
  public var endOfFeedKnown: Bool { endKnown }

  /// Scroll velocity of the user's intent, pt/s (positive = towards the feed's end).
  public var velocityPtS: Double { sample.velocityPtS }

  public var phase: ScrollPhase { sample.phase }

  /// Where the viewport's top will rest when the current fling ends (the viewport itself when
  /// not decelerating), clamped to the content: UIKit's `targetContentOffset`.
  public var projectedTargetOffsetPt: Double {
    let target = sample.projectedTargetPt + anchorShiftPt
    return min(max(0, target), max(0, maxRestingOffsetPt))
  }

  /// Rows laid out (loaded rows with cursor pagination; every row, loaded or placeholder, with
  /// offset pagination once the total is known).
  public var rowCount: Int { layout.rowCount }

  /// Rows intersecting the viewport.
  public var visibleItems: Range<Int> { window.rows }

  /// Rows intersecting [fromPt, toPt). O(log n).
  public func items(intersectingFromPt fromPt: Double, toPt: Double) -> Range<Int> {
    layout.items(intersectingFrom: fromPt, to: toPt)
  }

  public func topPt(ofItem item: Int) -> Double { layout.topPt(ofItem: item) }
  public func heightPt(ofItem item: Int) -> Double { layout.heightPt(ofItem: item) }

  /// The item's row holds real content (its page was applied).
  public func isLoaded(item: Int) -> Bool {
    item >= 0 && item < items.count && items.mediaState[item] != .unknown
  }

  /// The item's page is applied and its media (if any) loaded.
  public func isComplete(item: Int) -> Bool { item >= 0 && item < items.count && items.complete[item] }

  /// The item carries media not yet loaded.
  public func needsMedia(item: Int) -> Bool {
    item >= 0 && item < items.count && items.mediaState[item] == .notLoaded
  }

  /// A request for the item's media is queued or in flight.
  public func isMediaInFlight(item: Int) -> Bool {
    item >= 0 && item < items.count && items.mediaRequest[item] >= 0
  }

  /// A page request in `direction` is queued, in flight, or delivered but not yet applied.
  public func isPageInFlight(_ direction: ScrollDirection) -> Bool {
    pageMarks[direction == .down ? 1 : 0] > 0
  }

  public var pageCount: Int { plan.pageCount }

  public func items(ofPage page: Int) -> Range<Int> { plan.items(ofPage: page) }

  public func page(ofItem item: Int) -> Int { plan.page(ofItem: item) }

  public func isPageApplied(_ page: Int) -> Bool { page >= 0 && page < pages.applied.count && pages.applied[page] }

  /// The largest offset the viewport's top can rest at now, pt (may be negative when the content
  /// is shorter than the viewport).
  var maxRestingOffsetPt: Double { layout.contentHeightPt + footerHeightPt - viewportHeightPt }
}

/// Knobs of a run that are not part of the scenario: what to record.
public struct SimulationOptions: Sendable, Equatable {
  /// Spacing of timeline rows, µs; 0 = no timeline.
  public var timelineIntervalUs: Int64
  /// Record the request lifecycle (`events/*.csv`).
  public var recordEvents: Bool

  public init(timelineIntervalUs: Int64 = 100_000, recordEvents: Bool = true) {
    self.timelineIntervalUs = timelineIntervalUs
    self.recordEvents = recordEvents
  }
}
