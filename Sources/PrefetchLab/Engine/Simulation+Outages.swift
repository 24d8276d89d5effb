extension Simulation {
  /// Sorts `intervals` and merges those that overlap or touch, so that outage events never nest.
  static func disjointIntervals(_ intervals: [(startUs: Int64, endUs: Int64)]) -> [(
    startUs: Int64, endUs: Int64
  )] {
    var merged: [(startUs: Int64, endUs: Int64)] = []
    for interval in intervals.sorted(by: { $0.startUs < $1.startUs }) {
      if let last = merged.last, interval.startUs <= last.endUs {
        merged[merged.count - 1].endUs = max(last.endUs, interval.endUs)
      } else {
        merged.append(interval)
      }
    }
    return merged
  }

  /// Puts every outage's start on the event queue (nothing when there are none).
  func scheduleOutages() {
    for (index, outage) in outagesUs.enumerated() {
      schedule(.outageStart, atUs: outage.startUs, subject: index)
    }
  }

  /// The network goes down: every transfer stops where it is (its bytes so far count as fetched)
  /// and waits for the end. O(requests issued so far), once per outage.
  func beginOutage(_ index: Int) {
    let end = outagesUs[index].endUs
    outageEndUs = end
    for id in requests.indices where requests[id].state == .transferring && !requests[id].frozen {
      let moved = link.cancel(id: id, atUs: nowUs)
      requests[id].bytesMoved += moved
      requests[id].attemptBytesDone += moved
      metrics.summary.bytesFetched += moved
      requests[id].frozen = true
      frozenRequests.append(id)
    }
    eventsChanged = true
    schedule(.outageEnd, atUs: end, subject: index)
  }

  /// The network is back: frozen transfers move the rest of their bodies. (Requests waiting for a
  /// first byte were scheduled for the end already.)
  func endOutage() {
    outageEndUs = nil
    for id in frozenRequests where requests[id].state == .transferring && requests[id].frozen {
      requests[id].frozen = false
      link.start(id: id, bytes: requests[id].bytes - requests[id].attemptBytesDone, atUs: nowUs)
    }
    frozenRequests.removeAll(keepingCapacity: true)
    eventsChanged = true
  }
}
