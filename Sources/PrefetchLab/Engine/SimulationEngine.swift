/// How a run advances time between events (`--engine`).
public enum SimulationEngine: String, Sendable, Equatable, CaseIterable {
  /// The reference: every display frame in which something can move is simulated in full.
  case stepped
  /// Frames in which nothing a metric or the strategy can see changes, except the viewport's
  /// position, are stepped through without the full frame (see "Time advance" in
  /// docs/model.md); the outputs are identical to `stepped`. The default.
  case event
}
