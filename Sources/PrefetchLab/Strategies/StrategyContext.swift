/// Everything a `PrefetchStrategy` sees of a run, and the only way it acts on one.
///
/// The engine passes itself as the context; tests pass a double. A strategy is generic over its
/// context (`update(_:in context: some StrategyContext)`), so the engine's loop, compiled for the
/// concrete strategy and the engine's context, calls every member below directly (no dynamic
/// dispatch, inlined where small).
///
/// **Reference semantics.** A context is an object: actions (`requestPage`, `cancelPageRequest`,
/// `dropPage`, `requestMedia`, `cancelMedia`, `setMediaPriority`, `setRenderWanted`) take effect
/// the moment they are called, and later reads in the same `update` see their effect
/// (`isMediaInFlight` is true right after a successful `requestMedia`; `isPageInFlight` after
/// `requestPage`). Nothing is buffered until `update` returns, and simulated time does not pass
/// during `update`.
///
/// **Units and coordinates.** Positions are pt of content measured down from the top of the first
/// row (the feed's head); "down" is towards later items. Times are µs of simulated time since the
/// first page request (`nowUs`). Items are indexed from 0 in feed order; pages from 0. The item
/// and page state queries (`isLoaded`, `isPageApplied`, …) accept any integer and answer false
/// for items or pages that do not exist.
///
/// **Complexity.** Reads are O(1) unless stated; geometry by position is O(log rows).
public protocol StrategyContext: AnyObject {
  // MARK: Clock and run

  /// Simulated time, µs since the first page request (t = 0). Never decreases.
  var nowUs: Int64 { get }

  /// What stays fixed for the run: the screenful, pagination and page split, media and render
  /// stage, whether wake-ups are heeded (`viewportHeightPt`, `pagination`, `pageCount`,
  /// `pageSizeItems`, `feedHasMedia`, `hasRenderStage`, `heedsWake`).
  var constants: RunConstants { get }

  // MARK: Viewport and scroll

  /// The viewport's top and the user's scroll now (`viewportOffsetPt`, `viewportBottomPt`,
  /// `phase`, `scrollDirection`, `velocityPtS`).
  var scrollState: ScrollState { get }

  /// Where the viewport's top will rest when the current fling ends (the viewport itself when not
  /// decelerating), clamped to 0…(largest resting offset), pt: UIKit's `targetContentOffset`.
  /// Meaningful at `.dragEnded` and while `.decelerating`.
  var projectedTargetOffsetPt: Double { get }

  // MARK: Feed and layout

  /// The laid-out content now (`contentHeightPt`, `rowCount`, `footerHeightPt`, `endOfFeedKnown`,
  /// and `pageTriggerDirection`).
  var contentState: ContentState { get }

  /// The loaded edge in `direction` and the page that would extend it; nil when nothing can be
  /// loaded that way (before first content, once the end is known, or towards the head with
  /// cursor pagination). O(1) with cursor pagination, O(log rows) with offset pagination.
  func loadFrontier(_ direction: ScrollDirection) -> LoadFrontier?

  /// Items of page `page`; empty for pages that do not exist.
  func items(ofPage page: Int) -> Range<Int>

  /// The page holding `item` (`pageCount` or beyond for items past the end). O(1), or O(log
  /// pages) when the server sends short pages.
  func page(ofItem item: Int) -> Int

  /// Page `page`'s rows are in the layout.
  func isPageApplied(_ page: Int) -> Bool

  /// Top of row `item`, pt; `contentHeightPt` for `item == rowCount`. Requires
  /// 0 <= item <= rowCount. In a grid (`columns` > 1) the top of the grid row holding the item
  /// (an item past the laid-out ones: the row it would join). O(log rows).
  func topPt(ofItem item: Int) -> Double

  /// Height of row `item`, pt (a placeholder's height while unloaded); in a grid, the height of
  /// the grid row holding it, its tallest item's. Requires 0 <= item < rowCount.
  func heightPt(ofItem item: Int) -> Double

  /// Rows intersecting [fromPt, toPt) (in a grid, the items of whole grid rows). O(log rows).
  func items(intersectingFromPt fromPt: Double, toPt: Double) -> Range<Int>

