import Testing

@testable import PrefetchLab

/// The engine's components on their own, with hand-computed values.
@Suite struct EngineComponentTests {
  /// Carrying the remainder of k × 10⁶ / rate lands every frame on ⌊k × 10⁶ / rate⌋ exactly:
  /// at 60 Hz from first content at 1000 µs, frames 1, 2, 3 fall at 17 666, 34 333 and 51 000 µs;
  /// and no drift after 10 000 frames at rates that do not divide 10⁶.
  @Test(arguments: [60, 120, 7, 144])
  func frameGridCarriesTheRemainderExactly(rateHz: Int) {
    var clock = FrameClock(rateHz: rateHz)
    clock.start(atUs: 1000)
    for k in Int64(1)...10_000 {
      #expect(clock.nextFrameUs == 1000 + k * 1_000_000 / Int64(rateHz))
      clock.advance(pastFrameAtUs: clock.nextFrameUs!)
    }
    #expect(clock.framesProcessed == 10_000)
    if rateHz == 60 {
      var sixty = FrameClock(rateHz: 60)
      sixty.start(atUs: 1000)
      var times: [Int64] = []
      for _ in 0..<3 {
        times.append(sixty.nextFrameUs!)
        sixty.advance(pastFrameAtUs: sixty.nextFrameUs!)
      }
      #expect(times == [17_666, 34_333, 51_000])
    }
  }

  /// Waking picks the first grid frame at or after now: 17 667 µs is just past frame 1 (17 666),
  /// so frame 2 at 34 333 µs; a frame already due stays.
  @Test func wakingSnapsToTheGrid() {
    var clock = FrameClock(rateHz: 60)
    clock.start(atUs: 1000)
    clock.stop()
    clock.wake(atUs: 17_667)
    #expect(clock.nextFrameUs == 34_333)
    clock.wake(atUs: 34_333)
    #expect(clock.nextFrameUs == 34_333)
    #expect(clock.sessionFrames(untilUs: 1000 + 1_000_000) == 61)
  }

  /// τ pauses while stalled; a pause that starts again at the same trace instant and clock time
  /// as the last one ended continues it, and is recorded once τ moves on: 1.6 s → 2.5 s, 0.9 s.
  @Test func stallClockMergesBackToBackPauses() {
    var stall = StallClock(durationUs: 10_000_000, patienceUs: 30_000_000)
    stall.start(atUs: 1_000_000)
    #expect(stall.advance(toTraceUs: 500_000, atUs: 1_500_000) == nil)
    // The intent crossed the end 100 ms of τ later: the pause starts at clock 1.6 s.
    #expect(stall.beginPause(atTraceUs: 600_000) == nil)
    #expect(stall.stallStartUs == 1_600_000 && stall.stallSerial == 1)
    #expect(stall.traceUs(atUs: 1_900_000) == 600_000)
    stall.endPause(atUs: 2_000_000)
    // Content grew by too little: the user hits the end again at once.
    #expect(stall.beginPause(atTraceUs: 600_000) == nil)
    #expect(stall.stallStartUs == 1_600_000 && stall.stallSerial == 1)
    stall.endPause(atUs: 2_500_000)
    #expect(stall.traceUs(atUs: 2_600_000) == 700_000)
    #expect(stall.advance(toTraceUs: 700_000, atUs: 2_600_000) == 900_000)
    // A later, separate pause records the one before it when it starts only once.
    #expect(stall.beginPause(atTraceUs: 800_000) == nil)
    #expect(stall.stallStartUs == 2_700_000 && stall.stallSerial == 2)
    #expect(stall.finish(atUs: 3_000_000) == 300_000)
  }

  /// A pause's patience deadline and finger lift matter while it is in progress, and after it
  /// ends until τ moves on (it may still continue, under its serial); then never again, nor once
  /// a later pause has begun (`dropDeadEvents` drops them).
  @Test func stallClockSaysWhichPausesMayContinue() {
    var stall = StallClock(durationUs: 10_000_000, patienceUs: 30_000_000)
    stall.start(atUs: 0)
    #expect(!stall.mayContinue(serial: 1))
    _ = stall.beginPause(atTraceUs: 0)
    #expect(stall.mayContinue(serial: 1) && !stall.mayContinue(serial: 0))
    stall.endPause(atUs: 200_000)
    #expect(stall.mayContinue(serial: 1))
    _ = stall.beginPause(atTraceUs: 0)
    #expect(stall.stallSerial == 1 && stall.mayContinue(serial: 1))
    stall.endPause(atUs: 300_000)
    #expect(stall.advance(toTraceUs: 0, atUs: 300_000) == nil)
    #expect(stall.mayContinue(serial: 1), "τ has not moved on")
    #expect(stall.advance(toTraceUs: 16_666, atUs: 316_666) == 300_000)
    #expect(!stall.mayContinue(serial: 1))
    _ = stall.beginPause(atTraceUs: 500_000)
    #expect(stall.stallSerial == 2 && stall.mayContinue(serial: 2) && !stall.mayContinue(serial: 1))
  }

