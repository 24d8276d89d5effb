/// The band of the `Wake` a strategy returned from its last consultation (`WakeBand`), with the
/// velocity that consultation read:
/// the `.frame` consultations that follow would do nothing while every condition here holds (and
/// nothing else the engine watches changes). Kept by `TimeAdvance` for the event engine.
struct QuietBand: Sendable {
  /// The viewport's top stays within `lowPt`…`highPt`, pt (either may be infinite).
  var lowPt: Double
  var highPt: Double
  /// The promise holds as rows enter or leave the viewport.
  var acrossRows: Bool
  /// Only frames before this clock time, µs (`Int64.max`: no limit): a strategy whose decisions
  /// wait for a time (a timer, a planned release) is consulted at the first frame at or after it.
  var beforeUs: Int64
  /// Only while the scroll moves at the velocity of the consultation: a moving frame is quiet
  /// only along a constant-velocity motion (a scripted drag) whose velocity is the one the
  /// strategy read, where the velocity, the phase and the projected target's rule stay; frames of
  /// a fling, a spring or a rubber band are consulted.
  var velocityBound: Bool
  /// The velocity the declaring consultation read, pt/s.
  var velocityPtS: Double
}
