/// Knobs of a run that are not part of the scenario: what to record, and how time advances.
public struct SimulationOptions: Sendable, Equatable {
  /// Spacing of timeline rows, µs; 0 = no timeline.
  public var timelineIntervalUs: Int64
  /// Record the request lifecycle (`events.csv`).
  public var recordEvents: Bool
  /// How time advances between events; both engines give the same outputs (`event`, the
  /// default, is faster when the viewport moves for long stretches between events).
  public var engine: SimulationEngine

  public init(
    timelineIntervalUs: Int64 = 100_000, recordEvents: Bool = true, engine: SimulationEngine = .event
  ) {
    self.timelineIntervalUs = timelineIntervalUs
    self.recordEvents = recordEvents
    self.engine = engine
  }
}
