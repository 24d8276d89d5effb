/// The user's scroll, frame by frame: the source's current motion and its evaluation, where the
/// content is shown (the edge rule: clamped, or the iOS rubber band and spring back), the
/// viewport's offset and the direction it last moved in. The engine drives one through a run;
/// `ScrollTrace` drives one over a fully loaded feed, so both show the same edges.
///
/// Offsets are pt of content; the intent is the source's intent plus `anchorShiftPt`, the
/// offset changes made by anchoring when rows above the viewport change height (offset
/// pagination).
///
/// The queries the engine makes every frame (`restEndTraceUs`, `projectedTargetOffsetPt`) are
/// `mutating` although they change nothing: a non-mutating call on a component stored in the
/// engine copies the component (here its scroll source), a mutating one works in place.
struct ScrollDriver: Sendable {
  private(set) var source: any ScrollSource
  /// The source's motion in effect; evaluated every frame, replaced when τ leaves it.
  private(set) var motion = ScrollMotion.rest(at: 0, from: 0)
  private var evaluator = MotionEvaluator()
  let edgeBehavior: EdgeBehavior
  private var bounce = EdgeBounce()
  /// The user's intent at the last evaluation (velocity: as shown, see `show`).
  private(set) var sample = ScrollSample(
    intentOffsetPt: 0, velocityPtS: 0, phase: .idle, projectedTargetPt: 0)
  private(set) var anchorShiftPt = 0.0
  /// Top of the viewport, pt. Below 0, or past the largest resting offset once the end is known,
  /// while iOS content is rubber-banded or springs back.
  private(set) var viewportOffsetPt = 0.0
  /// The last direction the viewport moved in within the bounds; initially down.
  private(set) var scrollDirection = ScrollDirection.down
  /// Pull-to-refresh gestures of the source the engine has acted on (`takeRefresh`).
  private var refreshesTaken = 0

  init(source: any ScrollSource, edgeBehavior: EdgeBehavior) {
    self.source = source
    self.edgeBehavior = edgeBehavior
  }

  /// What the edge rule did with an intent.
  struct Shown: Sendable {
    var offsetPt: Double
    var velocityPtS: Double
    /// The content stays put at an edge, or at the end while the intent is unknown: the shown
    /// offset does not follow the intent.
    var heldAtEdge: Bool
  }

  /// The motion at `traceUs` from the source (τ left the current one, or the layout changed).
  mutating func loadMotion(atTraceUs traceUs: Int64, environment: some ScrollEnvironment) {
    motion = source.motion(atTraceUs: traceUs, environment: environment)
  }

  /// τ = 0 at first content: the first motion, its sample, and the viewport at the intent clamped
  /// to 0…`limitPt` (at `limitPt` while the intent is unknown).
  mutating func start(environment: some ScrollEnvironment, limitPt: Double) {
    loadMotion(atTraceUs: 0, environment: environment)
    sample = motion.sample(atTraceUs: 0)
    let intent = sample.intentOffsetPt + anchorShiftPt
    viewportOffsetPt = intent.isFinite ? min(max(0, intent), limitPt) : limitPt
  }

  /// Evaluates the intent at `traceUs` for a frame, asking the source for the next motion when τ
  /// has left the current one; the sample becomes `sample`. Returns the intent offset (with the
  /// anchor shift), pt.
  @inline(__always)
  mutating func evaluate(atTraceUs traceUs: Int64, frameStepUs: Int64, environment: some ScrollEnvironment)
    -> Double
  {
    if !motion.covers(traceUs) { loadMotion(atTraceUs: traceUs, environment: environment) }
    sample = evaluator.sample(motion, atTraceUs: traceUs, frameStepUs: frameStepUs)
    return sample.intentOffsetPt + anchorShiftPt
  }

