import Testing

@testable import PrefetchLab

@Suite struct TransferLinkTests {
  typealias Segment = BandwidthTrace.Segment

  /// 800 kbit/s = 100 000 bytes/s.
  static func link800() throws -> TransferLink { TransferLink(trace: try .constant(kbps: 800)) }

  @Test func oneTransferTakesBytesOverCapacity() throws {
    var link = try Self.link800()
    link.start(id: 1, bytes: 100_000, atUs: 0)
    #expect(link.activeCount == 1)
    #expect(link.nextCompletionUs() == 1_000_000)
    #expect(link.popCompleted(atUs: 999_999) == [])
    #expect(link.bytesMoved(id: 1, atUs: 999_999) == 99_999)
    #expect(link.popCompleted(atUs: 1_000_000) == [1])
    #expect(link.activeCount == 0)
    #expect(link.nextCompletionUs() == nil)
  }

  @Test func transferStartingLaterIsOffsetByItsStart() throws {
    var link = try Self.link800()
    link.start(id: 1, bytes: 100_000, atUs: 3_000_000)
    #expect(link.nextCompletionUs() == 4_000_000)
  }

  @Test(arguments: [2, 3, 10])
  func equalTransfersStartedTogetherShareTheLink(count: Int) throws {
    var link = try Self.link800()
    // Started in descending id order: completions still come out by id.
    for id in (1...count).reversed() { link.start(id: id, bytes: 100_000, atUs: 0) }
    #expect(link.nextCompletionUs() == Int64(count) * 1_000_000)
    #expect(link.popCompleted(atUs: Int64(count) * 1_000_000 - 1) == [])
    #expect(link.popCompleted(atUs: Int64(count) * 1_000_000) == Array(1...count))
  }

  @Test func secondTransferStartingHalfwaySharesTheRest() throws {
    var link = try Self.link800()
    link.start(id: 1, bytes: 100_000, atUs: 0)
    link.start(id: 2, bytes: 100_000, atUs: 500_000)
    // At 0.5 s transfer 1 has 50 000 left at 50 000 B/s: done at 1.5 s, when transfer 2 has
    // 50 000 left at the full 100 000 B/s: done at 2.0 s.
    #expect(link.nextCompletionUs() == 1_500_000)
    #expect(link.bytesMoved(id: 2, atUs: 1_000_000) == 25_000)
    #expect(link.popCompleted(atUs: 1_500_000) == [1])
    #expect(link.nextCompletionUs() == 2_000_000)
    #expect(link.popCompleted(atUs: 2_000_000) == [2])
  }

  @Test func cancelReturnsExactBytesMovedAndFreesTheShare() throws {
    var link = try Self.link800()
    link.start(id: 1, bytes: 100_000, atUs: 0)
    link.start(id: 2, bytes: 100_000, atUs: 0)
    #expect(link.cancel(id: 2, atUs: 400_000) == 20_000)
    #expect(link.activeCount == 1)
    // Transfer 1 has 20 000 bytes; the remaining 80 000 take 0.8 s at full rate.
    #expect(link.nextCompletionUs() == 1_200_000)
    #expect(link.cancel(id: 2, atUs: 500_000) == 0)  // no longer on the link
    #expect(link.cancel(id: 1, atUs: 1_000_000) == 100_000 - 20_000)
    #expect(link.nextCompletionUs() == nil)
  }

  @Test func cancelRoundsPartialBytesDown() throws {
    var link = try Self.link800()
    link.start(id: 1, bytes: 100_000, atUs: 0)
    #expect(link.cancel(id: 1, atUs: 15) == 1)  // 1.5 bytes moved
  }

  @Test func cancellingAFinishedUnreportedTransferReturnsItsSize() throws {
    var link = try Self.link800()
    link.start(id: 1, bytes: 1000, atUs: 0)
    #expect(link.cancel(id: 1, atUs: 50_000) == 1000)
    #expect(link.popCompleted(atUs: 50_000) == [])
  }

  @Test(arguments: [1, 300_000, 87_000_000] as [Int64])
  func zeroCapacityStretchDelaysCompletionByItsLength(stretchUs: Int64) throws {
    let trace = try BandwidthTrace(
      segments: [
        Segment(durationUs: 500_000, bytesPerSecond: 100_000),
        Segment(durationUs: stretchUs, bytesPerSecond: 0),
        Segment(durationUs: 500_000, bytesPerSecond: 100_000),
      ], loop: false)
    var link = TransferLink(trace: trace)
    link.start(id: 7, bytes: 100_000, atUs: 0)
    #expect(link.nextCompletionUs() == 1_000_000 + stretchUs)
    #expect(link.bytesMoved(id: 7, atUs: 500_000 + stretchUs / 2) == 50_000)
    #expect(link.popCompleted(atUs: 1_000_000 + stretchUs - 1) == [])
    #expect(link.popCompleted(atUs: 1_000_000 + stretchUs) == [7])
  }

