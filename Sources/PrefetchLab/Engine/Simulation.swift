/// One run: a scenario, a seed and a strategy, simulated from t = 0 to the end of the session.
///
/// This is the discrete-event engine (one clock, one event queue, no globals) and the
/// `StrategyContext` a `PrefetchStrategy` reads and acts on. It is single-threaded;
/// runs are independent, so many can execute in parallel.
///
/// Stored state is marked `@exclusivity(unchecked)`: a run is confined to one thread and never
/// re-enters a mutation, and the dynamic checks cost a fifth of the frame time.
///
/// Timing: the clock is an integer count of µs. Display frames fall on a fixed grid from first
/// content (`frame_rate_hz`); network events fall wherever they fall. At equal times, network and
/// page events run before the frame. Frames in which nothing can move (a stall, or the user
/// resting) are skipped; their effect is integrated exactly.
final class Simulation {
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
  /// ⌊10⁶ / frame rate⌋ and 10⁶ mod frame rate: the frame grid's step, split for exact carrying.
  let frameStepUs: Int64
  let frameStepRemainder: Int64
  let patienceUs: Int64
  let timeoutUs: Int64
  let maxConcurrentRequests: Int
  /// Copied out of the scenario: read every frame.
  let isOffsetPagination: Bool
  let loadingFooterPt: Double
  /// Memory holds media within `memoryBudgetBytes` (a `cache` is configured); read per row.
  let memoryLimited: Bool
  /// A render stage is configured: complete = loaded and rendered; read per row.
  let rendersItems: Bool
  let trace: BandwidthTrace
  let timelineIntervalUs: Int64

  // MARK: Clock and events
  /// Simulated time, µs since the first page request.
  @exclusivity(unchecked) public internal(set) var nowUs: Int64 = 0
  @exclusivity(unchecked) var events = MinHeap<EngineEvent>()
  @exclusivity(unchecked) var eventSequence = 0
  @exclusivity(unchecked) var link: TransferLink
  /// Set when an event is scheduled or the link changes: the loop's next event time is stale.
  @exclusivity(unchecked) var eventsChanged = true
  @exclusivity(unchecked) var finished = false

  // MARK: Feed
  @exclusivity(unchecked) var layout: FeedLayout
  @exclusivity(unchecked) var pages: PageTable
  /// Offset pagination only (cursor feeds apply pages in order and need no index).
  @exclusivity(unchecked) var unapplied: UnappliedPageIndex
  /// Pages applied, cursor pagination (always a prefix of the feed).
  @exclusivity(unchecked) var appliedPageCount = 0
  @exclusivity(unchecked) var endKnown = false
  /// Items whose page has been applied.
  @exclusivity(unchecked) var loadedItemCount = 0
  @exclusivity(unchecked) var items = ItemTable()

  // MARK: Requests
  @exclusivity(unchecked) var requests: [Request] = []
  @exclusivity(unchecked) var connectionQueue = MinHeap<QueueEntry>()
  @exclusivity(unchecked) var queueSequence = 0
  @exclusivity(unchecked) var slotsInUse = 0
  /// Open in-flight page marks per direction (index 0 = up, 1 = down); a mark clears on apply.
  @exclusivity(unchecked) var pageMarks = [0, 0]
  @exclusivity(unchecked) var pageMarkOpen: [Bool] = []

