extension Simulation {
  /// The timeline's grid rows before `timeUs` during a scan or a jump (`QuietTimelineScroll`):
  /// each shows the scroll of the last frame at or before its instant; everything else a row
  /// shows (τ, content, blank fraction, requests in flight) is what the engine holds, as no
  /// event falls inside the stretch. No state is kept for a stall dated back: the stretch ends
  /// with a frame (`MetricsRecorder.frameEnded`).
  func recordQuietTimeline(_ quiet: QuietTimelineScroll, before timeUs: Int64) {
    guard recorder.nextTimelineUs < timeUs else { return }
    var state = timelineState
    switch quiet {
    case .shown(let offsetPt, let velocityPtS):
      state.offsetPt = offsetPt
      state.velocityPtS = velocityPtS
      recorder.recordTimelineRows(before: timeUs, state)
    case .linear(let velocityPtS, let firstFrame, let shiftPt, let committedPt, let committedVelocityPtS):
      while recorder.nextTimelineUs < timeUs {
        let rowUs = recorder.nextTimelineUs
        let frame = clock.lastFrame(atOrBeforeUs: rowUs)
        if frame >= firstFrame {
          let traceUs = stall.proposedTraceUs(atUs: clock.timeUs(ofFrame: frame))
          state.offsetPt =
            scroll.motion.linearIntentPt(atTraceUs: traceUs, velocityPtS: velocityPtS) + shiftPt
          state.velocityPtS = velocityPtS
        } else {
          state.offsetPt = committedPt
          state.velocityPtS = committedVelocityPtS
        }
        recorder.recordTimelineRows(before: rowUs + 1, state)
      }
    }
  }
}
