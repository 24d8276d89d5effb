/// A prefetch policy: decides when to request pages and which items' media to fetch or cancel.
///
/// The engine owns time and metrics; a strategy reads the `StrategyContext` it is given and asks
/// for fetches or cancellations through it. One value is created per run (from its parameters),
/// so a strategy may keep whatever state it needs in stored properties. Runs execute in parallel,
/// each on one thread, so strategy values are `Sendable` (plain value types are).
///
/// To add one, see "Add a strategy" in `docs/architecture.md`: the type, a `StrategyDefinition`
/// made from it, and one registration line.
public protocol PrefetchStrategy: Sendable {
  /// Builds the strategy for one run from its validated parameters (read them with typed handles,
  /// `parameters[Self.ratio]`, here rather than later: the registry checks at registration that
  /// every parameter read is declared).
  init(parameters: StrategyParameters)

  /// Reacts to `event` and returns when it next needs consulting: `.everyFrame` (always
  /// correct), a band of offsets (and conditions) inside which the `.frame` consultations that
  /// follow would do nothing, or `.nextEvent`; see `Wake` and "Time advance" in docs/model.md.
  /// Called on the engine's single thread, in simulated time order; simulated time does not pass
  /// during the call, and the context's actions take effect immediately.
  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake

  /// Items the app's first page request asks for, given the feed's `page_size`: a platform whose
  /// first load is larger than its pages says so here (Paging 3's `initialLoadSize`, 3 × page
  /// size by default). nil (the default) keeps the feed's `initial_page_size`. The server's cap
  /// (`feed.server_max_page_size`) still applies. Asked once, before the first request.
  func initialLoadSize(pageSize: Int) -> Int?

  /// The list shows a placeholder row for each item not loaded (the default, true), or only the
  /// loaded items (Paging 3's `PagingConfig.enablePlaceholders = false`): the content then ends
  /// at the loaded rows, a page dropped over `maxSize` leaves the list (the viewport anchored)
  /// and loads above the first loaded row insert anchored. Asked once, before the first request.
  var enablePlaceholders: Bool { get }

  /// Offset pagination: the engine itself asks for the page of every placeholder on screen (the
  /// default, true: list code that loads what it shows, whatever the strategy). False: only the
  /// strategy's requests load pages (Paging 3, where binding a placeholder is an access hint that
  /// the load loop acts on, `PageFetcherSnapshot.kt`). Asked once, before the first request.
  var loadsVisiblePlaceholderPages: Bool { get }

  /// `feed.carousel`: whether the cells a swipe brings into a row's window on screen load their
  /// images as they come (the image views the row's nested list lays out bind them, whatever the
  /// strategy asked of the row before). Default true; false for a strategy that fetches every
  /// cell itself (`oracle`). Asked once, before the first request.
  var loadsSwipedCells: Bool { get }

  /// `feed.carousel`: how many cells past a swiped row's window edge, in the swipe's direction,
  /// the platform's nested list prefetches at each frame that moves the row (images asked for at
  /// preload priority). Default 0. Asked once, before the first request.
  var carouselSwipePrefetchCells: Int { get }

  /// The user pulled to refresh: every page, row and request of the list is gone and the engine
  /// has asked for the new list's first page; the strategy is not consulted until that page is
  /// in, which it hears as `start` again. `initial` is this strategy as the run built it, before
  /// its first event. The default becomes `initial`: everything a strategy keeps by row or page
  /// (ranges, trigger marks, mounted rows, loaders' generations) belongs to the list that is
  /// gone, as a platform list given new data starts over. A strategy that also learns what
  /// outlives the list (the link's throughput) carries that over.
  mutating func refresh(startingOver initial: Self)
}

extension PrefetchStrategy {
  /// The feed's own `initial_page_size`.
  public func initialLoadSize(pageSize: Int) -> Int? { nil }

  /// Placeholders for the items not loaded.
  public var enablePlaceholders: Bool { true }

  /// The engine loads the pages of placeholders on screen.
  public var loadsVisiblePlaceholderPages: Bool { true }

  /// Swiped cells load as their image views show.
  public var loadsSwipedCells: Bool { true }

  /// No nested prefetch ahead of a swipe.
  public var carouselSwipePrefetchCells: Int { 0 }

  /// Starts over as the run built it.
  public mutating func refresh(startingOver initial: Self) { self = initial }
}
