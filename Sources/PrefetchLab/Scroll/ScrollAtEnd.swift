/// [scroll.at_end] What the user does when the intent runs past the end of loaded content while
/// more may come (a stall; see "Stalls" in docs/model.md).
public enum ScrollAtEnd: String, Sendable, Equatable, CaseIterable {
  /// The pause model: the user's trace time τ stops at the instant the intent crossed the end and
  /// resumes when content lets the user move on; the rest of the trace is deferred, not lost.
  case wait
  /// A finger that keeps pressing against the end: τ runs on with the clock, the viewport stays
  /// at the end of loaded content while the intent is past it and catches up (to the intent, or
  /// to the new end) at the first frame after content grows. Scripts of `drag` and `wait`
  /// gestures only: a fling or jump into the end has no pressing finger to model.
  case press
}
