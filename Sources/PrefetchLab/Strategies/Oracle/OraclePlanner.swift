/// Plans the oracle's run by replaying it (`RunLookahead`): the page-only run that sets the bound,
/// then media added and checked replay by replay. See `Oracle` for the method and docs/model.md
/// ("The oracle bound") for why the page-only run's stall is a lower bound.
///
/// Cost: a handful of replays of the run (the page-only run, one with the pages the user needs,
/// then one per repair round, at most `maximumRounds`).
struct OraclePlanner {
  let lookahead: RunLookahead
  let scenario: Scenario
  let content: FeedContent
  let isCursor: Bool
  let connectionCap: Int

  /// Repair rounds before the planner gives up on media alongside the page chain.
  static let maximumRounds = 12

  init(_ lookahead: RunLookahead) {
    self.lookahead = lookahead
    scenario = lookahead.scenario.scenario
    content = FeedContent(spec: scenario.feed, seed: lookahead.seed)
    isCursor = scenario.feed.pagination == .cursor
    connectionCap = scenario.network.maxConcurrentRequests
  }

  /// A replay of the oracle with one plan.
  struct Replay {
    var simulation: Simulation
    var outcome: RunOutcome
    var observation: OracleObservation
    /// The plan's media slots held a fetch back (`Oracle.mediaSlotsHeldBack`).
    var mediaSlotsHeldBack: Bool
    var stallUs: Int64 { outcome.summary.stallUs }
  }

  func replay(_ plan: OraclePlan, recordEvents: Bool = false) -> Replay {
    var observed = plan
    observed.observes = true
    var oracle = Oracle(plan: observed)
    let (simulation, outcome) = lookahead.replay(&oracle, recordEvents: recordEvents)
    var observation = oracle.observation
    observation.close(atUs: outcome.summary.sessionUs)
    observation.noteSwipedCells(simulation.swipes.reveals)
    return Replay(
      simulation: simulation, outcome: outcome, observation: observation,
      mediaSlotsHeldBack: oracle.mediaSlotsHeldBack)
  }

  /// The plan for the run, and the conditions of the bound that fail in it.
  func plan() -> (plan: OraclePlan, caveats: BoundCaveats) {
    let planned = plan(replayingEveryChoice: false)
    return (planned.plan, planned.caveats)
  }

  /// `plan()`, and how many media slot choices were replayed. A choice whose replays never had
  /// their slots hold a fetch back (`Replay.mediaSlotsHeldBack`) replays exactly as every larger
  /// choice would, to the same blank time, and a tie keeps the smaller: the larger ones are not
  /// replayed unless `replayingEveryChoice` (the reference the shortcut is tested against).
  func plan(replayingEveryChoice: Bool) -> (plan: OraclePlan, caveats: BoundCaveats, choicesReplayed: Int) {
    let stage = pageStage()
    guard !stage.media.tasks.isEmpty else { return (stage.pages, stage.caveats, 0) }
    // Fewer media transfers at once finish the soonest-needed rows sooner (the link is shared
    // equally); a few are needed to hide round trips. The replays decide.
    var best: (plan: OraclePlan, blankUs: Int64)?
    var replayed = 0
    for slots in Self.mediaSlotChoices(connectionCap) {
      // Each choice from the same start: what is late with one transfer at a time is not with six.
      var plan = stage.media
      plan.mediaSlots = slots
      replayed += 1
      let settled = settle(&plan, limitStallUs: stage.limitStallUs, abandoned: stage.abandoned)
      if let blankUs = settled.blankUs {
        if best == nil || blankUs < best!.blankUs { best = (plan, blankUs) }
        if blankUs == 0 { break }
      }
      if !settled.heldBack && !replayingEveryChoice { break }
    }
    // Never settled: the page-only plan has no stall to lose and wastes nothing by choice.
    return (best?.plan ?? stage.pages, stage.caveats, replayed)
  }

  /// What the media rounds start from: the plan of the pages the user needs, the same with the
  /// media of the rows its replay saw, and what a media plan may not exceed.
  struct PageStage {
    var pages: OraclePlan
    var media: OraclePlan
    var caveats: BoundCaveats
    /// The page-only run's stall, or the page plan's replay's when longer, µs.
    var limitStallUs: Int64
    /// The page plan's replay abandoned.
    var abandoned: Bool
  }

