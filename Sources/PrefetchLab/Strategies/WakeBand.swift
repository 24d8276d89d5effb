/// The conditions under which a strategy's `.frame` consultations would do nothing
/// (`Wake.quietWhile`).
public struct WakeBand: Sendable, Equatable {
  /// The viewport's top stays within `lowPt`…`highPt`, pt (either may be infinite; `lowPt >
  /// highPt` promises nothing).
  public var lowPt: Double
  public var highPt: Double
  /// The promise holds even as rows enter or leave the viewport: the strategy's frame decisions
  /// do not read the rows shown, or catch up on them from
  /// `StrategyContext.rowsShownWithoutConsultation` (as Paging 3 binds them). False: a change of
  /// the rows shown wakes the strategy.
  public var acrossRowChanges: Bool
  /// Only frames before this clock time, µs (`Int64.max`: no limit; a time not after `nowUs`
  /// promises nothing): for decisions that wait for the clock (a batch timer, a planned release),
  /// the first moving frame at or after it is consulted.
  public var beforeUs: Int64
  /// Only while the scroll moves at constant velocity (a scripted drag, a recorded segment) equal
  /// to the `velocityPtS` the consultation read, where `phase` and `projectedTargetOffsetPt`'s
  /// rule stay too; frames of a fling, a spring or a rubber band wake the strategy. For decisions
  /// that read the velocity.
  public var whileVelocityHolds: Bool

  public init(
    lowPt: Double, highPt: Double, acrossRowChanges: Bool = false, beforeUs: Int64 = .max,
    whileVelocityHolds: Bool = false
  ) {
    self.lowPt = lowPt
    self.highPt = highPt
    self.acrossRowChanges = acrossRowChanges
    self.beforeUs = beforeUs
    self.whileVelocityHolds = whileVelocityHolds
  }
}
