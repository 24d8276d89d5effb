/// Infinite scroll: request the next page when the loading footer becomes visible (the
/// viewport's bottom reaches the end of content); media on visibility.
///
/// Source: the seed article's baseline, the pattern of a `UITableView` whose last cell (a
/// spinner) triggers the load in `willDisplay` — no lead at all, so every page costs a stall of
/// one round trip plus the apply delay whenever the user reads faster than that.
public struct InfiniteScroll: PrefetchStrategy {
  public static let definition = StrategyDefinition(
    name: "infinite_scroll",
    summary: "Next page when the loading footer becomes visible; media on visibility.",
    source: "Seed article baseline: the spinner cell's willDisplay triggers the load.",
    parameters: [
      .guardInFlight
    ],
    make: { InfiniteScroll(parameters: $0) })

  private let guardInFlight: Bool
  private var media = VisibilityMediaLoader()

  public init(parameters: StrategyParameters) {
    guardInFlight = parameters.bool("guard_in_flight")
  }

  public mutating func update(_ event: StrategyEvent, in simulation: Simulation) {
    // An eviction (.mediaEvicted) needs nothing special: the evicted row is off screen and is
    // fetched again when it shows; the checks below find nothing new to do.
    if case .fetchCompleted(.media) = event { return }
    let direction = simulation.pageTriggerDirection
    if let frontier = simulation.loadFrontier(direction) {
      let footerVisible =
        direction == .down
        ? simulation.viewportBottomPt >= frontier.edgePt
        : simulation.viewportOffsetPt <= frontier.edgePt
      if footerVisible { simulation.requestPage(direction, guardInFlight: guardInFlight) }
    }
    media.update(after: event, in: simulation)
  }
}
