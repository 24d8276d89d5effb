extension Simulation {
  /// Reads `item`'s media back from the disk cache: no connection and no network bytes, done
  /// after `cache.disk_read_ms` (drawn per item and read). Not a request in the network metrics;
  /// `disk_reads` counts it. Returns its request id.
  func issueDiskRead(item: Int, priority: FetchPriority) -> Int {
    let id = requests.count
    var request = Request(
      id: id, resource: .media(item: item), priority: priority, issuedUs: nowUs,
      bytes: items.mediaBytes[item],
      isPrefetch: items.firstVisibleUs[item] < 0, direction: scrollDirection)
    request.fromDisk = true
    request.state = .readingDisk
    request.startedUs = nowUs
    requests.append(request)
    if pageMarkOpen.count < requests.count { pageMarkOpen.append(false) }
    metrics.summary.diskReads += 1
    log(.diskRead, id, bytes: request.bytes)
    items.diskReads.grow(toInclude: item, filling: 0)
    let read = UInt64(items.diskReads[item])
    items.diskReads[item] += 1
    let ms = (cacheSpec?.diskReadMs ?? .constant(0)).quantile(
      random.uniform(.diskRead, key: UInt64(item), attempt: read))
    schedule(.diskRead, atUs: nowUs + max(0, Int64((ms * 1000).rounded())), subject: id)
    return id
  }

  /// A `diskRead` event: the media is in memory.
  func finishDiskRead<Strategy: PrefetchStrategy>(requestID id: Int, strategy: inout Strategy) {
    guard requests[id].state == .readingDisk, case .media(let item) = requests[id].resource else { return }
    requests[id].state = .completed
    requests[id].finishedUs = nowUs
    log(.completed, id, bytes: requests[id].bytes)
    deliverMedia(item, requestID: id)
    strategy.update(.fetchCompleted(.media(item: item)), in: self)
    if !pendingEvictions.isEmpty { notifyEvictions(&strategy) }
  }

  /// `item`'s media is now in memory: count its bytes, and (when memory is limited) list it for
  /// eviction if it is off screen, then evict while over budget.
  func mediaEnteredMemory(_ item: Int, visible: Bool) {
    memoryUsedBytes += items.mediaBytes[item]
    if memoryUsedBytes > metrics.summary.peakMemoryBytes { metrics.summary.peakMemoryBytes = memoryUsedBytes }
    guard memoryLimited else { return }
    if !visible { memoryLRU.append(item) }
    if memoryUsedBytes > memoryBudgetBytes { evictOverBudget() }
  }

  /// Evicts the least recently seen off-screen media until memory is within budget (or only
  /// on-screen media is left). O(evictions).
  func evictOverBudget() {
    while memoryUsedBytes > memoryBudgetBytes, let oldest = memoryLRU.leastRecent { evict(oldest) }
  }

  /// `item` (off screen, so its completeness changes nothing on screen) loses its media: it needs
  /// a fetch or a disk read again. A fetch whose content had not been seen stays unused (wasted).
  private func evict(_ item: Int) {
    memoryLRU.remove(item)
    memoryUsedBytes -= items.mediaBytes[item]
    items.mediaState[item] = .notLoaded
    items.complete[item] = false
    items.mediaAwaitingUse[item] = -1
    if rendersItems && item < render.count {
      // The decoded image goes with the media; a render still waiting for a worker is pointless.
      render.rendered[item] = false
      if render.state[item] == .queued { render.dequeue(item) }
    }
    metrics.summary.evictions += 1
    pendingEvictions.append(item)
  }

  /// Tells the strategy about evictions since it was last told, oldest first.
  func notifyEvictions<Strategy: PrefetchStrategy>(_ strategy: inout Strategy) {
    var index = 0
    while index < pendingEvictions.count {
      strategy.update(.mediaEvicted(item: pendingEvictions[index]), in: self)
      index += 1
    }
    pendingEvictions.removeAll(keepingCapacity: true)
  }
}
