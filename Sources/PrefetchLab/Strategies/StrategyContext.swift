/// Everything a `PrefetchStrategy` sees of a run, and the only way it acts on one.
///
/// The engine passes itself as the context; tests pass a double. A strategy is generic over its
/// context (`update(_:in context: some StrategyContext)`), so the engine's loop, compiled for the
/// concrete strategy and the engine's context, calls every member below directly (no dynamic
/// dispatch, inlined where small).
///
/// **Reference semantics.** A context is an object: actions (`requestPage`, `requestMedia`,
/// `cancelMedia`, `setMediaPriority`, `requestRender`, `cancelRender`) take effect the moment they
/// are called, and later reads in the same `update` see their effect (`isMediaInFlight` is true
/// right after a successful `requestMedia`; `isPageInFlight` after `requestPage`). Nothing is
/// buffered until `update` returns, and simulated time does not pass during `update`.
///
/// **Units and coordinates.** Positions are pt of content measured down from the top of the first
/// row (the feed's head); "down" is towards later items. Times are µs of simulated time since the
/// first page request (`nowUs`). Items are indexed from 0 in feed order; pages from 0. The item
/// and page state queries (`isLoaded`, `isPageApplied`, …) accept any integer and answer false
/// for items or pages that do not exist.
///
/// **Complexity.** Reads are O(1) unless stated; geometry by position is O(log rows).
public protocol StrategyContext: AnyObject {
  // MARK: Clock

  /// Simulated time, µs since the first page request (t = 0). Never decreases.
  var nowUs: Int64 { get }

  // MARK: Viewport geometry

  /// Top of the viewport, pt. Normally within 0…(content + footer − viewport); below 0, or past
  /// the largest resting offset once the end is known, while iOS content is rubber-banded or
  /// springs back at an edge.
  var viewportOffsetPt: Double { get }
  /// The viewport's bottom edge, pt: `viewportOffsetPt + viewportHeightPt`.
  var viewportBottomPt: Double { get }
  /// The viewport's height, pt: one screenful (`viewport.height_pt`), > 0, constant for a run.
  var viewportHeightPt: Double { get }
  /// Summed heights of laid-out rows (placeholders included, loading footer excluded), pt, >= 0.
  var contentHeightPt: Double { get }
  /// Height of the loading footer shown below the last row, pt: `feed.footer_height_pt` while more
  /// pages may come with cursor pagination; 0 once the end is known and with offset pagination
  /// (placeholders stand in for missing rows).
  var footerHeightPt: Double { get }

  // MARK: Scroll

  /// What the finger (or a fling's momentum) is doing now.
  var phase: ScrollPhase { get }
  /// The last direction the viewport moved in within the content's bounds (overscroll and the
  /// spring back from it never change it); `.down` before the first move.
  var scrollDirection: ScrollDirection { get }
  /// Velocity of the user's scroll, pt/s, positive towards the feed's end; the rubber band's
  /// (slower) velocity while an iOS edge resists a drag.
  var velocityPtS: Double { get }
  /// Where the viewport's top will rest when the current fling ends (the viewport itself when not
  /// decelerating), clamped to 0…(largest resting offset), pt: UIKit's `targetContentOffset`.
  /// Meaningful at `.dragEnded` and while `.decelerating`.
  var projectedTargetOffsetPt: Double { get }

  // MARK: Feed

