extension PredictivePlanner {
  /// Pages (see "Pages" on the type): the frontier's page when the predicted motion reaches the
  /// loaded edge within `safety` × the page fetch time plus one step; with offset pagination, the
  /// pages under a fling's resting viewport, cancelling those an earlier fling's plan asked for
  /// that the new one does not reach.
  mutating func planPages(_ context: some StrategyContext) {
    if context.pagination == .offset && context.phase == .decelerating { planRestingPages(context) }
    let direction = context.pageTriggerDirection
    guard let frontier = context.loadFrontier(direction), !context.isPageInFlight(direction) else { return }
    // Where the viewport is headed (a fling's resting offset, else the viewport), and the distance
    // the user covers from there, at the larger of the velocity and the recent mean speed, while a
    // page as slow as `safety` × the estimate comes, plus one step: a late page is a stall, so the
    // page side takes the faster of the two speeds and does not count on the fling slowing down.
    let height = context.viewportHeightPt
    let top = context.viewportOffsetPt
    let heading = context.phase == .decelerating ? context.projectedTargetOffsetPt : top
    let speed = max(abs(context.velocityPtS), sampledSpeed)
    let leadPt = min(
      maxLeadScreens * height, speed * (safety * pageFetchUs + Double(replanUs)) / 1_000_000)
    let due =
      direction == .down
      ? max(top, heading) + height + leadPt >= frontier.edgePt
      : min(top, heading) - leadPt <= frontier.edgePt
    if due { context.requestPage(direction) }
  }

  /// Offset pagination, a fling: the pages under its resting viewport, by index; pages asked for
  /// by index earlier that neither it nor the viewport now holds are cancelled (one already
  /// delivered cannot be, and stays).
  private mutating func planRestingPages(_ context: some StrategyContext) {
    let target = context.projectedTargetOffsetPt
    var wanted: Set<Int> = []
    for rows in [
      context.items(intersectingFromPt: target, toPt: target + context.viewportHeightPt),
      context.visibleItems,
    ] where !rows.isEmpty {
      for page in context.page(ofItem: rows.lowerBound)...context.page(ofItem: rows.upperBound - 1) {
        wanted.insert(page)
      }
    }
    for page in pagesByIndexInOrder where !wanted.contains(page) {
      if context.cancelPageRequest(.index(page)) { forgetPageByIndex(page) }
    }
    for page in wanted.sorted() where !context.isPageApplied(page) {
      if context.requestPage(.index(page)) { notePageByIndex(page) }
    }
  }

