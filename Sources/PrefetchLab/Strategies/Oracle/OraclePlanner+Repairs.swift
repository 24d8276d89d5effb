extension OraclePlanner {
  /// What earlier repair rounds did to each item, so that a row that keeps being wasted is
  /// eventually dropped instead of moved for ever.
  struct RepairLog {
    /// Times an item's fetch was moved later.
    var delays: [Int: Int] = [:]
    /// Moving a fetch later this many times without success drops it.
    static let maximumDelays = 3
  }

  /// Changes `plan` so that the fetches `run` wasted are not repeated; true if anything changed.
  /// A media fetch that completed while its row was off screen for good is dropped (it came too
  /// late to be seen: asking for it is pure waste). One that completed in time but was evicted
  /// before its row showed (a small memory cache) is asked for later, halfway to when it is
  /// needed, and dropped after `RepairLog.maximumDelays` tries. A fetch again after an eviction
  /// that was wasted is not made again for that item; a fetch that lost bytes to a failed attempt
  /// is dropped. Offset pagination: a page of ours fetched and never used is no longer asked for;
  /// a page seen in the replay and not in the plan is added (unless declined before).
  func repair(_ plan: inout OraclePlan, after run: Replay, log: inout RepairLog) -> Bool {
    var drop: Set<Int> = []
    var dropCells: Set<[Int]> = []
    var delayTo: [Int: Int64] = [:]
    var changed = false
    let seenPages = isCursor ? [] : pagesSeen(in: run)
    for request in run.simulation.ledger.requests where !request.fromDisk {
      let unused = request.state == .completed && !request.used
      let lostBytes =
        ((request.state == .cancelled || request.state == .failed) && request.bytesMoved > 0)
        || (request.state == .completed && request.bytesMoved > request.bytes)
      guard unused || lostBytes else { continue }
      switch request.resource {
      case .page(let page):
        guard !isCursor, unused, !request.automatic, let index = plan.offsetPages.firstIndex(of: page) else {
          break
        }
        // Our fetch of it came to nothing: leave the page to the engine, which asks for it when
        // its placeholder shows (as it does under any strategy).
        plan.offsetPages.remove(at: index)
        plan.declinedPages.insert(page)
        changed = true
      case .subItemMedia(let item, let sub):
        // Carousel cells are never evicted (`feed.carousel` refuses a cache): an image that came
        // after its cell was last on screen, or lost bytes to a failed attempt, is not asked for.
        dropCells.insert([item, sub])
      case .media(let item):
        if request.redundant {
          if plan.noRefetch.insert(item).inserted { changed = true }
        } else if unused && !lostBytes,
          let nextUs = run.observation.nextVisibleUs(of: item, after: request.finishedUs),
          log.delays[item, default: 0] < RepairLog.maximumDelays
        {
          delayTo[item] = request.issuedUs + (nextUs - request.issuedUs + 1) / 2
        } else {
          drop.insert(item)
        }
      }
    }
    if !isCursor {
      // Pages seen in this replay that the plan lacks (media shifted when pages applied, and so
      // where rows above the viewport settled): ask for them too, or the engine will, late.
      let planned = Set(plan.offsetPages)
      let missing = seenPages.filter { !planned.contains($0) && !plan.declinedPages.contains($0) }
      if !missing.isEmpty {
        plan.offsetPages += missing
        changed = true
      }
      plan.offsetPagesLastSeenUs = lastSeenUs(plan.offsetPages, in: run)
    }
    if !dropCells.isEmpty {
      changed = true
      plan.tasks.removeAll { $0.subItem >= 0 && dropCells.contains([$0.item, $0.subItem]) }
    }
    if !drop.isEmpty || !delayTo.isEmpty {
      changed = true
      plan.tasks.removeAll { $0.subItem < 0 && drop.contains($0.item) }
      for index in plan.tasks.indices {
        guard plan.tasks[index].subItem < 0, let releaseUs = delayTo[plan.tasks[index].item] else { continue }
        plan.tasks[index].releaseUs = max(plan.tasks[index].releaseUs, releaseUs)
        log.delays[plan.tasks[index].item, default: 0] += 1
      }
    }
    return changed
  }
}