  /// How pages are addressed: `.cursor` (only the next page) or `.offset` (any page; every row is
  /// laid out, unloaded ones as placeholders).
  var pagination: Pagination { get }
  /// Some items of the feed can carry media: `feed.media_bytes` is set and can draw at least one
  /// byte (a row whose size rounds to 0 bytes has no media), and `media_fraction` > 0.
  var feedHasMedia: Bool { get }
  /// A render stage is configured (`render`): rows need rendering before they are complete.
  var hasRenderStage: Bool { get }
  /// The client knows no further page exists (always true with offset pagination once the first
  /// response told the total).
  var endOfFeedKnown: Bool { get }
  /// The direction page triggers look in: always `.down` with cursor pagination (the feed grows
  /// at its tail only), `scrollDirection` with offset pagination.
  var pageTriggerDirection: ScrollDirection { get }
  /// The loaded edge in `direction` and the page that would extend it; nil when nothing can be
  /// loaded that way (before first content, once the end is known, or towards the head with
  /// cursor pagination). O(1) with cursor pagination, O(log rows) with offset pagination.
  func loadFrontier(_ direction: ScrollDirection) -> LoadFrontier?
  /// Pages of the feed (the server's split, known to the engine in advance), >= 0.
  var pageCount: Int { get }
  /// Items in a full page after the first: `feed.page_size`, capped by
  /// `feed.server_max_page_size`, >= 1. What a platform's "page size" means (Paging 3's
  /// `PagingConfig.pageSize`).
  var pageSizeItems: Int { get }
  /// Items of page `page`; empty for pages that do not exist.
  func items(ofPage page: Int) -> Range<Int>
  /// The page holding `item` (`pageCount` or beyond for items past the end). O(1), or O(log
  /// pages) when the server sends short pages.
  func page(ofItem item: Int) -> Int
  /// Page `page`'s rows are in the layout.
  func isPageApplied(_ page: Int) -> Bool
  /// A page request in `direction` is queued, in flight, backing off, or delivered but not yet
  /// applied.
  func isPageInFlight(_ direction: ScrollDirection) -> Bool

  // MARK: Rows and items

  /// Rows laid out: loaded rows with cursor pagination; every row, loaded or placeholder, with
  /// offset pagination once the total is known.
  var rowCount: Int { get }
  /// Rows intersecting the viewport, [first, end).
  var visibleItems: Range<Int> { get }
  /// The rows shown in the frames the engine stepped since this strategy's previous consultation
  /// without consulting it, where they changed (the event engine, under a `Wake` band
  /// `acrossRowChanges`); nil when no such frame changed them: always with the
  /// stepped engine, which consults every moving frame, and by default (a test double). O(1).
  var rowsShownWithoutConsultation: UnconsultedRows? { get }
  /// Top of row `item`, pt; `contentHeightPt` for `item == rowCount`. Requires
  /// 0 <= item <= rowCount. O(log rows).
  func topPt(ofItem item: Int) -> Double
  /// Height of row `item`, pt (a placeholder's height while unloaded). Requires
  /// 0 <= item < rowCount.
  func heightPt(ofItem item: Int) -> Double
  /// Rows intersecting [fromPt, toPt). O(log rows).
  func items(intersectingFromPt fromPt: Double, toPt: Double) -> Range<Int>
  /// Brings `window` to the rows intersecting [fromPt, toPt), walking from where it was: O(rows
  /// entering or leaving), or O(log rows) after the layout changed. Strategies keep their own
  /// ranges (preload, display) this way.
  func update(_ window: inout RowWindow, fromPt: Double, toPt: Double)
  /// The item's row holds real content (its page was applied).
  func isLoaded(item: Int) -> Bool
  /// The item's page is applied, its media (if any) loaded and, with a render stage, its cell
  /// rendered: nothing of the row shows blank.
  func isComplete(item: Int) -> Bool
  /// The item is loaded and carries media that is not in memory.
  func needsMedia(item: Int) -> Bool
  /// A request for the item's media is queued, in flight, backing off before a retry, or being
  /// read from the disk cache.
  func isMediaInFlight(item: Int) -> Bool
  /// The item's cell is rendered (always false without a render stage).
  func isRendered(item: Int) -> Bool
  /// Request attempts holding a connection now (connecting or transferring), 0…
  /// `network.max_concurrent_requests`.
  var connectionsInUse: Int { get }
  /// Items whose media the memory cache (`cache.memory_bytes`) dropped since the strategy was
  /// last consulted, oldest first: each row is incomplete again and needs a fetch (or a disk
  /// read) the next time it is wanted. Empty without a memory budget. O(1).
  var evictedItems: [Int] { get }

  /// The network fetch whose completion the current `.fetchCompleted` event reports, as the
  /// client measured it (its timing and size); nil at every other consultation and for media read
  /// back from the disk cache. What throughput and round-trip estimators learn from. O(1).
  var lastTransfer: TransferRecord? { get }

  // MARK: Actions (take effect immediately)