  @Test func transferStartedInsideAnOutageWaitsForItsEnd() throws {
    let trace = try BandwidthTrace(
      segments: [
        Segment(durationUs: 1_000_000, bytesPerSecond: 0),
        Segment(durationUs: 1_000_000, bytesPerSecond: 10_000),
      ], loop: false)
    var link = TransferLink(trace: trace)
    link.start(id: 1, bytes: 1000, atUs: 250_000)
    #expect(link.nextCompletionUs() == 1_100_000)
  }

  @Test func loopingTraceReplays() throws {
    // 20 000 bytes per 1-s lap, all in its first 0.2 s.
    let segments = [
      Segment(durationUs: 200_000, bytesPerSecond: 100_000),
      Segment(durationUs: 800_000, bytesPerSecond: 0),
    ]
    var looping = TransferLink(trace: try BandwidthTrace(segments: segments, loop: true))
    looping.start(id: 1, bytes: 50_000, atUs: 0)
    #expect(looping.nextCompletionUs() == 2_100_000)
    var holding = TransferLink(trace: try BandwidthTrace(segments: segments, loop: false))
    holding.start(id: 1, bytes: 50_000, atUs: 0)
    #expect(holding.nextCompletionUs() == nil)  // only 20 000 bytes ever
    #expect(holding.popCompleted(atUs: 1_000_000_000) == [])
    #expect(holding.cancel(id: 1, atUs: 1_000_000_000) == 20_000)
  }

  @Test func capacityChangesNeedNoEvents() throws {
    // 1 s at 100 000 B/s, then 400 000 B/s: two 100 000-byte transfers share 50 000 B/s each
    // for 1 s (50 000 each), then 200 000 B/s each for the remaining 50 000: 0.25 s.
    let trace = try BandwidthTrace(
      segments: [
        Segment(durationUs: 1_000_000, bytesPerSecond: 100_000),
        Segment(durationUs: 1_000_000, bytesPerSecond: 400_000),
      ], loop: false)
    var link = TransferLink(trace: trace)
    link.start(id: 1, bytes: 100_000, atUs: 0)
    link.start(id: 2, bytes: 100_000, atUs: 0)
    #expect(link.nextCompletionUs() == 1_250_000)
    #expect(link.popCompleted(atUs: 5_000_000) == [1, 2])
  }

  @Test func unlimitedLinkFinishesTransfersWhenTheyStart() {
    var link = TransferLink(trace: .unlimited)
    link.start(id: 3, bytes: 1_000_000_000, atUs: 10)
    link.start(id: 1, bytes: 5, atUs: 10)
    #expect(link.activeCount == 0)
    #expect(link.nextCompletionUs() == 10)
    #expect(link.bytesMoved(id: 3, atUs: 10) == 1_000_000_000)
    #expect(link.popCompleted(atUs: 10) == [1, 3])
  }

  @Test func zeroByteTransferFinishesImmediatelyWithoutDisturbingOthers() throws {
    var link = try Self.link800()
    link.start(id: 1, bytes: 100_000, atUs: 0)
    link.start(id: 2, bytes: 0, atUs: 300_000)
    #expect(link.nextCompletionUs() == 300_000)
    #expect(link.popCompleted(atUs: 300_000) == [2])
    #expect(link.nextCompletionUs() == 1_000_000)
  }

  @Test func lateCallsStillFinishTransfersAtTheirOwnTimes() throws {
    // Nobody asks between 0 and 10 s: transfer 1 must still have freed its share at 2 s
    // (both at 50 000 B/s), so transfer 2's remaining 100 000 bytes take 1 s more: 3 s.
    var link = try Self.link800()
    link.start(id: 1, bytes: 100_000, atUs: 0)
    link.start(id: 2, bytes: 200_000, atUs: 0)
    #expect(link.bytesMoved(id: 2, atUs: 2_500_000) == 150_000)
    link.start(id: 3, bytes: 100_000, atUs: 10_000_000)
    #expect(link.nextCompletionUs() == 2_000_000)
    var done: [Int] = []
    link.popCompleted(atUs: 10_000_000, into: &done)
    #expect(done == [1, 2])
    #expect(link.nextCompletionUs() == 11_000_000)
  }

