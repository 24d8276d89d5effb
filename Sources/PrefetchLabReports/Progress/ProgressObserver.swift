/// The stages of a long command, as progress reports name them.
public enum WorkPhase: String, Sendable {
  /// Simulating runs and writing their per-run files (one unit per run).
  case simulating
  /// Writing summary.csv and manifest.json, or copying shard folders together.
  case writing
  /// Drawing plots with gnuplot (one unit per plot).
  case plotting
  /// Writing report.md and report.html.
  case reporting
  /// Timing `bench`'s samples (one unit per case × strategy, every engine's samples of it).
  case measuring
}

/// Receives progress from the libraries, which never print: the CLI turns it into a progress
/// line on a terminal, one line per phase elsewhere, or nothing (`--quiet`). Called from worker
/// threads: implementations must be thread-safe and quick.
public protocol ProgressObserver: Sendable {
  /// `phase` starts with `total` units of work (0 when it has no count).
  func started(_ phase: WorkPhase, total: Int)
  /// `units` more units of the current phase are done.
  func advanced(_ phase: WorkPhase, by units: Int)
  /// The phase is over; `note` says what it did, for a closing line (e.g. "2 400 files, 62 MB").
  func finished(_ phase: WorkPhase, note: String)
}
