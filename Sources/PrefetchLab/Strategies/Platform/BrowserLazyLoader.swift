/// The browser's own `<img loading="lazy">` (`media=browser_lazy`): a row's image starts loading
/// once the row comes within the lazy-load margin of the viewport, and is never cancelled.
///
/// - Blink watches lazy images with one IntersectionObserver on the document whose scroll margin
///   is the margin above and below the viewport; an image that intersects the grown viewport
///   loads and is unobserved. Images on screen from the start load at once, as any image.
/// - The margin is fixed when the observer is made (the first lazy image): `lazy_threshold_pt`,
///   or by default Blink's margin for the effective connection type the network quality
///   estimator gives the media origin's median round trip (`EffectiveConnectionType`).
/// - Rows laid out by a page that lands inside the grown viewport load at once (the observer's
///   first report after `observe`). Images out of view go out at `.preload` priority (Chrome
///   loads images outside the viewport at low priority and raises those that become visible);
///   the engine raises a running one when its row shows.
/// - An image dropped from memory (`cache.memory_bytes`) is fetched again when its row shows
///   (the element repaints from the network or disk cache).
///
/// One pt stands for one CSS px. Per call: O(rows entering the grown viewport or the viewport).
public struct BrowserLazyLoader: Sendable {
  /// `lazy_threshold_pt`; nil: from the effective connection type.
  public let configuredMarginPt: Double?
  /// The margin in force, pt, once the first consultation fixed it.
  public private(set) var marginPt: Double?
  private var window = RowWindow()
  private var shown: Range<Int> = 0..<0
  /// Rows whose lazy image has started (unobserved), by index.
  private var started: [Bool] = []

  public init(marginPt: Double?) { configuredMarginPt = marginPt }

  /// The margin for a run with these constants: `lazy_threshold_pt` or the ECT's.
  public static func marginPt(configured: Double?, _ constants: RunConstants) -> Double {
    configured
      ?? EffectiveConnectionType.classify(httpRttMs: constants.mediaRoundTripMedianMs).lazyImageMarginPx
  }

  public mutating func update(after event: StrategyEvent, in context: some StrategyContext) {
    guard context.feedHasMedia else { return }
    let margin = marginPt ?? Self.marginPt(configured: configuredMarginPt, context.constants)
    marginPt = margin
    let previous = window.rows
    let top = context.viewportOffsetPt
    context.update(&window, fromPt: top - margin, toPt: top + context.viewportHeightPt + margin)
    let visible = context.visibleItems
    var refresh = false
    if case .pageApplied = event { refresh = true }
    if refresh || window.rows != previous {
      for item in window.rows where refresh || !previous.contains(item) { observe(item, visible, context) }
    }
    if refresh || visible != shown {
      // An image evicted from memory paints again when its row shows.
      for item in visible where !context.isMediaInFlight(item: item) && context.needsMedia(item: item) {
        context.requestMedia(item: item, priority: .visible)
      }
      shown = visible
    }
  }

  /// The observer's report for a row in the grown viewport: load once.
  private mutating func observe(_ item: Int, _ visible: Range<Int>, _ context: some StrategyContext) {
    guard context.carriesMedia(item: item) else { return }
    if item >= started.count {
      started.append(contentsOf: repeatElement(false, count: item + 1 - started.count))
    }
    guard !started[item] else { return }
    started[item] = true
    guard context.needsMedia(item: item), !context.isMediaInFlight(item: item) else { return }
    context.requestMedia(item: item, priority: visible.contains(item) ? .visible : .preload)
  }

  /// `wake` narrowed to the offsets at which no row enters the grown viewport: the next row
  /// below enters once the grown bottom passes its top, the next above once the grown top passes
  /// its bottom. Rounded towards the current offset; rows shown changing still break it.
  public func narrowed(_ wake: Wake, in context: some StrategyContext) -> Wake {
    guard case .quietWhile(var band) = wake, let margin = marginPt, context.feedHasMedia else { return wake }
    let rows = window.rows
    let height = context.viewportHeightPt
    if rows.upperBound < context.rowCount {
      band.highPt = min(
        band.highPt, PageTrigger.roundedDown(context.topPt(ofItem: rows.upperBound) - height - margin))
    }
    if rows.lowerBound > 0 {
      band.lowPt = max(band.lowPt, PageTrigger.roundedUp(context.topPt(ofItem: rows.lowerBound) + margin))
    }
    band.acrossRowChanges = false
    let offset = context.viewportOffsetPt
    guard band.lowPt <= offset, offset <= band.highPt else { return .everyFrame }
    return .quietWhile(band)
  }
}
