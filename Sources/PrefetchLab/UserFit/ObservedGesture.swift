/// One gesture found in a recorded session (`SessionSegmenter`): what the synthetic user model
/// draws per gesture (`UserBehavior`), as far as the recording shows it.
public struct ObservedGesture: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// A finger on the screen: a drag, maybe released into a fling.
    case touch
    /// The content moved to offset 0 in one step.
    case jumpToTop
    /// The content moved elsewhere in one step (a link, a restored position).
    case jumpElsewhere
  }

  public var kind: Kind
  /// When the finger went down (or the jump happened), ms from the session's start.
  public var startMs: Double
  /// Finger down → up, ms; 0 for jumps.
  public var strokeMs: Double
  /// +1 onwards (offset growing), −1 back, 0 when the drag did not move the content (held at an
  /// edge) or for jumps.
  public var direction: Double
  /// Content speed while the finger dragged, pt/s (unsigned); nil when the drag spans a single
  /// sample or did not move.
  public var dragSpeedPtS: Double?
  /// The touch was released into a fling.
  public var flung: Bool
  /// Release speed of the fling, pt/s (unsigned); nil without a fling or when too few samples of
  /// it were recorded.
  public var flingSpeedPtS: Double?
  /// Lift (or jump) → next gesture, ms; nil for the session's last gesture.
  public var dwellMs: Double?

  public init(
    kind: Kind, startMs: Double, strokeMs: Double = 0, direction: Double = 0, dragSpeedPtS: Double? = nil,
    flung: Bool = false, flingSpeedPtS: Double? = nil, dwellMs: Double? = nil
  ) {
    self.kind = kind
    self.startMs = startMs
    self.strokeMs = strokeMs
    self.direction = direction
    self.dragSpeedPtS = dragSpeedPtS
    self.flung = flung
    self.flingSpeedPtS = flingSpeedPtS
    self.dwellMs = dwellMs
  }
}
