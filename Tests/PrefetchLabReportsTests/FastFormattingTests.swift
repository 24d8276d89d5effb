import Foundation
import Testing

@testable import PrefetchLab
@testable import PrefetchLabReports

/// The byte-level writers and readers of the per-run files agree, value for value, with the
/// `String` paths they replace (`DecimalFormat`, `CSVCell`, `CSVTable`), so results folders stay
/// byte-identical and the readers see the same numbers.
@Suite struct FastFormattingTests {
  /// Values that exercise every branch: zero and negative zero, ties at each number of places,
  /// values that round up to the next integer, the 9e18 limit, and random magnitudes.
  static func sampleValues() -> [Double] {
    var values: [Double] = [
      0, -0.0, 1, -1, 0.5, -0.5, 0.0000005, 0.0000015, -0.0000005, 0.9999995, 9.9999995, 123.4565,
      1e-9, 5e-10, 1e15, 1e18, 8.9e18, 9e18, 9.1e18, -9.1e18, 1e300, .greatestFiniteMagnitude,
      .leastNonzeroMagnitude, .nan, .infinity, -.infinity, 719.21, 5153.563, 0.540511,
    ]
    var generator = SplitMix64(seed: 42)
    for _ in 0..<4000 {
      let exponent = Double(generator.next() % 40) - 20
      let mantissa = Double(generator.next() % 2_000_000) / 1_000_000 - 1
      values.append(mantissa * pow(10, exponent))
    }
    return values
  }

  @Test func decimalCellsAreDecimalFormat() {
    for places in 0...9 {
      var csv = CSVBuffer(header: ["x"], capacity: 8)
      var expected = "x\r\n"
      for value in Self.sampleValues() {
        csv.decimal(value, places: places)
        csv.endRow()
        expected += CSVCell.decimal(value, places: places) + "\r\n"
      }
      csv.decimal(nil, places: places)
      csv.endRow()
      expected += "\r\n"
      #expect(String(decoding: csv.bytes, as: UTF8.self) == expected, "places \(places)")
      #expect(csv.takeBytes() == Array(expected.utf8))
      #expect(csv.takeBytes().isEmpty)
    }
  }

  @Test func integerMillisecondAndTextCellsAreCSVCell() {
    var generator = SplitMix64(seed: 7)
    var csv = CSVBuffer(header: ["n", "ms", "text", "bit"], capacity: 16)
    var expected = "n,ms,text,bit\r\n"
    let extremes: [Int64] = [0, 1, -1, 999, -999, 1000, -1001, .max, .min]
    let texts = ["page", "first_byte", "a,b", "say \"hi\"", "line\nbreak", "", "é"]
    for index in 0..<3000 {
      let integer = index < extremes.count ? extremes[index] : Int64(bitPattern: generator.next()) >> 20
      let micros =
        index < extremes.count
        ? extremes[extremes.count - 1 - index] : Int64(bitPattern: generator.next()) >> 30
      let text = texts[index % texts.count]
      csv.integer(integer)
      csv.milliseconds(index % 11 == 0 ? nil : micros)
      csv.text(text)
      csv.bit(index % 2 == 0)
      csv.endRow()
      expected +=
        CSVWriter.record([
          CSVCell.integer(integer), index % 11 == 0 ? "" : CSVCell.milliseconds(micros), text,
          CSVCell.bit(index % 2 == 0),
        ])
    }
    #expect(String(decoding: csv.bytes, as: UTF8.self) == expected)
  }

  /// Timeline rows (written in place when every value is below 1e12, cell by cell otherwise)
  /// are the `CSVCell` texts of their values.
  @Test func timelineRowsAreCSVCells() {
    let values = Self.sampleValues()
    var samples: [TimelineSample] = []
    for index in 0..<values.count - 4 {
      samples.append(
        TimelineSample(
          timeUs: Int64(index) * 99_991 - 5_000, traceUs: index % 5 == 0 ? nil : Int64(index) * 1_003,
          offsetPt: values[index], velocityPtS: values[index + 1], contentHeightPt: values[index + 2],
          blankFraction: values[index + 3], inFlight: index % 4 - 1, stalled: index % 3 == 0))
    }
    var expected = CSVWriter.record(TimelineSample.columnNames)
    for sample in samples {
      expected += CSVWriter.record([
        CSVCell.milliseconds(sample.timeUs), sample.traceUs.map(CSVCell.milliseconds) ?? "",
        CSVCell.decimal(sample.offsetPt, places: 3), CSVCell.decimal(sample.velocityPtS, places: 3),
        CSVCell.decimal(sample.contentHeightPt, places: 3), CSVCell.decimal(sample.blankFraction, places: 6),
        CSVCell.integer(sample.inFlight), CSVCell.bit(sample.stalled),
      ])
    }
    #expect(String(decoding: RunFiles.timelineCSV(samples), as: UTF8.self) == expected)
  }

