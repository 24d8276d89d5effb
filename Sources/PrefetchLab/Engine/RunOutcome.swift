/// What one run produced.
public struct RunOutcome: Sendable {
  public var summary: SummaryMetrics
  public var timeline: [TimelineSample]
  public var events: [RequestEvent]
  /// Full frames computed (frames where nothing could move, and with the event engine quiet
  /// frames, are skipped or stepped lightly); for benchmarks.
  public var framesProcessed: Int
  /// Timed events handled (queue events and transfer completions); for benchmarks.
  public var eventsProcessed: Int
  /// Every item that became visible, by item: the samples behind `ttc_*` (for CDFs).
  public var timesToContent: [TimeToContent]
  /// Diagnostic: the strategy type the engine's loop was instantiated with
  /// (`ObjectIdentifier(MyStrategy.self)`), so a test can check that a run went through the loop
  /// typed for its strategy.
  public var strategyType: ObjectIdentifier
}
