/// A web list with a sentinel element after its last row, watched by an `IntersectionObserver`
/// whose root is the scroll viewport grown by `root_margin_px`: the next page is asked for when
/// the sentinel *starts* intersecting the root.
///
/// The observer reports changes only, checked once per rendered frame: a sentinel that still
/// intersects after a page arrives (a short page, or a margin larger than a page) gives no new
/// entry and nothing loads until it leaves and comes back, the classic stuck list; a jump that
/// carries the sentinel through the root between two frames is not seen either, nor is a page
/// that pushes the sentinel out of the root between two frames when the next frame brings it
/// back (a finger pressing against the end, `scroll.at_end` `"press"`). The observer's
/// first report after `observe()` counts as an entry when the sentinel already intersects.
/// `recheck_after_load` (default true) is what careful code adds: after each page, load again if
/// the sentinel still intersects; false leaves the observer alone, stuck lists included. `on_repeat` governs a call made while a page is out. After a page fails for
/// good the app's error handler asks again if the sentinel intersects (careful code).
///
/// The sentinel is the loading footer (`feed.footer_height_pt`, edges inclusive when it is 0 pt
/// tall) at the end of the loaded run. Sources: W3C Intersection Observer (w3c/IntersectionObserver
/// `index.bs`: `rootMargin` default "0px", notifications from the "update intersection
/// observations" step of each rendering frame, `isIntersecting` edge-inclusive). One pt stands
/// for one CSS px.
public struct IntersectionObserverLoader: PrefetchStrategy {
  public static let rootMarginPx = StrategyParameter.Number(
    "root_margin_px", default: 0, in: 0...1_000_000,
    help:
      "Margin added around the viewport before intersecting (rootMargin, default \"0px\", W3C IntersectionObserver)."
  )
  public static let recheckAfterLoad = StrategyParameter.Flag(
    "recheck_after_load", default: true,
    help:
      "After each page, load again if the sentinel still intersects (careful code, the default; false: the observer alone)."
  )

  public static let definition = StrategyDefinition(
    IntersectionObserverLoader.self, name: "intersection_observer",
    summary: "Web sentinel with IntersectionObserver: next page when the sentinel enters the grown viewport.",
    source:
      "W3C Intersection Observer (w3c/IntersectionObserver index.bs): rootMargin 0px, per-frame changes.",
    parameters: [rootMarginPx, recheckAfterLoad, PageRepeat.parameter] + MediaLibrary.parameters,
    runsByDefault: false)

  private let marginPt: Double
  private let recheck: Bool
  private let onRepeat: PageRepeat
  private var media: ImagePrefetcher
  private var wasIntersecting = false

  public init(parameters: StrategyParameters) {
    marginPt = parameters[Self.rootMarginPx]
    recheck = parameters[Self.recheckAfterLoad]
    onRepeat = parameters[PageRepeat.parameter]
    media = ImagePrefetcher(parameters: parameters)
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    if case .fetchCompleted(.media) = event, !media.needsMediaCompletions { return .everyFrame }
    let intersecting = sentinelIntersects(context)
    // The observer's state changes at rendering steps only: a page landing between frames moves
    // the sentinel, but only the next frame, with its own offset, decides whether it left.
    var entered = false
    var atFrame = false
    switch event {
    case .frame, .start, .dragEnded: atFrame = true
    default: break
    }
    if atFrame {
      entered = intersecting && !wasIntersecting
      wasIntersecting = intersecting
    }
    var reloaded = false
    if case .pageApplied = event { reloaded = true }
    // A page that failed for good: the app's error handler asks again if the sentinel shows.
    var failed = false
    if case .fetchFailed(.page) = event { failed = true }
    if entered || ((recheck && reloaded) || failed) && intersecting {
      onRepeat.requestPage(.down, in: context)
    }
    media.update(after: event, in: context)
    // Between frames the state may now be stale: the next moving frame must see it change.
    let wake = intersecting == wasIntersecting ? quietWake(intersecting: intersecting, context) : .everyFrame
    return media.narrowed(wake, in: context)
  }

  /// At a frame only the sentinel's entering acts and only its intersecting changes state: quiet
  /// while the viewport's top stays on this side of both edges of intersection (top at
  /// `edge − height − margin`, at `edge + footer + margin`), rounded towards the offset.
  private func quietWake(intersecting: Bool, _ context: some StrategyContext) -> Wake {
    guard let frontier = context.loadFrontier(.down) else { return .nextEventOrRowChange }
    let enterPt = frontier.edgePt - context.viewportHeightPt - marginPt
    let leavePt = frontier.edgePt + context.footerHeightPt + marginPt
    if intersecting {
      return .whileOffset(within: PageTrigger.roundedUp(enterPt), PageTrigger.roundedDown(leavePt))
    } else if context.viewportOffsetPt < enterPt {
      return .whileOffset(within: -.infinity, PageTrigger.roundedDown(enterPt))
    } else if context.viewportOffsetPt > leavePt {
      return .whileOffset(within: PageTrigger.roundedUp(leavePt), .infinity)
    }
    return .everyFrame
  }

  private func sentinelIntersects(_ context: some StrategyContext) -> Bool {
    guard let frontier = context.loadFrontier(.down) else { return false }
    let top = frontier.edgePt
    let bottom = top + context.footerHeightPt
    return top <= context.viewportBottomPt + marginPt && bottom >= context.viewportOffsetPt - marginPt
  }
}