  /// Images and renders (see "Images" on the type): the rows on screen, then the rows ahead along
  /// the predicted motion, nearest first, fetched when due and worth their price; cancels our
  /// fetches for rows behind the viewport.
  mutating func planMedia(_ context: some StrategyContext) {
    let (forecast, reach) = mediaForecast(context)
    let fetchUs = mediaFetchUs(context)
    let visible = context.visibleItems
    noteVisible(visible)
    for item in visible where arrivesInTime(item, forecast, fetchUs, context) {
      fetch(item, priority: .visible, context)
    }
    let top = context.viewportOffsetPt
    let bottom = context.viewportBottomPt
    let down = forecast.direction == .down
    let maxLeadPt = maxLeadScreens * context.viewportHeightPt
    let ahead =
      down
      ? context.items(intersectingFromPt: bottom, toPt: bottom + maxLeadPt)
      : context.items(intersectingFromPt: top - maxLeadPt, toPt: top)
    let priceMs = wastePriceMsPerMB * mediaBytes / 1_000_000
    let dueUs = safety * fetchUs + Double(replanUs)
    // A new fetch shares the media link with ours already out: it is expected to arrive after
    // their bodies and its own (the queue the plan builds, nearest first).
    let (firstByteUs, bodyUs) = mediaFetchParts(context)
    var queued = requestedInFlight(context)
    // Visible content first, as browsers and image loaders order their work: an image ahead
    // started now pays for the time its body holds back what the rows on screen still wait for.
    let delayMs = onScreenDelayUs(bodyUs: bodyUs, context) / 1000
    // At rest and in a drag a row is due as soon as a motion at the user's recent peak speed
    // would show it within the due time: a fling starts without warning at several times the
    // mean speed, and the rows it passes first are on screen before a fetch started then could
    // come. Its value and whether it stays long enough are judged on the expected motion, or on
    // the burst's when the expected motion never reaches the row (at rest, no cruise speed).
    let burst = burstForecast(forecast, context)
    for item in down ? Array(ahead) : ahead.reversed() where !visible.contains(item) {
      let rowTop = context.topPt(ofItem: item)
      let showDistance = down ? rowTop - bottom : top - (rowTop + context.heightPt(ofItem: item))
      let burstShowUs = burst?.timeToTravelUs(showDistance) ?? .infinity
      guard let showUs = forecast.timeToTravelUs(showDistance) ?? burst?.timeToTravelUs(showDistance),
        showUs <= horizonUs || burstShowUs <= dueUs
      else { break }
      let fresh = context.needsMedia(item: item) && !context.isMediaInFlight(item: item)
      let arrivalUs = fresh ? firstByteUs + Double(queued + 1) * bodyUs : fetchUs
      let leaveUs = leaveTimeUs(item, forecast, context)
      // Passed by before an image as slow as `passMargin` × the estimate could come: image sizes
      // have a long tail the mean does not show, and an image that comes after its row left is waste.
      if let leaveUs, leaveUs < passMargin(context) * arrivalUs { continue }
      guard
        Self.isWorthIt(
          showUs: showUs, onScreenUs: leaveUs.map { $0 - showUs }, fetchUs: arrivalUs, reach: reach,
          priceMs: context.needsMedia(item: item) ? priceMs : 0, delayMs: fresh ? delayMs : 0)
      else { continue }
      if isDue(showUs: min(showUs, burstShowUs), dueUs: dueUs, context) {
        fetch(item, priority: .preload, context)
        if fresh && context.isMediaInFlight(item: item) { queued += 1 }
      }
    }
    // Dropped: rows behind the viewport only. A fetch out for a row still ahead is kept even when
    // this plan would not start it: the bytes it moved are spent, and on the bundled scenarios
    // nearly every row whose fetch ahead a plan cancelled was reached later (and fetched again).
    for item in requestedInOrder where !visible.contains(item) {
      let behind = down ? item < visible.lowerBound : item >= visible.upperBound
      if behind { cancel(item, context) }
    }
  }

  /// The motion that makes a row ahead due at rest and in a drag: the expected one's direction at
  /// the user's recent peak speed (`sampledPeakSpeed`: a fling's start) when that is faster than
  /// the expected speed; nil during a fling (the physics says where it goes) or when it is no faster.
  func burstForecast(_ forecast: MotionForecast, _ context: some StrategyContext) -> MotionForecast? {
    guard context.phase != .decelerating, sampledPeakSpeed > forecast.cruiseSpeedPtS else { return nil }
    return MotionForecast(
      direction: forecast.direction, flingDistancePt: 0, flingTimeConstantS: 0,
      cruiseSpeedPtS: sampledPeakSpeed)
  }

  /// Whether fetching a row's image now is worth its price: `reach` × the blank time it saves
  /// (ms; fetched when it shows it is blank for min(F, on screen), fetched now for
  /// min(max(0, F − show), on screen)) against (1 − `reach`) × `priceMs`, the price of its bytes,
  /// plus `delayMs`, the time its body holds back what is on screen (paid whether or not the user
  /// gets to the row). `onScreenUs`: nil when it stays on screen where the motion stops.
  static func isWorthIt(
    showUs: Double, onScreenUs: Double?, fetchUs: Double, reach: Double, priceMs: Double, delayMs: Double = 0
  ) -> Bool {
    let onScreen = onScreenUs ?? .infinity
    let savedMs = (min(fetchUs, onScreen) - min(max(0, fetchUs - showUs), onScreen)) / 1000
    return savedMs > 0 && reach * savedMs >= (1 - reach) * priceMs + delayMs
  }

  /// How long one more image body on the link holds back what is on screen, µs: on a link shared
  /// fairly, a body of B µs started beside a transfer with R µs of its own left delays it by
  /// min(B, R) (both run at half rate while both run). Each image still out for a row on screen
  /// counts B (what is left of it is not measured), a page out counts min(B, a page's body) (a
  /// late page is a stall). 0 on a link without a capacity limit (no body time measured).
  /// O(rows on screen).
  func onScreenDelayUs(bodyUs: Double, _ context: some StrategyContext) -> Double {
    guard bodyUs > 0 else { return 0 }
    var delayUs = 0.0
    for item in context.visibleItems where context.isMediaInFlight(item: item) { delayUs += bodyUs }
    if context.isPageInFlight(.down) || context.isPageInFlight(.up) { delayUs += min(bodyUs, pageBodyUs) }
    return delayUs
  }
}
