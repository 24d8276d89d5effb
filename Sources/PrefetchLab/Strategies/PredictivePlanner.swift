/// `adaptive`'s model-predictive planner (`planner=mpc`): at each replanning step it predicts where
/// the user's viewport will be over a short horizon (`MotionForecast`: the fling's resting offset
/// from the physics, the drag's velocity, the recent mean speed at rest), how long a page and an
/// image take from each origin's recent transfers (`TransferEstimator` per origin: the API's pages,
/// the media origin's images — one link or two, as `network.media` says), and fetches what
/// minimises the expected stall and blank time plus the price of the bytes it may waste; what the
/// new plan drops is cancelled. Model-predictive control as adaptive-bitrate players use it (Yin et
/// al., SIGCOMM 2015): plan over the horizon, act on the first step, plan again.
///
/// **Pages.** The next page (the frontier's, in `pageTriggerDirection`) is due when the viewport's
/// far edge, taken where it is headed (a fling's resting offset, else where it is), comes within
/// the distance the user covers while a page as slow as `safety_factor` × the estimate (time to
/// first byte + bytes / throughput + apply delay) comes, plus one replanning step, at the larger of
/// the velocity and the recent mean speed (at most `max_lead_screens` screenfuls). A late page is a
/// stall, which blocks the user, so this side takes the faster speed and does not count on a fling
/// slowing down; pages are not priced against their bytes, and one is out per direction. With
/// offset pagination the pages under a fling's resting viewport are asked for by index at once
/// (the rows on the way show as placeholders: blank time, not a stall); one asked for that way is
/// cancelled when a later plan's resting viewport and the viewport no longer hold it.
///
/// **Images (and renders).** The rows on screen are fetched at visible priority unless the user
/// is moving and they leave before an image could come (at rest they are always fetched: the
/// user looks at them now, no margin is asked of them). Then each row ahead of the viewport in
/// the predicted direction, nearest first, within `horizon_s` of travel and `max_lead_screens`
/// screenfuls, with T the time until it shows, L the time until it has left the viewport again
/// (none when the motion stops with it on screen) and F its image's arrival (time to first byte +
/// its body queued behind the bodies of our fetches already out: the link is shared):
/// - useless when it would leave before an image as slow as m × F could arrive (L < m × F, m =
///   `safety_factor` at rest and in a drag, 1 during a fling: `passMargin`): the rows a long
///   fling passes fastest are passed by, not fetched, and the long tail of image sizes, which the
///   mean does not show, does not turn a row a drag passes into bytes that arrive after it left;
/// - its value, ms of blank time saved by fetching now rather than when it shows:
///   min(F, L − T) − min(max(0, F − T), L − T);
/// - due during a fling at once (the physics says where it rests: waiting makes the prediction no
///   surer, and a fetch started just in time is late for an image in the long tail or queued
///   behind the fling's other rows; `isDue`); at rest and in a drag when T <= `safety_factor` ×
///   the unqueued fetch time + one replanning step (no earlier: the later the decision, the surer
///   the prediction), T taken at rest and in a drag also at the
///   user's recent peak speed (`AdaptivePeakSpeed`: the fastest velocity at the plans within the
///   speed window, a fling's start), when that is faster: a fling starts without warning, at
///   several times the mean speed, and the rows it passes first show before a fetch started at
///   the lift could come (Texture keeps a 2.5-screenful preload range ahead for the same reason);
/// - worth it when p × value >= (1 − p) × `waste_price_ms_per_mb` × its expected size in MB + D,
///   with p the chance the user gets there: 1 along a fling (the physics says where it rests), the
///   steadiness of the recent travel (`SpeedEstimator.steadiness`, |net| / distance) for a drag or
///   at rest; and D, for a fetch not yet out, the time its body holds back what is on screen
///   (`onScreenDelayUs`: one body per image still out for a row on screen, the smaller of a body
///   and a page's body for a page out; 0 on a link without a capacity limit): visible content
///   first, as browsers and image loaders order their work.
/// Due and worth it: fetched at preload priority. Otherwise left alone: a fetch of ours already
/// out for a row ahead is kept until its row falls behind the viewport, when it is cancelled (a
/// cancelled fetch wastes what it moved, and a plan that changes its mind step by step as the
/// speed wobbles would cancel and start the same row again).
///
/// **Jumps.** A move since the last plan further than the faster of the two speeds could
/// carry the viewport, plus a screenful, that leaves no row on screen it showed is a jump
/// (`hasJumped`, against the viewport of the last plan): the speed estimate starts afresh where it landed, and our fetches for rows
/// off the landing screen and pages by index it does not hold are cancelled (`leaveJumpedRows`).
/// A jump that lands on the loading footer with a page coming (a target the cursor feed has not
/// reached: the list follows the end of loaded content as pages land) starts no image and no
/// render until a plan finds the footer off screen: the screen is blank while the footer shows
/// whatever the rows show, the rows are left at the next page's landing, and their bodies would
/// share the link with the page the user waits for (`holdsImagesForPage`).
///
/// **Replanning.** The plan is made at every event and at the first frame at or after each
/// replanning step (`replan_ms`) or a change of phase or direction; frames in between only fetch
/// the rows that came on screen, so the frames up to the next step are declared quiet
/// (`Wake.whileOffset(… beforeUs:)`), rows shown aside. O(rows within the horizon) per plan.
struct PredictivePlanner: Sendable {
  let safety: Double
  let maxLeadScreens: Double
  let wastePriceMsPerMB: Double
  let horizonUs: Double
  let replanUs: Int64
  private var pageEstimator: TransferEstimator
  private var mediaEstimator: TransferEstimator
  private var speed: SpeedEstimator
  private let speedIntervalUs: Int64
  private var nextSpeedSampleUs: Int64 = 0
  private var sampledSpeedPtS = 0.0
  private var sampledSteadiness = 1.0
  /// The fastest the viewport moved at the plans within the speed window (a fling's start).
  private var peak: AdaptivePeakSpeed
  private var sampledPeakPtS = 0.0
  /// Pages delivered and not yet applied, with their delivery time (apply-delay samples).
  private var delivered: [(page: Int, atUs: Int64)] = []
  /// Media fetches of ours in flight.
  private var requested: Set<Int> = []
  /// Pages asked for by index (offset pagination) and not yet applied.
  private var pagesByIndex: Set<Int> = []
  private var nextPlanUs: Int64 = 0
  private var plannedPhase = ScrollPhase.idle
  private var plannedDirection = ScrollDirection.down
  private var visibleRows: Range<Int> = 0..<0
  /// The viewport at the last plan (offset, time, speed, rows on screen): a jump is told from a
  /// scroll by comparing it with the viewport now. Noted only when planning, so that the frames
  /// between steps change nothing.
  private var lastSeen: (offsetPt: Double, atUs: Int64, speedPtS: Double, rows: Range<Int>)?
  /// Since a jump, the viewport has shown the loading footer with a page coming: the list follows
  /// the end of loaded content towards the jump's target (`PredictivePlanner+JumpLanding`).
  var followsLoadedEnd = false

