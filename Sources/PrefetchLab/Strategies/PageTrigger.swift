/// The skeleton of the strategies that differ only in when they ask for the next page
/// (infinite_scroll, fixed_threshold, dynamic_threshold): on every event, look at the load
/// frontier in the trigger direction, ask for the page beyond it when the strategy's trigger
/// test passes (with or without the in-flight guard), and load media through an
/// `ImagePrefetcher` (on visibility by default; `media` picks an image library).
///
/// A delivered media fetch (`.fetchCompleted(.media)`) changes neither the frontier nor the
/// visible rows, so it is ignored unless an image prefetcher must top up. Evictions
/// (`StrategyContext.evictedItems`) need nothing special either: an evicted row is off screen
/// and is fetched again when it shows.
public struct PageTrigger: Sendable {
  private let guardInFlight: Bool
  private var media: ImagePrefetcher
  /// `quietBelowPt` has answered once: the strategy's test reads the viewport's position alone,
  /// so with no frontier (nothing left to ask for) every offset is quiet.
  private var declaresQuiet = false

  /// Reads `StrategyParameter.guardInFlight` and `MediaLibrary.parameters`, which the strategy
  /// must declare (`PageTrigger.parameters`).
  public init(parameters: StrategyParameters) {
    guardInFlight = parameters[StrategyParameter.guardInFlight]
    media = ImagePrefetcher(parameters: parameters)
  }

  /// The parameters a `PageTrigger` reads.
  public static let parameters: [any StrategyParameterHandle] =
    [StrategyParameter.guardInFlight] + MediaLibrary.parameters

  /// Handles `event`. `fires(frontier, direction)` is the strategy's trigger test: true when the
  /// viewport is close enough to `frontier` (the loaded edge in `direction`) to ask for the page
  /// beyond it.
  ///
  /// `quietBelowPt(frontier)`, for a test that reads only the viewport's position and passes only
  /// once the viewport's top is at or past that offset going down, lets the event engine skip the
  /// frames before it: with cursor pagination, a consultation that does not fire declares the
  /// offsets below it quiet, and one that fires but can ask for nothing (a page in flight), or
  /// asks with the in-flight guard, declares every offset quiet until an event
  /// (the `Wake` returned). The media side
  /// needs nothing new while the rows shown and the direction stay. The default answers nil: no
  /// declaration, the strategy is consulted every moving frame. (Not an optional closure: that
  /// would escape, and be allocated at every consultation.)
  @inline(__always)
  public mutating func update(
    _ event: StrategyEvent, in context: some StrategyContext,
    fires: (_ frontier: LoadFrontier, _ direction: ScrollDirection) -> Bool,
    quietBelowPt: (_ frontier: LoadFrontier) -> Double? = { _ in nil }
  ) -> Wake {
    var none: Void = ()
    return update(
      event, in: context, state: &none, quietBelowPt: { frontier, _ in quietBelowPt(frontier) },
      fires: { frontier, direction, _ in fires(frontier, direction) })
  }

  /// `update` for a trigger test that keeps state of its own between calls (a value remembered
  /// per frontier, say): the test gets it `inout`, so it need not capture the strategy, and so
  /// does `quietBelowPt`, called after the test with the same frontier. A test with state declares
  /// no quiet band unless `quietBelowPt` answers, which asserts that the test's answer depends on
  /// the viewport's position alone while the frontier stays (its state may change only when the
  /// frontier does, which takes an event).
  @inline(__always)
  public mutating func update<State>(
    _ event: StrategyEvent, in context: some StrategyContext, state: inout State,
    quietBelowPt: (_ frontier: LoadFrontier, _ state: inout State) -> Double? = { _, _ in nil },
    fires: (_ frontier: LoadFrontier, _ direction: ScrollDirection, _ state: inout State) -> Bool
  ) -> Wake {
    if case .fetchCompleted(.media) = event, !media.needsMediaCompletions { return .everyFrame }
    let direction = context.pageTriggerDirection
    guard context.heedsWake, context.pagination == .cursor else {
      // No band would be kept (the stepped engine ignores it; offset pagination declares none):
      // the trigger alone, without working one out at every frame.
      if let frontier = context.loadFrontier(direction), fires(frontier, direction, &state) {
        _ = context.requestPage(.frontier(direction), guardInFlight: guardInFlight)
      }
      media.update(after: event, in: context)
      return .everyFrame
    }
    var quietUpToPt: Double?
    if let frontier = context.loadFrontier(direction) {
      if fires(frontier, direction, &state) {
        // A page asked for with the in-flight guard holds every further ask until an event.
        let requested = context.requestPage(.frontier(direction), guardInFlight: guardInFlight)
        if !requested || guardInFlight, quietBelowPt(frontier, &state) != nil {
          declaresQuiet = true
          quietUpToPt = .infinity
        }
      } else if direction == .down, let belowPt = quietBelowPt(frontier, &state) {
        declaresQuiet = true
        quietUpToPt = Self.roundedDown(belowPt)
      }
    } else if declaresQuiet {
      quietUpToPt = .infinity
    }
    media.update(after: event, in: context)
    guard let quietUpToPt else { return .everyFrame }
    // The trigger reads the offset and the frontier, not the rows; the media side reads the rows
    // only when the feed has media.
    return media.narrowed(
      .whileOffset(within: -.infinity, quietUpToPt, acrossRowChanges: !context.feedHasMedia), in: context)
  }

  /// `offsetPt` less a margin far above the rounding error of the trigger tests' few additions
  /// (10⁻⁹ relative): an offset at or below it does not fire. A band a little too narrow costs
  /// one early full frame; one too wide would change the results.
  @inline(__always)
  public static func roundedDown(_ offsetPt: Double) -> Double { offsetPt - 1e-9 * (1 + abs(offsetPt)) }

  /// `offsetPt` plus the same margin: an offset at or above it is past the test's threshold.
  @inline(__always)
  public static func roundedUp(_ offsetPt: Double) -> Double { offsetPt + 1e-9 * (1 + abs(offsetPt)) }
}
