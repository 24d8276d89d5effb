import Foundation
import Testing

@testable import PrefetchLab

/// A feed with no end in sight: nothing to clamp at the bottom, items never laid out.
struct OpenFeed: ScrollEnvironment {
  func topPt(ofLaidOutItem item: Int) -> Double? { nil }
  var maxOffsetPtIfEndKnown: Double? { nil }
  var reachableOffsetPt: Double { .infinity }
}

@Suite struct TouchRecordingTests {
  /// Density 2 (px per pt). A drag 500 px up in 250 ms (content +250 pt at 1000 pt/s); a lift
  /// whose last 100 ms of samples fit 2 px/ms = 1000 pt/s; an iOS fling caught by a touch 500 ms
  /// later, after 499.5 × (1 − 0.998^500) = 315.93 pt; that finger drags 100 px down (−50 pt at
  /// −500 pt/s), holds still for 150 ms and lifts (no fling: stopped longer than 40 ms).
  static let fixture = """
    t_ms,action,y_px
    1000,down,1000
    1100,move,800
    1200,move,600
    1250,move,500
    1250,up,500

    1750,down,1000
    1850,move,1100
    2000,up,1100
    """

  /// At 500 ms: 250 + 499.50 × (1 − 0.998^250) = 250 + 196.69.
  @Test(arguments: [
    (0.0, 0.0), (100.0, 100.0), (200.0, 200.0), (250.0, 250.0), (500.0, 446.69),
    (750.0, 565.93), (800.0, 540.93), (850.0, 515.93), (1200.0, 515.93),
  ])
  func fixtureReplaysToHandComputedOffsets(traceMs: Double, expectedPt: Double) throws {
    let recording = try TouchRecording.parse(Self.fixture, file: "t.csv", density: 2)
    var scroll = recording.scroll(physics: .ios)
    let decay = -log(0.998)
    // 1000 pt/s: v/1000/decay = 499.50; the sample at 750 ms is after the catch.
    #expect(abs(1.0 / decay - 499.50) < 0.01)
    let sample = scroll.sample(atTraceUs: Int64(traceMs * 1000), environment: OpenFeed())
    #expect(abs(sample.intentOffsetPt - expectedPt) < 0.01)
  }

  @Test func fixturePhasesAndLength() throws {
    let recording = try TouchRecording.parse(Self.fixture, file: "t.csv", density: 2)
    var scroll = recording.scroll(physics: .ios)
    #expect(scroll.durationUs == 1_000_000)
    #expect(scroll.sample(atTraceUs: 120_000, environment: OpenFeed()).phase == .dragging)
    let flinging = scroll.sample(atTraceUs: 300_000, environment: OpenFeed())
    #expect(flinging.phase == .decelerating)
    #expect(abs(flinging.velocityPtS - 1000 * pow(0.998, 50)) < 0.01)
    #expect(scroll.sample(atTraceUs: 900_000, environment: OpenFeed()).phase == .dragging)
    #expect(scroll.sample(atTraceUs: 1_000_000, environment: OpenFeed()).phase == .idle)
  }

  /// Least squares over the last 100 ms: (200, 600), (250, 500), (250, 500) → slope −2 px/ms, so
  /// 2000 px/s up = 1000 pt/s at density 2; the sample at 100 ms is outside the horizon.
  @Test func releaseVelocityFromTheLastHundredMilliseconds() {
    let samples: [(timeUs: Int64, yPx: Double)] = [
      (0, 1000), (100_000, 800), (200_000, 600), (250_000, 500), (250_000, 500),
    ]
    #expect(abs(TouchRecording.releaseVelocityPtS(samples: samples, density: 2) - 1000) < 1e-9)
    // Held still for 41 ms before lifting: no fling.
    let held = samples + [(291_000, 500)]
    #expect(TouchRecording.releaseVelocityPtS(samples: held, density: 2) == 0)
  }

