/// The media side of a strategy (`media`): rows load their image when they show, as in the
/// on-visibility pattern, and with an image library the rows just past the viewport in the scroll
/// direction are also handed to its prefetcher (what an app does from UIKit's `prefetchRowsAt`).
///
/// - Prefetches go out at `.preload` (low) priority, nearest row first, at most
///   `MediaLibrary.maxConcurrentPrefetches` at once (3 / 5 / 2); the rest wait in the
///   prefetcher, not on a connection.
/// - SDWebImage and Kingfisher cancel the whole batch when the user turns round; Nuke stops each
///   row that leaves the look-ahead (so a fling that outruns its prefetches drops them).
/// - A row that shows while its prefetch runs keeps it (raised to visible priority by the
///   engine): the libraries share one download between equal requests and cancel it only when
///   every requester did.
/// - Nuke's pipeline also spaces media starts at 80/s with bursts of 25 (`limitMediaStartRate`).
/// - `low_priority_max_connections` caps the connections prefetches may hold.
/// - `media=glide` hands the rows to `GlidePreloader` instead (`max_preload`; the ring of targets
///   is its only cap), and `media=browser_lazy` to `BrowserLazyLoader` (`lazy_threshold_pt`),
///   which also loads the rows on screen and never cancels.
///
/// Per call: O(rows entering or leaving the viewport + media_lookahead_rows, or + max_preload).
public struct ImagePrefetcher: Sendable {
  public let library: MediaLibrary
  public let lookaheadRows: Int
  public let lowPriorityLimit: Int?
  private var onScreen = VisibilityMediaLoader()
  /// Rows whose prefetch this prefetcher started and that may still run, nearest first.
  private var running: [Int] = []
  private var direction = ScrollDirection.down
  private var configured = false
  private var glide: GlidePreloader?
  private var lazy: BrowserLazyLoader?
  /// `lazy` and `glide` are set, fixed at `init`. The calls made at every consultation test these
  /// instead of the optionals: unwrapping or comparing an optional loader copies it (its arrays
  /// retained and released).
  private let isLazy: Bool
  private let usesGlide: Bool
  /// Whether the rows on screen are this loader's to load (false where the strategy binds them
  /// itself, as `recyclerview` does).
  private let loadsVisibleRows: Bool

  /// Reads `MediaLibrary.parameters` (the strategy declares them); `lookaheadRows` overrides
  /// `media_lookahead_rows` for a strategy whose platform fixes the window itself;
  /// `loadsVisibleRows` false leaves the rows on screen to the strategy.
  public init(parameters: StrategyParameters, lookaheadRows: Int? = nil, loadsVisibleRows: Bool = true) {
    library = parameters[MediaLibrary.parameter]
    self.lookaheadRows = lookaheadRows ?? parameters[MediaLibrary.lookaheadRows]
    lowPriorityLimit = parameters[MediaLibrary.lowPriorityMaxConnections]
    self.loadsVisibleRows = loadsVisibleRows
    let maxPreload = parameters[MediaLibrary.maxPreload]
    let margin = parameters[MediaLibrary.lazyThresholdPt]
    if library == .glide { glide = GlidePreloader(maxPreload: maxPreload) }
    if library == .browserLazy { lazy = BrowserLazyLoader(marginPt: margin) }
    isLazy = lazy != nil
    usesGlide = glide != nil
  }

  /// An iOS prefetcher tops up when one of its fetches ends, so it must hear media completions
  /// (Glide preloads and lazy images start from the scroll alone).
  @inline(__always)
  public var needsMediaCompletions: Bool { library.isIOSPrefetcher }

  /// The lazy-load margin in force, pt (`media=browser_lazy` once consulted; nil otherwise).
  public var lazyMarginPt: Double? { lazy?.marginPt }

  /// `wake` narrowed to what the media side needs: with `browser_lazy`, the offsets at which no
  /// row enters the grown viewport (`BrowserLazyLoader.narrowed`); the others read only the rows
  /// shown, which a band breaks on unless it holds across row changes (never with media).
  @inline(__always)
  public func narrowed(_ wake: Wake, in context: some StrategyContext) -> Wake {
    guard isLazy else { return wake }
    return lazy!.narrowed(wake, in: context)
  }

  @inline(__always)
  public mutating func update(after event: StrategyEvent, in context: some StrategyContext) {
    if !configured {
      configured = true
      if lowPriorityLimit != nil || library == .nuke {
        context.limitMedia(
          lowPriorityConnections: lowPriorityLimit, startRate: library == .nuke ? .nuke : nil)
      }
    }
    if isLazy {
      lazy!.update(after: event, in: context)
      return
    }
    if loadsVisibleRows { onScreen.update(after: event, in: context) }
    guard context.feedHasMedia else { return }
    if usesGlide {
      preloadGlide(context)
    } else if library.isIOSPrefetcher {
      prefetch(context)
    }
  }

  /// The RecyclerView listener's call into Glide's preloader, its actions applied: a cleared
  /// target cancels its row's fetch unless the row is on screen (its view's request shares the
  /// download); a preload fetches what is not in memory or on its way.
  private mutating func preloadGlide(_ context: some StrategyContext) {
    let visible = context.visibleItems
    guard !visible.isEmpty else { return }
    let actions = glide!.onScrolled(visible: visible, itemCount: context.rowCount) {
      context.carriesMedia(item: $0) ? 1 : 0
    }
    for action in actions {
      switch action {
      case .clear(let item):
        if !visible.contains(item) && context.isMediaInFlight(item: item) { context.cancelMedia(item: item) }
      case .preload(let item, _):
        if context.needsMedia(item: item) && !context.isMediaInFlight(item: item) {
          context.requestMedia(item: item, priority: visible.contains(item) ? .visible : .preload)
        }
      }
    }
  }

  private mutating func prefetch(_ context: some StrategyContext) {
    let visible = context.visibleItems
    guard !visible.isEmpty else { return }
    running.removeAll { !context.isMediaInFlight(item: $0) }
    let heading = context.scrollDirection
    // The look-ahead counts rows: in a grid, `columns` items each.
    let ahead = lookaheadRows * context.columns
    let window =
      heading == .down
      ? visible.upperBound..<min(context.rowCount, visible.upperBound + ahead)
      : max(0, visible.lowerBound - ahead)..<visible.lowerBound
    if heading != direction {
      direction = heading
      if library.cancelsAllOnTurn { cancel(context, visible: visible) { _ in true } }
    }
    if !library.cancelsAllOnTurn { cancel(context, visible: visible) { !window.contains($0) } }
    let cap = library.maxConcurrentPrefetches
    guard running.count < cap, !window.isEmpty else { return }
    for step in 0..<window.count {
      let item = heading == .down ? window.lowerBound + step : window.upperBound - 1 - step
      guard context.needsMedia(item: item), !context.isMediaInFlight(item: item) else { continue }
      if context.requestMedia(item: item, priority: .preload) { running.append(item) }
      if running.count >= cap { break }
    }
  }

  /// Stops the running prefetches that `drop` selects, except rows on screen (their cell shares
  /// the download).
  private mutating func cancel(
    _ context: some StrategyContext, visible: Range<Int>, where drop: (Int) -> Bool
  ) {
    running.removeAll { item in
      guard drop(item), !visible.contains(item) else { return false }
      context.cancelMedia(item: item)
      return true
    }
  }
}