  /// The event engine's look at the frame at `traceUs` before deciding whether it is quiet: the
  /// sample `evaluate` would produce, evaluated with the same evaluator (an iOS fling's decay is
  /// stepped by the same products), or nil when that frame needs the full path: τ leaves the
  /// current motion (the next one is loaded there). Stores nothing but the evaluator's step,
  /// which a full frame evaluating the same instant next reuses unchanged. Where the edge rule
  /// would show it is `preview`'s answer.
  @inline(__always)
  mutating func probe(atTraceUs traceUs: Int64, frameStepUs: Int64) -> ScrollSample? {
    guard motion.covers(traceUs) else { return nil }
    return evaluator.sample(motion, atTraceUs: traceUs, frameStepUs: frameStepUs)
  }

  /// The evaluator as `probe` would use it next, for a scan that samples the frames ahead on a
  /// copy (`Simulation.scanQuietFrames`) and hands back, through `adopt`, the copy that sampled
  /// the last frame it took: the frames then share one chain of products, as when probed one by
  /// one. `mutating` only so that the call works in place (see the type's comment).
  var evaluatorForScan: MotionEvaluator {
    mutating get { evaluator }
  }

  /// The evaluator that sampled the frames a scan took, up to the one committed next.
  @inline(__always)
  mutating func adopt(_ scanned: MotionEvaluator) { evaluator = scanned }

  /// The edge rule shows any intent inside the bounds as it is: nothing springs, is pinned or is
  /// held by a drag past an edge.
  var edgeIsFree: Bool {
    mutating get { bounce.isFree }
  }

  /// Where `commit` would show `probed` (a finite intent) at `traceUs`, and the velocity it
  /// would show, without showing it: the edge rule run on a copy of its state. For a quiet frame
  /// past an edge or while the content springs, whose shown offset is not the intent. `mutating`
  /// only so that the call works in place (see the type's comment).
  @inline(__always)
  mutating func preview(
    _ probed: ScrollSample, atTraceUs traceUs: Int64, maxOffsetPt: Double?, dimensionPt: Double
  ) -> (offsetPt: Double, velocityPtS: Double) {
    let intent = probed.intentOffsetPt + anchorShiftPt
    guard edgeBehavior == .rubberBand else {
      return (min(max(0, intent), maxOffsetPt ?? .infinity), probed.velocityPtS)
    }
    var copy = bounce
    return copy.resolve(
      intentPt: intent, velocityPtS: probed.velocityPtS, phase: probed.phase, atTraceUs: traceUs,
      maxOffsetPt: maxOffsetPt, dimensionPt: dimensionPt)
  }

  /// The intent's sample at `traceUs` from the closed form of the current motion, for a
  /// linear motion only (where it is what the evaluator gives, and monotone in τ); nil otherwise.
  /// `mutating` only so that the call works in place (see the type's comment).
  @inline(__always)
  mutating func linearSample(atTraceUs traceUs: Int64) -> ScrollSample? {
    guard case .linear = motion.shape, motion.covers(traceUs) else { return nil }
    return motion.sample(atTraceUs: traceUs)
  }

  /// A quiet frame at `traceUs`: what a full frame does to the scroll, with `probed` (from
  /// `probe` or `linearSample`) as the evaluated sample: the edge rule shows it, and the
  /// direction follows the move.
  @inline(__always)
  mutating func commit(
    _ probed: ScrollSample, atTraceUs traceUs: Int64, maxOffsetPt: Double?, limitPt: Double,
    dimensionPt: Double
  ) {
    let previous = viewportOffsetPt
    sample = probed
    _ = show(
      intentPt: probed.intentOffsetPt + anchorShiftPt, atTraceUs: traceUs, maxOffsetPt: maxOffsetPt,
      dimensionPt: dimensionPt)
    noteMove(from: previous, limitPt: limitPt)
  }

