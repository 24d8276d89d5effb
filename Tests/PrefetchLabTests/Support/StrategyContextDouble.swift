@testable import PrefetchLab

/// A `StrategyContext` set by hand, for unit tests of strategies without an engine: rows with given
/// heights laid out in pages, a viewport the test places, item states the test sets, and a log of
/// every action the strategy takes, in order.
///
/// Like the engine, actions take effect at once: a successful `requestMedia` makes
/// `isMediaInFlight` true, `cancelMedia` makes it false, `requestPage` marks a page request in
/// flight in its direction. Geometry comes from a real `FeedLayout`, so `visibleItems`,
/// `items(intersectingFromPt:toPt:)` and row windows answer as in a run.
final class StrategyContextDouble: StrategyContext {
  enum Action: Equatable, CustomStringConvertible {
    case requestPage(ScrollDirection, guardInFlight: Bool)
    case requestPageIndex(Int, FetchPriority)
    case requestDuplicatePage(Int)
    case requestMedia(Int, FetchPriority)
    case setMediaPriority(Int, FetchPriority)
    case cancelMedia(Int)
    case requestRender(Int)
    case cancelRender(Int)
    case cancelPage(ScrollDirection)
    case cancelPageIndex(Int)
    case limitLowPriorityConnections(Int?)
    case limitMediaStartRate(RateLimitSpec?)
    case dropPage(Int)
    case requestSubItemMedia(Int, Range<Int>, FetchPriority)

    var isPageRequest: Bool {
      switch self {
      case .requestPage, .requestPageIndex, .requestDuplicatePage: return true
      default: return false
      }
    }

    var description: String {
      switch self {
      case .requestPage(let direction, let guardInFlight): return "page \(direction) guard=\(guardInFlight)"
      case .requestPageIndex(let page, let priority): return "page #\(page) \(priority)"
      case .requestDuplicatePage(let page): return "page #\(page) again"
      case .requestMedia(let item, let priority): return "media \(item) \(priority)"
      case .setMediaPriority(let item, let priority): return "priority \(item) \(priority)"
      case .cancelMedia(let item): return "cancel \(item)"
      case .requestRender(let item): return "render \(item)"
      case .cancelRender(let item): return "unrender \(item)"
      case .cancelPage(let direction): return "cancel page \(direction)"
      case .cancelPageIndex(let page): return "cancel page #\(page)"
      case .limitLowPriorityConnections(let count):
        return "low-priority connections \(String(describing: count))"
      case .limitMediaStartRate(let spec): return "media rate \(String(describing: spec))"
      case .dropPage(let page): return "drop page #\(page)"
      case .requestSubItemMedia(let item, let subs, let priority):
        return "sub-items \(item) \(subs) \(priority)"
      }
    }
  }

  /// Every action, in the order the strategy took it.
  var actions: [Action] = []

  private(set) var layout: FeedLayout
  let plan: PagePlan
  /// Pages applied (cursor pagination: a prefix until the strategy drops one).
  private(set) var appliedPages = Set<Int>()
  /// Pages whose rows are laid out (cursor pagination: a prefix; dropped pages stay laid out).
  private(set) var laidOutPages = 0

  var nowUs: Int64 = 0
  var viewportOffsetPt = 0.0
  let viewportHeightPt: Double
  var footerHeightPt = 0.0
  var phase = ScrollPhase.idle
  var scrollDirection = ScrollDirection.down
  var velocityPtS = 0.0
  /// nil: the viewport itself (as when not decelerating).
  var projectedTargetPt: Double?
  let pagination: Pagination
  var feedHasMedia = false
  var hasRenderStage = false
  var endOfFeedKnown = false
  /// Evictions the strategy reads during its next update (the test clears them afterwards, as
  /// the engine does after each consultation).
  var evictedItems: [Int] = []
  /// What `.fetchCompleted` reports of the transfer (set by the test before that event).
  var lastTransfer: TransferRecord?
  /// Set to override the frontier the double derives (offset pagination has none of its own).
  var frontierOverride: [ScrollDirection: LoadFrontier?] = [:]
  var pagesInFlight = Set<ScrollDirection>()
  /// Items carrying media, media in memory, requests in flight, rendered cells.
  var itemsWithMedia = Set<Int>()
  var mediaLoaded = Set<Int>()
  var mediaInFlight = Set<Int>()
  var rendered = Set<Int>()
  /// Set to make only these rows loaded (offset pagination: the rest are placeholders).
  var loadedOverride: Range<Int>?

  /// A cursor feed: `pages` applied, page `p` holding rows of `rowHeightsPt(p)` pt each.
  /// - Parameters:
  ///   - totalItems: the feed's length (pages beyond those applied may still come).
  ///   - columns: items per row (a grid; 1, a list, by default).
  init(
    viewportHeightPt: Double, pageSize: Int, totalItems: Int, pagination: Pagination = .cursor,
    appliedPages: Int, columns: Int = 1, rowHeightPt: (Int) -> Double = { _ in 100 }
  ) {
    self.viewportHeightPt = viewportHeightPt
    self.pagination = pagination
    plan = PagePlan(totalItems: totalItems, initialPageSize: pageSize, pageSize: pageSize)
    layout = FeedLayout(pagination: pagination, placeholderHeightPt: 100, columns: columns)
    for _ in 0..<appliedPages { applyNextPage(rowHeightPt: rowHeightPt) }
  }

