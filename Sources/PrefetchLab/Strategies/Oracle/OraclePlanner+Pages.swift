extension OraclePlanner {
  /// The pages the user needs, as a page-only plan, and its replay. Cursor pagination: every page
  /// up to the last one whose rows were seen in the page-only run (and one more while the truncated
  /// chain stalls longer: the empty response that ends an `empty_page` feed). Offset pagination:
  /// the pages whose rows (or placeholders) were seen, asked for at first content in the order
  /// first seen, until a replay sees the same pages and wastes none of them.
  func pagesPlan(after pilot: Replay, boundUs: Int64) -> (OraclePlan, Replay) {
    let pageCount = content.plan.pageCount
    if isCursor {
      let lastSeenItem = pilot.observation.itemsSeen.map(\.item).max() ?? 0
      var last = content.plan.page(ofItem: lastSeenItem)
      let jumps = jumpTargetPages(reachedIn: pilot)
      last = max(last, jumps.max() ?? 0)
      // Pages after the last one needed never delay it, so up to it the truncated chain is the
      // page-only run itself; unless the user jumps to an item (a wait that pages end) or reaches
      // the end of an `empty_page` feed (a pause the empty response ends): replay to see, and
      // fall back on every page the page-only run applied.
      let emptyEnd = scenario.feed.endSignal == .emptyPage && last >= pageCount - 1
      guard emptyEnd || !jumps.isEmpty else { return (pagesOnly(lastPage: last, offsetPages: []), pilot) }
      var plan = pagesOnly(lastPage: last, offsetPages: [])
      var run = replay(plan)
      let lastApplied = pilot.observation.pageAppliedUs.count - 1
      if run.stallUs > boundUs || run.outcome.summary.abandoned != pilot.outcome.summary.abandoned,
        lastApplied > last
      {
        plan = pagesOnly(lastPage: lastApplied, offsetPages: [])
        run = replay(plan)
      }
      return (plan, run)
    }
    var pages = pagesSeen(in: pilot)
    var plan = pagesOnly(lastPage: 0, offsetPages: pages, seenIn: pilot)
    var run = replay(plan)
    for _ in 0..<4 {
      // Seen pages only: one asked for and never on screen drops out; one seen only as a
      // placeholder stays (asked for at first content, it has its best chance to be in time).
      let next = pagesSeen(in: run)
      if next == pages { break }
      plan = pagesOnly(lastPage: 0, offsetPages: next, seenIn: run)
      pages = next
      run = replay(plan)
    }
    return (plan, run)
  }

  /// Cursor pagination: the pages of the items the script jumps to before the page-only run's
  /// user stopped (the trace's end, or abandonment).
  private func jumpTargetPages(reachedIn pilot: Replay) -> [Int] {
    guard let script = lookahead.scenario.makeScrollSource(seed: lookahead.seed) as? ScriptedScroll else {
      return []
    }
    let summary = pilot.outcome.summary
    let endTraceUs = summary.sessionUs - (summary.firstContentUs ?? summary.sessionUs) - summary.stallUs
    return script.jumpTargetItems
      .filter { $0.traceUs <= endTraceUs && $0.item >= 0 && $0.item < content.plan.totalItems }
      .map { content.plan.page(ofItem: $0.item) }
  }

  /// Offset pagination: pages with a row (loaded or placeholder) on screen in `run`, in the order
  /// first seen.
  func pagesSeen(in run: Replay) -> [Int] {
    var firstUs: [Int: Int64] = run.observation.placeholderPagesSeenUs
    for (item, timeUs) in run.observation.itemsSeen {
      let page = content.plan.page(ofItem: item)
      firstUs[page] = min(firstUs[page] ?? .max, timeUs)
    }
    return firstUs.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
  }

  /// How much media may share the network with the pages still to come (cursor pagination):
  /// for each page, how much later than in the page-only `run` it and every later page could
  /// apply without a longer stall. With τₖ the trace time at which the user first needs page k
  /// (`OracleNeedTimes`) and Aₖ its apply time, the total stall is max(0, maxₖ (Aₖ − first
  /// content − τₖ)) (docs/model.md, "The oracle bound"); page k's slack is that maximum minus its
  /// own term, and a delay of page k delays every later page as much, hence the suffix minimum.
  func admission(_ run: Replay) -> OraclePlan.Admission {
    var admission = OraclePlan.Admission()
    admission.link = lookahead.scenario.trace
    if let limit = scenario.network.rateLimit {
      admission.tokenUs = Int64((1_000_000 / limit.requestsPerSecond).rounded(.up))
    }
    let applied = run.observation.pageAppliedUs
    admission.pilotApplyUs = applied
    guard let firstContentUs = run.outcome.summary.firstContentUs, applied.count > 1 else { return admission }
    // The largest resting offset with pages 0…k−1 applied, for k = 1…
    let footer = scenario.feed.footerHeightPt
    let viewport = scenario.viewport.heightPt
    var limits: [Double] = []
    var topPt = 0.0
    var item = 0
    let columns = scenario.feed.columns
    for page in 1..<applied.count {
      let first = content.plan.firstItem(ofPage: page)
      while item < first {
        topPt += content.stackedHeightPt(ofItem: item)
        item += 1
      }
      // In a grid a page may end inside a row: that short row is laid out, as tall as its cells.
      var shortRowPt = 0.0
      if columns > 1 {
        for cell in (first - first % columns)..<first {
          shortRowPt = max(shortRowPt, content.heightPt(ofItem: cell))
        }
      }
      limits.append(max(0, topPt + shortRowPt + footer - viewport))
    }
    let needs = OracleNeedTimes.traceUs(lookahead, limitsPt: limits)
    var lateness = [Int64?](repeating: nil, count: applied.count)
    for page in 1..<applied.count {
      if let need = needs[page - 1], applied[page] >= 0 {
        lateness[page] = applied[page] - firstContentUs - need
      }
    }
    let stallUs = max(0, lateness.compactMap { $0 }.max() ?? 0)
    var slack = [Int64](repeating: .max, count: applied.count)
    var suffix = Int64.max
    for page in stride(from: applied.count - 1, through: 1, by: -1) {
      if let late = lateness[page] { suffix = min(suffix, stallUs - late) }
      slack[page] = suffix
    }
    admission.slackUs = slack
    return admission
  }
}
