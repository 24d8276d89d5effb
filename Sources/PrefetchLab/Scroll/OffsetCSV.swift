import Foundation

/// The `offset_csv` reader shared by replayed recordings (`RecordedScroll`) and `fit-users`'
/// sessions (`RecordedSession`), so both accept and refuse the same rows; a session to fit must
/// also span more than 0 ms (a replay of one is a user holding still).
///
/// Format: an optional header, then one `t_ms,offset_pt` row per line (LF or CRLF line ends);
/// blank lines are ignored. A header may name more columns (as `prefetchlab trace` and the
/// recorders write them): `t_ms` and `offset_pt` are then read by name, plus the annotations the
/// caller asks for, and the rest ignored.
enum OffsetCSV {
  /// Which recorded annotations a caller reads.
  enum Annotations {
    /// `phase` whenever the header names it (sessions: the touch state alone is useful).
    case phase
    /// `phase` and `projected_target_pt`, only when the header names both (a replay needs the
    /// pair or infers both).
    case phaseAndTarget
  }

  struct Row {
    var timeMs: Double
    var offsetPt: Double
    var phase: ScrollPhase?
    var projectedTargetPt: Double?
  }

  /// Reads `path` as UTF-8 and parses it.
  /// - Throws: `InputError` "cannot read the file" for a missing or non-UTF-8 file, else as `parse`.
  static func load(path: String, annotations: Annotations) throws(InputError) -> [Row] {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { throw InputError(file: path, location: "", message: "cannot read the file") }
    return try parse(text, file: path, annotations: annotations)
  }

  /// Parses the text; `file` names it in errors. O(bytes).
  /// - Returns: at least 2 rows, times non-decreasing.
  /// - Throws: `InputError` naming the file and line of the first malformed row (wrong field count,
  ///   non-numbers, non-finite values, decreasing time, times beyond ±10^15 ms or more than 10^9 ms
  ///   after the first row, offsets or targets beyond ±10^14 pt, an unknown phase), or fewer than 2
  ///   rows.
  static func parse(_ text: String, file: String, annotations: Annotations) throws(InputError) -> [Row] {
    var rows: [Row] = []
    var columns: (time: Int, offset: Int, count: Int)? = nil
    var phaseColumn: Int? = nil
    var targetColumn: Int? = nil
    var reader = LineReader(Array(text.utf8), blankLines: .skipped)
    while let line = reader.next() {
      let fields = reader.fields(of: line, separatedBy: UInt8(ascii: ","))
      if rows.isEmpty && columns == nil, let time = fields.firstIndex(of: "t_ms"),
        let offset = fields.firstIndex(of: "offset_pt")
      {
        columns = (time, offset, fields.count)
        let phase = fields.firstIndex(of: "phase")
        let target = fields.firstIndex(of: "projected_target_pt")
        switch annotations {
        case .phase: phaseColumn = phase
        case .phaseAndTarget:
          if phase != nil && target != nil { (phaseColumn, targetColumn) = (phase, target) }
        }
        continue
      }
      let (timeColumn, offsetColumn, fieldCount) = columns ?? (0, 1, 2)
      guard fields.count == fieldCount else {
        throw InputError(
          file: file, location: line.location,
          message: fieldCount == 2
            ? "expected 2 fields t_ms,offset_pt, got \(fields.count)"
            : "expected \(fieldCount) fields as in the header, got \(fields.count)")
      }
      guard let time = Double(fields[timeColumn]), time.isFinite, let offset = Double(fields[offsetColumn]),
        offset.isFinite
      else {
        throw InputError(
          file: file, location: line.location,
          message: "expected two finite numbers, got \(ValueText.quoted(reader.text(line.range)))")
      }
      if let problem = RecordingBounds.timeProblem(time, first: rows.first?.timeMs)
        ?? RecordingBounds.positionProblem("offset_pt", offset)
      {
        throw InputError(file: file, location: line.location, message: problem)
      }
      if let previous = rows.last, time < previous.timeMs {
        throw InputError(
          file: file, location: line.location,
          message:
            "t_ms must not decrease, got \(DecimalFormat.readable(time, against: [previous.timeMs])) after \(DecimalFormat.readable(previous.timeMs))"
        )
      }
      var row = Row(timeMs: time, offsetPt: offset)
      if let phaseColumn {
        guard let phase = ScrollPhase.named(fields[phaseColumn]) else {
          throw InputError(
            file: file, location: line.location,
            message:
              "phase must be one of idle, dragging, decelerating, got \(ValueText.quoted(fields[phaseColumn]))"
          )
        }
        row.phase = phase
      }
      if let targetColumn {
        guard let target = Double(fields[targetColumn]), target.isFinite else {
          throw InputError(
            file: file, location: line.location,
            message:
              "projected_target_pt must be a finite number, got \(ValueText.quoted(fields[targetColumn]))")
        }
        if let problem = RecordingBounds.positionProblem("projected_target_pt", target) {
          throw InputError(file: file, location: line.location, message: problem)
        }
        row.projectedTargetPt = target
      }
      rows.append(row)
    }
    guard rows.count >= 2 else {
      throw InputError(file: file, location: "", message: "needs at least 2 samples, got \(rows.count)")
    }
    return rows
  }
}
