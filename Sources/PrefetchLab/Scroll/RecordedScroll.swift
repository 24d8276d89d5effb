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
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { throw InputError(file: path, location: "", message: "cannot read the file") }
    var samples: [(timeMs: Double, offsetPt: Double)] = []
    var annotations: [Annotation] = []
    var columns: (time: Int, offset: Int, count: Int)? = nil
    var annotationColumns: (phase: Int, target: Int)? = nil
    var reader = LineReader(Array(text.utf8), blankLines: .skipped)
    while let line = reader.next() {
      let fields = reader.fields(of: line, separatedBy: UInt8(ascii: ","))
      if samples.isEmpty && columns == nil, let time = fields.firstIndex(of: "t_ms"),
        let offset = fields.firstIndex(of: "offset_pt")
      {
        columns = (time, offset, fields.count)
        if let phase = fields.firstIndex(of: "phase"),
          let target = fields.firstIndex(of: "projected_target_pt")
        {
          annotationColumns = (phase, target)
        }
        continue
      }
      let (timeColumn, offsetColumn, fieldCount) = columns ?? (0, 1, 2)
      guard fields.count == fieldCount else {
        throw InputError(
          file: path, location: line.location,
          message: fieldCount == 2
            ? "expected 2 fields t_ms,offset_pt, got \(fields.count)"
            : "expected \(fieldCount) fields as in the header, got \(fields.count)")
      }
      guard let time = Double(fields[timeColumn]), time.isFinite, let offset = Double(fields[offsetColumn]),
        offset.isFinite
      else {
        throw InputError(
          file: path, location: line.location,
          message: "expected two finite numbers, got \(ValueText.quoted(reader.text(line.range)))")
      }
      if let problem = RecordingBounds.timeProblem(time, first: samples.first?.timeMs)
        ?? RecordingBounds.positionProblem("offset_pt", offset)
      {
        throw InputError(file: path, location: line.location, message: problem)
      }
      if let previous = samples.last, time < previous.timeMs {
        throw InputError(
          file: path, location: line.location,
          message:
            "t_ms must not decrease, got \(DecimalFormat.readable(time, against: [previous.timeMs])) after \(DecimalFormat.readable(previous.timeMs))"
        )
      }
      if let (phaseColumn, targetColumn) = annotationColumns {
        guard let phase = ScrollPhase.named(fields[phaseColumn]) else {
          throw InputError(
            file: path, location: line.location,
            message:
              "phase must be one of idle, dragging, decelerating, got \(ValueText.quoted(fields[phaseColumn]))"
          )
        }
        guard let target = Double(fields[targetColumn]), target.isFinite else {
          throw InputError(
            file: path, location: line.location,
            message:
              "projected_target_pt must be a finite number, got \(ValueText.quoted(fields[targetColumn]))")
        }
        if let problem = RecordingBounds.positionProblem("projected_target_pt", target) {
          throw InputError(file: path, location: line.location, message: problem)
        }
        annotations.append(Annotation(phase: phase, projectedTargetPt: target))
      }
      samples.append((time, offset))
    }
    guard samples.count >= 2 else {
      throw InputError(file: path, location: "", message: "needs at least 2 samples, got \(samples.count)")
    }
    return RecordedScroll(samples: samples, annotations: annotations, durationUs: durationUs)
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
