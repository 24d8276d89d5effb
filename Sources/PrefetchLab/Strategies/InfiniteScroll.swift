/// Infinite scroll: request the next page when the loading footer becomes visible (the
/// viewport's bottom reaches the end of content); media on visibility.
///
/// Source: the common baseline, the pattern of a `UITableView` whose last cell (a
/// spinner) triggers the load in `willDisplay` — no lead at all, so every page costs a stall of
/// one round trip plus the apply delay whenever the user reads faster than that.
public struct InfiniteScroll: PrefetchStrategy {
  public static let definition = StrategyDefinition(
    InfiniteScroll.self,
    name: "infinite_scroll",
    summary: "Next page when the loading footer becomes visible; media on visibility or an image prefetcher.",
    source: "Common baseline: the spinner cell's willDisplay triggers the load.",
    parameters: PageTrigger.parameters)

  private var trigger: PageTrigger

  public init(parameters: StrategyParameters) {
    trigger = PageTrigger(parameters: parameters)
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    let heightPt = context.viewportHeightPt
    return trigger.update(event, in: context) { frontier, direction in
      direction == .down
        ? context.viewportBottomPt >= frontier.edgePt
        : context.viewportOffsetPt <= frontier.edgePt
    } quietBelowPt: { frontier in
      // Going down it fires once the viewport's bottom reaches the edge.
      frontier.edgePt - heightPt
    }
  }
}
