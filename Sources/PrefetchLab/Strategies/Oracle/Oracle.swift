/// The clairvoyant bound: knows the user's future scroll and the network's future (the run's own
/// random draws) and fetches exactly what will be seen — pages as early as pagination allows
/// (with cursor pagination a page can only be asked for once the one before it has applied),
/// the media and cells of the rows the user will see (and the images of the carousel cells they
/// will see) in the order they will be needed, nothing
/// that will not be seen, nothing twice, and it never cancels.
///
/// Its stall is a lower bound on every strategy's stall in the same run (scenario and seed:
/// same link, connection cap, user and draws), under the conditions of docs/model.md ("The
/// oracle bound"), in short:
/// - the other strategy asks for each page at most once at a time (the in-flight guard: a
///   duplicate meets another try's draws and may arrive sooner) and its user does not abandon
///   (an abandoned run's stall is cut short);
/// - to within less than one frame per pause of the oracle (a pause is noticed at the first frame
///   after the user reaches the end of content, and a page that lands before that frame spares it);
/// - `bound_caveats` = 0: no page attempt of the oracle's had its first byte pushed past an
///   outage, timed out mid-body on a changing link, or waited for the radio's promotion; the
///   trace's latency never drops; no jump can land short; the user does not reach the end of a
///   cursor feed shown with a loading footer. Runs where one fails are flagged in `bound_caveats`,
///   never silently claimed.
///
/// Its waste is zero except what pagination forces on any client: cursor pages passed over by a
/// jump (they must be fetched to reach the page after them), the empty response that ends an
/// `empty_page` feed, and bytes of page attempts that failed.
///
/// How: before the run, `OraclePlanner` replays it (`RunLookahead`): first with pages only — each
/// page alone on the link, a free connection and rate-limit token waiting for it, so it applies
/// no later than under any strategy — which gives the bound and the rows the user will see;
/// then with those rows' media, admitted while pages are still to come only as far as the page
/// chain's slack allows, checking each replay for a longer stall or a wasted fetch and repairing
/// the plan (less media alongside pages; later, or no, fetches for wasted media) until neither
/// remains. The run itself executes the final plan.
///
/// Source: the clairvoyant reference of caching and prefetching studies (Belady's MIN, IBM Systems
/// Journal 5(2), 1966; the offline optimal bitrate of Yin et al., "A Control-Theoretic Approach
/// for Dynamic Adaptive Video Streaming over HTTP", SIGCOMM 2015), built here by replaying the run.
///
/// Time advance: a `.frame` consultation with no eviction to handle does one of two things:
/// asks for the next page when the viewport's bottom has reached the end of loaded content with
/// no page coming (the safety net), or looks at the media queue once the clock reaches the
/// earliest release time of a task held back (`nextReleaseUs`). After every consultation it
/// declares (the returned `Wake`) the frames before that release time (`beforeUs`) in
/// which the viewport's bottom stays above the end of loaded content (only while a page could be
/// asked for: cursor pagination, a frontier, none in flight); the band's end is checked with the
/// safety net's own sum, so it is exact. Evictions and every change to the pages or requests
/// come with events, which consult it. The final run reads no rows at frames (the band holds
/// across row changes); a planning replay records the rows on screen at each consultation
/// (`OracleObservation`), so there the band ends where they change, and with offset pagination
/// (placeholders noted at every consultation) a replay declares nothing. The replays run with
/// the run's engine (`RunLookahead.engine`), so `--engine stepped` plans frame by frame too.
public struct Oracle: ClairvoyantStrategy {
  public static let definition = StrategyDefinition(
    clairvoyant: Oracle.self,
    name: "oracle",
    summary:
      "Clairvoyant bound: knows the user's scroll and the network's draws; fetches only what will be seen.",
    source:
      "Clairvoyant reference (Belady 1966; offline optimum of Yin et al., SIGCOMM 2015), planned by replaying the run.",
    parameters: [])