  /// The page-only run and the page plan (`pagesPlan`), as `PageStage`. Their replays end here:
  /// the page-only run loads pages until the session ends, so its engine holds every row it laid
  /// out (megabytes on a long feed) and is let go before the media replays start.
  private func pageStage() -> PageStage {
    // The page-only run: pages as early as pagination allows, to the end of the feed (a later
    // page never delays an earlier one: with cursor pagination it is asked for only after).
    let pilot = replay(
      .pagesOnly(lastPage: .max, offsetPages: [], connectionCap: connectionCap),
      recordEvents: pageAttemptsCanMeetCaveats)
    var caveats = caveats(of: pilot)
    let boundUs = pilot.stallUs
    let (pages, pagesRun) = pagesPlan(after: pilot, boundUs: boundUs)
    if pagesRun.stallUs > boundUs { caveats.insert(.unverified) }

    var media = pages
    media.tasks = tasks(seenIn: pagesRun.observation)
    media.visibility = pagesRun.observation.intervals
    if isCursor { media.admission = admission(pagesRun) }
    return PageStage(
      pages: pages, media: media, caveats: caveats, limitStallUs: max(boundUs, pagesRun.stallUs),
      abandoned: pagesRun.outcome.summary.abandoned)
  }

  /// Media transfers at once to try: 1, 2 and every connection, within the cap.
  static func mediaSlotChoices(_ cap: Int) -> [Int] {
    Array(Set([1, 2, cap].map { min($0, cap) })).sorted()
  }

  /// Replays `plan` and repairs it until a replay wastes nothing and stalls no longer than
  /// `limitStallUs` (nor abandons unless the page-only run does); returns that replay's blank time,
  /// or nil when `maximumRounds` replays do not get there, and whether the plan's media slots held
  /// a fetch back in any of the replays.
  private func settle(_ plan: inout OraclePlan, limitStallUs: Int64, abandoned: Bool)
    -> (blankUs: Int64?, heldBack: Bool)
  {
    var repairs = RepairLog()
    var heldBack = false
    for _ in 0..<Self.maximumRounds {
      let run = replay(plan)
      heldBack = heldBack || run.mediaSlotsHeldBack
      var changed = repair(&plan, after: run, log: &repairs)
      if run.stallUs > limitStallUs || run.outcome.summary.abandoned != abandoned {
        // Media alongside the pages delayed one that mattered: allow less of it.
        plan.admission.scale = plan.admission.scale > 0.2 ? plan.admission.scale / 2 : 0
        changed = true
      }
      if !changed { return (run.outcome.summary.blankUs, heldBack) }
    }
    return (nil, heldBack)
  }

  /// The scenario's connection limit and link, to build plans with.
  func pagesOnly(lastPage: Int, offsetPages: [Int], seenIn run: Replay? = nil) -> OraclePlan {
    var plan = OraclePlan.pagesOnly(
      lastPage: lastPage, offsetPages: offsetPages, connectionCap: connectionCap)
    plan.offsetPagesLastSeenUs = run.map { lastSeenUs(offsetPages, in: $0) } ?? offsetPages.map { _ in .max }
    return plan
  }

  /// When each of `pages` is last on screen in `run`, µs.
  func lastSeenUs(_ pages: [Int], in run: Replay) -> [Int64] {
    pages.map { run.observation.lastSeenUs(ofPage: $0, items: content.plan.items(ofPage: $0)) }
  }

  /// The rows seen in `observation`, in the order first seen: their media (and cells) to fetch;
  /// and the carousel cells seen, each its image, needed when the cell first shows.
  private func tasks(seenIn observation: OracleObservation) -> [OraclePlan.Task] {
    let renders = scenario.render != nil
    let rows = observation.itemsSeen.map {
      OraclePlan.Task(item: $0.item, mediaBytes: content.mediaBytes(ofItem: $0.item), needUs: $0.firstUs)
    }
    let cells = observation.cellsSeen.map {
      OraclePlan.Task(
        item: $0.item, subItem: $0.subItem,
        mediaBytes: content.subItemMediaBytes(ofItem: $0.item, subItem: $0.subItem), needUs: $0.firstUs)
    }
    return (rows.filter { $0.mediaBytes > 0 || renders } + cells.filter { $0.mediaBytes > 0 })
      .sorted { ($0.needUs, $0.item, $0.subItem) < ($1.needUs, $1.item, $1.subItem) }
  }
}
