/// Dynamic threshold: request the next page once the viewport's bottom passes `ratio` of the
/// newest page's span; media on visibility.
///
/// Source: a common fix for the fixed threshold (0.7 a judgement) — the trigger moves with each page, so
/// the lead is always (1 − ratio) of one page whatever the content height. With offset
/// pagination the "newest page" is the applied page next to the nearest unloaded page in the
/// scroll direction.
///
/// Time advance: its test reads the viewport's position and the newest page's span, which stays
/// while the frontier does (the frontier moves only at events), and nothing else: no velocity,
/// no clock. Going down with cursor pagination, a consultation that does not fire declares the
/// offsets up to the trigger point (the threshold less the viewport's height, rounded down)
/// quiet, and one that fires and can ask for nothing more, every offset, as `fixed_threshold`
/// does (`PageTrigger`); it is consulted at every moving frame otherwise.
public struct DynamicThreshold: PrefetchStrategy {
  public static let ratio = StrategyParameter.Number(
    "ratio", default: 0.7, in: 0...1,
    help: "Fraction of the newest page's span the viewport's bottom must pass (default 0.7, a common choice)."
  )

  public static let definition = StrategyDefinition(
    DynamicThreshold.self,
    name: "dynamic_threshold",
    summary:
      "Next page when the viewport's bottom passes ratio of the newest page's span; media on visibility.",
    source: "Common pattern: a per-page threshold at 70 % of the newest page (0.7 a judgement).",
    parameters: [ratio] + PageTrigger.parameters)

  private let ratio: Double
  private var trigger: PageTrigger
  /// The newest page's span for the frontier it was measured at. An applied page's rows keep
  /// their heights, so the span stays the same while the frontier's edge and adjacent page do;
  /// remembering it saves a layout search on every frame.
  private var newestSpan = SpanMemo()

  struct SpanMemo: Sendable {
    /// The frontier's edge and adjacent page when the span was measured. (Its direction follows
    /// from them: the two frontiers of a run share neither, pages being at least 1 pt tall.)
    var edgePt = -Double.infinity
    var adjacentPage: Int?
    var spanPt: ClosedRange<Double> = 0...0

    @inline(__always)
    mutating func span(of frontier: LoadFrontier, in context: some StrategyContext) -> ClosedRange<Double> {
      if frontier.edgePt != edgePt || frontier.adjacentPage != adjacentPage { measure(frontier, in: context) }
      return spanPt
    }

    /// Kept out of line: it runs once per new frontier, and the per-frame path stays small.
    @inline(never)
    mutating func measure(_ frontier: LoadFrontier, in context: some StrategyContext) {
      edgePt = frontier.edgePt
      adjacentPage = frontier.adjacentPage
      spanPt = context.adjacentPageSpanPt(of: frontier)
    }
  }

  public init(parameters: StrategyParameters) {
    ratio = parameters[Self.ratio]
    trigger = PageTrigger(parameters: parameters)
  }

  @inline(__always)
  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    let ratio = ratio
    return trigger.update(event, in: context, state: &newestSpan) { frontier, newestSpan in
      // Going down it fires once the bottom reaches the threshold: the top at the threshold less
      // the viewport's height. The span was measured by the test just before (same frontier).
      Self.downThresholdPt(newestSpan.span(of: frontier, in: context), ratio: ratio)
        - context.viewportHeightPt
    } fires: { frontier, direction, newestSpan in
      let span = newestSpan.span(of: frontier, in: context)
      return direction == .down
        ? context.viewportBottomPt >= Self.downThresholdPt(span, ratio: ratio)
        : context.viewportOffsetPt <= span.upperBound - ratio * (span.upperBound - span.lowerBound)
    }
  }

  /// Where the viewport's bottom fires going down: `ratio` of the way through `span`, pt. One
  /// expression for the test and its quiet band, so that both round alike.
  @inline(__always)
  static func downThresholdPt(_ span: ClosedRange<Double>, ratio: Double) -> Double {
    span.lowerBound + ratio * (span.upperBound - span.lowerBound)
  }
}
