/// What a strategy needs next, returned by each consultation (`PrefetchStrategy.update`): its next
/// wake-up as a value, as a simulation process yields the event it waits for. The engine keeps it
/// until the next consultation and consults the strategy again at the first moving frame that
/// breaks it, or at the next event (which always consults, or ends the wake-up); see "Time
/// advance" in docs/model.md.
///
/// A wake-up that is too eager costs only speed: `.everyFrame` (the default of a strategy that
/// declares nothing) is always correct. One that is too lax changes the results, so a band of
/// offsets that comes from arithmetic is rounded towards the current offset
/// (`PageTrigger.roundedDown`/`roundedUp`) or checked against the decision's own test
/// (`QuietOffsets`). The stepped reference engine consults every moving frame and ignores it;
/// `EngineEquivalenceTests` holds both engines' outputs byte-identical.
public enum Wake: Sendable, Equatable {
  /// Consult at every moving frame.
  case everyFrame
  /// The `.frame` consultations that follow would do nothing (no action, no change to the
  /// strategy's own state) while the band's conditions hold and nothing else the engine watches
  /// changes: the scroll direction and phase, the layout, pages and requests (any event), and the
  /// rows shown unless the band holds across row changes.
  case quietWhile(WakeBand)

  /// Nothing to do until an event, wherever the viewport goes and whatever rows it shows (what
  /// the frame decisions do with the rows is caught up from
  /// `StrategyContext.rowsShownWithoutConsultation`, or they do not read them).
  public static let nextEvent = Wake.quietWhile(
    WakeBand(lowPt: -.infinity, highPt: .infinity, acrossRowChanges: true))

  /// Nothing to do until an event or a change of the rows shown.
  public static let nextEventOrRowChange = Wake.quietWhile(
    WakeBand(lowPt: -.infinity, highPt: .infinity, acrossRowChanges: false))

  /// Nothing to do while the viewport's top stays within `lowPt`…`highPt` (pt; either may be
  /// infinite; an empty band is `.everyFrame`) and nothing else changes; see `WakeBand` for the
  /// other conditions.
  @inline(__always)
  public static func whileOffset(
    within lowPt: Double, _ highPt: Double, acrossRowChanges: Bool = false, beforeUs: Int64 = .max,
    whileVelocityHolds: Bool = false
  ) -> Wake {
    .quietWhile(
      WakeBand(
        lowPt: lowPt, highPt: highPt, acrossRowChanges: acrossRowChanges, beforeUs: beforeUs,
        whileVelocityHolds: whileVelocityHolds))
  }
}
