/// A row of `timeline.csv` (after the run's key): the state of the run at one instant, sampled on
/// a fixed grid (decimated from the display frames) plus the instants where a stall starts or
/// ends; the table keeps the samples where something changes.
public struct TimelineSample: Sendable, Equatable {
  public var timeUs: Int64
  /// Trace time τ; nil before first content.
  public var traceUs: Int64?
  public var offsetPt: Double
  public var velocityPtS: Double
  public var contentHeightPt: Double
  public var blankFraction: Double
  public var inFlight: Int
  public var stalled: Bool

  public static let columnNames = [
    "t_ms", "trace_ms", "offset_pt", "velocity_pt_s", "content_height_pt", "blank_fraction", "in_flight",
    "stalled",
  ]
}
