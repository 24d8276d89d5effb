import Foundation
import Testing

/// Real scroll sessions brought in: an Android getevent log replayed as touches, recorded
/// sessions fitted into a population, and the web recorder in headless Chromium.
@Suite struct RecordingImportEndToEndTests {
  /// Two flings on a 2.75 density phone, as `adb shell getevent -lt` logs them: each touch
  /// starts at y = 1800 px and moves up 60 px every 8 ms for 96 ms (7500 px/s ≈ 2727 dp/s),
  /// then lifts; the second comes 1.5 s after the first. Protocol B with a slot line, a second
  /// finger's contact in the first touch (ignored), and getevent's device header.
  static func twoFlings() -> String {
    var lines = ["add device 1: /dev/input/event4", "  name:     \"fts_ts\""]
    func event(_ seconds: Double, _ type: String, _ code: String, _ value: String) {
      lines.append(
        "[\(String(format: "%14.6f", seconds))] /dev/input/event4: \(type.padding(toLength: 12, withPad: " ", startingAt: 0)) \(code.padding(toLength: 20, withPad: " ", startingAt: 0)) \(value)"
      )
    }
    // Another device's line: not the touch panel's, skipped.
    lines.append("[    4000.000000] /dev/input/event1: EV_KEY       KEY_VOLUMEDOWN       DOWN")
    for (touch, start) in [4000.0, 4001.5].enumerated() {
      event(start, "EV_ABS", "ABS_MT_SLOT", "00000000")
      event(start, "EV_ABS", "ABS_MT_TRACKING_ID", String(format: "%08x", 0x40 + touch))
      event(start, "EV_KEY", "BTN_TOUCH", "DOWN")
      event(start, "EV_ABS", "ABS_MT_POSITION_X", "0000021c")
      event(start, "EV_ABS", "ABS_MT_POSITION_Y", String(format: "%08x", 1800))
      event(start, "EV_SYN", "SYN_REPORT", "00000000")
      for step in 1...12 {
        let t = start + Double(step) * 0.008
        event(t, "EV_ABS", "ABS_MT_POSITION_Y", String(format: "%08x", 1800 - 60 * step))
        if touch == 0 && step == 6 {
          event(t, "EV_ABS", "ABS_MT_SLOT", "00000001")
          event(t, "EV_ABS", "ABS_MT_TRACKING_ID", "00000050")
          event(t, "EV_ABS", "ABS_MT_POSITION_Y", String(format: "%08x", 400))
          event(t, "EV_ABS", "ABS_MT_SLOT", "00000000")
        }
        event(t, "EV_SYN", "SYN_REPORT", "00000000")
      }
      let lift = start + 0.104
      if touch == 0 {
        event(lift, "EV_ABS", "ABS_MT_SLOT", "00000001")
        event(lift, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff")
        event(lift, "EV_ABS", "ABS_MT_SLOT", "00000000")
      }
      event(lift, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff")
      event(lift, "EV_KEY", "BTN_TOUCH", "UP")
      event(lift, "EV_SYN", "SYN_REPORT", "00000000")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func aGeteventLogOfTwoFlingsReplaysAsTwoFlings() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.write("touches.txt", Self.twoFlings())
    let imported = try Prefetchlab.run(
      ["import", "getevent", "touches.txt", "--out", "touch.csv", "--density", "2.75"], in: scratch.url)
    #expect(imported.status == 0, "\(imported.err)")
    #expect(
      imported.err.contains("2 touches over 1.604 s from /dev/input/event4; 1 further finger(s) ignored"))
    let rows = try scratch.read("touch.csv").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    // Per touch: a down, 12 moves and an up; the second finger adds nothing.
    try #require(rows.count == 1 + 2 * 14, "\(rows)")
    #expect(rows[0] == "t_ms,action,y_px")
    #expect(rows[1] == "0,down,1800" && rows[2] == "8,move,1740")
    #expect(rows[14] == "104,up,1080" && rows[15] == "1500,down,1800")
    try scratch.write(
      "replay.json",
      """
      {"name": "replay", "feed": {"total_items": 1000, "page_size": 20, "item_height_pt": 200},
       "scroll": {"physics": "android", "trace": {"path": "touch.csv", "format": "touch_csv", "density": 2.75}}}
      """)
    let traced = try Prefetchlab.run(["trace", "replay.json", "--out", "trace.csv"], in: scratch.url)
    #expect(traced.status == 0, "\(traced.err)")
    let trace = try scratch.read("trace.csv").components(separatedBy: "\r\n").dropFirst().filter {
      !$0.isEmpty
    }
    .map { $0.split(separator: ",") }
    // Each fling is a run of decelerating frames that carries the content on after the finger.
    var flings: [(start: Double, end: Double)] = []
    var previous = ""
    for row in trace {
      let phase = String(row[3])
      let offset = Double(row[1])!
      if phase == "decelerating" {
        if previous != "decelerating" {
          flings.append((offset, offset))
        } else {
          flings[flings.count - 1].end = offset
        }
      }
      previous = phase
    }
    #expect(flings.count == 2, "\(flings)")
    // The finger moved 720 px = 261.8 dp per touch; a 2727 dp/s release under OverScroller's
    // spline glides about 1100 dp more: each fling must add far more than the drag did.
    for fling in flings { #expect(fling.end - fling.start > 500, "\(flings)") }
  }

  @Test func aMalformedGeteventLogExits65NamingTheLine() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.write("touches.txt", "[ 1.000000] /dev/input/event4: EV_ABS ABS_MT_POSITION_Y zz\n")
    let result = try Prefetchlab.run(
      ["import", "getevent", "touches.txt", "--out", "touch.csv"], in: scratch.url)
    #expect(result.status == 65)
    #expect(result.err == "Error: touches.txt: line 1: expected a hexadecimal value, DOWN or UP, got 'zz'\n")
    #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("touch.csv").path))
    let noTimes = "/dev/input/event4: EV_ABS ABS_MT_POSITION_Y 00000010\n"
    try scratch.write("plain.txt", noTimes)
    let untimed = try Prefetchlab.run(
      ["import", "getevent", "plain.txt", "--out", "touch.csv"], in: scratch.url)
    #expect(untimed.status == 65 && untimed.err.contains("plain.txt: line 1: expected getevent -lt output"))
  }

  /// Three flinger sessions traced from the bundled scenario, fitted, the population run.
  @Test func fitUsersWritesAPopulationThatRunsAndTheSameFileTwice() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let scenario = Prefetchlab.packageRoot.appendingPathComponent("scenarios/user-flinger.json").path
    try scratch.write("feed.json", try String(contentsOfFile: scenario, encoding: .utf8))
    for seed in 1...3 {
      let traced = try Prefetchlab.run(
        ["trace", "feed.json", "--seed", "\(seed)", "--out", "s\(seed).csv"], in: scratch.url)
      #expect(traced.status == 0, "\(traced.err)")
    }
    let arguments = [
      "fit-users", "s1.csv", "s2.csv", "s3.csv", "--scenario", "feed.json", "--out", "fitted.json",
    ]
    let fitted = try Prefetchlab.run(arguments, in: scratch.url)
    #expect(fitted.status == 0, "\(fitted.err)")
    #expect(fitted.err.hasPrefix("Wrote fitted.json: 1 segment from 3 sessions\n"), "\(fitted.err)")
    #expect(fitted.err.contains("flinger-like: 3 session(s)") && fitted.err.contains("KS D"), "\(fitted.err)")
    let first = try scratch.read("fitted.json")
    #expect(first.contains(#""scenario": "feed.json""#) && first.contains(#""model": "flinger""#))
    // Its own file is replaced, byte for byte the same.
    let again = try Prefetchlab.run(arguments, in: scratch.url)
    let second = try scratch.read("fitted.json")
    #expect(again.status == 0 && second == first)
    let run = try Prefetchlab.run(
      [
        "run", "--population", "fitted.json", "--strategy", "infinite_scroll", "--out", "results",
        "--no-plots", "--quiet",
      ],
      in: scratch.url)
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("Population 'fitted'"), "\(run.out)")
  }

