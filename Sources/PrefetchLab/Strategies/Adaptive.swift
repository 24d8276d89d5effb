/// A strategy no platform ships: plans from what it measures instead of a constant, as
/// adaptive-bitrate video players plan their buffer. Two planners (`planner`):
///
/// **`mpc`** (opt-in): a model-predictive plan over `horizon_s` against the predicted motion and
/// per-origin fetch-time estimates, pricing wasted bytes at `waste_price_ms_per_mb`; see
/// `PredictivePlanner`. Not the default: on the bundled scenarios it closes more of the blank-time
/// headroom but is on the Pareto frontiers less often than `lead` (docs/strategies.md).
///
/// **`lead`** (the default): it estimates the time to fetch and apply the
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
/// The speed estimator samples the viewport on a clock grid, not at every consultation: at the
/// first consultation at or after each tick, every `speed_window_s` / 20 (200 ms at the default
/// 4 s window; every frame for windows under a third of a second at 60 Hz). The window's start
/// falls on the last sample at or before it, so the mean's span is off by at most one interval:
/// 5 % of the window. The estimate (and the steadiness) is held between ticks. A grid, unlike a
/// sample per frame, gives the same estimate at any frame rate, and lets frames between ticks
/// go unconsulted.
///
/// Per consultation: O(rows entering or leaving the media range + estimator window).
///
/// Time advance: between ticks, with the velocity (`whileVelocityHolds`: a drag's or a rest's,
/// not a fling's, whose resting place moves) and so the leads held, a `.frame` consultation
/// changes nothing while the page test does not fire (the viewport's bottom plus the page lead
/// stays above the end of loaded content, or a page is already coming) and the media range
/// keeps its rows without walking (`RowWindow.holds`). A `.frame` consultation declares
/// those offsets up to the next tick (`beforeUs`) as its `Wake`, each end
/// checked with the same expressions the consultation evaluates (monotone in the offset), so
/// the band is exact. Without media or renders the frames read no rows, and the band holds
/// across row changes. It declares nothing at events, whose velocity is the last frame's (held
/// still while a stall ends, say) rather than the next one's, nor at an edge (a rubber band
/// reports a slower velocity than the drag's) or at the end of loaded content.
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

  public static let wastePriceMsPerMB = StrategyParameter.Number(
    "waste_price_ms_per_mb", default: 100, in: 0...1_000_000,
    help:
      "planner=mpc: ms of blank time one wasted MB is worth; an image ahead is fetched when reach × blank saved >= (1 − reach) × this × its MB (100, a judgement: a 100 kB image the user reaches half the time goes when it saves 10 ms of blank or more; docs/strategies.md measures the trade-off)."
  )
  public static let horizonS = StrategyParameter.Number(
    "horizon_s", default: 2, in: 0...600,
    help:
      "planner=mpc: how far ahead in time the plan looks for images, s (2, a judgement: longer than one 1.2 s stroke of the reader model, shorter than a stroke and its dwell)."
  )
  public static let replanMs = StrategyParameter.Number(
    "replan_ms", default: 50, in: 1...60_000,
    help:
      "planner=mpc: the replanning step, ms; frames in between only fetch rows that come on screen (50: three frames at 60 Hz)."
  )

  /// Speed samples per window (`speed_window_s` / this is the sampling interval): see above.
  static let speedSamplesPerWindow: Int64 = 20

  public static let definition = StrategyDefinition(
    Adaptive.self,
    name: "adaptive",
    summary:
      "Model-predictive plan of pages and images over a short horizon: predicted motion, per-origin fetch times, a price on wasted bytes (planner=lead: the earlier lead rule).",
    source:
      "ABR buffer sizing (MPC, Yin et al. SIGCOMM 2015; BOLA, Spiteri et al. INFOCOM 2016) applied to list prefetch.",
    parameters: [
      AdaptivePlanner.parameter, safetyFactor, estimatorWindow, maxLeadScreens, speedWindowS,
      wastePriceMsPerMB,
      horizonS, replanMs,
    ])

  /// The model-predictive planner; nil with `planner=lead`.
  private var predictive: PredictivePlanner?
  /// `predictive` is set, fixed at `init`: tested at every consultation instead of the optional,
  /// whose comparison with nil copies the planner (its arrays retained and released).
  private let usesPredictive: Bool
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
  /// Speed sampling: the interval, µs (>= 1), the next tick, and the estimates held since the
  /// last sample.
  private let speedIntervalUs: Int64
  private var nextSpeedSampleUs: Int64 = 0
  private var sampledSpeedPtS = 0.0
  private var sampledSteadiness = 1.0

  public init(parameters: StrategyParameters) {
    safety = parameters[Self.safetyFactor]
    maxLeadScreens = parameters[Self.maxLeadScreens]
    estimator = TransferEstimator(window: parameters[Self.estimatorWindow])
    let windowUs = Int64((parameters[Self.speedWindowS] * 1_000_000).rounded())
    speed = SpeedEstimator(windowUs: windowUs)
    speedIntervalUs = max(1, windowUs / Self.speedSamplesPerWindow)
    let planner = parameters[AdaptivePlanner.parameter]
    // Every parameter is read whichever planner runs: registration checks what a strategy reads.
    let price = parameters[Self.wastePriceMsPerMB]
    let horizon = parameters[Self.horizonS]
    let replan = parameters[Self.replanMs]
    predictive =
      planner == .mpc
      ? PredictivePlanner(
        safety: safety, maxLeadScreens: maxLeadScreens, wastePriceMsPerMB: price, horizonS: horizon,
        replanMs: replan, estimatorWindow: parameters[Self.estimatorWindow], speedWindowUs: windowUs,
        speedIntervalUs: speedIntervalUs) : nil
    usesPredictive = predictive != nil
  }

  /// A pull to refresh starts the strategy over for the new list, but the link's throughput it
  /// has measured (`estimator`) outlives the list, as an app's bandwidth meter does.
  public mutating func refresh(startingOver initial: Adaptive) {
    let measured = estimator
    self = initial
    estimator = measured
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    if usesPredictive { return predictive!.update(event, in: context) }
    let now = context.nowUs
    for item in context.evictedItems { requested.remove(item) }
    switch event {
    case .fetchCompleted(let resource):
      if let transfer = context.lastTransfer { estimator.record(transfer) }
      switch resource {
      case .page(let page): delivered.append((page, now))
      case .media(let item), .subItemMedia(let item, _): requested.remove(item)
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
    guard event != .fetchCompleted(.page(0)) || context.rowCount > 0 else { return .everyFrame }
    if now >= nextSpeedSampleUs {
      speed.note(offsetPt: context.viewportOffsetPt, atUs: now)
      sampledSpeedPtS = speed.speedPtS(atUs: now)
      sampledSteadiness = speed.steadiness
      nextSpeedSampleUs = (now / speedIntervalUs + 1) * speedIntervalUs
    }
    let userSpeed = max(abs(context.velocityPtS), sampledSpeedPtS)
    let pageLead = leadPt(fetchUs: estimator.pageFetchUs, speedPtS: userSpeed, context)
    checkPages(context, leadPt: pageLead)
    var mediaLead: Double?
    if context.feedHasMedia || context.hasRenderStage {
      // Media ahead only for where the current motion is taking the user, discounted by how much
      // of the recent travel reversed: a row fetched ahead that is never reached is pure waste.
      let lead = mediaLeadPt(userSpeed: abs(context.velocityPtS) * sampledSteadiness, context)
      updateMedia(context, leadPt: lead, refreshAll: Self.isPageApplied(event))
      mediaLead = lead
    }
    guard event == .frame else { return .everyFrame }
    return quietWake(context, pageLeadPt: pageLead, mediaLeadPt: mediaLead)
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

  private func checkPages(_ context: some StrategyContext, leadPt lead: Double) {
    let direction = context.pageTriggerDirection
    guard let frontier = context.loadFrontier(direction) else { return }
    let height = context.viewportHeightPt
    let heading = headingTopPt(context)
    let fires =
      direction == .down
      ? max(context.viewportBottomPt, heading + height) + lead >= frontier.edgePt
      : min(context.viewportOffsetPt, heading) - lead <= frontier.edgePt
    if fires { context.requestPage(direction) }
  }

  /// The media range's lead ahead of a drag at `userSpeed`: one media fetch time of travel,
  /// without the safety factor (a late image costs a moment of blank, a row fetched and never
  /// reached costs its bytes; pages get the margin: a late page is a stall), pt.
  private func mediaLeadPt(userSpeed: Double, _ context: some StrategyContext) -> Double {
    min(maxLeadScreens * context.viewportHeightPt, userSpeed * estimator.mediaFetchUs / 1_000_000)
  }

  /// The media range of a drag (or a rest) whose viewport's top is at `topPt`: the viewport and
  /// `leadPt` ahead of it in the scroll direction, [from, to) pt.
  private static func dragRangePt(topPt: Double, heightPt: Double, leadPt: Double, down: Bool) -> (
    from: Double, to: Double
  ) {
    (down ? topPt : topPt - leadPt, down ? topPt + heightPt + leadPt : topPt + heightPt)
  }

  /// Media (and renders) for the rows the current motion will bring on screen, nearest first;
  /// cancels what fell behind. A drag: the viewport and the lead ahead of it. A fling: the rows up
  /// to where it will rest — only those around its resting place when it moves more than a
  /// screenful (the rows it passes fly by) — and nothing beyond, since it stops there. At rest: the
  /// visible rows.
  private mutating func updateMedia(_ context: some StrategyContext, leadPt lead: Double, refreshAll: Bool) {
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
      (fromPt, toPt) = Self.dragRangePt(topPt: top, heightPt: height, leadPt: lead, down: down)
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
    if context.hasRenderStage && !context.isRendered(item: item) { context.setRenderWanted(item: item, true) }
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

  // MARK: Time advance

  /// The frames up to the next speed sample are quiet while the velocity holds, the page
  /// test does not fire and the media range keeps its rows (see "Time advance" above).
  /// `mediaLeadPt`: the media range's lead, nil without media or renders. Mutating though it
  /// changes nothing: called from `update` as a non-mutating method, it was handed a copy of the
  /// strategy (a `memcpy` of the whole struct at every consultation).
  private mutating func quietWake(_ context: some StrategyContext, pageLeadPt: Double, mediaLeadPt: Double?)
    -> Wake
  {
    // A fling's resting place moves frame by frame; offset pagination is stepped by the engine.
    guard context.heedsWake, context.phase != .decelerating, context.pagination == .cursor else {
      return .everyFrame
    }
    let current = context.viewportOffsetPt
    let height = context.viewportHeightPt
    // At an edge a rubber band reports a slower velocity than the drag's, and a viewport held at
    // the end of loaded content a still one.
    guard current > 0, context.viewportBottomPt < context.contentHeightPt else { return .everyFrame }
    var band = (low: -Double.infinity, high: Double.infinity)
    if let frontier = context.loadFrontier(.down), !context.isPageInFlight(.down) {
      // `checkPages` going down with the heading at the viewport: the bottom plus the lead.
      let fires = { (offset: Double) in (offset + height) + pageLeadPt >= frontier.edgePt }
      guard !fires(current) else { return .everyFrame }
      band.high = QuietOffsets.extent(
        from: current, toward: PageTrigger.roundedDown(frontier.edgePt - pageLeadPt - height)
      ) { !fires($0) }
    }
    if let mediaLeadPt {
      // `updateMedia` has just brought the range to the current layout: the rows stay, with no
      // walk, while both ends stay inside its first and last rows.
      let down = context.scrollDirection == .down
      let window = mediaWindow
      let keeps = { (offset: Double) -> Bool in
        let range = Self.dragRangePt(topPt: offset, heightPt: height, leadPt: mediaLeadPt, down: down)
        return window.holds(fromPt: range.from, toPt: range.to)
      }
      guard keeps(current) else { return .everyFrame }
      let kept = window.keptTopsPt(heightPt: height + mediaLeadPt)
      let shift = down ? 0 : mediaLeadPt
      band.high = min(
        band.high,
        QuietOffsets.extent(from: current, toward: PageTrigger.roundedDown(kept.high + shift), holds: keeps))
      band.low = QuietOffsets.extent(
        from: current, toward: PageTrigger.roundedUp(kept.low + shift), holds: keeps)
    }
    guard band.low <= current, current <= band.high else { return .everyFrame }
    return .whileOffset(
      within: band.low, band.high, acrossRowChanges: mediaLeadPt == nil, beforeUs: nextSpeedSampleUs,
      whileVelocityHolds: true)
  }
}
