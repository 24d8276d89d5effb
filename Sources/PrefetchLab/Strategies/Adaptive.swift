/// A strategy no platform ships: sizes its lead from what it measures instead of a constant, as
/// adaptive-bitrate video players size their buffer. It estimates the time to fetch and apply the
/// next page from its own recent transfers (`TransferEstimator`: time to first byte, harmonic-mean
/// throughput, page size, apply delay — MPC's throughput predictor, Yin et al., SIGCOMM 2015; BOLA,
/// Spiteri et al., INFOCOM 2016, likewise keeps the buffer that covers a download at the measured
/// rate) and the user's recent speed (`SpeedEstimator`: the larger of the current velocity and the
/// mean speed over `speed_window_s`), and keeps content ahead for that time × `safety_factor`,
/// at most `max_lead_screens` screenfuls:
///
///     lead = min(max_lead_screens × viewport, safety_factor × speed × fetch time)
///
/// Pages: the next page is asked for (once at a time) when the viewport's far edge — or, during a
/// fling, where the fling will rest — comes within the lead of the end of loaded content.
///
/// Media: the rows the current motion will bring on screen, nearest first (visible rows first, at
/// visible priority) — during a drag, the rows it reaches within one media fetch time at its
/// current speed (no safety factor: a late image costs a moment of blank, a row fetched and never
/// reached costs its bytes), discounted by how much of the recent travel reversed
/// (`SpeedEstimator.steadiness`); during a fling, the rows up to where it will rest, and only those
/// around its resting place when it moves more than a screenful (the rows it passes fly by); at
/// rest, the visible rows. Media still in flight for rows that fell behind the viewport is
/// cancelled. With a render stage the same rows are rendered ahead.
///
/// Per consultation: O(rows entering or leaving the media range + estimator window).
///
/// Time advance: declares no quiet band (`StrategyContext.skipFrames`), so the event engine
/// consults it at every moving frame, as the stepped one does: its speed estimator takes a sample
/// from every frame, and its lead follows the velocity.
public struct Adaptive: PrefetchStrategy {
  public static let safetyFactor = StrategyParameter.Number(
    "safety_factor", default: 2, in: 1...20,
    help:
      "Lead = this × speed × estimated fetch time (2: a fetch twice as slow as the estimate is still covered, as a harmonic-mean predictor underestimates a slowing link; cf. RobustMPC's discount by the recent prediction error, Yin et al. 2015)."
  )
  public static let estimatorWindow = StrategyParameter.Integer(
    "estimator_window", default: 5, in: 1...100,
    help:
      "Transfers (and page applications) each estimate averages over (5: MPC's harmonic mean of the last 5 chunks, Yin et al. 2015)."
  )
  public static let maxLeadScreens = StrategyParameter.Number(
    "max_lead_screens", default: 3, in: 0...100,
    help:
      "Lead cap, screenfuls (3: a little above Texture's 2.5-screenful preload range; bounds what a fast fling's speed or a stalled link's estimate can make it fetch)."
  )
  public static let speedWindowS = StrategyParameter.Number(
    "speed_window_s", default: 4, in: 0.1...600,
    help:
      "Seconds the user's mean speed is taken over (4: one drag-and-dwell cycle of a reader, 1.2 s strokes + 2.3 s dwells in the reader model)."
  )

  public static let definition = StrategyDefinition(
    Adaptive.self,
    name: "adaptive",
    summary:
      "Page lead sized from measured fetch time × scroll speed × safety factor; media for the rows the motion reaches, nearest first.",
    source:
      "ABR buffer sizing (MPC, Yin et al. SIGCOMM 2015; BOLA, Spiteri et al. INFOCOM 2016) applied to list prefetch.",
    parameters: [safetyFactor, estimatorWindow, maxLeadScreens, speedWindowS])

  private let safety: Double
  private let maxLeadScreens: Double
  private var estimator: TransferEstimator
  private var speed: SpeedEstimator
  /// Pages delivered and not yet applied, with their delivery time (apply-delay samples).
  private var delivered: [(page: Int, atUs: Int64)] = []
  /// Media fetches of ours in flight.
  private var requested: Set<Int> = []
  private var mediaWindow = RowWindow()
  private var visibleRows: Range<Int> = 0..<0

  public init(parameters: StrategyParameters) {
    safety = parameters[Self.safetyFactor]
    maxLeadScreens = parameters[Self.maxLeadScreens]
    estimator = TransferEstimator(window: parameters[Self.estimatorWindow])
    speed = SpeedEstimator(windowUs: Int64((parameters[Self.speedWindowS] * 1_000_000).rounded()))
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) {
    let now = context.nowUs
    for item in context.evictedItems { requested.remove(item) }
    switch event {
    case .fetchCompleted(let resource):
      if let transfer = context.lastTransfer { estimator.record(transfer) }
      switch resource {
      case .page(let page): delivered.append((page, now))
      case .media(let item): requested.remove(item)
      }
    case .fetchFailed(.media(let item)):
      requested.remove(item)
    case .pageApplied(let page):
      if let index = delivered.firstIndex(where: { $0.page == page }) {
        estimator.recordApplyDelay(now - delivered[index].atUs)
        delivered.remove(at: index)
      }
    default:
      break
    }
    guard event != .fetchCompleted(.page(0)) || context.rowCount > 0 else { return }
    speed.note(offsetPt: context.viewportOffsetPt, atUs: now)
    let userSpeed = max(abs(context.velocityPtS), speed.speedPtS(atUs: now))
    checkPages(context, userSpeed: userSpeed)
    if context.feedHasMedia || context.hasRenderStage {
      // Media ahead only for where the current motion is taking the user, discounted by how much
      // of the recent travel reversed: a row fetched ahead that is never reached is pure waste.
      let mediaSpeed = abs(context.velocityPtS) * speed.steadiness
      updateMedia(context, userSpeed: mediaSpeed, refreshAll: Self.isPageApplied(event))
    }
  }