  /// Android's gates apply to recorded lifts too: 20 px/s at density 1 is below 50 dp/s.
  /// Files written on Windows end lines with CRLF (a single Character in Swift).
  @Test func crlfLineEndingsParse() throws {
    let recording = try TouchRecording.parse(
      Self.fixture.replacingOccurrences(of: "\n", with: "\r\n"), file: "t.csv", density: 2)
    #expect(recording == (try TouchRecording.parse(Self.fixture, file: "t.csv", density: 2)))
    #expect(recording.events.count == 8)
  }

  @Test func slowLiftOnAndroidDoesNotFling() throws {
    let text = "0,down,100\n100,move,98\n200,move,96\n200,up,96\n"
    var scroll = try TouchRecording.parse(text, file: "t.csv", density: 1).scroll(physics: .android)
    #expect(scroll.durationUs == 200_000)
    #expect(scroll.sample(atTraceUs: 200_000, environment: OpenFeed()).intentOffsetPt == 4)
  }

  @Test(arguments: [
    ("0,down,1\n10,move\n" as String, "line 2", "expected 3 fields t_ms,action,y_px, got 2"),
    ("0,down,1\nx,move,2\n", "line 2", "t_ms must be a finite number, got 'x'"),
    ("0,down,1\n5,tap,2\n", "line 2", "action must be one of down, move, up, got 'tap'"),
    ("0,down,1\n5,move,nan\n", "line 2", "y_px must be a finite number, got 'nan'"),
    ("0,down,1\n5,move,2\n4,up,2\n", "line 3", "t_ms must not decrease, got 4 after 5"),
    ("t_ms,action,y_px\n0,move,1\n", "line 2", "move with no finger down (missing down)"),
    ("0,down,1\n1,up,1\n2,up,1\n", "line 3", "up with no finger down (missing down)"),
    ("0,down,1\n\n1,down,1\n", "line 3", "down while a touch is already down (missing up)"),
    ("t_ms,action,y_px\n\n", "", "holds no touch events"),
  ])
  func malformedRowsNameTheLine(text: String, location: String, message: String) {
    #expect(throws: InputError(file: "t.csv", location: location, message: message)) {
      try TouchRecording.parse(text, file: "t.csv", density: 3)
    }
  }

  @Test func scenarioLoadsTouchTraceWithDensityAndReportsBadRows() throws {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.fixture.write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
    try "0,down,1\n1,wiggle,2\n".write(toFile: folder + "/bad.csv", atomically: true, encoding: .utf8)
    func scroll(_ json: String) -> String { ScenarioFixture.text([("scroll", json)]) }
    let scenario = try ScenarioFixture.load(
      scroll(#"{"trace": {"path": "t.csv", "format": "touch_csv", "density": 2}}"#), baseDirectory: folder)
    #expect(scenario.scroll.source == .touch(path: folder + "/t.csv", density: 2))
    #expect(try PreparedScenario(scenario).traceDurationUs == 1_000_000)
    #expect(
      ScenarioFixture.error(
        scroll(#"{"trace": {"path": "t.csv", "format": "touch_csv"}}"#), baseDirectory: folder)
        == "scenarios/x.json: scroll.trace: missing required key 'density' (pixels per pt) for format touch_csv"
    )
    #expect(
      ScenarioFixture.error(
        scroll(#"{"trace": {"path": "t.csv", "format": "touch_csv", "density": 0}}"#), baseDirectory: folder)
        == "scenarios/x.json: scroll.trace.density: must be in 0.5...10, got 0")
    #expect(
      ScenarioFixture.error(
        scroll(#"{"trace": {"path": "t.csv", "format": "offset_csv", "density": 2}}"#), baseDirectory: folder)
        == "scenarios/x.json: scroll.trace.density: applies to format touch_csv only")
    let bad = try ScenarioFixture.load(
      scroll(#"{"trace": {"path": "bad.csv", "format": "touch_csv", "density": 2}}"#), baseDirectory: folder)
    #expect(
      throws: InputError(
        file: "scenarios/x.json", location: "scroll.trace.path",
        message: folder + "/bad.csv: line 2: action must be one of down, move, up, got 'wiggle'")
    ) {
      try PreparedScenario(bad)
    }
  }
}