  /// Brings `window` to the rows intersecting [fromPt, toPt), walking from where it was: O(rows
  /// entering or leaving), or O(log rows) after the layout changed. Strategies keep their own
  /// ranges (preload, display) this way.
  func update(_ window: inout RowWindow, fromPt: Double, toPt: Double)

  // MARK: Visibility

  /// Rows intersecting the viewport, [first, end).
  var visibleItems: Range<Int> { get }

  /// The rows shown in the frames the engine stepped since this strategy's previous consultation
  /// without consulting it, where they changed (the event engine, under a `Wake` band
  /// `acrossRowChanges`); nil when no such frame changed them: always with the
  /// stepped engine, which consults every moving frame, and by default (a test double). O(1).
  var rowsShownWithoutConsultation: UnconsultedRows? { get }

  /// The sub-items carousel row `item` shows in its horizontal window now (`feed.carousel`);
  /// empty for a plain row, a row not loaded and a feed without carousels. The media calls take
  /// a carousel row as its cells: `requestMedia` loads the window's images (and the row's cells
  /// then load the images of sub-items a swipe brings in), `isMediaInFlight` is true while any of
  /// its images is on its way, `needsMedia` while its window lacks one, `cancelMedia` and
  /// `setMediaPriority` act on all of them. O(1).
  func subItemWindow(ofItem item: Int) -> Range<Int>

  // MARK: Item state (any integer: false for items that do not exist)

  /// The item's row holds real content (its page was applied).
  func isLoaded(item: Int) -> Bool

  /// The item's page is applied, its media (if any) loaded and, with a render stage, its cell
  /// rendered: nothing of the row shows blank.
  func isComplete(item: Int) -> Bool

  /// The item is loaded and carries media that is not in memory.
  func needsMedia(item: Int) -> Bool

  /// The item is loaded and carries media, in memory or not (an image loader's model for the row
  /// exists).
  func carriesMedia(item: Int) -> Bool

  /// A request for the item's media is queued, in flight, backing off before a retry, or being
  /// read from the disk cache.
  func isMediaInFlight(item: Int) -> Bool

  /// The item's cell is rendered (always false without a render stage).
  func isRendered(item: Int) -> Bool

  /// Items whose media the memory cache (`cache.memory_bytes`) dropped since the strategy was
  /// last consulted, oldest first: each row is incomplete again and needs a fetch (or a disk
  /// read) the next time it is wanted. Empty without a memory budget. O(1).
  var evictedItems: [Int] { get }

  // MARK: Requests: what is out, and actions (take effect immediately)

  /// A page request in `direction` is queued, in flight, backing off, or delivered but not yet
  /// applied.
  func isPageInFlight(_ direction: ScrollDirection) -> Bool

  /// The network fetch whose completion the current `.fetchCompleted` event reports, as the
  /// client measured it (its timing and size); nil at every other consultation and for media read
  /// back from the disk cache. What throughput and round-trip estimators learn from. O(1).
  var lastTransfer: TransferRecord? { get }

  /// Requests the page `page` selects, at `priority` (`.page` for what an app's list asks for).
  ///
  /// - Parameter guardInFlight: true (what careful client code does) does nothing for a page
  ///   already requested (queued, in flight, backing off, or delivered and not yet applied) and,
  ///   for `.frontier(direction)`, nothing while any page request in that direction is in flight.
  ///   False reproduces naive code that calls its fetch again for rows still loading: a request is
  ///   sent even while one for the page is out, and the responses after the first count as
  ///   redundant fetches.
  /// - Returns: true if a request was issued. Nothing is issued for an applied page, a selector
  ///   that selects nothing (`PageSelector`), before first content, or once the end of the feed
  ///   is known (`.frontier`). O(1) with cursor pagination; O(log rows) for `.frontier` and
  ///   `.index` with offset pagination (the frontier's search; the page's direction).
  @discardableResult
  func requestPage(_ page: PageSelector, priority: FetchPriority, guardInFlight: Bool) -> Bool

  /// Cancels the request out for the page `page` selects (queued, connecting, transferring or
  /// backing off before a retry; a response already delivered is not recalled): what TanStack
  /// Query's `fetchNextPage` does by default before it starts again. Bytes it moved count as
  /// wasted; for `.frontier(direction)`, `isPageInFlight(direction)` is false afterwards unless
  /// another page is out that way.
  /// - Returns: true if a request was cancelled; false for a page not requested or already
  ///   delivered, and a selector that selects nothing.
  @discardableResult
  func cancelPageRequest(_ page: PageSelector) -> Bool

