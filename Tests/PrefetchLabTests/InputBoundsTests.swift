import Foundation
import Testing

@testable import PrefetchLab

/// Every number a run converts to the µs clock or to integer bytes has a finite range checked when
/// the file is loaded (exit 65 naming file, JSON path and rule): the crash and hang examples found
/// by generating files, each with the error it must give now.
@Suite struct InputBoundsTests {
  static let cases: [ScenarioRuleCase] = [
    // Large numbers validate accepted, then trapped in `run` on the way to µs or bytes.
    ScenarioRuleCase("network", #"{"rtt_ms": 1e16}"#, "network.rtt_ms: must be <= 1000000000, got 1e16"),
    ScenarioRuleCase("feed", #"{"page_bytes": 1e20}"#, "feed.page_bytes: must be <= 1000000000, got 1e20"),
    ScenarioRuleCase(
      "feed", #"{"media_bytes": {"lognormal": {"median": 2e9, "sigma": 1}}}"#,
      "feed.media_bytes: lognormal.median must be <= 1000000000, got 2000000000"),
    // Tiny values that hung: a timeout that rounds to 0 µs, one that fails every attempt at once.
    ScenarioRuleCase("network", #"{"timeout_ms": 0.0004}"#, "network.timeout_ms: must be >= 1, got 0.0004"),
    ScenarioRuleCase("network", #"{"timeout_ms": 0.01}"#, "network.timeout_ms: must be >= 1, got 0.01"),
    ScenarioRuleCase(
      "network", #"{"rate_limit": {"requests_per_s": 1e-300, "burst": 1}}"#,
      "network.rate_limit.requests_per_s: must be in 0.000001...1000000, got 1e-300"),
    // Overflowing sums: a row height drawn up to 1.8e308 made the content height infinite.
    ScenarioRuleCase(
      "feed", #"{"item_height_pt": {"uniform": {"min": 1, "max": 1.7e308}}}"#,
      "feed.item_height_pt: uniform.max must be <= 1000000, got 1.7e308"),
    ScenarioRuleCase(
      "feed", #"{"total_items": 9007199254740991}"#,
      "feed.total_items: the whole feed's content height, total_items (9007199254740991) × the tallest"
        + " possible row (400 pt) + the loading footer (44 pt, footer_height_pt's default), must be <="
        + " 100000000000000 pt, got 3.60288e18 pt"),
    // Rows alone reach the limit exactly (2.5 × 10^11 × 400 pt = 10^14 pt): the footer tips it over,
    // and the message shows the sum that does.
    ScenarioRuleCase(
      "feed", #"{"total_items": 250000000000, "page_bytes": 1}"#,
      "feed.total_items: the whole feed's content height, total_items (250000000000) × the tallest"
        + " possible row (400 pt) + the loading footer (44 pt, footer_height_pt's default), must be <="
        + " 100000000000000 pt, got 100000000000044 pt"),
    ScenarioRuleCase(
      "feed", #"{"total_items": 250000000000, "page_bytes": 1, "footer_height_pt": 0.5}"#,
      "feed.total_items: the whole feed's content height, total_items (250000000000) × the tallest"
        + " possible row (400 pt) + the loading footer (footer_height_pt, 0.5 pt), must be <="
        + " 100000000000000 pt, got 100000000000000.5 pt"),
    ScenarioRuleCase(
      "feed", #"{"total_items": 100000000, "item_height_pt": 1, "media_bytes": 1000000000}"#,
      "feed.total_items: the whole feed's largest possible size, total_items (100000000) × (the largest"
        + " media_bytes and page_bytes draws, 1000024000 bytes), must be <= 2^53 − 1 (9007199254740991) bytes,"
        + " got 1.00002e17 bytes"),
    // A lognormal's largest draw is a quantile: shown in whole bytes, as each draw is sent, not to
    // fifteen digits (it read "42724823.2266404 bytes").
    ScenarioRuleCase(
      "feed", #"{"total_items": 1000000000, "media_bytes": {"lognormal": {"median": 60000, "sigma": 0.8}}}"#,
      "feed.total_items: the whole feed's largest possible size, total_items (1000000000) × (the largest"
        + " media_bytes and page_bytes draws, 42724823 bytes), must be <= 2^53 − 1 (9007199254740991) bytes,"
        + " got 4.27248e16 bytes"),
    ScenarioRuleCase(
      "feed", #"{"total_items": 20000000, "short_page_rate": 0.1}"#,
      "feed.total_items: with short_page_rate > 0 must be <= 10000000 (every page boundary is drawn up"
        + " front), got 20000000"),
    // 1e300 kbit/s made every user abandon while 1e298 stalled nothing: both are out of range.
    ScenarioRuleCase(
      "network", #"{"bandwidth_kbps": 1e300}"#,
      "network.bandwidth_kbps: must be in 0.001...100000000, got 1e300"),
    ScenarioRuleCase(
      "network", #"{"bandwidth_kbps": 1e298}"#,
      "network.bandwidth_kbps: must be in 0.001...100000000, got 1e298"),
    // An integer key must not read 1e-400 as 0: the literal is refused where it stands.
    ScenarioRuleCase(
      "seed", "1e-400",
      "seed (line 1, column 80): number 1e-400 is too small to represent (it would round to 0); write 0 or a larger number"
    ),
    // Names with control characters were written raw to summary.csv and the terminal.
    ScenarioRuleCase(
      "name", #""a\u0000b""#, #"name: must not contain control characters (found U+0000), got "a\u0000b""#),
    ScenarioRuleCase(
      "name", #""\u001b[31mred""#,
      #"name: must not contain control characters (found U+001B), got "\u001b[31mred""#),
    ScenarioRuleCase(
      "name", #""a\u202Eb""#, #"name: must not contain control characters (found U+202E), got "a\u202eb""#),
    ScenarioRuleCase(
      "description", #""bell\u0007""#,
      #"description: must not contain control characters other than TAB and newline (found U+0007), got "bell\u0007""#
    ),
    // Caps the docs now state.
    ScenarioRuleCase("viewport", #"{"height_pt": 10001}"#, "viewport.height_pt: must be <= 10000, got 10001"),
    ScenarioRuleCase("feed", #"{"page_size": 10001}"#, "feed.page_size: must be in 1...10000, got 10001"),
    ScenarioRuleCase(
      "scroll", #"{"script": [{"jump": {"to_pt": 1e300}}]}"#,
      "scroll.script[0].jump.to_pt: must be <= 100000000000000, got 1e300"),
    // A script longer than the longest session, without duration_s to cut it.
    ScenarioRuleCase(
      "scroll", #"{"script": [{"repeat": {"count": 2000, "script": [{"wait": {"duration_ms": 1e6}}]}}]}"#,
      "scroll.script: must last at most 1000000 s in all (the longest session); set duration_s to cut it,"
        + " got 2000000 s"),
  ]

  @Test(arguments: cases) func refusedWithTheRule(_ rule: ScenarioRuleCase) {
    #expect(ScenarioFixture.error(ScenarioFixture.text([(rule.key, rule.json)])) == rule.error)
  }

  /// Rows that fill the content height limit exactly load when the footer takes no height.
  @Test func rowsUpToTheContentHeightLimitLoadWithoutAFooter() throws {
    let text = ScenarioFixture.text([
      ("feed", #"{"total_items": 250000000000, "page_bytes": 1, "footer_height_pt": 0}"#)
    ])
    #expect(try ScenarioFixture.load(text).feed.totalItems == 250_000_000_000)
  }

  /// Just inside each bound loads.
  @Test func justInsideTheBoundsLoads() throws {
    let text = ScenarioFixture.text([
      ("duration_s", "1000000"),
      (
        "network",
        #"{"rtt_ms": 1e9, "timeout_ms": 1, "bandwidth_kbps": 0.001, "rate_limit": {"requests_per_s": 1e-6, "burst": 1}}"#
      ),
      ("feed", #"{"page_bytes": 1e9, "page_size": 10000, "item_height_pt": 1e6, "total_items": 9000000}"#),
      ("viewport", #"{"height_pt": 10000}"#),
    ])
    let scenario = try ScenarioFixture.load(text)
    #expect(scenario.network.timeoutMs == 1)
    #expect(scenario.feed.totalItems == 9_000_000)
    #expect(scenario.durationUs == InputLimits.maxSessionUs)
  }

  /// A heavy tail is accepted and capped where it is drawn: no draw leaves the clock's range.
  @Test func heavyTailsAreCappedAtTheMaximumDraw() throws {
    let text = ScenarioFixture.text([
      ("network", #"{"rtt_ms": {"lognormal": {"median": 80, "sigma": 20}}}"#),
      ("feed", #"{"media_bytes": {"pareto": {"scale": 1000, "shape": 0.3}}}"#),
    ])
    let scenario = try ScenarioFixture.load(text)
    #expect(scenario.network.rttMs.quantile(ScenarioLoader.largestUniform) == 1e9)
    // Pareto draws are largest at the smallest uniform.
    #expect(scenario.feed.mediaBytes?.quantile(ScenarioLoader.smallestUniform) == 1e9)
    #expect(scenario.network.rttMs.quantile(0.5) == 80)
    #expect(FeedContent.snapToGrid(1e300) == InputLimits.maxRowHeightPt)
  }

  /// A synthetic user whose gestures take no time (jumps with no dwell) used to loop for ever
  /// while memory grew; the session now stops at the gesture cap.
  @Test func zeroLengthGesturesStopAtTheCap() {
    var behavior = UserBehavior.defaults(for: .jumper)
    behavior.jumpFraction = 1
    behavior.dwellMs = .constant(0)
    let spec = UserModelSpec(name: .jumper, behaviors: [behavior])
    let gestures = SyntheticUser.gestures(
      spec, totalItems: 100, seed: 1, durationUs: 120_000_000, maxGestures: 500)
    #expect(gestures.count == 500)
    #expect(gestures.allSatisfy { $0.startUs == 0 })
    #expect(SyntheticUser.maxGestures == 1_000_000)
  }

  /// Every problem of a file is reported, in order, up to the limit.
  @Test func everyProblemOfAFileIsReported() throws {
    let text = ScenarioFixture.text([
      ("feed", #"{"page_sise": 5, "total_items": -1}"#), ("network", #"{"timeout_ms": 0}"#),
      ("viewport", #"{"frame_rate_hz": 0}"#),
    ])
    let error = #expect(throws: InputError.self) { try ScenarioFixture.load(text) }
    #expect(
      error?.lines == [
        "scenarios/x.json: viewport.frame_rate_hz: must be in 1...240, got 0",
        "scenarios/x.json: feed: unknown key 'page_sise' (did you mean 'page_size'?); valid keys: "
          + ScenarioLoaderRuleTests.feedValidKeys,
        "scenarios/x.json: feed.total_items: must be >= 0, got -1",
        "scenarios/x.json: network.timeout_ms: must be >= 1, got 0",
      ])
    let many = (0..<25).map { #"{"wait": {"duration_ms": -\#($0 + 1)}}"# }.joined(separator: ",")
    let flood = try #require(
      ScenarioFixture.error(ScenarioFixture.text([("scroll", #"{"script": [\#(many)]}"#)])))
    #expect(flood == "scenarios/x.json: scroll.script[0].wait.duration_ms: must be > 0, got -1")
    let all = #expect(throws: InputError.self) {
      try ScenarioFixture.load(ScenarioFixture.text([("scroll", #"{"script": [\#(many)]}"#)]))
    }
    #expect(all?.count == 25)
    #expect(all?.lines.count == 21)
    #expect(all?.lines.last == "scenarios/x.json: 5 more problems not listed")
  }

  /// `$schema` at the top and `$comment` anywhere are allowed (editors and templates use them).
  @Test func schemaAndCommentKeysAreAllowed() throws {
    let text = ScenarioFixture.text([
      ("$schema", #""https://example.invalid/scenario.schema.json""#),
      ("feed", #"{"$comment": "twenty a page", "page_size": 20}"#),
      ("strategies", #"[{"name": "fixed_threshold", "$comment": "my own note", "ratio": 0.5}]"#),
    ])
    let scenario = try ScenarioFixture.load(text)
    #expect(
      scenario.strategies == [StrategySpec(name: "fixed_threshold", parameters: ["ratio": .number(0.5)])])
    #expect(
      ScenarioFixture.error(ScenarioFixture.text([("feed", #"{"$comment": 5}"#)]))
        == "scenarios/x.json: feed.$comment: must be a string, got number 5")
    #expect(
      ScenarioFixture.error(ScenarioFixture.text([("feed", #"{"$schema": "x"}"#)]))?.hasPrefix(
        "scenarios/x.json: feed: unknown key '$schema'") == true)
  }
}

/// Recordings: times and positions within the ranges a replay can represent.
@Suite struct RecordingBoundsTests {
  static func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
    let folder = try ScenarioFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/r.csv"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return try body(path)
  }

  /// `validate` trapped on a recording whose time was 1e16 (offset and touch files alike); an
  /// offset trace spanning 10^12 ms was accepted as a billion-second session.
  @Test(arguments: [
    ("0,0\n1e16,10\n", "line 2", "t_ms must be within ±1e15 ms, got 1e16"),
    (
      "0,0\n1e12,10\n", "line 2",
      "t_ms must be at most 1000000000 ms (10^6 s, the longest session) after the first row's 0, got 1000000000000"
    ),
    ("0,0\n5,1e300\n", "line 2", "offset_pt must be within ±1e14, got 1e300"),
  ])
  func offsetRecordingsAreBounded(text: String, location: String, message: String) throws {
    let error = try Self.withFile(text) { path in
      #expect(throws: InputError.self) { try RecordedScroll.load(path: path) }
    }
    #expect(error?.location == location)
    #expect(error?.message == message)
  }

  @Test(arguments: [
    ("0,down,0\n1e16,up,10\n", "line 2", "t_ms must be within ±1e15 ms, got 1e16"),
    ("0,down,0\n5,move,-1e200\n", "line 2", "y_px must be within ±1e14, got -1e200"),
  ])
  func touchRecordingsAreBounded(text: String, location: String, message: String) {
    let error = #expect(throws: InputError.self) { try TouchRecording.parse(text, file: "t.csv", density: 3) }
    #expect(error?.location == location)
    #expect(error?.message == message)
  }

  /// A finger jumping between samples a µs apart releases at most the script velocity cap.
  @Test func releasesAreCappedAtTheScriptVelocityLimit() throws {
    let touches = try TouchRecording.parse("0,down,1e9\n0.001,up,0\n", file: "t.csv", density: 1)
    let scroll = touches.scroll(physics: .ios)
    let fling = IOSDecelerationCurve(initialVelocityPtS: InputLimits.maxVelocityPtS)
    #expect(scroll.durationUs == 1 + fling.durationUs)
  }
}
