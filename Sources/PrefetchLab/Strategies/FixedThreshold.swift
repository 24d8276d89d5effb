/// Fixed threshold: request the next page once (offset + viewport height) / content height ≥
/// `ratio`; media on visibility.
///
/// Source: the common "preload at 70 %" pattern (`ratio` 0.7, a judgement). Because the ratio is of
/// the whole content, the distance left when it fires grows with the content: early on it fires
/// late, later it fires many screens ahead. With offset pagination the "content" is the run of
/// applied pages around the viewport, measured from the run's start towards the nearest
/// unloaded page in the scroll direction.
public struct FixedThreshold: PrefetchStrategy {
  public static let ratio = StrategyParameter.Number(
    "ratio", default: 0.7, in: 0...1,
    help: "Fraction of the content height the viewport's bottom must pass (default 0.7, a common choice).")

  public static let definition = StrategyDefinition(
    FixedThreshold.self,
    name: "fixed_threshold",
    summary: "Next page when (offset + viewport) / content height >= ratio; media on visibility.",
    source: "Common pattern: a fixed 70 % scroll-position threshold (0.7 a judgement).",
    parameters: [ratio] + PageTrigger.parameters)

  private let ratio: Double
  private var trigger: PageTrigger

  public init(parameters: StrategyParameters) {
    ratio = parameters[Self.ratio]
    trigger = PageTrigger(parameters: parameters)
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    let ratio = ratio
    return trigger.update(event, in: context) { frontier, direction in
      // Progress through the loaded run, measured in the trigger direction.
      let length = abs(frontier.edgePt - frontier.runStartPt)
      let travelled =
        direction == .down
        ? context.viewportBottomPt - frontier.runStartPt
        : frontier.runStartPt - context.viewportOffsetPt
      return length <= 0 || travelled >= ratio * length
    } quietBelowPt: { frontier in
      // Going down it fires once the bottom has travelled `ratio` of the run (a run of length 0
      // fires at once, and never reaches here).
      frontier.runStartPt + ratio * abs(frontier.edgePt - frontier.runStartPt) - context.viewportHeightPt
    }
  }
}