  /// Lays out the next page's rows (cursor pagination).
  func applyNextPage(rowHeightPt: (Int) -> Double = { _ in 100 }) {
    let page = laidOutPages
    for item in plan.items(ofPage: page) { layout.append(heightPt: rowHeightPt(item)) }
    appliedPages.insert(page)
    laidOutPages += 1
    pagesInFlight.remove(.down)
  }

  /// Every item of the feed carries media, none loaded.
  func giveEveryItemMedia() {
    feedHasMedia = true
    itemsWithMedia = Set(0..<plan.totalItems)
  }

  // MARK: StrategyContext

  /// Wake-ups are heeded (a double that checks them); set false to act as the stepped engine.
  var heedsWake = true
  var constants: RunConstants {
    RunConstants(
      viewportHeightPt: viewportHeightPt, pagination: pagination, pageCount: plan.pageCount,
      pageSizeItems: plan.pageSize, feedHasMedia: feedHasMedia, hasRenderStage: hasRenderStage,
      heedsWake: heedsWake, mediaRoundTripMedianMs: mediaRoundTripMedianMs, columns: layout.columns)
  }
  /// `RunConstants.mediaRoundTripMedianMs` the double reports.
  var mediaRoundTripMedianMs = 0.0
  var scrollState: ScrollState {
    ScrollState(
      offsetPt: viewportOffsetPt, phase: phase, direction: scrollDirection, velocityPtS: velocityPtS)
  }
  var contentState: ContentState {
    ContentState(
      heightPt: layout.contentHeightPt, rowCount: layout.rowCount, footerHeightPt: footerHeightPt,
      endOfFeedKnown: endOfFeedKnown)
  }

  var viewportBottomPt: Double { viewportOffsetPt + viewportHeightPt }
  var contentHeightPt: Double { layout.contentHeightPt }
  var projectedTargetOffsetPt: Double { projectedTargetPt ?? viewportOffsetPt }
  var pageTriggerDirection: ScrollDirection { pagination == .cursor ? .down : scrollDirection }

  func loadFrontier(_ direction: ScrollDirection) -> LoadFrontier? {
    if let override = frontierOverride[direction] { return override }
    guard pagination == .cursor, direction == .down, !endOfFeedKnown, !appliedPages.isEmpty else {
      return nil
    }
    return LoadFrontier(
      page: laidOutPages, direction: .down, edgePt: layout.contentHeightPt, runStartPt: 0,
      adjacentPage: laidOutPages - 1)
  }

  var pageCount: Int { plan.pageCount }
  var pageSizeItems: Int { plan.pageSize }
  func items(ofPage page: Int) -> Range<Int> { plan.items(ofPage: page) }
  func page(ofItem item: Int) -> Int { plan.page(ofItem: item) }
  func isPageApplied(_ page: Int) -> Bool {
    guard let loadedOverride else { return appliedPages.contains(page) }
    let rows = plan.items(ofPage: page)
    return !rows.isEmpty && loadedOverride.contains(rows.lowerBound)
      && loadedOverride.contains(rows.upperBound - 1)
  }
  func isPageInFlight(_ direction: ScrollDirection) -> Bool { pagesInFlight.contains(direction) }

  var rowCount: Int { layout.rowCount }
  var visibleItems: Range<Int> {
    layout.items(intersectingFrom: viewportOffsetPt, to: viewportOffsetPt + viewportHeightPt)
  }
  func topPt(ofItem item: Int) -> Double { layout.topPt(ofItem: item) }
  func heightPt(ofItem item: Int) -> Double { layout.heightPt(ofItem: item) }
  func items(intersectingFromPt fromPt: Double, toPt: Double) -> Range<Int> {
    layout.items(intersectingFrom: fromPt, to: toPt)
  }
  func update(_ window: inout RowWindow, fromPt: Double, toPt: Double) {
    window.update(fromPt: fromPt, toPt: toPt, layout: layout)
  }
  func isLoaded(item: Int) -> Bool {
    if let loadedOverride { return loadedOverride.contains(item) }
    return item >= 0 && item < layout.rowCount && appliedPages.contains(plan.page(ofItem: item))
  }
  func isComplete(item: Int) -> Bool {
    isLoaded(item: item) && (!itemsWithMedia.contains(item) || mediaLoaded.contains(item))
      && (!hasRenderStage || rendered.contains(item))
  }
  func needsMedia(item: Int) -> Bool {
    isLoaded(item: item) && itemsWithMedia.contains(item) && !mediaLoaded.contains(item)
  }
  func carriesMedia(item: Int) -> Bool { isLoaded(item: item) && itemsWithMedia.contains(item) }
  func isMediaInFlight(item: Int) -> Bool { mediaInFlight.contains(item) }
  func isRendered(item: Int) -> Bool { hasRenderStage && rendered.contains(item) }