  /// Event rows (written in place) are the `CSVCell` texts of their values, for every event
  /// kind, resource and priority.
  @Test func eventRowsAreCSVCells() {
    var generator = SplitMix64(seed: 5)
    var events: [RequestEvent] = []
    for index in 0..<2000 {
      events.append(
        RequestEvent(
          timeUs: Int64(bitPattern: generator.next()) >> 22,
          kind: RequestEvent.Kind.allCases[index % RequestEvent.Kind.allCases.count],
          requestID: Int(generator.next() % 100_000),
          resource: index % 3 == 0
            ? .media(item: index)
            : index % 7 == 0 ? .subItemMedia(item: index, sub: index % 5) : .page(index),
          priority: FetchPriority.allCases[index % FetchPriority.allCases.count], attempt: index % 4,
          bytes: Int64(bitPattern: generator.next()) >> 1, isPrefetch: index % 5 == 0))
    }
    var expected = CSVWriter.record(RunFiles.eventColumns)
    for event in events {
      let (kind, page, item): (String, String, String)
      switch event.resource {
      case .page(let index): (kind, page, item) = ("page", String(index), "")
      case .media(let index): (kind, page, item) = ("media", "", String(index))
      case .subItemMedia(let index, _): (kind, page, item) = ("sub_item_media", "", String(index))
      }
      expected += CSVWriter.record([
        CSVCell.milliseconds(event.timeUs), event.kind.rawValue, String(event.requestID), kind, page, item,
        event.priority.description, String(event.attempt), String(event.bytes), CSVCell.bit(event.isPrefetch),
      ])
    }
    #expect(String(decoding: RunFiles.eventsCSV(events), as: UTF8.self) == expected)
  }

  /// A datablock holds each number as `GnuplotText.number` writes it.
  @Test func datablockNumbersAreGnuplotNumbers() {
    let values: [Double?] = Self.sampleValues() + [nil]
    let rows = stride(from: 0, to: values.count - 2, by: 3).map { Array(values[$0..<$0 + 3]) }
    let expected =
      "$d << EOD\n" + rows.map { $0.map(GnuplotText.number).joined(separator: " ") + "\n" }.joined() + "EOD\n"
    #expect(GnuplotText.datablock("d", rows: rows, columns: 3) == expected)
    #expect(GnuplotText.datablock("e", rows: [], columns: 2) == "$e << EOD\nNaN NaN\nEOD\n")
  }

  /// Every decimal the files can hold reads as `Double(text)` does, up to 20 digits (beyond
  /// 15, through strtod).
  @Test func plainCellsReadAsDouble() throws {
    var generator = SplitMix64(seed: 3)
    var cells: [String] = [
      "0", "-0", "0.5", "-12.25", "007", "1.000", "9007199254740993", "0.1", "123456789012345.6",
    ]
    for _ in 0..<5000 {
      let integerDigits = Int(generator.next() % 12) + 1
      let fractionDigits = Int(generator.next() % 9)
      var text = generator.next() % 3 == 0 ? "-" : ""
      for _ in 0..<integerDigits { text += String(generator.next() % 10) }
      if fractionDigits > 0 {
        text += "."
        for _ in 0..<fractionDigits { text += String(generator.next() % 10) }
      }
      cells.append(text)
    }
    let bytes = Array(("v\r\n" + cells.map { $0 + "\r\n" }.joined()).utf8)
    let csv = try #require(PlainCSV(bytes: bytes, header: ["v"]))
    #expect(csv.count == cells.count)
    for (row, text) in cells.enumerated() {
      let value = try #require(csv.double(row, 0), "\(text)")
      #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
    }
    for bad in ["", "+1", "1.", ".5", "1e3", "nan", " 1", "1,5", "--1"] {
      let plain = PlainCSV(bytes: Array("a,b\r\n\(bad),1\r\n".utf8), header: ["a", "b"])
      #expect(plain == nil || plain?.double(0, 0) == nil, "\(bad)")
    }
  }