  private var plan = OraclePlan(lastPage: 0, connectionCap: 1)
  private var prepared = false
  public private(set) var boundCaveats: BoundCaveats = []
  /// Index of the first task not yet handled.
  private var nextTask = 0
  private var taskDone: [Bool] = []
  /// Media fetches of ours not yet delivered or failed: items (with the carousel cell, or -1 for
  /// the row's own media) and their admission costs, µs.
  private var inFlight: [(item: Int, subItem: Int, costUs: Int64)] = []
  /// How far the last page applied was behind the page-only run, µs (>= 0).
  private var lagUs: Int64 = 0
  /// Cursor: the next page to apply (pages before it are in).
  private var nextPage = 1
  /// Offset: planned pages not asked for yet (positions in `plan.offsetPages`, in order), and ours
  /// in flight.
  private var offsetQueue: [Int] = []
  private var offsetInFlight: [Int] = []
  /// Earliest release time among tasks held back by theirs, µs.
  private var nextReleaseUs = Int64.max
  /// The plan's `mediaSlots` held a media fetch back at least once in this run: every slot was
  /// taken when the connections left would have allowed another. While false, a plan with more
  /// `mediaSlots` runs identically (every slot test comes out the same), which lets the planner
  /// skip replaying larger choices (`OraclePlanner.plan`).
  private(set) var mediaSlotsHeldBack = false
  /// Rows to fetch again after an eviction, each with when it is next on screen, soonest first.
  private var refetch: [(item: Int, needUs: Int64)] = []
  /// Items evicted at `evictedAtUs`: one evicted twice at the same instant cannot be held (the
  /// memory budget is smaller than what is needed at once) and is not asked for again then —
  /// with transfers that take no time, re-asking would evict and refetch forever at one instant.
  private var evictedAtUs: Int64 = -1
  private var evictedNow: Set<Int> = []
  /// Planning replays only.
  private(set) var observation = OracleObservation()

  public init(parameters: StrategyParameters) {}

  /// The plan fetches every cell a swipe brings in (its replays saw them), in need order; the
  /// engine loads none for it.
  public var loadsSwipedCells: Bool { false }

  /// An oracle that runs `plan` (the planner's replays, and the run once planned).
  init(plan: OraclePlan) {
    self.plan = plan
    prepared = true
    taskDone = Array(repeating: false, count: plan.tasks.count)
    offsetQueue = Array(plan.offsetPages.indices)
  }

  public mutating func prepare(_ lookahead: RunLookahead) {
    let planned = OraclePlanner(lookahead).plan()
    self = Oracle(plan: planned.plan)
    boundCaveats = planned.caveats
  }

