/// The display's frame grid: frame k falls at first content + ⌊k × 10⁶ / rate⌋ µs, an exact
/// grid with no drift. The next frame's time is found by carrying the remainder of k × 10⁶ / rate
/// instead of dividing (`advance`). `nextFrameUs` is nil while no frame is needed (a stall, a
/// rest whose end is known, the session's end): the engine skips the frames in which nothing
/// can move and integrates their effect exactly.
struct FrameClock: Sendable {
  let rateHz: Int64
  /// Division by the rate through a multiplication (`ExactDivisor`): every frame time divides.
  private let rate: ExactDivisor
  /// ⌊10⁶ / rate⌋ and 10⁶ mod rate: the grid's step, split for exact carrying.
  let stepUs: Int64
  private let stepRemainder: Int64
  /// When frame 0 fell: first content, µs.
  private(set) var firstContentUs: Int64 = 0
  /// Next frame to simulate, µs; nil when none is needed until something happens.
  private(set) var nextFrameUs: Int64?
  /// Index of the frame at `nextFrameUs`, and index × 10⁶ mod rate.
  private var nextIndex: Int64 = 0
  private var nextRemainder: Int64 = 0
  /// Frames actually simulated (a benchmark figure).
  private(set) var framesProcessed = 0

  /// - Parameter rateHz: frames per second, 1…240.
  init(rateHz: Int) {
    self.rateHz = Int64(rateHz)
    rate = ExactDivisor(Int64(max(1, rateHz)))
    stepUs = 1_000_000 / Int64(rateHz)
    stepRemainder = 1_000_000 % Int64(rateHz)
  }

  /// First content at `timeUs`: frame 0 is now (the session's start is handled there), frame 1
  /// is the next to simulate.
  mutating func start(atUs timeUs: Int64) {
    firstContentUs = timeUs
    schedule(index: 1)
  }

  /// Frame `index`'s time, µs.
  @inline(__always)
  func timeUs(ofFrame index: Int64) -> Int64 {
    let scaled = index * 1_000_000
    return firstContentUs + (scaled >= 0 ? rate.quotient(of: scaled) : scaled / rateHz)
  }

  /// Index of the last frame on the grid at or before `timeUs` (−1 before first content).
  func lastFrame(atOrBeforeUs timeUs: Int64) -> Int64 {
    guard timeUs >= firstContentUs else { return -1 }
    var index = (timeUs - firstContentUs) * rateHz / 1_000_000
    while self.timeUs(ofFrame: index + 1) <= timeUs { index += 1 }
    while index > 0 && self.timeUs(ofFrame: index) > timeUs { index -= 1 }
    return index
  }

  /// Frames on the grid from first content to `timeUs` inclusive (the session's frame count).
  func sessionFrames(untilUs timeUs: Int64) -> Int { Int((timeUs - firstContentUs) * rateHz / 1_000_000) + 1 }

  private mutating func schedule(index: Int64) {
    nextIndex = index
    nextFrameUs = timeUs(ofFrame: index)
    let scaled = index * 1_000_000
    nextRemainder = scaled >= 0 ? rate.remainder(of: scaled) : scaled % rateHz
  }

  /// The frame at `nowUs` is being simulated: count it and schedule the one after it.
  @inline(__always)
  mutating func advance(pastFrameAtUs nowUs: Int64) {
    framesProcessed += 1
    step(pastFrameAtUs: nowUs)
  }

  /// The frame at `nowUs` was stepped through without a full frame (`Simulation.skipQuietFrames`):
  /// schedule the one after it; `framesProcessed` counts full frames only.
  @inline(__always)
  mutating func skip(pastFrameAtUs nowUs: Int64) { step(pastFrameAtUs: nowUs) }

  /// Frames up to `index` inclusive were stepped through at once: the next is `index + 1`.
  mutating func skip(throughFrame index: Int64) { schedule(index: index + 1) }

  /// Index of the pending frame (meaningful while `nextFrameUs` is not nil).
  var nextFrameIndex: Int64 { nextIndex }

  @inline(__always)
  private mutating func step(pastFrameAtUs nowUs: Int64) {
    var time = nowUs + stepUs
    var remainder = nextRemainder + stepRemainder
    if remainder >= rateHz {
      remainder -= rateHz
      time += 1
    }
    nextIndex += 1
    nextRemainder = remainder
    nextFrameUs = time
  }

  /// Schedules the first frame on the grid at or after `timeUs`.
  mutating func schedule(atOrAfter timeUs: Int64) {
    var index = max(0, (timeUs - firstContentUs) * rateHz / 1_000_000)
    while self.timeUs(ofFrame: index) < timeUs { index += 1 }
    schedule(index: index)
  }

  /// No frame until something wakes the clock.
  mutating func stop() { nextFrameUs = nil }

  /// Something changed that a frame must react to at `nowUs`: makes sure one is scheduled. A
  /// pending frame is on the grid and not in the past, so the first grid frame from now is never
  /// later than it.
  mutating func wake(atUs nowUs: Int64) {
    if let next = nextFrameUs, next <= nowUs { return }
    schedule(atOrAfter: nowUs)
  }

  /// Debug builds: the pending frame sits on the grid and its carried remainder is exact.
  func checkInvariants() {
    guard let next = nextFrameUs else { return }
    assert(nextIndex >= 0 && next == timeUs(ofFrame: nextIndex), "frame off the grid")
    assert(nextRemainder == nextIndex * 1_000_000 % rateHz, "carried remainder drifted")
  }
}
