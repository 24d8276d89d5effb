import Foundation

/// A recorded scroll: viewport offsets over time (`offset_csv`: `t_ms,offset_pt` rows), replayed
/// as the user's intent with linear interpolation between samples.
///
/// A plain recording has no touch information, so the phase is inferred: moving = `dragging`,
/// still = `idle`, and the projected target is the intent itself. A file written by
/// `prefetchlab trace` also has `phase` and `projected_target_pt` columns: they are replayed as
/// recorded, so phase-aware strategies (Texture's batch fetching at drag end, target-range
/// loading during flings) see the same user as the original run.
public struct RecordedScroll: ScrollSource {
  /// What a row may say beyond its time and offset.
  public struct Annotation: Sendable, Equatable {
    public var phase: ScrollPhase
    public var projectedTargetPt: Double

    public init(phase: ScrollPhase, projectedTargetPt: Double) {
      self.phase = phase
      self.projectedTargetPt = projectedTargetPt
    }
  }

  private let timesUs: [Int64]
  private let offsetsPt: [Double]
  /// Per row, when the file recorded them; else empty.
  private let annotations: [Annotation]
  public let durationUs: Int64
  private var cursor = 0

  /// - Parameters:
  ///   - samples: (t_ms, offset_pt) pairs with non-decreasing times; the trace starts at the first.
  ///   - annotations: each row's recorded phase and projected target, or empty to infer them.
  ///   - durationUs: trace length; nil = up to the last sample.
  public init(
    samples: [(timeMs: Double, offsetPt: Double)], annotations: [Annotation] = [], durationUs: Int64? = nil
  ) {
    let start = samples.first?.timeMs ?? 0
    timesUs = samples.map { Int64((($0.timeMs - start) * 1000).rounded()) }
    offsetsPt = samples.map(\.offsetPt)
    self.annotations = annotations.count == samples.count ? annotations : []
    self.durationUs = durationUs ?? (timesUs.last ?? 0)
  }

  /// Reads an `offset_csv` file: an optional `t_ms,offset_pt` header, then one numeric row per
  /// line (LF or CRLF line ends); blank lines are ignored. A header may name more columns (as
  /// `prefetchlab trace` writes them): `t_ms` and `offset_pt` are then read by name and the rest
  /// ignored. Throws `InputError` naming the file and line for anything else (wrong field count,
  /// non-numbers, non-finite values, decreasing time, times beyond ±10^15 ms or more than 10^9 ms
  /// after the first row, offsets beyond ±10^14 pt), and "cannot read the file" for a missing
  /// file or one that is not UTF-8.
  public static func load(path: String, durationUs: Int64? = nil) throws(InputError) -> RecordedScroll {
    let rows = try OffsetCSV.load(path: path, annotations: .phaseAndTarget)
    let annotations = rows.compactMap { row in
      row.phase.flatMap { phase in
        row.projectedTargetPt.map { Annotation(phase: phase, projectedTargetPt: $0) }
      }
    }
    return RecordedScroll(
      samples: rows.map { ($0.timeMs, $0.offsetPt) }, annotations: annotations, durationUs: durationUs)
  }

  public mutating func motion(atTraceUs traceUs: Int64, environment: some ScrollEnvironment) -> ScrollMotion {
    while cursor + 1 < timesUs.count && timesUs[cursor + 1] <= traceUs { cursor += 1 }
    let annotation = annotations.isEmpty ? nil : annotations[cursor]
    guard cursor + 1 < timesUs.count else {
      var rest = ScrollMotion.rest(at: offsetsPt[offsetsPt.count - 1], from: timesUs[timesUs.count - 1])
      rest.phase = annotation?.phase ?? .idle
      return rest
    }
    let t0 = timesUs[cursor]
    let t1 = timesUs[cursor + 1]
    let x0 = offsetsPt[cursor]
    let x1 = offsetsPt[cursor + 1]
    var motion: ScrollMotion
    if x1 != x0, t1 > t0 {
      let velocity = (x1 - x0) / Double(t1 - t0) * 1_000_000
      motion = ScrollMotion(
        startUs: t0, endUs: t1, basePt: x0, shape: .linear(velocityPtS: velocity), phase: .dragging)
    } else {
      motion = .rest(at: x0, from: t0, until: t1)
    }
    if let annotation {
      motion.phase = annotation.phase
      motion.projectedTargetPt = annotation.projectedTargetPt
    }
    return motion
  }
}

extension ScrollPhase {
  /// The phase written as `description` (`idle`, `dragging`, `decelerating`), else nil.
  public static func named(_ text: String) -> ScrollPhase? {
    [ScrollPhase.idle, .dragging, .decelerating].first { $0.description == text }
  }
}
