import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

@Suite struct CSVWriterTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("", ""),
    (" spaced ", " spaced "),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("\"", "\"\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("cr\rhere", "\"cr\rhere\""),
    ("crlf\r\n", "\"crlf\r\n\""),
    ("fixed_threshold:ratio=0.7", "fixed_threshold:ratio=0.7"),
    ("ünïcödé", "ünïcödé"),
    ("ü,\"é\"", "\"ü,\"\"é\"\"\""),
  ])
  func escapesOnlyWhatRFC4180Requires(field: String, expected: String) {
    #expect(CSVWriter.escape(field) == expected)
  }

  @Test func recordsEndWithCRLFIncludingTheLast() {
    var csv = CSVWriter(header: ["scenario", "strategy", "params"])
    csv.append(["reader-lte", "fixed_threshold", "ratio=0.7,guard_in_flight=true"])
    csv.append(["x", "", "say \"hi\""])
    #expect(
      csv.text
        == "scenario,strategy,params\r\n"
        + "reader-lte,fixed_threshold,\"ratio=0.7,guard_in_flight=true\"\r\n"
        + "x,,\"say \"\"hi\"\"\"\r\n")
    #expect(csv.bytes == Array(csv.text.utf8))
  }

  @Test func headerOnlyIsOneRecord() {
    #expect(CSVWriter(header: ["t_ms"]).text == "t_ms\r\n")
  }

  @Test func identicalInputGivesIdenticalBytes() {
    let rows = [["a", "1.5", ""], ["b,c", "2", "x\ny"]]
    let first = CSVWriter.encode(header: ["k", "v", "w"], rows: rows)
    let second = CSVWriter.encode(header: ["k", "v", "w"], rows: rows)
    #expect(Array(first.utf8) == Array(second.utf8))
    #expect(first == "k,v,w\r\na,1.5,\r\n\"b,c\",2,\"x\ny\"\r\n")
  }

  @Test func cellsAreFormattedWithDecimalFormat() {
    #expect(CSVCell.integer(42) == "42")
    #expect(CSVCell.integer(Int64(-3)) == "-3")
    #expect(CSVCell.milliseconds(16_667) == "16.667")
    #expect(CSVCell.milliseconds(1_000_000) == "1000")
    #expect(CSVCell.decimal(0.123456789) == "0.123457")
    #expect(CSVCell.decimal(2.5, places: 3) == "2.5")
    #expect(CSVCell.decimal(nil) == "")
    #expect(CSVCell.decimal(.nan) == "")
    #expect(CSVCell.decimal(.infinity) == "")
    #expect(CSVCell.ratio(1, 3) == "0.333333")
    #expect(CSVCell.ratio(3, 4, places: 1) == "0.8")
    #expect(CSVCell.ratio(0, 5) == "0")
    #expect(CSVCell.ratio(0, 0) == "")
    #expect(CSVCell.ratio(7, 0) == "")
    #expect(CSVCell.bit(true) == "1")
    #expect(CSVCell.bit(false) == "0")
  }
}