  /// Two connections: pages first, then visible, display, preload media, first come first served
  /// within a priority; re-prioritising requeues behind equals; a withdrawn request never starts.
  @Test func connectionPoolStartsByPriorityWithinTheLimit() {
    var pool = ConnectionPool(maxConcurrent: 2, trace: .unlimited, rateLimit: nil)
    pool.enqueue(0, priority: .preload)
    pool.enqueue(1, priority: .page)
    pool.enqueue(2, priority: .visible)
    pool.enqueue(3, priority: .page)
    pool.enqueue(4, priority: .display)
    var started: [Int] = []
    func drain() {
      while case .start(let id) = pool.next(atUs: 0) {
        started.append(id)
        _ = pool.occupySlot()
      }
    }
    drain()
    #expect(started == [1, 3])
    pool.enqueue(0, priority: .visible)
    pool.withdraw(4)
    #expect(pool.releaseSlot(of: 1) == false)
    drain()
    #expect(pool.releaseSlot(of: 3) == false)
    drain()
    #expect(started == [1, 3, 2, 0])
    #expect(pool.releaseSlot(of: 2) == false && pool.releaseSlot(of: 0) == true)
    drain()
    #expect(started == [1, 3, 2, 0])
  }

  /// A cap of 2 on low-priority (`.preload`) connections out of 6: of five queued prefetches two
  /// start, and an on-screen request queued after them starts at once; releasing a prefetch
  /// lets the third prefetch start, not a fourth at the same time.
  @Test func lowPriorityCapKeepsConnectionsForOnScreenImages() {
    var pool = ConnectionPool(maxConcurrent: 6, trace: .unlimited, rateLimit: nil)
    pool.limitLowPriority(to: 2)
    for id in 0..<5 { pool.enqueue(id, priority: .preload) }
    var started: [Int] = []
    func drain() {
      while case .start(let id) = pool.next(atUs: 0) {
        started.append(id)
        _ = pool.occupySlot()
      }
    }
    drain()
    #expect(started == [0, 1])
    #expect(pool.lowSlotsInUse == 2)
    pool.enqueue(5, priority: .visible)
    drain()
    #expect(started == [0, 1, 5])
    _ = pool.releaseSlot(of: 0)
    drain()
    #expect(started == [0, 1, 5, 2])
    #expect(pool.lowSlotsInUse == 2)
  }

  /// A media rate limit of 1 per s with a burst of 2 lets two media attempts start, then makes the
  /// third wait 1 s; a page request queued meanwhile starts at once.
  @Test func mediaRateLimitSparesPageRequests() {
    var pool = ConnectionPool(maxConcurrent: 6, trace: .unlimited, rateLimit: nil)
    pool.limitMediaStartRate(RateLimitSpec(requestsPerSecond: 1, burst: 2))
    for id in 0..<3 { pool.enqueue(id, priority: .visible) }
    var started: [Int] = []
    var wake: Int64?
    func drain(atUs timeUs: Int64) {
      loop: while true {
        switch pool.next(atUs: timeUs) {
        case .start(let id):
          started.append(id)
          _ = pool.occupySlot()
        case .wakeAt(let timeUs):
          wake = timeUs
          break loop
        case .none: break loop
        }
      }
    }
    drain(atUs: 0)
    #expect(started == [0, 1])
    #expect(wake == 1_000_000)
    pool.enqueue(3, priority: .page)
    drain(atUs: 10)
    #expect(started == [0, 1, 3])
    pool.rateLimitWoke()
    drain(atUs: 1_000_000)
    #expect(started == [0, 1, 3, 2])
  }

  /// One request per second, burst 1: the second start waits for a wake-up at 1 s, asked for once.
  @Test func connectionPoolRateLimitAsksForOneWakeUp() {
    var pool = ConnectionPool(
      maxConcurrent: 6, trace: .unlimited, rateLimit: RateLimitSpec(requestsPerSecond: 1, burst: 1))
    pool.enqueue(0, priority: .page)
    pool.enqueue(1, priority: .page)
    guard case .start(0) = pool.next(atUs: 0) else {
      Issue.record("the first request should start at once")
      return
    }
    guard case .wakeAt(1_000_000) = pool.next(atUs: 0) else {
      Issue.record("the second request should wait for a token at 1 s")
      return
    }
    guard case .none = pool.next(atUs: 500_000) else {
      Issue.record("a wake-up is already pending")
      return
    }
    pool.rateLimitWoke()
    guard case .start(1) = pool.next(atUs: 1_000_000) else {
      Issue.record("the second request should start at 1 s")
      return
    }
  }

  /// Overlapping and touching outages merge; the schedule hands back what it froze, in order.
  @Test func outagesMergeAndThawInOrder() {
    var outages = OutageSchedule([(startUs: 5, endUs: 8), (startUs: 0, endUs: 2), (startUs: 2, endUs: 3)])
    #expect(outages.windowsUs.map(\.startUs) == [0, 5])
    #expect(outages.windowsUs.map(\.endUs) == [3, 8])
    #expect(outages.begin(1) == 8)
    outages.freeze(7)
    outages.freeze(3)
    #expect(outages.end() == [7, 3])
    #expect(outages.endUs == nil)
  }
}
