/// What a timeline row shows of the scroll while the event engine takes quiet frames without
/// committing each to the scroll (`Simulation.scanQuietFrames`, `jumpAlongLinearMotion`): the
/// scroll then still holds the frame before the stretch, and a row must show the last frame at
/// or before its instant, as the stepped engine's rows do. So the timeline's grid costs the
/// stretch a comparison per frame (a scan) or a closed-form offset per row (a jump), never a
/// full frame.
enum QuietTimelineScroll: Sendable {
  /// A scan: the last frame taken shows `offsetPt` at `velocityPtS`.
  case shown(offsetPt: Double, velocityPtS: Double)
  /// A jump along a linear motion at `velocityPtS`: frames from `firstFrame` on show the motion's
  /// offset plus `shiftPt` (the anchor shift); instants before that frame show `committedPt` at
  /// `committedVelocityPtS`, what the scroll holds.
  case linear(
    velocityPtS: Double, firstFrame: Int64, shiftPt: Double, committedPt: Double, committedVelocityPtS: Double
  )
}
