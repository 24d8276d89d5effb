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
  @inline(__always)
  public mutating func update(
    _ event: StrategyEvent, in context: some StrategyContext,
    fires: (_ frontier: LoadFrontier, _ direction: ScrollDirection) -> Bool
  ) {
    var none: Void = ()
    update(event, in: context, state: &none) { frontier, direction, _ in fires(frontier, direction) }
  }

  /// `update` for a trigger test that keeps state of its own between calls (a value remembered
  /// per frontier, say): the test gets it `inout`, so it need not capture the strategy.
  @inline(__always)
  public mutating func update<State>(
    _ event: StrategyEvent, in context: some StrategyContext, state: inout State,
    fires: (_ frontier: LoadFrontier, _ direction: ScrollDirection, _ state: inout State) -> Bool
  ) {
    if case .fetchCompleted(.media) = event, !media.needsMediaCompletions { return }
    let direction = context.pageTriggerDirection
    if let frontier = context.loadFrontier(direction), fires(frontier, direction, &state) {
      context.requestPage(direction, guardInFlight: guardInFlight)
    }
    media.update(after: event, in: context)
  }
}
