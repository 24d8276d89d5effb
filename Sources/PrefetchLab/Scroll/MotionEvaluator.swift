/// Evaluates the current scroll motion frame after frame. An iOS fling's decay factor rate^t
/// moves by the same factor every frame interval, so stepping by multiplication replaces an
/// exponential per frame (a tenth of the engine's time); any other step falls back to the
/// closed form. Deterministic: the same frames give the same products.
struct MotionEvaluator: Sendable {
  private var flingStartUs = Int64.min
  private var lastElapsedUs: Int64 = 0
  private var lastRemaining = 1.0
  /// Decay over one frame step of `stepUs` and of `stepUs + 1` µs (the grid alternates).
  private var stepUs: Int64 = 0
  private var stepFactor = 1.0
  private var longStepFactor = 1.0

  mutating func sample(_ motion: ScrollMotion, atTraceUs traceUs: Int64, frameStepUs: Int64) -> ScrollSample {
    guard case .fling(.ios(let curve)) = motion.shape else { return motion.sample(atTraceUs: traceUs) }
    let elapsed = traceUs - motion.startUs
    guard elapsed >= 0, elapsed < curve.durationUs else { return motion.sample(atTraceUs: traceUs) }
    if flingStartUs != motion.startUs || stepUs != frameStepUs {
      flingStartUs = motion.startUs
      stepUs = frameStepUs
      stepFactor = curve.remainingFactor(afterUs: frameStepUs)
      longStepFactor = curve.remainingFactor(afterUs: frameStepUs + 1)
      lastElapsedUs = 0
      lastRemaining = 1
    }
    let remaining: Double
    switch elapsed - lastElapsedUs {
    case 0: remaining = lastRemaining
    case stepUs: remaining = lastRemaining * stepFactor
    case stepUs + 1: remaining = lastRemaining * longStepFactor
    default: remaining = curve.remainingFactor(afterUs: elapsed)
    }
    lastElapsedUs = elapsed
    lastRemaining = remaining
    let state = curve.state(remaining: remaining, beforeRest: true)
    return ScrollSample(
      intentOffsetPt: motion.basePt + state.displacementPt, velocityPtS: state.velocityPtS,
      phase: motion.phase,
      projectedTargetPt: motion.basePt + curve.distancePt)
  }
}