  /// The edge rule: shows `intentPt` (the evaluated intent) at `traceUs`. An unknown intent (a
  /// jump waiting for its target) shows the end, `maxOffsetPt` (0 when there is none). With the
  /// rubber band, `EdgeBounce` maps the intent past either edge; otherwise it is clamped to
  /// 0…`maxOffsetPt`. `maxOffsetPt` is the bottom edge, nil while more content may come (the pause
  /// model stops the viewport at the end of loaded content instead). The shown offset becomes
  /// the viewport's, the shown velocity the sample's.
  @inline(__always)
  mutating func show(intentPt: Double, atTraceUs traceUs: Int64, maxOffsetPt: Double?, dimensionPt: Double)
    -> Shown
  {
    let shown: Shown
    if !intentPt.isFinite {
      bounce.reset()
      shown = Shown(offsetPt: maxOffsetPt ?? 0, velocityPtS: sample.velocityPtS, heldAtEdge: true)
    } else if edgeBehavior == .rubberBand {
      let resolved = bounce.resolve(
        intentPt: intentPt, velocityPtS: sample.velocityPtS, phase: sample.phase, atTraceUs: traceUs,
        maxOffsetPt: maxOffsetPt, dimensionPt: dimensionPt)
      shown = Shown(offsetPt: resolved.offsetPt, velocityPtS: resolved.velocityPtS, heldAtEdge: false)
    } else {
      let offset = min(max(0, intentPt), maxOffsetPt ?? .infinity)
      shown = Shown(offsetPt: offset, velocityPtS: sample.velocityPtS, heldAtEdge: offset != intentPt)
    }
    viewportOffsetPt = shown.offsetPt
    sample.velocityPtS = shown.velocityPtS
    return shown
  }

  /// The viewport moved from `previousOffsetPt`: the direction follows the part of the move
  /// inside 0…`limitPt`, so overscroll and the spring back from it never flip it (nor make
  /// direction-following strategies turn round).
  @inline(__always)
  mutating func noteMove(from previousOffsetPt: Double, limitPt: Double) {
    guard viewportOffsetPt != previousOffsetPt else { return }
    let now = min(max(0, viewportOffsetPt), limitPt)
    let before = min(max(0, previousOffsetPt), limitPt)
    if now != before { scrollDirection = now > before ? .down : .up }
  }

  /// The intent of the current motion at `traceUs` (the anchor shift included), pt.
  func intentPt(atTraceUs traceUs: Int64) -> Double {
    motion.sample(atTraceUs: traceUs).intentOffsetPt + anchorShiftPt
  }

  /// The trace instant, to the µs, at which the current motion's intent reaches `limitPt` (the
  /// last instant it is still at or before it), searched within the motion and from `fromTraceUs`
  /// to `upToTraceUs`: a pause never reaches back into a wait whose frames were skipped, and a
  /// jump pauses from the instant it happened. O(log Δτ), once per pause. `mutating` only so that
  /// the engine calls it in place (see the type's comment); the search itself reads a copy of the
  /// motion, not of the driver, so no probe copies the driver either.
  mutating func crossingTraceUs(limitPt: Double, from fromTraceUs: Int64, upTo upToTraceUs: Int64) -> Int64 {
    Self.crossingTraceUs(
      of: motion, anchorShiftPt: anchorShiftPt, limitPt: limitPt, from: fromTraceUs, upTo: upToTraceUs)
  }