  // MARK: Scroll
  @exclusivity(unchecked) var source: any ScrollSource
  /// The source's motion in effect; evaluated every frame, replaced when τ leaves it.
  @exclusivity(unchecked) var motion = ScrollMotion.rest(at: 0, from: 0)
  @exclusivity(unchecked) var motionEvaluator = MotionEvaluator()
  /// How the content behaves past its edges, and the rubber band / spring state.
  let edgeBehavior: EdgeBehavior
  @exclusivity(unchecked) var edgeBounce = EdgeBounce()
  let traceDurationUs: Int64
  @exclusivity(unchecked) var sessionStarted = false
  @exclusivity(unchecked) var firstContentUs: Int64 = 0
  /// Trace time τ as of `traceClockUs`; advances with the clock unless stalled.
  @exclusivity(unchecked) var traceUs: Int64 = 0
  @exclusivity(unchecked) var traceClockUs: Int64 = 0
  /// Added to the source's intent: offset changes made by anchoring when rows above the viewport
  /// change height (offset pagination).
  @exclusivity(unchecked) var anchorShiftPt = 0.0
  @exclusivity(unchecked) var sample = ScrollSample(
    intentOffsetPt: 0, velocityPtS: 0, phase: .idle, projectedTargetPt: 0)
  /// Top of the viewport, pt. Below 0, or past the largest resting offset once the end is known,
  /// while iOS content is rubber-banded or springs back (see `EdgeBounce`).
  @exclusivity(unchecked) public internal(set) var viewportOffsetPt = 0.0
  /// The last non-zero direction the viewport moved in; initially down.
  @exclusivity(unchecked) public internal(set) var scrollDirection = ScrollDirection.down
  @exclusivity(unchecked) public internal(set) var isStalled = false
  @exclusivity(unchecked) var stallStartUs: Int64 = 0
  @exclusivity(unchecked) var stallSerial = 0
  /// When the last pause ended, until trace time moves on (a pause that starts again at the same
  /// trace instant continues it).
  @exclusivity(unchecked) var stallEndedUs: Int64?
  /// Next display frame to simulate, µs; nil when no frame is needed until something happens.
  @exclusivity(unchecked) var nextFrameUs: Int64?
  /// Index of the frame at `nextFrameUs` on the grid from first content, and the remainder of
  /// index × 10⁶ / frame rate, so the next frame time needs no division.
  @exclusivity(unchecked) var nextFrameIndex: Int64 = 0
  @exclusivity(unchecked) var nextFrameRemainder: Int64 = 0
  @exclusivity(unchecked) var framesProcessed = 0

  // MARK: Visibility and metrics
  @exclusivity(unchecked) var window = RowWindow()
  @exclusivity(unchecked) var blankFraction = 1.0
  /// Rows in the window that are not complete; 0 lets the blank fraction skip the row scan.
  @exclusivity(unchecked) var incompleteVisibleRows = 0
  @exclusivity(unchecked) var metrics = MetricsRecorder()
  @exclusivity(unchecked) var timeline: [TimelineSample] = []
  @exclusivity(unchecked) var nextTimelineUs: Int64 = 0
  @exclusivity(unchecked) var eventLog: [RequestEvent] = []

  // MARK: Network and cache realism (away from the per-frame state above)
  /// `network.failure_rate`: chance that an attempt gets an error response.
  let failureRate: Double
  let retryPolicy: RetryPolicy
  /// `network.coalescing`: media requests join a transfer already queued or in flight.
  let coalescing: Bool
  /// `cache`; nil = unlimited memory and no disk cache.
  let cacheSpec: CacheSpec?
  let memoryBudgetBytes: Int64
  /// Requests skip the disk cache (`cache.ignore_cache`).
  let ignoreCache: Bool
  /// `render`; nil = no render stage (content shows once loaded).
  let renderSpec: RenderSpec?
  /// `radio.promotion_delays_requests`.
  let promotionDelaysRequests: Bool
  /// `network.outages` as [start, end) µs, in order and disjoint.
  let outagesUs: [(startUs: Int64, endUs: Int64)]
  /// `network.rate_limit`'s bucket; nil without a limit.
  @exclusivity(unchecked) var rateLimiter: TokenBucket?
  /// A wake-up for the connection queue is scheduled for when the bucket has a token again.
  @exclusivity(unchecked) var rateLimitWakePending = false
  /// Bytes of media in memory (loaded items, on screen or not).
  @exclusivity(unchecked) var memoryUsedBytes: Int64 = 0
  /// Loaded items off screen, least recently seen first: eviction order. Rows on screen are not
  /// listed (a cell holds its image). Used only when memory is limited.
  @exclusivity(unchecked) var memoryLRU = LRUList()
  @exclusivity(unchecked) var disk: DiskCache?
  /// The render stage's per-item state and queue (grown only with a render stage).
  @exclusivity(unchecked) var render = RenderTable()
  /// The radio's power states (`radio`); nil for `none`.
  @exclusivity(unchecked) var radio: RadioStateMachine?
  /// Items evicted since the strategy was last told.
  @exclusivity(unchecked) var pendingEvictions: [Int] = []
  /// End of the outage in progress, µs; nil while the network is up.
  @exclusivity(unchecked) var outageEndUs: Int64?
  /// Requests whose transfer the outage in progress froze.
  @exclusivity(unchecked) var frozenRequests: [Int] = []

