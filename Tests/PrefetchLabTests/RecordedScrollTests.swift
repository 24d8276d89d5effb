import Foundation
import Testing

@testable import PrefetchLab

/// Reading `offset_csv` files: what is accepted, and that every rejected row is named by file and
/// line with the rule it breaks.
@Suite struct RecordedScrollTests {
  /// Writes `text` to a fresh file, runs `body` on its path and removes it.
  private static func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/r.csv"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return try body(path)
  }

  private static func load(_ text: String) throws -> RecordedScroll {
    try withFile(text) { path in try RecordedScroll.load(path: path) }
  }

  /// The error loading `text` throws, its file reported as `r.csv` (the path is a fresh
  /// temporary one), or nil when it loads.
  private static func loadError(_ text: String) throws -> InputError? {
    try withFile(text) { path -> InputError? in
      do {
        _ = try RecordedScroll.load(path: path)
        return nil
      } catch let error as InputError {
        return InputError(file: "r.csv", location: error.location, message: error.message)
      }
    }
  }

  /// Header, CRLF line ends, blanks around fields and blank lines in the middle and at the end are
  /// all accepted; times are relative to the first sample.
  @Test func headerCRLFBlanksAndBlankLinesAreAccepted() throws {
    let scroll = try Self.load("t_ms,offset_pt\r\n1000, 0\r\n\r\n 1500 ,250\r\n\n2000,250\n\n")
    var copy = scroll
    #expect(scroll.durationUs == 1_000_000)
    let moving = copy.motion(atTraceUs: 250_000, environment: OpenFeed())
    #expect(moving.phase == .dragging)
    #expect(moving.sample(atTraceUs: 250_000).intentOffsetPt == 125)
    #expect(copy.motion(atTraceUs: 750_000, environment: OpenFeed()).phase == .idle)
  }

  /// A header with more columns (as `prefetchlab trace` writes) is read by name; phase and
  /// projected target are replayed as recorded.
  @Test func namedColumnsAndAnnotationsAreRead() throws {
    let text = """
      t_ms,velocity_pt_s,offset_pt,phase,projected_target_pt
      0,0,10,idle,10
      100,500,60,decelerating,400
      200,0,60,idle,60
      """
    var scroll = try Self.load(text)
    let early = scroll.motion(atTraceUs: 50_000, environment: OpenFeed())
    #expect(early.phase == .idle)
    #expect(early.sample(atTraceUs: 50_000).intentOffsetPt == 35)
    let late = scroll.motion(atTraceUs: 150_000, environment: OpenFeed())
    #expect(late.phase == .decelerating)
    #expect(late.projectedTargetPt == 400)
    #expect(late.sample(atTraceUs: 150_000).intentOffsetPt == 60)
  }

  @Test(arguments: [
    ("0,0\n5\n", "line 2", "expected 2 fields t_ms,offset_pt, got 1"),
    ("0,0\n\n5,1,2\n", "line 3", "expected 2 fields t_ms,offset_pt, got 3"),
    ("t_ms,x,offset_pt\n0,1,2\n5,1\n", "line 3", "expected 3 fields as in the header, got 2"),
    ("0,0\n5,abc\n", "line 2", "expected two finite numbers, got '5,abc'"),
    ("0,0\r\nnan, 3\r\n", "line 2", "expected two finite numbers, got 'nan, 3'"),
    ("0,0\n10,1\n5,2\n", "line 3", "t_ms must not decrease, got 5 after 10"),
    (
      "t_ms,offset_pt,phase,projected_target_pt\n0,0,idle,0\n5,1,flying,1\n", "line 3",
      "phase must be one of idle, dragging, decelerating, got 'flying'"
    ),
    (
      "t_ms,offset_pt,phase,projected_target_pt\n0,0,idle,x\n", "line 2",
      "projected_target_pt must be a finite number, got 'x'"
    ),
    ("t_ms,offset_pt\n0,0\n\n", "", "needs at least 2 samples, got 1"),
    ("", "", "needs at least 2 samples, got 0"),
  ])
  func malformedRowsNameTheLine(text: String, location: String, message: String) throws {
    #expect(try Self.loadError(text) == InputError(file: "r.csv", location: location, message: message))
  }

  @Test func unreadableFileIsNamed() throws {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data([0x30, 0x2C, 0x30, 0x0A, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: folder + "/bad.csv"))
    #expect(throws: InputError(file: folder + "/bad.csv", location: "", message: "cannot read the file")) {
      try RecordedScroll.load(path: folder + "/bad.csv")
    }
    #expect(throws: InputError(file: folder + "/none.csv", location: "", message: "cannot read the file")) {
      try RecordedScroll.load(path: folder + "/none.csv")
    }
  }
}