  /// What `run` writes is read back through the fast path with the values `CSVTable` gives.
  @Test func runFilesReadBackAsCSVTableReadsThem() throws {
    let folder = try TestFolder("fast-formatting")
    defer { folder.remove() }
    var generator = SplitMix64(seed: 11)
    var samples: [TimelineSample] = []
    var events: [RequestEvent] = []
    var records: [TimeToContent] = []
    for index in 0..<500 {
      let random = { Double(generator.next() % 10_000_000) / 997 - 300 }
      samples.append(
        TimelineSample(
          timeUs: Int64(index) * 100_000 + 28, traceUs: index == 0 ? nil : Int64(index) * 100_000 - 99_972,
          offsetPt: random(), velocityPtS: random(), contentHeightPt: abs(random()),
          blankFraction: Double(generator.next() % 1_000_000) / 999_999, inFlight: index % 5,
          stalled: index % 7 == 0))
      events.append(
        RequestEvent(
          timeUs: Int64(index) * 3_333,
          kind: RequestEvent.Kind.allCases[index % RequestEvent.Kind.allCases.count],
          requestID: index / 3, resource: index % 2 == 0 ? .page(index) : .media(item: index),
          priority: FetchPriority.allCases[index % FetchPriority.allCases.count], attempt: index % 3,
          bytes: Int64(index) * 1000, isPrefetch: index % 4 == 0))
      records.append(
        TimeToContent(
          item: index, firstVisibleUs: Int64(index) * 1_001, durationUs: Int64(index % 9) * 77_777,
          complete: index % 6 != 0))
    }
    try folder.write("timeline.csv", String(decoding: RunFiles.timelineCSV(samples), as: UTF8.self))
    try folder.write("events.csv", String(decoding: RunFiles.eventsCSV(events), as: UTF8.self))
    try folder.write("ttc.csv", String(decoding: RunFiles.timeToContentCSV(records), as: UTF8.self))

    let timeline = try #require(try RunFileReader.timeline(folder.file("timeline.csv")))
    let table = try CSVTable(contentsOfFile: folder.file("timeline.csv"))
    #expect(timeline.count == samples.count)
    for (row, read) in timeline.enumerated() {
      #expect(read.timeMs == (try table.double("t_ms", row: row)))
      #expect(read.traceMs == (try table.double("trace_ms", row: row)))
      #expect(read.offsetPt == (try table.double("offset_pt", row: row)))
      #expect(read.velocityPtS == (try table.double("velocity_pt_s", row: row)))
      #expect(read.contentHeightPt == (try table.double("content_height_pt", row: row)))
      #expect(read.blankFraction == (try table.double("blank_fraction", row: row)))
      #expect(read.inFlight == Double(samples[row].inFlight))
      #expect(read.stalled == samples[row].stalled)
    }
    let eventRows = try #require(try RunFileReader.events(folder.file("events.csv")))
    #expect(eventRows.map(\.event) == events.map(\.kind.rawValue))
    #expect(eventRows.map(\.kind) == events.map { if case .page = $0.resource { "page" } else { "media" } })
    #expect(eventRows.map(\.requestID) == events.map { Int64($0.requestID) })
    #expect(eventRows.map(\.timeMs) == events.map { Double($0.timeUs) / 1000 })
    let ttc = try #require(try RunFileReader.timesToContent(folder.file("ttc.csv")))
    #expect(ttc.map(\.item) == records.map { Int64($0.item) })
    #expect(ttc.map(\.ttcMs) == records.map { Double($0.durationUs) / 1000 })
    #expect(ttc.map(\.complete) == records.map(\.complete))
  }

  /// Files the fast path does not take (columns reordered, quoted cells, LF line ends) are read
  /// by `CSVTable` with the same values; malformed ones still name the file, line and problem.
  @Test func otherFilesFallBackToCSVTable() throws {
    let folder = try TestFolder("fast-formatting")
    defer { folder.remove() }
    try folder.write("reordered.csv", "ttc_ms,item,complete,first_visible_ms\n12.5,3,1,0\n\"7\",4,0,1\n")
    let reordered = try #require(try RunFileReader.timesToContent(folder.file("reordered.csv")))
    #expect(
      reordered == [
        TimeToContentRow(item: 3, ttcMs: 12.5, complete: true),
        TimeToContentRow(item: 4, ttcMs: 7, complete: false),
      ])
    try folder.write("empty.csv", "item,first_visible_ms,ttc_ms,complete\r\n1,0,,1\r\n")
    #expect {
      _ = try RunFileReader.timesToContent(folder.file("empty.csv"))
    } throws: { error in
      (error as? InputError).map {
        $0.file == folder.file("empty.csv") && $0.location == "line 2"
          && $0.message == "column 'ttc_ms' is empty"
      } ?? false
    }
    try folder.write("bad.csv", "item,first_visible_ms,ttc_ms,complete\r\n1,0,1e3,1\r\n")
    #expect {
      _ = try RunFileReader.timesToContent(folder.file("bad.csv"))
    } throws: { error in
      (error as? InputError)?.message == "column 'ttc_ms': expected a number, got '1e3'"
    }
    try folder.write("ragged.csv", "item,first_visible_ms,ttc_ms,complete\r\n1,0,1\r\n")
    #expect(throws: InputError.self) { _ = try RunFileReader.timesToContent(folder.file("ragged.csv")) }
    #expect(try RunFileReader.timesToContent(folder.file("missing.csv")) == nil)
  }
}