  @Test func finishTimesRoundUpToWholeMicroseconds() throws {
    // Three 1-byte transfers share 1000 B/s: 333.3 B/s each, so each needs exactly 3 ms.
    var link = TransferLink(trace: try .constant(kbps: 8))  // 1000 B/s = 1 byte per 1000 µs
    link.start(id: 1, bytes: 1, atUs: 0)
    link.start(id: 2, bytes: 1, atUs: 0)
    link.start(id: 3, bytes: 1, atUs: 0)
    #expect(link.nextCompletionUs() == 3000)
    var thirds = TransferLink(trace: try .constant(kbps: 0.024))  // 3 bytes/s
    thirds.start(id: 1, bytes: 1, atUs: 0)
    #expect(thirds.nextCompletionUs() == 333_334)  // 1/3 s rounded up
  }

  @Test func matchesAnIndependentProcessorSharingReference() throws {
    // Pseudo-random starts and sizes on a link that changes capacity every 0.3 s; the link's
    // completions must match an exact event-by-event reference to within its 1-µs rounding.
    var segments: [Segment] = []
    var generator = SplitMix64(seed: 11)
    for _ in 0..<20 {
      let rate = Double(generator.next() % 5) * 50_000
      segments.append(Segment(durationUs: 300_000, bytesPerSecond: rate))
    }
    let trace = try BandwidthTrace(segments: segments, loop: true)
    var starts: [(id: Int, atUs: Int64, bytes: Int64)] = []
    var clock: Int64 = 0
    for id in 0..<40 {
      clock += Int64(generator.next() % 400_000)
      starts.append((id, clock, Int64(generator.next() % 150_000)))
    }
    let reference = referenceFinishTimes(trace: trace, starts: starts)

    var link = TransferLink(trace: trace)
    var finishes: [Int: Int64] = [:]
    var pending = starts[...]
    while true {
      let nextStart = pending.first?.atUs
      let nextDone = link.nextCompletionUs()
      if let start = nextStart, nextDone == nil || start < nextDone! {
        link.start(id: pending.first!.id, bytes: pending.first!.bytes, atUs: start)
        pending = pending.dropFirst()
      } else if let done = nextDone {
        for id in link.popCompleted(atUs: done) { finishes[id] = done }
      } else {
        break
      }
    }
    #expect(finishes.count == starts.count)
    for (id, exact) in reference {
      let got = try #require(finishes[id])
      // Each earlier completion may hold its share up to 1 µs longer than the fluid model
      // (measured: 0 to 5 µs late).
      #expect(Double(got) >= exact - 0.01 && Double(got) <= exact + 10, "transfer \(id)")
    }
  }

  @Test func sameCallsGiveIdenticalResults() throws {
    func run() throws -> [Int64] {
      var link = TransferLink(trace: try .constant(kbps: 7_777))
      var generator = SplitMix64(seed: 3)
      var log: [Int64] = []
      var clock: Int64 = 0
      for id in 0..<200 {
        clock += Int64(generator.next() % 50_000)
        link.start(id: id, bytes: Int64(generator.next() % 300_000), atUs: clock)
        if id % 7 == 3 { log.append(link.cancel(id: id - 2, atUs: clock)) }
        for done in link.popCompleted(atUs: clock) { log.append(Int64(done)) }
        log.append(link.nextCompletionUs() ?? -1)
      }
      return log
    }
    #expect(try run() == run())
  }
}

/// Exact processor sharing, event by event, in Double time: at each step the next event is the
/// next start or the earliest finish at the current share.
private func referenceFinishTimes(
  trace: BandwidthTrace, starts: [(id: Int, atUs: Int64, bytes: Int64)]
) -> [Int: Double] {
  var remaining: [Int: Double] = [:]
  var finish: [Int: Double] = [:]
  var now = 0.0
  var index = 0
  func capacity(_ t: Double) -> Double { trace.capacityBytesPerSecond(atUs: Int64(t.rounded(.down))) }
  // Segment boundaries are at multiples of 0.3 s, so step to the next boundary or event.
  while index < starts.count || !remaining.isEmpty {
    let boundary = ((now / 300_000).rounded(.down) + 1) * 300_000
    var horizon = boundary
    if index < starts.count { horizon = min(horizon, Double(starts[index].atUs)) }
    let n = Double(remaining.count)
    let share = n > 0 ? capacity(now) / n : 0
    if share > 0, let smallest = remaining.values.min() {
      horizon = min(horizon, now + smallest / share * 1_000_000)
    }
    for id in remaining.keys { remaining[id]! -= share * (horizon - now) / 1_000_000 }
    now = horizon
    for (id, left) in remaining where left <= 1e-6 {
      finish[id] = now
      remaining[id] = nil
    }
    while index < starts.count && Double(starts[index].atUs) <= now {
      if starts[index].bytes == 0 {
        finish[starts[index].id] = now
      } else {
        remaining[starts[index].id] = Double(starts[index].bytes)
      }
      index += 1
    }
  }
  return finish
}
