import PrefetchLab

/// The fast path of `RunFileReader`: files in `run`'s own plain form (`PlainCSV`), read into the
/// same rows `CSVTable` would give. nil for anything the general path must judge (an empty
/// required cell, a malformed number), which then reads the file again and names the problem.
extension RunFileReader {
  static func timeline(_ csv: PlainCSV) -> [TimelineRow]? {
    var rows: [TimelineRow] = []
    rows.reserveCapacity(csv.count)
    // Columns in `TimelineSample.columnNames` order.
    for row in 0..<csv.count {
      guard let timeMs = csv.double(row, 0), let offsetPt = csv.double(row, 2),
        let velocityPtS = csv.double(row, 3), let contentHeightPt = csv.double(row, 4),
        let blankFraction = csv.double(row, 5), let inFlight = csv.double(row, 6),
        let stalled = csv.double(row, 7)
      else { return nil }
      let traceMs = csv.double(row, 1)
      if traceMs == nil && !csv.isEmpty(row, 1) { return nil }
      rows.append(
        TimelineRow(
          timeMs: timeMs, traceMs: traceMs, offsetPt: offsetPt, velocityPtS: velocityPtS,
          contentHeightPt: contentHeightPt, blankFraction: blankFraction, inFlight: inFlight,
          stalled: stalled != 0))
    }
    return rows
  }

  static func events(_ csv: PlainCSV) -> [EventRow]? {
    var rows: [EventRow] = []
    rows.reserveCapacity(csv.count)
    // Columns in `RunFiles.eventColumns` order: t_ms, event, request_id, kind, …
    for row in 0..<csv.count {
      guard let timeMs = csv.double(row, 0) else { return nil }
      let requestID = csv.int64(row, 2)
      if requestID == nil && !csv.isEmpty(row, 2) { return nil }
      rows.append(
        EventRow(
          timeMs: timeMs, event: csv.string(row, 1), kind: csv.string(row, 3), requestID: requestID ?? -1))
    }
    return rows
  }

  static func timesToContent(_ csv: PlainCSV) -> [TimeToContentRow]? {
    var rows: [TimeToContentRow] = []
    rows.reserveCapacity(csv.count)
    // Columns in `TimeToContent.columnNames` order: item, first_visible_ms, ttc_ms, complete.
    for row in 0..<csv.count {
      guard let ttcMs = csv.double(row, 2), let complete = csv.double(row, 3) else { return nil }
      let item = csv.int64(row, 0)
      if item == nil && !csv.isEmpty(row, 0) { return nil }
      rows.append(TimeToContentRow(item: item ?? -1, ttcMs: ttcMs, complete: complete != 0))
    }
    return rows
  }
}