  init(
    safety: Double, maxLeadScreens: Double, wastePriceMsPerMB: Double, horizonS: Double, replanMs: Double,
    estimatorWindow: Int, speedWindowUs: Int64, speedIntervalUs: Int64
  ) {
    self.safety = safety
    self.maxLeadScreens = maxLeadScreens
    self.wastePriceMsPerMB = wastePriceMsPerMB
    horizonUs = horizonS * 1_000_000
    replanUs = max(1, Int64((replanMs * 1000).rounded()))
    pageEstimator = TransferEstimator(window: estimatorWindow)
    mediaEstimator = TransferEstimator(window: estimatorWindow)
    speed = SpeedEstimator(windowUs: speedWindowUs)
    peak = AdaptivePeakSpeed(windowUs: speedWindowUs)
    self.speedIntervalUs = max(1, speedIntervalUs)
  }

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    let now = context.nowUs
    for item in context.evictedItems { requested.remove(item) }
    switch event {
    case .fetchCompleted(let resource):
      if let transfer = context.lastTransfer {
        if case .page = transfer.resource {
          pageEstimator.record(transfer)
        } else {
          mediaEstimator.record(transfer)
        }
      }
      switch resource {
      case .page(let page): delivered.append((page, now))
      case .media(let item), .subItemMedia(let item, _): requested.remove(item)
      }
    case .fetchFailed(.media(let item)):
      requested.remove(item)
    case .fetchFailed(.page(let page)), .pageDiscarded(let page):
      pagesByIndex.remove(page)
    case .pageApplied(let page):
      pagesByIndex.remove(page)
      if let index = delivered.firstIndex(where: { $0.page == page }) {
        pageEstimator.recordApplyDelay(now - delivered[index].atUs)
        delivered.remove(at: index)
      }
    default:
      break
    }
    guard event != .fetchCompleted(.page(0)) || context.rowCount > 0 else { return .everyFrame }
    let jumped = hasJumped(context)
    if jumped {
      leaveJumpedRows(context)
      followsLoadedEnd = true
    }
    let replans =
      jumped || event != .frame || now >= nextPlanUs || context.phase != plannedPhase
      || context.scrollDirection != plannedDirection
    if replans {
      // Sampled only when planning, so that the frames between steps change nothing.
      if now >= nextSpeedSampleUs {
        speed.note(offsetPt: context.viewportOffsetPt, atUs: now)
        sampledSpeedPtS = speed.speedPtS(atUs: now)
        sampledSteadiness = speed.steadiness
        nextSpeedSampleUs = (now / speedIntervalUs + 1) * speedIntervalUs
      }
      peak.note(speedPtS: context.velocityPtS, atUs: now)
      sampledPeakPtS = peak.speedPtS(atUs: now)
      plan(context)
      noteViewport(context)
      visibleRows = context.visibleItems
      plannedPhase = context.phase
      plannedDirection = context.scrollDirection
      nextPlanUs = (now / replanUs + 1) * replanUs
    } else if context.visibleItems != visibleRows && !followsLoadedEnd {
      fetchVisible(context)
    }
    guard event == .frame, context.heedsWake else { return .everyFrame }
    // Until the next step a frame fetches only the rows that came on screen.
    return .whileOffset(within: -.infinity, .infinity, acrossRowChanges: false, beforeUs: nextPlanUs)
  }

  // MARK: Jumps

  /// Whether the viewport jumped since the last plan: it moved further than the faster of its two
  /// speeds could carry it in the time between, plus a screenful of slack (a scroll's velocity is
  /// sampled, not integrated), and no row on screen then is on screen now. A deep link, a tap on
  /// the status bar, a list following its content to a jump's target: a client sees the same
  /// offset change. False before the first plan. O(log rows).
  func hasJumped(_ context: some StrategyContext) -> Bool {
    guard let last = lastSeen else { return false }
    let speedPtS = abs(context.velocityPtS)
    let carriedPt = max(last.speedPtS, speedPtS) * Double(context.nowUs - last.atUs) / 1_000_000
    return abs(context.viewportOffsetPt - last.offsetPt) > carriedPt + context.viewportHeightPt
      && !last.rows.overlaps(context.visibleItems)
  }

  /// Notes the viewport a plan was made for (see `hasJumped`).
  mutating func noteViewport(_ context: some StrategyContext) {
    lastSeen = (context.viewportOffsetPt, context.nowUs, abs(context.velocityPtS), context.visibleItems)
  }

  /// After a jump: the user's speed is measured afresh from where it landed (the jump's distance
  /// is not a scrolling speed, and would have the plan pass the rows it landed on by as if they
  /// flew past), and every fetch of ours for rows off screen there is cancelled, as are pages
  /// asked for by index that the landing viewport does not hold: the plan made after the jump
  /// asks again for what it wants. O(fetches of ours + pages asked for).
  mutating func leaveJumpedRows(_ context: some StrategyContext) {
    speed.reset()
    peak.reset()
    sampledPeakPtS = 0
    sampledSpeedPtS = 0
    sampledSteadiness = 1
    nextSpeedSampleUs = 0
    let visible = context.visibleItems
    for item in requestedInOrder where !visible.contains(item) { cancel(item, context) }
    let held =
      visible.isEmpty
      ? 0..<0 : context.page(ofItem: visible.lowerBound)..<(context.page(ofItem: visible.upperBound - 1) + 1)
    for page in pagesByIndexInOrder where !held.contains(page) {
      if context.cancelPageRequest(.index(page)) { forgetPageByIndex(page) }
    }
  }

  // MARK: Estimates

  /// The user's recent mean speed, pt/s (sampled on the speed grid).
  var sampledSpeed: Double { sampledSpeedPtS }

  /// The fastest the viewport moved at the plans within the speed window, pt/s.
  var sampledPeakSpeed: Double { sampledPeakPtS }

  /// Time to fetch and apply the next page, µs.
  var pageFetchUs: Double { pageEstimator.pageFetchUs }

  /// Time to fetch one image, µs: the media origin's median time to first byte (before any sample, the
  /// median round trip the scenario declares, as a client that measured the network before starts
  /// from) plus the mean image size over its throughput (the page origin's before any image).
  func mediaFetchUs(_ context: some StrategyContext) -> Double {
    let (firstByteUs, bodyUs) = mediaFetchParts(context)
    return firstByteUs + bodyUs
  }

  /// An image fetch's time to first byte and its body's time on the link, µs (see
  /// `mediaFetchUs`; the body 0 before any image or throughput was measured). The time to first
  /// byte is the median of the recent samples, not their mean: an image that waited through an
  /// outage (flaky-commute's 8 s tunnel: first bytes of 1.2 to 6.7 s against 0.2 s) would, as one
  /// sample of five in the mean, make every image look a second or more slower, so that the plan
  /// passed by the rows on screen and ahead during a scroll as leaving before their image could
  /// come, and, fetching nothing, learned nothing newer until the user stopped.
  func mediaFetchParts(_ context: some StrategyContext) -> (firstByteUs: Double, bodyUs: Double) {
    let firstByteUs =
      mediaEstimator.firstByteSamples > 0
      ? mediaEstimator.firstByteMedianUs : context.constants.mediaRoundTripMedianMs * 1000
    let bytes = mediaEstimator.mediaBytesMean
    guard bytes > 0, let rate = mediaEstimator.throughputBytesPerUs ?? pageEstimator.throughputBytesPerUs
    else {
      return (firstByteUs, 0)
    }
    return (firstByteUs, bytes / rate)
  }

  /// Our media fetches in flight (the context's word: a fetch the engine ended without an event
  /// to us is not counted). O(fetches of ours).
  func requestedInFlight(_ context: some StrategyContext) -> Int {
    requested.reduce(0) { $0 + (context.isMediaInFlight(item: $1) ? 1 : 0) }
  }

  /// The body of a page on the link, µs (0 before a page with a body and a throughput were
  /// measured).
  var pageBodyUs: Double {
    guard let rate = pageEstimator.throughputBytesPerUs, rate > 0 else { return 0 }
    return pageEstimator.pageBytesMean / rate
  }

  /// Expected bytes of one image (0 before any was fetched).
  var mediaBytes: Double { mediaEstimator.mediaBytesMean }

  /// The motion pages are planned against: the fling, then the user's recent mean speed (a drag:
  /// the larger of its velocity and that mean).
  func pageForecast(_ context: some StrategyContext) -> MotionForecast {
    MotionForecast.of(
      phase: context.phase, topPt: context.viewportOffsetPt, velocityPtS: context.velocityPtS,
      targetPt: context.projectedTargetOffsetPt, restingDirection: context.pageTriggerDirection,
      cruiseSpeedPtS: sampledSpeedPtS)
  }

  /// The motion images are planned against, and the chance the user follows it.
  func mediaForecast(_ context: some StrategyContext) -> (MotionForecast, reach: Double) {
    let forecast = MotionForecast.of(
      phase: context.phase, topPt: context.viewportOffsetPt, velocityPtS: context.velocityPtS,
      targetPt: context.projectedTargetOffsetPt, restingDirection: context.scrollDirection,
      cruiseSpeedPtS: sampledSpeedPtS)
    return (forecast, context.phase == .decelerating ? 1 : sampledSteadiness)
  }

  // MARK: The plan

  private mutating func plan(_ context: some StrategyContext) {
    planPages(context)
    let waitsForPage = holdsImagesForPage(context)
    guard context.feedHasMedia || context.hasRenderStage, !waitsForPage else { return }
    planMedia(context)
  }

  /// The rows on screen: fetched at visible priority unless they leave before an image could come.
  private mutating func fetchVisible(_ context: some StrategyContext) {
    let visible = context.visibleItems
    visibleRows = visible
    guard context.feedHasMedia || context.hasRenderStage else { return }
    let (forecast, _) = mediaForecast(context)
    let fetchUs = mediaFetchUs(context)
    for item in visible where arrivesInTime(item, forecast, fetchUs, context) {
      fetch(item, priority: .visible, context)
    }
  }

  /// False when the row leaves the viewport (along `forecast`) before an image fetched now could
  /// arrive; always true at rest, where the user looks at the rows on screen now (the forecast's
  /// cruise is a guess at the next stroke, not a motion under way).
  func arrivesInTime(
    _ item: Int, _ forecast: MotionForecast, _ fetchUs: Double, _ context: some StrategyContext
  ) -> Bool {
    guard context.phase != .idle, let leaveUs = leaveTimeUs(item, forecast, context) else { return true }
    return leaveUs >= fetchUs
  }

  /// When the row will have left the viewport along `forecast`, µs; nil if it is still on screen
  /// where the motion stops.
  func leaveTimeUs(_ item: Int, _ forecast: MotionForecast, _ context: some StrategyContext) -> Double? {
    let top = context.topPt(ofItem: item)
    let distance =
      forecast.direction == .down
      ? top + context.heightPt(ofItem: item) - context.viewportOffsetPt : context.viewportBottomPt - top
    return forecast.timeToTravelUs(distance)
  }

  mutating func fetch(_ item: Int, priority: FetchPriority, _ context: some StrategyContext) {
    if context.hasRenderStage && !context.isRendered(item: item) { context.setRenderWanted(item: item, true) }
    guard context.needsMedia(item: item) else { return }
    if context.isMediaInFlight(item: item) {
      if priority == .visible && requested.contains(item) {
        context.setMediaPriority(item: item, priority: .visible)
      }
      return
    }
    if context.requestMedia(item: item, priority: priority) && context.isMediaInFlight(item: item) {
      requested.insert(item)
    }
  }

  mutating func cancel(_ item: Int, _ context: some StrategyContext) {
    if context.isMediaInFlight(item: item) { context.cancelMedia(item: item) }
    requested.remove(item)
  }

  /// Our media fetches in flight, in item order (a set's own order is not the same from run to run).
  var requestedInOrder: [Int] { requested.sorted() }

  mutating func notePageByIndex(_ page: Int) { pagesByIndex.insert(page) }
  mutating func forgetPageByIndex(_ page: Int) { pagesByIndex.remove(page) }
  var pagesByIndexInOrder: [Int] { pagesByIndex.sorted() }
  mutating func noteVisible(_ rows: Range<Int>) { visibleRows = rows }
}