  /// Requests the page that extends the loaded content in `direction` (the next page with cursor
  /// pagination; the nearest unloaded page beyond the viewport's run with offset pagination).
  ///
  /// - Parameter guardInFlight: true (what careful client code does) does nothing while a page
  ///   request in that direction is in flight, or for a page already requested; false
  ///   reproduces naive code that fires on every scroll callback and sends duplicates.
  /// - Returns: true if a request was issued. Never issues before first content or once the end
  ///   of the feed is known.
  @discardableResult
  func requestPage(_ direction: ScrollDirection, guardInFlight: Bool) -> Bool
  /// Requests page `page` directly (offset pagination; with cursor pagination only the next page
  /// can be asked for). Does nothing if the page is applied or already requested.
  /// - Returns: true if a request was issued.
  @discardableResult
  func requestPage(index page: Int, priority: FetchPriority) -> Bool
  /// Cancels the page request out in `direction` for the frontier's page (queued, connecting,
  /// transferring or backing off before a retry; a response already delivered is not recalled):
  /// what TanStack Query's `fetchNextPage` does by default before it starts again. Bytes it moved
  /// count as wasted; `isPageInFlight(direction)` is false afterwards unless another page is out.
  /// - Returns: true if a request was cancelled.
  @discardableResult
  func cancelPageRequest(_ direction: ScrollDirection) -> Bool
  /// Cancels the request out for page `page` (as `cancelPageRequest(_:)`; offset pagination
  /// addresses pages by index). Does nothing for pages not requested or already delivered.
  /// - Returns: true if a request was cancelled.
  @discardableResult
  func cancelPageRequest(index page: Int) -> Bool
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
  /// Lets media requests at `.preload` priority hold at most `count` connections at once (of
  /// `network.max_concurrent_requests`), keeping the others for pages and on-screen images; nil
  /// (the engine's default) reserves nothing. Attempts already connected keep their connection.
  /// Set it once, at `.start`.
  func limitLowPriorityConnections(to count: Int?)
  /// Makes media attempts (first tries and retries) also take a token from a bucket of their own,
  /// as an image pipeline's rate limiter does (Nuke's `RateLimiter`, 80/s with bursts of 25); nil
  /// removes it. Page requests never wait for it. Set it once, at `.start`.
  func limitMediaStartRate(_ spec: RateLimitSpec?)
  /// Asks for `item`'s media at `priority`. With coalescing (`network.coalescing`, the default) a
  /// request already queued or in flight is joined and moved to the new priority: no second
  /// download. Without it every call starts its own transfer. A valid disk-cache entry is read
  /// back instead of fetched. Does nothing for rows not loaded, items without media and media in
  /// memory.
  /// - Returns: true if a request exists for the media afterwards. O(log queued requests).
  @discardableResult
  func requestMedia(item: Int, priority: FetchPriority) -> Bool
  /// Moves the request queued or in flight for `item`'s media to `priority`; does nothing when
  /// there is none. Never starts a fetch. O(log queued requests).
  func setMediaPriority(item: Int, priority: FetchPriority)
  /// Cancels the request for `item`'s media, if one is active. Bytes it already moved count as
  /// wasted.
  func cancelMedia(item: Int)
  /// Asks for `item`'s cell to be rendered ahead of visibility: queued behind visible rows as soon
  /// as the row is renderable (page applied, media loaded), now or later. Does nothing without a
  /// render stage. O(log queued renders).
  func requestRender(item: Int)
  /// Withdraws a `requestRender`: a queued render of a row that is not on screen is dropped (one
  /// already running finishes). O(1).
  func cancelRender(item: Int)

  // MARK: Time advance

  /// True when the engine heeds the `Wake` an `update` returns (a consultation by the event
  /// engine); false when it consults every moving frame anyway (the stepped engine), so a
  /// strategy whose band takes work to find may return `.everyFrame` without finding it. Reading
  /// it must not change any decision. True by default (a test double that checks wake-ups).
  var heedsWake: Bool { get }
}

extension StrategyContext {
  public var heedsWake: Bool { true }

  public var rowsShownWithoutConsultation: UnconsultedRows? { nil }

  /// `requestPage(direction, guardInFlight: true)`: the careful client's page request.
  @discardableResult
  @inline(__always)
  public func requestPage(_ direction: ScrollDirection = .down) -> Bool {
    requestPage(direction, guardInFlight: true)
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

  /// `requestPage(index:priority:)` at page priority.
  @discardableResult
  @inline(__always)
  public func requestPage(index page: Int) -> Bool { requestPage(index: page, priority: .page) }
}