  /// Unloads applied page `page`, as Jetpack Paging 3 drops pages over `PagingConfig.maxSize`.
  /// With placeholders enabled (`PrefetchStrategy.enablePlaceholders`, the default) its rows
  /// keep their place and height in the layout (the row count does not change, with either
  /// pagination) and read as placeholders: not loaded, incomplete, blank if scrolled back to.
  /// Without, its rows lose their height (the row count still does not change) and, above the
  /// viewport, `viewportOffsetPt` falls by that height so the rows on screen stay in place;
  /// `contentHeightPt` falls by it either way. The page can then be requested again (it becomes the
  /// frontier of the applied run again; with cursor pagination PREPEND reaches it from
  /// `loadFrontier(.up)`); the second response counts as a page request and a redundant fetch.
  /// Media requests of its rows are cancelled and their media leaves memory (not counted as
  /// evictions); a page whose rows were never on screen stays an unused (wasted) fetch.
  ///
  /// A page request already out (or delivered, awaiting its apply delay) for an unapplied page
  /// next to it was aimed at the edge the run had: its response is not inserted. When its rows
  /// would have gone in, the strategy hears `.pageDiscarded(page:)` instead of `.pageApplied`;
  /// the request stays in flight until then and counts as an unused (wasted) fetch. Requests
  /// made after the drop are inserted as usual. This is Paging 3's generation id per end:
  /// `PageFetcherSnapshotState.drop` moves the dropped end to a new generation and `insert`
  /// skips a load from an older one (androidx `PageFetcherSnapshotState.kt` @ 577c15b7aa49; see
  /// `Paging3Loader`).
  ///
  /// Refused (returns false) for a page not applied, one with any row in `visibleItems` (never
  /// blank what is on screen), before first content, and with cursor pagination for a page that
  /// is not at an end of the applied run or the run's last page (the applied pages stay one run).
  /// - Returns: true if the page was dropped. O(rows of the page), plus O(pages in its applied
  ///   run) with offset pagination.
  @discardableResult
  func dropPage(_ page: Int) -> Bool

  /// Lets media requests at `.preload` priority hold at most `lowPriorityConnections` connections
  /// at once (of `network.max_concurrent_requests`), keeping the others for pages and on-screen
  /// images (nil, the engine's default: nothing reserved; attempts already connected keep their
  /// connection); and makes media attempts (first tries and retries) also take a token from a
  /// bucket of their own at `startRate`, as an image pipeline's rate limiter does (Nuke's
  /// `RateLimiter`, 80/s with bursts of 25; nil: none). Page requests never wait for it. Call it
  /// once, at `.start`.
  func limitMedia(lowPriorityConnections: Int?, startRate: RateLimitSpec?)

  /// Asks for `item`'s media at `priority`. With coalescing (`network.coalescing`, the default) a
  /// request already queued or in flight is joined and moved to the new priority: no second
  /// download. Without it every call starts its own transfer. A valid disk-cache entry is read
  /// back instead of fetched. Does nothing for rows not loaded, items without media and media in
  /// memory.
  /// - Returns: true if a request exists for the media afterwards. O(log queued requests).
  @discardableResult
  func requestMedia(item: Int, priority: FetchPriority) -> Bool

  /// Nested prefetch: requests the images of sub-items `subItems` (clamped to the row) of
  /// carousel row `item` that are neither in memory nor on their way, without binding the row's
  /// other cells. Does nothing for a plain row. Returns whether some image of them is on its way
  /// afterwards. O(sub-items × log queued requests).
  @discardableResult
  func requestSubItemMedia(item: Int, subItems: Range<Int>, priority: FetchPriority) -> Bool

  /// Moves the request queued or in flight for `item`'s media to `priority`; does nothing when
  /// there is none. Never starts a fetch. O(log queued requests).
  func setMediaPriority(item: Int, priority: FetchPriority)

  /// Cancels the request for `item`'s media, if one is active. Bytes it already moved count as
  /// wasted.
  func cancelMedia(item: Int)