  private static func isPageApplied(_ event: StrategyEvent) -> Bool {
    if case .pageApplied = event { return true }
    return false
  }

  /// The distance ahead to keep loaded for a page fetch taking `fetchUs` at `speedPtS`, pt.
  private func leadPt(fetchUs: Double, speedPtS: Double, _ context: some StrategyContext) -> Double {
    min(maxLeadScreens * context.viewportHeightPt, safety * speedPtS * fetchUs / 1_000_000)
  }

  /// Where the viewport's top is headed: the fling's resting offset while decelerating, else the
  /// viewport itself.
  private func headingTopPt(_ context: some StrategyContext) -> Double {
    context.phase == .decelerating ? context.projectedTargetOffsetPt : context.viewportOffsetPt
  }

  private func checkPages(_ context: some StrategyContext, userSpeed: Double) {
    let direction = context.pageTriggerDirection
    guard let frontier = context.loadFrontier(direction) else { return }
    let lead = leadPt(fetchUs: estimator.pageFetchUs, speedPtS: userSpeed, context)
    let height = context.viewportHeightPt
    let heading = headingTopPt(context)
    let fires =
      direction == .down
      ? max(context.viewportBottomPt, heading + height) + lead >= frontier.edgePt
      : min(context.viewportOffsetPt, heading) - lead <= frontier.edgePt
    if fires { context.requestPage(direction) }
  }

  /// Media (and renders) for the rows the current motion will bring on screen, nearest first;
  /// cancels what fell behind. A drag: the viewport and the lead ahead of it. A fling: the rows up
  /// to where it will rest — only those around its resting place when it moves more than a
  /// screenful (the rows it passes fly by) — and nothing beyond, since it stops there. At rest: the
  /// visible rows.
  private mutating func updateMedia(_ context: some StrategyContext, userSpeed: Double, refreshAll: Bool) {
    let height = context.viewportHeightPt
    let top = context.viewportOffsetPt
    let down = context.scrollDirection == .down
    let flinging = context.phase == .decelerating
    let target = flinging ? context.projectedTargetOffsetPt : top
    let flyingOver = abs(target - top) > height
    let fromPt: Double
    let toPt: Double
    if flinging {
      fromPt = flyingOver ? target : min(top, target)
      toPt = flyingOver ? target + height : max(top, target) + height
    } else {
      // One media fetch time of travel, without the safety factor: a late image costs a moment of
      // blank, a row fetched and never reached costs its bytes (pages get the margin: a late page
      // is a stall).
      let lead = min(maxLeadScreens * height, userSpeed * estimator.mediaFetchUs / 1_000_000)
      fromPt = down ? top : top - lead
      toPt = down ? top + height + lead : top + height
    }
    let previous = mediaWindow.rows
    context.update(&mediaWindow, fromPt: fromPt, toPt: toPt)
    let visible = context.visibleItems
    guard refreshAll || mediaWindow.rows != previous || visible != visibleRows else { return }
    visibleRows = visible
    cancelBehind(context, down: down)
    if !flyingOver {
      for item in visible { fetch(item, priority: .visible, context) }
    }
    // The visible rows were asked for above unless flying over.
    let rows = mediaWindow.rows
    if down {
      for item in rows where flyingOver || !visible.contains(item) {
        fetch(item, priority: visible.contains(item) ? .visible : .preload, context)
      }
    } else {
      for item in rows.reversed() where flyingOver || !visible.contains(item) {
        fetch(item, priority: visible.contains(item) ? .visible : .preload, context)
      }
    }
  }

  private mutating func fetch(_ item: Int, priority: FetchPriority, _ context: some StrategyContext) {
    if context.hasRenderStage && !context.isRendered(item: item) { context.requestRender(item: item) }
    guard context.needsMedia(item: item), !context.isMediaInFlight(item: item) else { return }
    if context.requestMedia(item: item, priority: priority) && context.isMediaInFlight(item: item) {
      requested.insert(item)
    }
  }

  /// Cancels our media still in flight for rows wholly behind the viewport (above it going down,
  /// below it going up).
  private mutating func cancelBehind(_ context: some StrategyContext, down: Bool) {
    guard !requested.isEmpty else { return }
    let top = context.viewportOffsetPt
    let bottom = context.viewportBottomPt
    let rowCount = context.rowCount
    // In item order: a set's own order is not the same from run to run.
    for item in requested.sorted() {
      guard item < rowCount else { continue }
      let rowTop = context.topPt(ofItem: item)
      let behind = down ? rowTop + context.heightPt(ofItem: item) <= top : rowTop >= bottom
      if behind {
        if context.isMediaInFlight(item: item) { context.cancelMedia(item: item) }
        requested.remove(item)
      }
    }
  }
}