  /// Builds a run. `trace` is the scenario's link, already loaded (see `PreparedScenario`).
  init(
    scenario: Scenario, seed: UInt64, source: any ScrollSource, trace: BandwidthTrace,
    options: SimulationOptions, edgeBehavior: EdgeBehavior = .clamp
  ) {
    self.edgeBehavior = edgeBehavior
    self.scenario = scenario
    self.seed = seed
    self.options = options
    self.content = FeedContent(spec: scenario.feed, seed: seed)
    self.plan = content.plan
    self.random = CounterRandom(seed: seed)
    self.viewportHeightPt = scenario.viewport.heightPt
    self.frameRateHz = Int64(scenario.viewport.frameRateHz)
    self.frameStepUs = 1_000_000 / Int64(scenario.viewport.frameRateHz)
    self.frameStepRemainder = 1_000_000 % Int64(scenario.viewport.frameRateHz)
    self.patienceUs = scenario.patienceUs
    self.timeoutUs = Int64((scenario.network.timeoutMs * 1000).rounded())
    self.maxConcurrentRequests = scenario.network.maxConcurrentRequests
    self.failureRate = scenario.network.failureRate
    self.retryPolicy = scenario.network.retry
    self.coalescing = scenario.network.coalescing
    self.cacheSpec = scenario.cache
    self.renderSpec = scenario.render
    self.rendersItems = scenario.render != nil
    self.radio = scenario.radio.model.power.map(RadioStateMachine.init)
    self.promotionDelaysRequests = scenario.radio.promotionDelaysRequests
    self.memoryLimited = scenario.cache != nil
    self.memoryBudgetBytes = scenario.cache?.memoryBytes ?? .max
    self.ignoreCache = scenario.cache?.ignoreCache ?? false
    if let cache = scenario.cache, cache.diskBytes > 0 {
      self.disk = DiskCache(
        capacityBytes: cache.diskBytes, validityUs: Int64((cache.cacheDurationMs * 1000).rounded()))
    }
    self.rateLimiter = scenario.network.rateLimit.map(TokenBucket.init)
    self.outagesUs = Self.disjointIntervals(scenario.network.outages.map(\.intervalUs))
    self.isOffsetPagination = scenario.feed.pagination == .offset
    self.loadingFooterPt = scenario.feed.footerHeightPt
    self.trace = trace
    self.timelineIntervalUs = options.timelineIntervalUs
    self.link = TransferLink(trace: trace)
    self.layout = FeedLayout(
      pagination: scenario.feed.pagination, placeholderHeightPt: scenario.feed.placeholderHeightPt)
    self.pages = PageTable()
    self.unapplied = UnappliedPageIndex(
      pageCount: scenario.feed.pagination == .offset ? content.plan.pageCount : 0)
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
  public var footerHeightPt: Double { isOffsetPagination || endKnown ? 0 : loadingFooterPt }

  /// Some items of the feed carry media.
  public var feedHasMedia: Bool { scenario.feed.mediaBytes != nil }

  public var pagination: Pagination { isOffsetPagination ? .offset : .cursor }

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

  /// Brings `window` to the rows intersecting [fromPt, toPt), walking from where it was: O(rows
  /// entering or leaving), or O(log n) after the layout changed.
  public func update(_ window: inout RowWindow, fromPt: Double, toPt: Double) {
    window.update(fromPt: fromPt, toPt: toPt, layout: layout)
  }

  public func topPt(ofItem item: Int) -> Double { layout.topPt(ofItem: item) }
  public func heightPt(ofItem item: Int) -> Double { layout.heightPt(ofItem: item) }

  /// The item's row holds real content (its page was applied).
  public func isLoaded(item: Int) -> Bool {
    item >= 0 && item < items.count && items.mediaState[item] != .unknown
  }

  /// The item's page is applied, its media (if any) loaded and, with a render stage, its cell
  /// rendered.
  public func isComplete(item: Int) -> Bool { item >= 0 && item < items.count && items.complete[item] }

  /// The item carries media not yet loaded.
  public func needsMedia(item: Int) -> Bool {
    item >= 0 && item < items.count && items.mediaState[item] == .notLoaded
  }

  /// A request for the item's media is queued, in flight, backing off before a retry, or being
  /// read from the disk cache.
  public func isMediaInFlight(item: Int) -> Bool {
    item >= 0 && item < items.count && items.mediaRequest[item] >= 0
  }

  /// A page request in `direction` is queued, in flight, or delivered but not yet applied.
  public func isPageInFlight(_ direction: ScrollDirection) -> Bool {
    pageMarks[direction == .down ? 1 : 0] > 0
  }

  public var pageCount: Int { plan.pageCount }

  public var connectionsInUse: Int { slotsInUse }

  public func items(ofPage page: Int) -> Range<Int> { plan.items(ofPage: page) }

  public func page(ofItem item: Int) -> Int { plan.page(ofItem: item) }

  public func isPageApplied(_ page: Int) -> Bool {
    page >= 0 && pages.applied[page]
  }

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