  /// A pull to refresh starts the plan over from its first task (the new list's rows are the
  /// positions it planned for), keeps what a planning replay has observed, and flags the run
  /// (`BoundCaveats.refreshed`): the plan was not made for the list the refresh brings.
  public mutating func refresh(startingOver initial: Oracle) {
    let observed = observation
    let heldBack = mediaSlotsHeldBack
    self = initial
    observation = observed
    mediaSlotsHeldBack = heldBack
    boundCaveats.insert(.refreshed)
  }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    handle(event, context)
    return quietWake(context)
  }

  private mutating func handle(_ event: StrategyEvent, _ context: some StrategyContext) {
    precondition(prepared, "oracle: run without its lookahead (use StrategyDefinition.run or Simulator.run)")
    if plan.observes { observation.note(event, in: context) }
    // Evictions come with any consultation; each evicted row is queued again for when it is next
    // seen, and the media queue must be looked at whatever the event.
    let evicted = context.evictedItems
    for item in evicted { noteEviction(item, context) }
    switch event {
    case .start, .pageApplied, .fetchFailed(.page):
      if case .pageApplied(let page) = event { pageApplied(page, context) }
      if case .fetchFailed(.page(let page)) = event { pageFailed(page, context) }
      requestPages(context)
    case .fetchCompleted(.media(let item)), .fetchFailed(.media(let item)),
      .fetchCompleted(.subItemMedia(let item, _)), .fetchFailed(.subItemMedia(let item, _)):
      // One event per request; a carousel cell's image is heard of as its row's media, and any
      // of the row's fetches in flight stands for it (their costs are alike, and the replays
      // check the plan).
      if let index = inFlight.firstIndex(where: { $0.item == item }) { inFlight.remove(at: index) }
    case .frame, .dragEnded:
      // A safety net under the plan: a viewport held at the end of loaded content with no page
      // coming means the replays missed a page the user needs (rows the page-only run never saw,
      // e.g. a jump onto cells a render stage had not drawn). The user is there now, so the page
      // is needed: ask for it rather than stall until patience runs out.
      if context.pagination == .cursor, !context.isPageInFlight(.down), Self.heldAtEnd(context) {
        requestPages(context)
      }
      // Frames change nothing the plan waits for, except a release time passing.
      guard !evicted.isEmpty || context.nowUs >= nextReleaseUs else { return }
    case .fetchCompleted(.page), .pageDiscarded:
      // The oracle drops no page, so it never hears of a discarded one.
      guard !evicted.isEmpty else { return }
    }
    fetchMedia(context)
  }

  /// The frames that follow are quiet up to the next release time, while the safety net
  /// cannot fire (see "Time advance" above). Mutating though it changes nothing: as a non-mutating
  /// method called from `update`, it was handed a copy of the strategy at every consultation.
  private mutating func quietWake(_ context: some StrategyContext) -> Wake {
    // A replay with offset pagination notes the placeholders on screen at every consultation.
    guard context.heedsWake, !(plan.observes && context.pagination == .offset) else { return .everyFrame }
    var highPt = Double.infinity
    if context.pagination == .cursor, !context.isPageInFlight(.down), context.loadFrontier(.down) != nil {
      // `heldAtEnd` at an offset o: o + viewport height >= content height, the same sum as
      // `viewportBottomPt`; below the first offset where it holds, it does not (the sum is
      // monotone in o).
      let current = context.viewportOffsetPt
      guard !Self.heldAtEnd(context) else { return .everyFrame }
      let height = context.viewportHeightPt
      let contentPt = context.contentHeightPt
      highPt = QuietOffsets.extent(from: current, toward: PageTrigger.roundedDown(contentPt - height)) {
        $0 + height < contentPt
      }
    }
    return .whileOffset(
      within: -.infinity, highPt, acrossRowChanges: !plan.observes, beforeUs: nextReleaseUs)
  }

  // MARK: Pages

  private mutating func pageApplied(_ page: Int, _ context: some StrategyContext) {
    guard context.pagination == .cursor else {
      if let index = offsetInFlight.firstIndex(where: { plan.offsetPages[$0] == page }) {
        offsetInFlight.remove(at: index)
      }
      return
    }
    nextPage = max(nextPage, page + 1)
    let pilot = page < plan.admission.pilotApplyUs.count ? plan.admission.pilotApplyUs[page] : -1
    if pilot >= 0 { lagUs = max(0, context.nowUs - pilot) }
  }

  /// A page request failed for good. Offset: ask again, first, if the page will still be seen.
  private mutating func pageFailed(_ page: Int, _ context: some StrategyContext) {
    guard let index = offsetInFlight.firstIndex(where: { plan.offsetPages[$0] == page }) else { return }
    let position = offsetInFlight.remove(at: index)
    if plan.offsetPagesLastSeenUs[position] > context.nowUs { offsetQueue.insert(position, at: 0) }
  }

  /// Cursor: the next page the moment it can be asked for, up to the last page needed. Offset:
  /// the pages needed in the order needed, `OraclePlan.offsetPageSlots` at a time.
  private mutating func requestPages(_ context: some StrategyContext) {
    if context.pagination == .cursor {
      guard let frontier = context.loadFrontier(.down),
        frontier.page <= plan.lastPage || Self.heldAtEnd(context)
      else { return }
      context.requestPage(.down)
      return
    }
    while offsetInFlight.count < OraclePlan.offsetPageSlots, !offsetQueue.isEmpty {
      let position = offsetQueue.removeFirst()
      // Nothing to do for a page already in, or asked for by the engine (a placeholder on screen).
      if context.requestPage(.index(plan.offsetPages[position])) { offsetInFlight.append(position) }
    }
  }

  /// The viewport rests on the end of loaded content (the user waits there, or is about to).
  private static func heldAtEnd(_ context: some StrategyContext) -> Bool {
    context.viewportBottomPt >= context.contentHeightPt
  }

  /// Pages still to come: the admission budget applies (cursor) and a connection stays free for
  /// each page that may be asked for.
  private func pagesPending(_ context: some StrategyContext) -> Bool {
    context.pagination == .cursor
      ? !context.endOfFeedKnown && nextPage <= plan.lastPage : !offsetQueue.isEmpty || !offsetInFlight.isEmpty
  }

  // MARK: Media

  /// Starts the next tasks, in need order, while the connection and delay budgets allow. Rows not
  /// loaded yet are passed over until their page applies.
  private mutating func fetchMedia(_ context: some StrategyContext) {
    let now = context.nowUs
    let pending = pagesPending(context)
    let pageSlots = context.pagination == .cursor ? 1 : OraclePlan.offsetPageSlots
    let connections = pending ? max(0, plan.connectionCap - pageSlots) : plan.connectionCap
    let slots = min(plan.mediaSlots, connections)
    let slotsBelowConnections = plan.mediaSlots < connections
    var budgetUs = Int64.max
    if pending && context.pagination == .cursor {
      let slack = nextPage < plan.admission.slackUs.count ? plan.admission.slackUs[nextPage] : Int64.max
      budgetUs = slack == .max ? .max : Int64(Double(slack) * plan.admission.scale) - lagUs
      for fetch in inFlight { budgetUs = budgetUs == .max ? .max : budgetUs - fetch.costUs }
    }
    nextReleaseUs = .max
    while let first = refetch.first, hasSlot(slots, heldBackBySlots: slotsBelowConnections) {
      let releaseUs = first.needUs - plan.refetchLeadUs
      if releaseUs > now {
        nextReleaseUs = releaseUs
        break
      }
      guard start(first.item, bytes: -1, now: now, budgetUs: &budgetUs, pending: pending, context) else {
        break
      }
      refetch.removeFirst()
    }
    var position = nextTask
    var scanned = 0
    while position < plan.tasks.count && hasSlot(slots, heldBackBySlots: slotsBelowConnections)
      && scanned < Self.scanLimit
    {
      defer { position += 1 }
      guard !taskDone[position] else { continue }
      scanned += 1
      let task = plan.tasks[position]
      if task.releaseUs > now {
        nextReleaseUs = min(nextReleaseUs, task.releaseUs)
        continue
      }
      guard context.isLoaded(item: task.item) else { continue }
      if task.subItem >= 0 {
        guard startCell(task, now: now, budgetUs: &budgetUs, pending: pending, context) else { break }
        taskDone[position] = true
        continue
      }
      if context.hasRenderStage { context.setRenderWanted(item: task.item, true) }
      if task.mediaBytes > 0 && context.needsMedia(item: task.item)
        && !context.isMediaInFlight(item: task.item)
      {
        guard
          start(task.item, bytes: task.mediaBytes, now: now, budgetUs: &budgetUs, pending: pending, context)
        else { break }
      }
      taskDone[position] = true
    }
    while nextTask < plan.tasks.count && taskDone[nextTask] { nextTask += 1 }
  }

  /// A media slot is free (`slots` at most in flight); when none is and `heldBackBySlots` (the
  /// plan's `mediaSlots` is below the connections left), notes that the slots held a fetch back.
  @inline(__always)
  private mutating func hasSlot(_ slots: Int, heldBackBySlots: Bool) -> Bool {
    if inFlight.count < slots { return true }
    if heldBackBySlots { mediaSlotsHeldBack = true }
    return false
  }

  /// Tasks looked at per consultation beyond those done (rows not loaded yet are passed over).
  private static let scanLimit = 256

  /// Asks for `item`'s media if the budget allows; false when it does not (the caller stops).
  private mutating func start(
    _ item: Int, bytes: Int64, now: Int64, budgetUs: inout Int64, pending: Bool,
    _ context: some StrategyContext
  ) -> Bool {
    var cost: Int64 = 0
    if pending && context.pagination == .cursor {
      let size = bytes >= 0 ? bytes : mediaBytes(of: item)
      cost = plan.admission.costUs(bytes: size, atUs: now)
      guard budgetUs != .max ? cost <= budgetUs : true else { return false }
      if budgetUs != .max { budgetUs -= cost }
    }
    guard context.requestMedia(item: item, priority: .preload) else { return true }
    if context.isMediaInFlight(item: item) { inFlight.append((item, -1, cost)) }
    return true
  }

  /// Asks for a carousel cell's image (`task.subItem` of row `task.item`) if the budget allows,
  /// without binding the row (the plan names every cell that will show); false when the budget
  /// does not allow it (the caller stops).
  private mutating func startCell(
    _ task: OraclePlan.Task, now: Int64, budgetUs: inout Int64, pending: Bool, _ context: some StrategyContext
  ) -> Bool {
    var cost: Int64 = 0
    if pending && context.pagination == .cursor {
      cost = plan.admission.costUs(bytes: task.mediaBytes, atUs: now)
      guard budgetUs != .max ? cost <= budgetUs : true else { return false }
      if budgetUs != .max { budgetUs -= cost }
    }
    let cell = task.subItem..<(task.subItem + 1)
    if context.requestSubItemMedia(item: task.item, subItems: cell, priority: .preload) {
      inFlight.append((task.item, task.subItem, cost))
    }
    return true
  }

  private func mediaBytes(of item: Int) -> Int64 {
    plan.tasks.first { $0.item == item && $0.subItem < 0 }?.mediaBytes ?? 0
  }

  /// The cache dropped `item`'s media: fetch it again before it is next on screen, if it will be.
  private mutating func noteEviction(_ item: Int, _ context: some StrategyContext) {
    if let index = inFlight.firstIndex(where: { $0.item == item && $0.subItem < 0 }) {
      inFlight.remove(at: index)
    }
    guard !plan.noRefetch.contains(item), item < plan.visibility.count else { return }
    let now = context.nowUs
    if now != evictedAtUs {
      evictedAtUs = now
      evictedNow.removeAll(keepingCapacity: true)
    }
    guard evictedNow.insert(item).inserted else { return }
    guard let next = plan.visibility[item].first(where: { $0.endUs > now }) else { return }
    let need = max(next.startUs, now)
    let position = refetch.firstIndex { $0.needUs > need } ?? refetch.endIndex
    refetch.insert((item, need), at: position)
  }
}