  /// `crossingTraceUs(limitPt:from:upTo:)` for `motion` with the anchor shift `anchorShiftPt`.
  private static func crossingTraceUs(
    of motion: ScrollMotion, anchorShiftPt: Double, limitPt: Double, from fromTraceUs: Int64,
    upTo upToTraceUs: Int64
  ) -> Int64 {
    var low = max(fromTraceUs, min(motion.startUs, upToTraceUs))
    var high = upToTraceUs
    // `intentPt(atTraceUs:)`, term for term.
    func passes(_ traceUs: Int64) -> Bool {
      !(motion.sample(atTraceUs: traceUs).intentOffsetPt + anchorShiftPt <= limitPt)
    }
    if passes(low) { return low }
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if passes(middle) { high = middle } else { low = middle }
    }
    return low
  }

  /// The viewport stops at the end of loaded content, `limitPt` (a pause, or a frame waiting for
  /// what arrives at its instant). A finger dragging into it does not lift there: it stays down,
  /// pressing against the end without moving the content (phase `.dragging`, velocity 0, the end
  /// as target) until it lifts (`liftFinger`) or content arrives and the rest of the drag goes on.
  /// A fling's momentum stops at the end (phase `.idle`, velocity 0, the end as target); the rest
  /// of it is deferred with the trace. The target is the intent itself, past the end, so it reads
  /// as the end of loaded content wherever that is as pages arrive. Returns true when a finger is
  /// held.
  mutating func stopAtEnd(limitPt: Double) -> Bool {
    viewportOffsetPt = max(viewportOffsetPt, limitPt)
    let held = sample.phase == .dragging
    if sample.phase != .idle {
      sample.phase = held ? .dragging : .idle
      sample.velocityPtS = 0
      sample.projectedTargetPt = sample.intentOffsetPt
    }
    return held
  }

  /// The finger held against the end of loaded content lifts: with no velocity there is no
  /// fling, and the content rests at the end.
  mutating func liftFinger() {
    sample.phase = .idle
    sample.velocityPtS = 0
  }

  /// The trace instant at which the finger dragging now lifts: the end of the run of dragging
  /// motions from the current one (a recorded drag comes in pieces), capped at the trace's end.
  /// Reads ahead on a copy of the source, so the source itself is asked nothing out of order.
  /// O(motions in the touch). `mutating` only so that the engine calls it in place (see the
  /// type's comment): only the source is copied.
  mutating func touchLiftTraceUs(environment: some ScrollEnvironment) -> Int64 {
    var probe = source
    var liftUs = min(motion.endUs, source.durationUs)
    while liftUs < source.durationUs {
      let next = probe.motion(atTraceUs: liftUs, environment: environment)
      guard next.phase == .dragging, next.covers(liftUs), next.endUs > liftUs else { break }
      liftUs = min(next.endUs, source.durationUs)
    }
    return liftUs
  }

  /// A pull-to-refresh the current motion follows has not been acted on (`takeRefresh`): a motion
  /// loaded outside a frame (content arriving during a held frame) leaves it to the next frame.
  /// `mutating` only so that the call works in place (see the type's comment).
  var hasPendingRefresh: Bool {
    mutating get { motion.refreshCount > refreshesTaken }
  }

  /// The current motion comes after a pull-to-refresh not acted on yet: true once per refresh
  /// (back-to-back refreshes with no trace time between them are one).
  @inline(__always)
  mutating func takeRefresh() -> Bool {
    guard motion.refreshCount > refreshesTaken else { return false }
    refreshesTaken = motion.refreshCount
    return true
  }

  /// While the user waits for a jump's target, the list follows the content to its new end.
  mutating func followEnd(limitPt: Double) { viewportOffsetPt = max(viewportOffsetPt, limitPt) }

  /// Rows above the viewport changed height by `shiftPt` in total: the viewport keeps its rows
  /// where they were on screen, and later intents shift with it.
  mutating func shiftAnchor(by shiftPt: Double) {
    viewportOffsetPt += shiftPt
    anchorShiftPt += shiftPt
  }

  /// The current motion waits for a jump's target to be laid out.
  var isWaitingForLayout: Bool {
    if case .waitingForLayout = motion.shape { return true }
    return false
  }

  /// Where a resting motion ends, in τ, when nothing moves until then (no spring either), else nil.
  @inline(__always)
  mutating func restEndTraceUs(after traceUs: Int64) -> Int64? {
    if case .rest = motion.shape, motion.endUs > traceUs, !bounce.isSpringing { return motion.endUs }
    return nil
  }

  /// Where the viewport's top will rest when the current motion ends, clamped to
  /// 0…`limitPt`; `limitPt` (0 when there is none) while the target is unknown.
  @inline(__always)
  mutating func projectedTargetOffsetPt(limitPt: Double?) -> Double {
    let target = sample.projectedTargetPt + anchorShiftPt
    guard target.isFinite else { return limitPt ?? 0 }
    return min(max(0, target), limitPt ?? .infinity)
  }

  /// Debug builds: positions are finite numbers.
  func checkInvariants() {
    assert(viewportOffsetPt.isFinite && anchorShiftPt.isFinite, "the viewport left the number line")
  }
}
