extension Simulation {
  /// Reads `item`'s media back from the disk cache: no connection and no network bytes, done
  /// after `cache.disk_read_ms` (drawn per item and read). Not a request in the network metrics;
  /// `disk_reads` counts it. Returns its request id.
  func issueDiskRead(item: Int, priority: FetchPriority) -> Int {
    var request = Request(
      id: ledger.count, resource: .media(item: item), priority: priority, issuedUs: nowUs,
      bytes: feed.items.mediaBytes[item], isPrefetch: feed.items.firstVisibleUs[item] < 0,
      direction: scroll.scrollDirection)
    request.readFromDisk(atUs: nowUs)
    let id = ledger.append(request)
    recorder.countDiskRead()
    log(.diskRead, id, bytes: request.bytes)
    events.schedule(.diskRead, atUs: nowUs + cache.nextDiskReadUs(item: item), .request(id))
    return id
  }

  /// A `diskRead` event: the media is in memory.
  func finishDiskRead<Strategy: PrefetchStrategy>(requestID id: Int, strategy: inout Strategy) {
    guard ledger.requests[id].state == .readingDisk, case .media(let item) = ledger.requests[id].resource
    else { return }
    _ = ledger.requests[id].complete(atUs: nowUs)
    log(.completed, id, bytes: ledger.requests[id].bytes)
    deliverMedia(item, requestID: id)
    consult(.fetchCompleted(.media(item: item)), &strategy)
  }

  /// `item`'s media is now in memory: count its bytes (and the peak), then evict while over budget.
  func mediaEnteredMemory(_ item: Int, visible: Bool) {
    let used = cache.mediaEntered(item: item, bytes: feed.items.mediaBytes[item], visible: visible)
    recorder.noteMemoryInUse(used)
    evictOverBudget()
  }

  /// Evicts the least recently seen off-screen media until memory is within budget (or only
  /// on-screen media is left). O(evictions).
  func evictOverBudget() {
    while let item = cache.evictNext(bytesOf: { feed.items.mediaBytes[$0] }) { evicted(item) }
  }

  /// `item` (off screen, so its completeness changes nothing on screen) lost its media: it needs
  /// a fetch or a disk read again. A fetch whose content had not been seen stays unused (wasted).
  private func evicted(_ item: Int) {
    feed.items.mediaEvicted(item)
    if render.isEnabled { render.mediaLost(item) }
    recorder.countEviction()
  }
}
