import Foundation
import PrefetchLab

/// One row of a run's timeline (`timeline.csv`).
public struct TimelineRow: Sendable, Equatable {
  public var timeMs: Double
  /// Trace time τ; nil before first content.
  public var traceMs: Double?
  public var offsetPt: Double
  public var velocityPtS: Double
  public var contentHeightPt: Double
  public var blankFraction: Double
  public var inFlight: Double
  public var stalled: Bool
}

/// One row of a run's events (`events.csv`), the columns plots use.
public struct EventRow: Sendable, Equatable {
  public var timeMs: Double
  /// `issued`, `started`, `first_byte`, `completed`, `cancelled`, `timeout`, `failed`, `applied`, …
  public var event: String
  /// `page` or `media`.
  public var kind: String
  public var requestID: Int64
}

/// One row of a run's times to content (`ttc.csv`).
public struct TimeToContentRow: Sendable, Equatable {
  public var item: Int64
  public var ttcMs: Double
  public var complete: Bool
}

/// Reads a run's timeline, events and time-to-content rows: from a per-run file of the
/// layout before the run tables (a path), or from a run's rows as `RunData` hands them over (a
/// `PlainCSV` in `run`'s own form, else a `CSVTable`). A missing file gives nil (the run was made
/// with `--timeline-interval-ms 0`, or by a version that did not write it); a malformed one
/// throws `InputError` naming the file and line.
public enum RunFileReader {
  public static func timeline(_ path: String) throws(InputError) -> [TimelineRow]? {
    if let plain = PlainCSV.read(path, header: TimelineSample.columnNames), let rows = timeline(plain) {
      return rows
    }
    guard let table = try table(path) else { return nil }
    return try timeline(table: table)
  }

  static func timeline(table: CSVTable) throws(InputError) -> [TimelineRow] {
    var rows: [TimelineRow] = []
    rows.reserveCapacity(table.count)
    for index in 0..<table.count {
      rows.append(
        TimelineRow(
          timeMs: try require(table, "t_ms", index), traceMs: try table.double("trace_ms", row: index),
          offsetPt: try require(table, "offset_pt", index),
          velocityPtS: try require(table, "velocity_pt_s", index),
          contentHeightPt: try require(table, "content_height_pt", index),
          blankFraction: try require(table, "blank_fraction", index),
          inFlight: try require(table, "in_flight", index),
          stalled: try require(table, "stalled", index) != 0))
    }
    return rows
  }

  public static func events(_ path: String) throws(InputError) -> [EventRow]? {
    if let plain = PlainCSV.read(path, header: RunFiles.eventColumns), let rows = events(plain) {
      return rows
    }
    guard let table = try table(path) else { return nil }
    return try events(table: table)
  }

  static func events(table: CSVTable) throws(InputError) -> [EventRow] {
    var rows: [EventRow] = []
    rows.reserveCapacity(table.count)
    for index in 0..<table.count {
      rows.append(
        EventRow(
          timeMs: try require(table, "t_ms", index), event: try table.string("event", row: index),
          kind: try table.string("kind", row: index),
          requestID: try table.int64("request_id", row: index) ?? -1))
    }
    return rows
  }

  public static func timesToContent(_ path: String) throws(InputError) -> [TimeToContentRow]? {
    if let plain = PlainCSV.read(path, header: TimeToContent.columnNames), let rows = timesToContent(plain) {
      return rows
    }
    guard let table = try table(path) else { return nil }
    return try timesToContent(table: table)
  }

  static func timesToContent(table: CSVTable) throws(InputError) -> [TimeToContentRow] {
    var rows: [TimeToContentRow] = []
    rows.reserveCapacity(table.count)
    for index in 0..<table.count {
      rows.append(
        TimeToContentRow(
          item: try table.int64("item", row: index) ?? -1, ttcMs: try require(table, "ttc_ms", index),
          complete: try require(table, "complete", index) != 0))
    }
    return rows
  }

  private static func table(_ path: String) throws(InputError) -> CSVTable? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try CSVTable(contentsOfFile: path)
  }

  private static func require(_ table: CSVTable, _ column: String, _ row: Int) throws(InputError) -> Double {
    guard let value = try table.double(column, row: row) else {
      throw InputError(
        file: table.file, location: "line \(table.rowLines[row])", message: "column '\(column)' is empty")
    }
    return value
  }
}
