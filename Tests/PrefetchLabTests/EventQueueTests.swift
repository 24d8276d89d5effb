import Testing

@testable import PrefetchLab

@Suite struct EventQueueTests {
  /// Takes every event without dropping any, returning their subjects in the order taken.
  private func drain(_ queue: inout EventQueue) -> [Int] {
    var subjects: [Int] = []
    while let event = queue.next {
      subjects.append(event.requestID)
      queue.takeNext()
    }
    return subjects
  }

  /// `count` timeouts due from 1 000 µs (subject = index) behind a first byte at 5 µs.
  private func queue(timeouts count: Int) -> EventQueue {
    var queue = EventQueue()
    for subject in 0..<count { queue.schedule(.timeout, atUs: 1000 + Int64(subject), .request(subject)) }
    queue.schedule(.firstByte, atUs: 5, .request(100))
    return queue
  }

  private let evenTimeoutsAreDead = { (event: EngineEvent) in
    event.kind == .timeout && event.requestID % 2 == 0
  }

  /// At `minimumSweepCount` events every dead one goes, and the live ones keep their order.
  @Test func dropDeadSweepsAtTheMinimumAndKeepsLiveOrder() {
    #expect(EventQueue.minimumSweepCount == 16)
    var swept = queue(timeouts: 15)
    swept.dropDead(evenTimeoutsAreDead)
    #expect(drain(&swept) == [100, 1, 3, 5, 7, 9, 11, 13])
  }

  /// Below it only dead events at the front go: the rest wait for a sweep.
  @Test func dropDeadBelowTheMinimumDropsOnlyTheFront() {
    var unswept = queue(timeouts: 14)
    unswept.dropDead(evenTimeoutsAreDead)
    #expect(drain(&unswept) == [100] + Array(0..<14))

    var front = EventQueue()
    front.schedule(.timeout, atUs: 10, .request(0))
    front.schedule(.timeout, atUs: 20, .request(1))
    front.schedule(.timeout, atUs: 25, .request(2))
    front.schedule(.applyPage, atUs: 25, .request(8))
    front.dropDead(evenTimeoutsAreDead)
    #expect(drain(&front) == [1, 8, 2])
  }
}