  @Test func fitUsersRefusesForeignOutputAndNamesBadSessions() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let scenario = Prefetchlab.packageRoot.appendingPathComponent("scenarios/user-reader.json").path
    try scratch.write("mine.json", "{\"name\": \"not a population\"}\n")
    try scratch.write("s.csv", "t_ms,offset_pt,phase\n0,0,idle\n16,4,dragging\n")
    try scratch.write("bad.csv", "t_ms,offset_pt\n0,0\n-5,4\n")
    let refused = try Prefetchlab.run(
      ["fit-users", "s.csv", "--scenario", scenario, "--out", "mine.json"], in: scratch.url)
    #expect(refused.status == 64, "\(refused.err)")
    #expect(
      refused.err.contains("--out mine.json: exists and was not written by this command"), "\(refused.err)")
    let kept = try scratch.read("mine.json")
    #expect(kept == "{\"name\": \"not a population\"}\n")
    let input = try Prefetchlab.run(
      ["fit-users", "s.csv", "--scenario", scenario, "--out", "s.csv"], in: scratch.url)
    #expect(input.status == 64 && input.err.contains("is an input of this command"), "\(input.err)")
    let bad = try Prefetchlab.run(
      ["fit-users", "s.csv", "bad.csv", "--scenario", scenario, "--out", "new.json"], in: scratch.url)
    #expect(bad.status == 65)
    #expect(bad.err == "Error: bad.csv: line 3: t_ms must not decrease, got -5 after 0\n", "\(bad.err)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("new.json")))
    let usage = try Prefetchlab.run(
      ["fit-users", "s.csv", "--scenario", scenario, "--out", "new.json", "--clusters", "2"], in: scratch.url)
    #expect(
      usage.status == 64 && usage.err.contains("must be at most the number of sessions"), "\(usage.err)")
  }

  static var chromium: String? {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

  /// In CI Chromium must be there (.ci/run installs it): a missing one fails here rather than
  /// skipping the recorder check silently.
  @Test(.enabled(if: inCI, "not in CI: a missing Chromium only skips the web recorder check"))
  func chromiumIsInstalledInCI() {
    #expect(Self.chromium != nil, "apt-get install chromium (.ci/run does)")
  }

  /// scripts/check-web-recorder.sh: the recorder in headless Chromium, its CSV validated,
  /// replayed and fitted by this build's prefetchlab.
  @Test(
    .enabled(
      if: chromium != nil, "Chromium is not installed (apt-get install chromium): web recorder check skipped")
  )
  func theWebRecorderWritesASessionPrefetchlabReplaysAndFits() throws {
    let process = Process()
    let output = Pipe()
    process.executableURL = Prefetchlab.packageRoot.appendingPathComponent("scripts/check-web-recorder.sh")
    process.arguments = [Prefetchlab.executable.path]
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(
      text.contains("web recorder: recording validated, replayed and fitted (2 touches, 1 fling)"), "\(text)")
  }
}

extension Scratch {
  fileprivate func write(_ name: String, _ text: String) throws {
    try text.write(toFile: path(name), atomically: true, encoding: .utf8)
  }

  fileprivate func read(_ name: String) throws -> String {
    try String(contentsOfFile: path(name), encoding: .utf8)
  }
}
