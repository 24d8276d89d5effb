import Foundation

/// A recorded scroll session as `fit-users` reads it: the `offset_csv` rows `scroll.trace`
/// replays (docs/scenario-format.md), with the touch state when the file has a `phase` column.
///
/// The file is an `offset_csv`: an optional header, then `t_ms,offset_pt` rows. A header may name
/// more columns; `t_ms`, `offset_pt` and, when present, `phase` (`idle`, `dragging`,
/// `decelerating`) are read by name. `prefetchlab trace` and every recorder in `recorders/` write
/// the phase; it is what tells a finger's drag from the fling after it (see `SessionSegmenter`).
/// The same rules as for a replayed recording apply (`RecordedScroll.load`): times not
/// decreasing, within ±10^15 ms and at most 10^9 ms after the first row, offsets within ±10^14 pt,
/// at least 2 rows.
public struct RecordedSession: Sendable, Equatable {
  public struct Sample: Sendable, Equatable {
    /// Time from the session's first row, ms.
    public var timeMs: Double
    /// Where the content's top was, pt.
    public var offsetPt: Double
    /// The touch state, when recorded.
    public var phase: ScrollPhase?

    public init(timeMs: Double, offsetPt: Double, phase: ScrollPhase? = nil) {
      self.timeMs = timeMs
      self.offsetPt = offsetPt
      self.phase = phase
    }
  }

  /// At least 2 rows, times non-decreasing, starting at 0.
  public var samples: [Sample]
  /// The file as given (for messages and reports).
  public var sourcePath: String

  /// - Parameter samples: times non-decreasing; shifted so that the first is 0. Rows sharing a
  ///   time keep only the last: recorders that coalesce input events write two offsets in one
  ///   millisecond, and a speed measured across a zero-length step would either be infinite or,
  ///   skipped, halve the next step's speed.
  public init(samples: [Sample], sourcePath: String) {
    let start = samples.first?.timeMs ?? 0
    var kept: [Sample] = []
    kept.reserveCapacity(samples.count)
    for sample in samples {
      let shifted = Sample(timeMs: sample.timeMs - start, offsetPt: sample.offsetPt, phase: sample.phase)
      if let last = kept.last, last.timeMs == shifted.timeMs {
        kept[kept.count - 1] = shifted
      } else {
        kept.append(shifted)
      }
    }
    self.samples = kept
    self.sourcePath = sourcePath
  }

  /// Every row carries a phase.
  public var hasPhases: Bool { samples.allSatisfy { $0.phase != nil } }

  /// Length from the first row to the last, ms.
  public var durationMs: Double { samples.last?.timeMs ?? 0 }

  /// Reads a session file.
  /// - Throws: `InputError` naming the file and line of the first malformed row, "spans 0 ms"
  ///   when every row has one time, or "cannot read
  ///   the file".
  public static func load(path: String) throws(InputError) -> RecordedSession {
    let rows = try OffsetCSV.load(path: path, annotations: .phase)
    return try spanning(RecordedSession(samples: samples(of: rows), sourcePath: path))
  }

  /// Parses session text; `file` names it in errors. O(bytes).
  public static func parse(_ text: String, file: String) throws(InputError) -> RecordedSession {
    let rows = try OffsetCSV.parse(text, file: file, annotations: .phase)
    return try spanning(RecordedSession(samples: samples(of: rows), sourcePath: file))
  }

  /// A session whose rows all share one time has no speed, dwell or length to fit.
  private static func spanning(_ session: RecordedSession) throws(InputError) -> RecordedSession {
    guard session.samples.count >= 2 else {
      throw InputError(
        file: session.sourcePath, location: "",
        message: "spans 0 ms: every row has the same t_ms; a session needs at least 2 distinct times")
    }
    return session
  }

  private static func samples(of rows: [OffsetCSV.Row]) -> [Sample] {
    rows.map { Sample(timeMs: $0.timeMs, offsetPt: $0.offsetPt, phase: $0.phase) }
  }
}