  /// Marks `item`'s cell wanted rendered ahead of visibility (`wanted` true: queued behind visible
  /// rows as soon as the row is renderable, page applied and media loaded, now or later) or no
  /// longer wanted (false: a queued render of a row that is not on screen is dropped; one already
  /// running finishes). Setting what is already set changes nothing. Does nothing without a render
  /// stage. O(log queued renders) when wanted, O(1) otherwise.
  func setRenderWanted(item: Int, _ wanted: Bool)
}

extension StrategyContext {
  public var rowsShownWithoutConsultation: UnconsultedRows? { nil }

  // The members below read one group each: a consultation's reads stay the names they were.

  /// `constants.viewportHeightPt`: one screenful, pt, > 0.
  @inline(__always) public var viewportHeightPt: Double { constants.viewportHeightPt }
  /// `constants.pagination`.
  @inline(__always) public var pagination: Pagination { constants.pagination }
  /// `constants.pageCount`.
  @inline(__always) public var pageCount: Int { constants.pageCount }
  /// `constants.pageSizeItems`.
  @inline(__always) public var pageSizeItems: Int { constants.pageSizeItems }
  /// `constants.columns`: items per row, >= 1.
  @inline(__always) public var columns: Int { constants.columns }
  /// `constants.feedHasMedia`.
  @inline(__always) public var feedHasMedia: Bool { constants.feedHasMedia }
  /// `constants.hasRenderStage`.
  @inline(__always) public var hasRenderStage: Bool { constants.hasRenderStage }
  /// `constants.heedsWake`.
  @inline(__always) public var heedsWake: Bool { constants.heedsWake }

  /// `scrollState.offsetPt`: the viewport's top, pt.
  @inline(__always) public var viewportOffsetPt: Double { scrollState.offsetPt }
  /// The viewport's bottom edge, pt: `viewportOffsetPt + viewportHeightPt`.
  @inline(__always) public var viewportBottomPt: Double { scrollState.offsetPt + constants.viewportHeightPt }
  /// `scrollState.phase`.
  @inline(__always) public var phase: ScrollPhase { scrollState.phase }
  /// `scrollState.direction`.
  @inline(__always) public var scrollDirection: ScrollDirection { scrollState.direction }
  /// `scrollState.velocityPtS`, pt/s.
  @inline(__always) public var velocityPtS: Double { scrollState.velocityPtS }

  /// `contentState.heightPt`: summed heights of laid-out rows, pt.
  @inline(__always) public var contentHeightPt: Double { contentState.heightPt }
  /// `contentState.rowCount`.
  @inline(__always) public var rowCount: Int { contentState.rowCount }
  /// `contentState.footerHeightPt`, pt.
  @inline(__always) public var footerHeightPt: Double { contentState.footerHeightPt }
  /// `contentState.endOfFeedKnown`.
  @inline(__always) public var endOfFeedKnown: Bool { contentState.endOfFeedKnown }
  /// The direction page triggers look in: always `.down` with cursor pagination (the feed grows
  /// at its tail only), `scrollDirection` with offset pagination.
  @inline(__always)
  public var pageTriggerDirection: ScrollDirection {
    constants.pagination == .offset ? scrollState.direction : .down
  }

  /// `requestPage(.frontier(direction), priority: .page, guardInFlight: true)`: the careful
  /// client's request for the next page.
  @discardableResult
  @inline(__always)
  public func requestPage(_ direction: ScrollDirection = .down) -> Bool {
    requestPage(.frontier(direction), priority: .page, guardInFlight: true)
  }

  /// `requestPage(page, priority: .page, guardInFlight:)`: a page request at page priority.
  @discardableResult
  @inline(__always)
  public func requestPage(_ page: PageSelector, guardInFlight: Bool = true) -> Bool {
    requestPage(page, priority: .page, guardInFlight: guardInFlight)
  }

  /// The span of `frontier`'s adjacent page (top of its first row to the end of its last), pt;
  /// the empty span at the edge when no applied page borders it. O(log rows).
  @inline(__always)
  public func adjacentPageSpanPt(of frontier: LoadFrontier) -> ClosedRange<Double> {
    guard let page = frontier.adjacentPage else { return frontier.edgePt...frontier.edgePt }
    // One end is the frontier's edge itself; only the other needs the layout.
    let rows = items(ofPage: page)
    return frontier.direction == .down
      ? topPt(ofItem: rows.lowerBound)...frontier.edgePt : frontier.edgePt...topPt(ofItem: rows.upperBound)
  }
}