@Suite struct CSVTableTests {
  @Test func parsesCRLFFileWithQuotedFields() throws {
    let text =
      "scenario,params,note\r\n"
      + "reader-lte,\"ratio=0.7,guard=true\",\"line one\r\nline two\"\r\n"
      + "x,\"\",\"say \"\"hi\"\"\"\r\n"
    let table = try CSVTable(parsing: text, file: "summary.csv")
    #expect(table.header == ["scenario", "params", "note"])
    #expect(
      table.rows == [
        ["reader-lte", "ratio=0.7,guard=true", "line one\r\nline two"],
        ["x", "", "say \"hi\""],
      ])
    #expect(table.rowLines == [2, 4])
    #expect(table.count == 2)
  }

  @Test func parsesLFAndMissingFinalLineBreak() throws {
    let table = try CSVTable(parsing: "a,b\n1,2\n3,4", file: "f.csv")
    #expect(table.rows == [["1", "2"], ["3", "4"]])
    #expect(table.rowLines == [2, 3])
  }

  @Test func skipsByteOrderMark() throws {
    let table = try CSVTable(data: Data([0xEF, 0xBB, 0xBF] + Array("t_ms\n5\n".utf8)), file: "f.csv")
    #expect(table.header == ["t_ms"])
    #expect(table.rows == [["5"]])
  }

  @Test func loneCarriageReturnIsPartOfTheField() throws {
    let table = try CSVTable(parsing: "a,b\nx\ry,z\n", file: "f.csv")
    #expect(table.rows == [["x\ry", "z"]])
  }

  @Test func trailingEmptyFieldsAreKept() throws {
    let table = try CSVTable(parsing: "a,b,c\r\n,,\r\n1,,\r\n", file: "f.csv")
    #expect(table.rows == [["", "", ""], ["1", "", ""]])
  }

  @Test func singleColumnBlankLineIsAnEmptyCell() throws {
    let table = try CSVTable(parsing: "v\n1\n\n2\n", file: "f.csv")
    #expect(table.rows == [["1"], [""], ["2"]])
  }

  @Test func roundTripsWhatTheWriterWrites() throws {
    let header = ["k", "v"]
    let rows = [["a,b", "\"q\""], ["multi\r\nline", ""], ["é", "-0.5"]]
    let table = try CSVTable(parsing: CSVWriter.encode(header: header, rows: rows), file: "f.csv")
    #expect(table.header == header)
    #expect(table.rows == rows)
  }

  @Test func looksUpColumnsByName() throws {
    let table = try CSVTable(parsing: "scenario,stall_ms,blankness\na,12.5,\nb,0,0.25\n", file: "s.csv")
    #expect(table.columnIndex("stall_ms") == 1)
    #expect(table.columnIndex("nope") == nil)
    #expect(table.hasColumn("blankness"))
    #expect(try table.string("scenario", row: 1) == "b")
    #expect(try table.column("stall_ms") == ["12.5", "0"])
    #expect(try table.double("stall_ms", row: 0) == 12.5)
    #expect(try table.double("blankness", row: 0) == nil)
    #expect(try table.double("blankness", row: 1) == 0.25)
    #expect(try table.int64("stall_ms", row: 1) == 0)
    #expect(try table.int64("blankness", row: 0) == nil)
  }

  @Test func numbersFromDecimalFormatReadBack() throws {
    let values: [Double] = [0, 1, -0.5, 0.123457, 1_234_567.891, 1e-6]
    let rows = values.map { [DecimalFormat.fixed($0, places: 6)] }
    let table = try CSVTable(parsing: CSVWriter.encode(header: ["x"], rows: rows), file: "f.csv")
    for (row, value) in values.enumerated() {
      #expect(try table.double("x", row: row) == value)
    }
    let micros: Int64 = -16_667
    let ms = try CSVTable(parsing: "t_ms\n\(DecimalFormat.milliseconds(micros))\n", file: "f.csv")
    #expect(try ms.double("t_ms", row: 0) == -16.667)
  }

  @Test func missingColumnThrows() throws {
    let table = try CSVTable(parsing: "a\n1\n", file: "s.csv")
    #expect(throws: InputError(file: "s.csv", location: "line 1", message: "missing column 'b'")) {
      try table.double("b", row: 0)
    }
  }

  @Test(arguments: [
    ("abc", "a number"), ("1e3", "a number"), ("nan", "a number"), ("+1", "a number"),
    ("1,5", "a number"), (" 1", "a number"), ("1.", "a number"), (".5", "a number"),
    ("-", "a number"), ("inf", "a number"),
  ])
  func nonDecimalCellIsAnError(cell: String, expected: String) throws {
    let table = try CSVTable(
      parsing: CSVWriter.encode(header: ["id", "x"], rows: [["a", cell]]), file: "s.csv")
    #expect(
      throws: InputError(
        file: "s.csv", location: "line 2", message: "column 'x': expected \(expected), got '\(cell)'")
    ) {
      try table.double("x", row: 0)
    }
  }

  @Test(arguments: ["1.5", "9223372036854775808", "x", "-"])
  func nonIntegerCellIsAnError(cell: String) throws {
    let table = try CSVTable(parsing: "n\r\n1\r\n\(cell)\r\n", file: "e.csv")
    #expect(
      throws: InputError(
        file: "e.csv", location: "line 3", message: "column 'n': expected an integer, got '\(cell)'")
    ) {
      try table.int64("n", row: 1)
    }
  }

  @Test(arguments: [
    ("", "line 1", "missing header row"),
    ("a,b\n1,2\n3\n", "line 3", "expected 2 fields as in the header, got 1"),
    ("a,b\n1,2,3\n", "line 2", "expected 2 fields as in the header, got 3"),
    ("a,b\n\"x\ny\",1\n1,2,3\n", "line 4", "expected 2 fields as in the header, got 3"),
    ("a,b\n1,2\n\n", "line 3", "expected 2 fields as in the header, got 1"),
    ("a,b\n1,\"open\n2,3\n", "line 2", "unterminated quoted field"),
    ("a\n\"x\"y\n", "line 2", "unexpected character after a closing quote"),
    ("a\nx\"y\n", "line 2", "quote inside an unquoted field (quote the whole field)"),
    ("a,a\n1,2\n", "line 1", "duplicate column 'a'"),
    ("a,,c\n1,2,3\n", "line 1", "column 2 has an empty name"),
  ])
  func malformedInputThrowsWithLine(text: String, location: String, message: String) {
    #expect(throws: InputError(file: "bad.csv", location: location, message: message)) {
      try CSVTable(parsing: text, file: "bad.csv")
    }
  }

  @Test func invalidUTF8Throws() {
    #expect(throws: InputError(file: "bin.csv", location: "", message: "not valid UTF-8 text")) {
      try CSVTable(data: Data([0x61, 0x0A, 0xFF, 0x0A]), file: "bin.csv")
    }
  }

  @Test func readsFileAndReportsMissingFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("csv-tests-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("s.csv").path
    try Data("a,b\r\n1,2\r\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try CSVTable(contentsOfFile: path).rows == [["1", "2"]])
    let missing = directory.appendingPathComponent("missing.csv").path
    #expect(
      throws: InputError(file: missing, location: "", message: "cannot read file: No such file or directory")
    ) {
      try CSVTable(contentsOfFile: missing)
    }
  }
}
