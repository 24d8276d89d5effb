/// Trace time τ against the simulated clock, and the pauses between them (see "Pause model" in
/// docs/model.md).
///
/// τ is the user's own time: 0 at first content, running with the clock except while the user
/// is held at the end of loaded content (a stall). The pair (`traceUs`, `traceClockUs`) says τ
/// was `traceUs` at clock `traceClockUs`; while running, τ(t) = traceUs + (t − traceClockUs).
///
/// A pause starts at the clock instant at which the user's intent crossed the end of content and
/// ends when content lets the user move on. A pause is recorded only once τ has really moved on
/// after it: content that grows by less than the user wants ends one pause and starts the next
/// at the same trace instant, and those are one contiguous pause, not two.
///
/// With `scroll.at_end` `"press"` (`pressesAtEnd`) τ never stops: a stall is the time the finger
/// spends pressed against the end, τ runs on with the clock through it, and when content comes
/// the user is where the clock says. Each stall is recorded when content ends it; one that starts
/// again at once (the intent still past the new end) is a new stall, since the user saw rows
/// arrive.
struct StallClock: Sendable {
  /// Length of the user's trace, µs of τ.
  let durationUs: Int64
  /// `scroll.at_end` is `"press"`: τ runs through stalls.
  let pressesAtEnd: Bool
  /// `patience_ms`, µs: how long the user waits for first content or through a stall.
  let patienceUs: Int64
  /// During a frame whose intent ran past the end of loaded content: the trace time that frame
  /// proposed, while the viewport waits at the end for what the strategy's requests bring at the
  /// same instant (`Simulation.runFrame`); nil otherwise. Becomes a pause unless content comes.
  private(set) var heldFrameTraceUs: Int64?
  /// τ as of `traceClockUs`.
  private(set) var traceUs: Int64 = 0
  private(set) var traceClockUs: Int64 = 0
  private(set) var isStalled = false
  /// Clock time the current (or last) pause started.
  private(set) var stallStartUs: Int64 = 0
  /// Counts pauses: a patience deadline belongs to one pause.
  private(set) var stallSerial = 0
  /// When the last pause ended, until τ moves on (a pause starting again at the same trace
  /// instant continues it).
  private var stallEndedUs: Int64?
  /// A pressing finger's stall just ended with the user's intent still past the new end (the
  /// content grew by less than the finger went on meanwhile): the next stall starts where this
  /// one ended, at τ = `traceUs`, not at a crossing searched for within the next frame's motion.
  private(set) var pastEndOnResume = false

  init(durationUs: Int64, patienceUs: Int64, pressesAtEnd: Bool = false) {
    self.durationUs = durationUs
    self.patienceUs = patienceUs
    self.pressesAtEnd = pressesAtEnd
  }

  /// τ stands still now (a pause of the `"wait"` user).
  var traceIsHeld: Bool { isStalled && !pressesAtEnd }

  /// A frame proposing τ = `traceUs` holds the viewport at the end of loaded content.
  @inline(__always)
  mutating func holdFrame(atTraceUs traceUs: Int64) { heldFrameTraceUs = traceUs }

  /// The held frame is settled (content came, or it became a pause).
  @inline(__always)
  mutating func releaseHeldFrame() { heldFrameTraceUs = nil }

  /// First content at `nowUs`: τ = 0.
  mutating func start(atUs nowUs: Int64) {
    traceUs = 0
    traceClockUs = nowUs
  }

  /// Whether pause `serial` is in progress, or ended but may still continue (a pause starting
  /// again at the same trace instant, before τ moves on, keeps its serial). Once false it stays
  /// false: a patience deadline or a finger lift of that pause can change nothing any more. (An
  /// ended pause that resumes gets a new deadline and lift at the same instants from
  /// `Simulation.beginStall`, so `isStalled` alone would do; keeping the ended pause's events
  /// until τ moves on does not depend on that.)
  func mayContinue(serial: Int) -> Bool { serial == stallSerial && (isStalled || stallEndedUs != nil) }

