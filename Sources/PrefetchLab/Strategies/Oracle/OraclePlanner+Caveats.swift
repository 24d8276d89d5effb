extension OraclePlanner {
  /// The conditions of the bound that fail in this run (see `BoundCaveats`): from the scenario,
  /// and from the page-only `pilot` (replayed with its request events), whose page attempts are
  /// the oracle's.
  func caveats(of pilot: Replay) -> BoundCaveats {
    var caveats: BoundCaveats = []
    let trace = lookahead.scenario.trace
    if Self.latencyFalls(trace) { caveats.insert(.fallingLatency) }
    if isCursor {
      if jumpCanLandShort() { caveats.insert(.clampedJump) }
      let lastPage = content.plan.pageCount - 1
      if scenario.feed.footerHeightPt > 0, lastPage >= 0,
        pilot.observation.itemsSeen.contains(where: { content.plan.page(ofItem: $0.item) == lastPage })
      {
        caveats.insert(.feedEndReached)
      }
    }
    caveats.formUnion(pageAttemptCaveats(pilot))
    return caveats
  }

  /// A periods trace whose latency drops from one segment to the next (or from the last to the
  /// first, when it loops): an attempt started just after the drop gets its first byte before one
  /// started just before it.
  static func latencyFalls(_ trace: BandwidthTrace) -> Bool {
    let latencies = trace.segments.compactMap(\.latencyMs)
    guard latencies.count > 1 else { return false }
    for index in 1..<latencies.count where latencies[index] < latencies[index - 1] { return true }
    return trace.loops && latencies[0] < latencies[latencies.count - 1]
  }

  /// A `jump.to_item` of the script whose item lies within (viewport − footer) of the end of its
  /// page: a client holding no page beyond it scrolls only to the end of its content (UIKit's
  /// scrollToItem clamps), short of where a client with more pages lands.
  private func jumpCanLandShort() -> Bool {
    guard let script = lookahead.scenario.makeScrollSource(seed: lookahead.seed) as? ScriptedScroll else {
      return false
    }
    let targets = script.jumpTargetItems.map(\.item).filter { $0 >= 0 && $0 < content.plan.totalItems }
    guard !targets.isEmpty else { return false }
    let reach = scenario.viewport.heightPt - scenario.feed.footerHeightPt
    for item in targets {
      let pageEnd = content.plan.items(ofPage: content.plan.page(ofItem: item)).upperBound
      var below = 0.0
      for row in item..<pageEnd { below += content.stackedHeightPt(ofItem: row) }
      if below < reach { return true }
    }
    return false
  }

  /// Whether a page attempt can meet a condition `pageAttemptCaveats` looks for: the scenario has
  /// a link that changes (outages included) or a radio whose promotion delays requests. Without
  /// one the page-only run is replayed without its request events, which it would keep for
  /// nothing (megabytes over a long session, which loads pages all the while).
  var pageAttemptsCanMeetCaveats: Bool { linkChanges || promotionDelaysRequests }

  /// The link's rate changes over the session: outages, or a trace of several rates.
  private var linkChanges: Bool {
    let trace = lookahead.scenario.trace
    return !scenario.network.outages.isEmpty
      || (!trace.isUnlimited && Set(trace.segments.map(\.bytesPerSecond)).count > 1)
  }

  private var promotionDelaysRequests: Bool {
    scenario.radio.promotionDelaysRequests && scenario.radio.power != nil
  }

  /// What the page-only run's page attempts met (page 0 excluded: every strategy meets its
  /// attempts alike, before first content): a first byte pushed past an outage, a timeout while
  /// the body moved on a link that changes, a wait for the radio's promotion. `pilot` holds its
  /// request events when `pageAttemptsCanMeetCaveats`; otherwise there is nothing to find.
  private func pageAttemptCaveats(_ pilot: Replay) -> BoundCaveats {
    var caveats: BoundCaveats = []
    guard pageAttemptsCanMeetCaveats else { return caveats }
    let windows = scenario.network.outages.map(\.intervalUs)
    func inOutage(_ timeUs: Int64) -> Bool { windows.contains { $0.startUs <= timeUs && timeUs < $0.endUs } }
    let changingLink = linkChanges
    let promotes = promotionDelaysRequests
    var tries: [Int: UInt64] = [:]
    /// Per (request, attempt): when it started and when its first byte was expected.
    var started: [RequestAttempt: (startUs: Int64, expectedUs: Int64)] = [:]
    var bodyMoving: Set<RequestAttempt> = []
    for event in pilot.outcome.events {
      guard case .page(let page) = event.resource, page > 0 else { continue }
      let key = RequestAttempt(request: event.requestID, attempt: event.attempt)
      switch event.kind {
      case .started:
        let tryIndex = tries[page, default: 0]
        tries[page] = tryIndex + 1
        let latencyUs = pilot.simulation.policy.attempt(
          of: event.resource, tryIndex: tryIndex, atUs: event.timeUs
        )
        .latencyUs
        let expected = event.timeUs + latencyUs
        started[key] = (event.timeUs, expected)
        if !inOutage(event.timeUs) && inOutage(expected) { caveats.insert(.outageDelayedFirstByte) }
      case .firstByte, .error:
        if event.kind == .firstByte { bodyMoving.insert(key) }
        if promotes, let start = started[key], event.timeUs > start.expectedUs, !inOutage(start.startUs),
          !inOutage(start.expectedUs)
        {
          caveats.insert(.radioPromotion)
        }
      case .timeout:
        if changingLink && bodyMoving.contains(key) { caveats.insert(.timeoutOnChangingLink) }
      default:
        break
      }
    }
    return caveats
  }
}

/// One attempt of one request, as the event log names it.
struct RequestAttempt: Hashable {
  var request: Int
  var attempt: Int
}
