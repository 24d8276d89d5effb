/// One row of a scroll trace (`prefetchlab trace`): the user on a fully loaded feed at one frame.
public struct ScrollTraceRow: Sendable, Equatable {
  /// Trace time τ from first content, µs.
  public var traceUs: Int64
  /// Where the content is shown: the intent, clamped to the feed or rubber-banded past its edges
  /// (iOS), pt.
  public var offsetPt: Double
  /// d(offset)/dt, pt/s (positive towards the feed's end).
  public var velocityPtS: Double
  public var phase: ScrollPhase
  /// Where a fling in progress will rest (the offset itself otherwise), clamped to the feed, pt.
  public var projectedTargetPt: Double

  /// Column names of the CSV `prefetchlab trace` writes, in order.
  public static let columnNames = ["t_ms", "offset_pt", "velocity_pt_s", "phase", "projected_target_pt"]
}