  /// τ at clock `nowUs` if the user moves on, capped at the trace's end.
  @inline(__always)
  func proposedTraceUs(atUs nowUs: Int64) -> Int64 { min(durationUs, traceUs + (nowUs - traceClockUs)) }

  /// τ at clock `timeUs` (τ stands still while stalled), for timelines.
  func traceUs(atUs timeUs: Int64) -> Int64 { traceIsHeld ? traceUs : traceUs + (timeUs - traceClockUs) }

  /// When τ reaches the trace's end if it keeps running; .max while τ is held by a pause (a
  /// pressing finger's session ends on time, stalled or not).
  func endUs() -> Int64 { traceIsHeld ? .max : traceClockUs + (durationUs - traceUs) }

  /// A frame moved τ to `newTraceUs` at clock `nowUs`. Returns the duration of a pause that ended
  /// earlier and is now over for good (τ moved past it), to be recorded.
  @inline(__always)
  mutating func advance(toTraceUs newTraceUs: Int64, atUs nowUs: Int64) -> Int64? {
    var ended: Int64?
    if stallEndedUs != nil && newTraceUs > traceUs { ended = takeEndedPause() }
    pastEndOnResume = false
    traceUs = newTraceUs
    traceClockUs = nowUs
    return ended
  }

  /// The user's intent crossed the end of content at trace instant `crossingTraceUs` (>= τ):
  /// τ stops there. Returns the duration of an earlier pause to record, unless this pause
  /// continues it. The pause's clock start is `stallStartUs` afterwards.
  mutating func beginPause(atTraceUs crossingTraceUs: Int64) -> Int64? {
    let startUs = traceClockUs + (crossingTraceUs - traceUs)
    let resumes = stallEndedUs != nil && crossingTraceUs == traceUs && startUs == stallEndedUs
    var ended: Int64?
    if !resumes {
      ended = takeEndedPause()
      stallStartUs = startUs
      stallSerial += 1
    }
    stallEndedUs = nil
    pastEndOnResume = false
    traceUs = crossingTraceUs
    traceClockUs = startUs
    isStalled = true
    return ended
  }

  /// Content let the user move on at `nowUs`: τ runs again from where it stopped. A pressing
  /// finger's τ ran on meanwhile: it is where the clock says, and the stall is over for good;
  /// its duration is returned, to be recorded (nil for a pause, recorded once τ moves on).
  @discardableResult
  mutating func endPause(atUs nowUs: Int64) -> Int64? {
    isStalled = false
    guard pressesAtEnd else {
      stallEndedUs = nowUs
      traceClockUs = nowUs
      return nil
    }
    traceUs = min(durationUs, traceUs + (nowUs - traceClockUs))
    traceClockUs = nowUs
    return nowUs - stallStartUs
  }

  /// The intent is still past the end now that a pressing finger's stall ended (`pastEndOnResume`).
  mutating func notePastEndOnResume() { pastEndOnResume = pressesAtEnd && !isStalled }

  /// The duration of a pause that ended and was not resumed, once; nil if there is none.
  mutating func takeEndedPause() -> Int64? {
    guard let ended = stallEndedUs else { return nil }
    stallEndedUs = nil
    return ended - stallStartUs
  }

  /// The session ends at `nowUs`: the pause to record (one in progress, or one that ended).
  mutating func finish(atUs nowUs: Int64) -> Int64? {
    isStalled ? nowUs - stallStartUs : takeEndedPause()
  }

  /// Debug builds: τ within the trace; a pause in progress has not also ended.
  func checkInvariants() {
    assert(traceUs >= 0 && traceUs <= durationUs, "τ outside the trace")
    assert(!isStalled || stallEndedUs == nil, "a pause both in progress and ended")
    assert(stallEndedUs.map { $0 >= stallStartUs } ?? true, "a pause ended before it started")
  }
}
