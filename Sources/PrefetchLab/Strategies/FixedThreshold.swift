/// Fixed threshold: request the next page once (offset + viewport height) / content height ≥
/// `ratio`; media on visibility.
///
/// Source: the seed article's "preload at 70 %" pattern (`ratio` 0.7). Because the ratio is of
/// the whole content, the distance left when it fires grows with the content: early on it fires
/// late, later it fires many screens ahead. With offset pagination the "content" is the run of
/// applied pages around the viewport, measured from the run's start towards the nearest
/// unloaded page in the scroll direction.
public struct FixedThreshold: PrefetchStrategy {
  public static let definition = StrategyDefinition(
    name: "fixed_threshold",
    summary: "Next page when (offset + viewport) / content height >= ratio; media on visibility.",
    source: "Seed article: fixed 70 % scroll-position threshold.",
    parameters: [
      .number(
        "ratio", 0.7, in: 0...1,
        help: "Fraction of the content height the viewport's bottom must pass (seed article: 0.7)."),
      .guardInFlight,
    ],
    make: { FixedThreshold(parameters: $0) })

  private let ratio: Double
  private let guardInFlight: Bool
  private var media = VisibilityMediaLoader()

  public init(parameters: StrategyParameters) {
    ratio = parameters.number("ratio")
    guardInFlight = parameters.bool("guard_in_flight")
  }

  public mutating func update(_ event: StrategyEvent, in simulation: Simulation) {
    // An eviction (.mediaEvicted) needs nothing special: the evicted row is off screen and is
    // fetched again when it shows; the checks below find nothing new to do.
    if case .fetchCompleted(.media) = event { return }
    let direction = simulation.pageTriggerDirection
    if let frontier = simulation.loadFrontier(direction) {
      // Progress through the loaded run, measured in the trigger direction.
      let length = abs(frontier.edgePt - frontier.runStartPt)
      let travelled =
        direction == .down
        ? simulation.viewportBottomPt - frontier.runStartPt
        : frontier.runStartPt - simulation.viewportOffsetPt
      if length <= 0 || travelled >= ratio * length {
        simulation.requestPage(direction, guardInFlight: guardInFlight)
      }
    }
    media.update(after: event, in: simulation)
  }
}