  /// Logged as the call it stands for: a frontier's page (priority `.page`), a page by index, or
  /// one sent again without the guard.
  @discardableResult
  func requestPage(_ page: PageSelector, priority: FetchPriority, guardInFlight: Bool) -> Bool {
    switch page {
    case .frontier(let direction):
      actions.append(.requestPage(direction, guardInFlight: guardInFlight))
      guard loadFrontier(direction) != nil, !(guardInFlight && pagesInFlight.contains(direction)) else {
        return false
      }
      pagesInFlight.insert(direction)
      return true
    case .index(let index):
      actions.append(guardInFlight ? .requestPageIndex(index, priority) : .requestDuplicatePage(index))
      return !appliedPages.contains(index)
    }
  }

  @discardableResult
  func requestMedia(item: Int, priority: FetchPriority) -> Bool {
    actions.append(.requestMedia(item, priority))
    guard needsMedia(item: item) else { return false }
    mediaInFlight.insert(item)
    return true
  }

  func setMediaPriority(item: Int, priority: FetchPriority) {
    actions.append(.setMediaPriority(item, priority))
  }

  func cancelMedia(item: Int) {
    actions.append(.cancelMedia(item))
    mediaInFlight.remove(item)
  }

  /// Carousel rows' windows, set by the test (a plain row has none).
  var subItemWindows: [Int: Range<Int>] = [:]

  func subItemWindow(ofItem item: Int) -> Range<Int> { subItemWindows[item] ?? 0..<0 }

  @discardableResult
  func requestSubItemMedia(item: Int, subItems: Range<Int>, priority: FetchPriority) -> Bool {
    guard subItemWindows[item] != nil, !subItems.isEmpty else { return false }
    actions.append(.requestSubItemMedia(item, subItems, priority))
    mediaInFlight.insert(item)
    return true
  }

  @discardableResult
  func cancelPageRequest(_ page: PageSelector) -> Bool {
    switch page {
    case .frontier(let direction):
      actions.append(.cancelPage(direction))
      return pagesInFlight.remove(direction) != nil
    case .index(let index):
      actions.append(.cancelPageIndex(index))
      return false
    }
  }

  /// As the engine: refused for a page not applied or with a row on screen; the page's rows stay
  /// laid out.
  @discardableResult
  func dropPage(_ page: Int) -> Bool {
    actions.append(.dropPage(page))
    guard loadedOverride == nil, appliedPages.contains(page), !plan.items(ofPage: page).overlaps(visibleItems)
    else { return false }
    appliedPages.remove(page)
    return true
  }

  /// Logged as the two limits it sets, each when it sets one.
  func limitMedia(lowPriorityConnections: Int?, startRate: RateLimitSpec?) {
    if let startRate { actions.append(.limitMediaStartRate(startRate)) }
    if let lowPriorityConnections { actions.append(.limitLowPriorityConnections(lowPriorityConnections)) }
  }

  func setRenderWanted(item: Int, _ wanted: Bool) {
    actions.append(wanted ? .requestRender(item) : .cancelRender(item))
  }

  /// A quiet band a strategy returned (`Wake.quietWhile`), as `note` keeps it.
  struct QuietBand: Equatable {
    var lowPt: Double
    var highPt: Double
    var acrossRowChanges: Bool
    var beforeUs: Int64
    var whileVelocityHolds: Bool
  }

  /// The last band returned and noted; the test clears it before a consultation (the engine
  /// forgets a band at each consultation).
  var quietBand: QuietBand?

  /// Keeps the band of `wake`, as the event engine keeps it (an empty band, or a clock bound not
  /// ahead, is none); `.everyFrame` leaves `quietBand` as it was.
  func note(_ wake: Wake) {
    guard case .quietWhile(let band) = wake, band.lowPt <= band.highPt, band.beforeUs > nowUs else { return }
    quietBand = QuietBand(
      lowPt: band.lowPt, highPt: band.highPt, acrossRowChanges: band.acrossRowChanges,
      beforeUs: band.beforeUs,
      whileVelocityHolds: band.whileVelocityHolds)
  }

  // MARK: Helpers for tests

  /// The actions taken since the last call, and forgets them.
  func takeActions() -> [Action] {
    defer { actions.removeAll() }
    return actions
  }

  /// Places the viewport's top at `offsetPt`, lets `strategy` see `event` and returns the page
  /// requests it made then.
  func pageRequests(
    after strategy: inout some PrefetchStrategy, atOffsetPt offsetPt: Double, event: StrategyEvent = .frame
  ) -> [Action] {
    viewportOffsetPt = offsetPt
    let before = actions.count
    note(strategy.update(event, in: self))
    return actions[before...].filter(\.isPageRequest)
  }

  /// The page requests among `actions`.
  var pageRequests: [Action] {
    actions.filter(\.isPageRequest)
  }
}
