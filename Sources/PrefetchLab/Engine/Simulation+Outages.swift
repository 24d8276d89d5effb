extension Simulation {
  /// The network goes down: every transfer stops where it is (its bytes so far count as fetched)
  /// and waits for the end. O(requests issued so far), once per outage.
  func beginOutage(_ index: Int) {
    let end = outages.begin(index)
    for id in 0..<ledger.count where ledger.requests[id].state == .transferring && !ledger.requests[id].frozen
    {
      let moved = pool.stopTransfer(id, atUs: nowUs)
      ledger.requests[id].freeze(afterMoving: moved)
      recorder.addBytesFetched(moved)
      outages.freeze(id)
    }
    events.markStale()
    events.schedule(.outageEnd, atUs: end, .outage(index))
  }

  /// The network is back: frozen transfers move the rest of their bodies. (Requests waiting for a
  /// first byte were scheduled for the end already.)
  func endOutage() {
    for id in outages.end() where ledger.requests[id].state == .transferring && ledger.requests[id].frozen {
      ledger.requests[id].thaw()
      pool.startTransfer(
        id, bytes: ledger.requests[id].bytes - ledger.requests[id].attemptBytesDone, atUs: nowUs)
    }
    events.markStale()
  }
}
