/// Dynamic threshold: request the next page once the viewport's bottom passes `ratio` of the
/// newest page's span; media on visibility.
///
/// Source: the seed article's fix for the fixed threshold — the trigger moves with each page, so
/// the lead is always (1 − ratio) of one page whatever the content height. With offset
/// pagination the "newest page" is the applied page next to the nearest unloaded page in the
/// scroll direction.
public struct DynamicThreshold: PrefetchStrategy {
  public static let definition = StrategyDefinition(
    name: "dynamic_threshold",
    summary:
      "Next page when the viewport's bottom passes ratio of the newest page's span; media on visibility.",
    source: "Seed article: per-page threshold at 70 % of the newest page.",
    parameters: [
      .number(
        "ratio", 0.7, in: 0...1,
        help: "Fraction of the newest page's span the viewport's bottom must pass (seed article: 0.7)."),
      .guardInFlight,
    ],
    make: { DynamicThreshold(parameters: $0) })

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
      let span = frontier.adjacentPageSpanPt
      let height = span.upperBound - span.lowerBound
      let passed =
        direction == .down
        ? simulation.viewportBottomPt >= span.lowerBound + ratio * height
        : simulation.viewportOffsetPt <= span.upperBound - ratio * height
      if passed { simulation.requestPage(direction, guardInFlight: guardInFlight) }
    }
    media.update(after: event, in: simulation)
  }
}
