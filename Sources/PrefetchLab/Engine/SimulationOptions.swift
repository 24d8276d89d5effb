/// Knobs of a run that are not part of the scenario: what to record.
public struct SimulationOptions: Sendable, Equatable {
  /// Spacing of timeline rows, µs; 0 = no timeline.
  public var timelineIntervalUs: Int64
  /// Record the request lifecycle (`events/*.csv`).
  public var recordEvents: Bool

  public init(timelineIntervalUs: Int64 = 100_000, recordEvents: Bool = true) {
    self.timelineIntervalUs = timelineIntervalUs
    self.recordEvents = recordEvents
  }
}
