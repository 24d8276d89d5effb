import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabCLI

/// What the terminal shows of bad input: every problem, escaped, with the closest spelling.
@Suite struct InputHandlingCLITests {
  /// An escape sequence in a name, a file name or a strategy name is shown as `\u{1B}`, never
  /// sent raw to the terminal; the name itself is refused (exit 65).
  @Test func untrustedTextIsEscapedOnTheTerminal() {
    let folder = ScratchFolder()
    let file = folder.write("evil\u{1B}[2J.json", scenarioJSON(name: "x\\u001b]0;owned\\u0007"))
    let result = runCLI(["validate", file])
    #expect(result.status == 65)
    #expect(
      !result.stderr.unicodeScalars.contains("\u{1B}") && !result.stderr.unicodeScalars.contains("\u{7}"))
    #expect(
      result.stderr.contains("evil\\u{1B}[2J.json: name: must not contain control characters (found U+001B)"))
    let strategy = folder.write(
      "s.json", scenarioJSON(name: "s", ["strategies": #"["directional_range", "\u001b[31m"]"#]))
    let bad = runCLI(["run", strategy, "--out", folder.path + "/r"])
    #expect(bad.status == 65)
    #expect(
      bad.stderr.contains(
        "strategies[0]: unknown strategy 'directional_range'; known: infinite_scroll, fixed_threshold,"))
    #expect(bad.stderr.contains("(did you mean 'directional_ranges'?)"))
    #expect(
      bad.stderr.contains(
        #"strategies[1]: must not contain control characters (found U+001B), got "\u001b[31m""#))
    #expect(!bad.stderr.unicodeScalars.contains("\u{1B}"))
    #expect(!folder.exists("r"))
    // Unknown options are quoted back escaped too.
    let option = runCLI(["run", strategy, "--\u{1B}[31m"])
    #expect(option.status == 64)
    #expect(option.stderr.hasPrefix("Error: Unknown option '--\\u{1B}[31m'"))
  }

  /// `validate` trapped on a recording whose time was 1e16 (offset and touch files alike); now
  /// it exits 65 naming the scenario, the JSON path, the recording and its line.
  @Test(arguments: [
    ("offset_csv", "", "0,0\n1e16,10\n"),
    ("touch_csv", #", "density": 3"#, "0,down,0\n1e16,up,10\n"),
  ])
  func validateRefusesRecordingTimesBeyondTheClock(format: String, extra: String, rows: String) {
    let folder = ScratchFolder()
    folder.write("r.csv", rows)
    let file = folder.write(
      "s.json", scenarioJSON(["scroll": #"{"trace": {"path": "r.csv", "format": "\#(format)"\#(extra)}}"#]))
    let result = runCLI(["validate", file])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "Error: \(file): scroll.trace.path: \(folder.path)/r.csv: line 2: t_ms must be within ±1e15 ms, got 1e16\n"
    )
  }

  /// Numbers in errors are read, not decoded: 3.6e18 kept short, -1e-300 not written out as 300
  /// zeros, the same in a file and in a `--strategy` option (exit 65 and 64).
  @Test func numbersInErrorsAreReadable() {
    let folder = ScratchFolder()
    let file = folder.write(
      "n.json",
      scenarioJSON([
        "feed": #"{"total_items": 100, "page_size": 10, "item_height_pt": 3.6028797018963963e18}"#,
        "strategies": #"[{"name": "fixed_threshold", "ratio": -1e-300}]"#,
      ]))
    let result = runCLI(["validate", file])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "Error: \(file): feed.item_height_pt: must be <= 1000000, got 3.60288e18\n"
        + "Error: \(file): strategies[0].ratio: fixed_threshold.ratio must be in 0...1, got -1e-300\n")
    let option = runCLI([
      "run", folder.write("ok.json", scenarioJSON()), "--strategy",
      "fixed_threshold:ratio=0.30000000000000004e1",
      "--out", folder.path + "/out",
    ])
    #expect(option.status == 64)
    #expect(option.stderr.contains(": fixed_threshold.ratio must be in 0...1, got 3\n"), "\(option.stderr)")
    #expect(!folder.exists("out"))
  }

  @Test func escapingKeepsLineEndsAndTabs() {
    #expect(EscapingTerminal.escaped("a\tb\r\nc\n") == "a\tb\r\nc\n")
    // The progress line's own redraw passes; the same bytes inside text do not.
    let recording = RecordingTerminal()
    EscapingTerminal(recording).err("\r\u{1B}[Ksimulating 3/7 \u{1B}[2J")
    #expect(recording.stderr == "\r\u{1B}[Ksimulating 3/7 \\u{1B}[2J")
    #expect(EscapingTerminal.escaped("a\rb\u{7F}\u{9B}\u{202E}") == "a\\u{D}b\\u{7F}\\u{9B}\\u{202E}")
  }

  /// `validate` goes through every file and reports every problem of each, then exits 65.
  @Test func validateReportsEveryProblemOfEveryFile() {
    let folder = ScratchFolder()
    folder.write("a-good.json", scenarioJSON(name: "good"))
    folder.write(
      "b-bad.json",
      scenarioJSON(
        name: "bad", ["feed": #"{"page_sise": 5, "total_items": -1}"#, "network": #"{"timeout_ms": 0}"#]))
    folder.write(
      "c-worse.json", scenarioJSON(name: "worse", ["scroll": #"{"physics": "iOS", "model": "Flinger"}"#]))
    let result = runCLI(["validate", folder.path])
    #expect(result.status == 65)
    #expect(
      result.stdout.hasPrefix("ok  \(folder.path)/a-good.json  'good': 5 s trace, the general strategies"))
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "Error: \(folder.path)/b-bad.json: feed: unknown key 'page_sise' (did you mean 'page_size'?); valid keys: "
          + ScenarioDefinitions.feed.keyNames.joined(separator: ", "),
        "Error: \(folder.path)/b-bad.json: feed.total_items: must be >= 0, got -1",
        "Error: \(folder.path)/b-bad.json: network.timeout_ms: must be >= 1, got 0",
        "Error: \(folder.path)/c-worse.json: scroll.physics: must be one of ios, ios_fast, android, got \"iOS\""
          + #" (did you mean "ios"?)"#,
        "Error: \(folder.path)/c-worse.json: scroll.model: must be one of reader, skimmer, flinger, searcher, jumper,"
          + #" mixed, got "Flinger" (did you mean "flinger"?)"#,
      ])
  }

  @Test func verbsAndHelpSuggestAndRefuse() {
    let help = runCLI(["help", "nope"])
    #expect(help.status == 64)
    #expect(help.stderr.hasPrefix("Error: Unknown command 'nope'\n"))
    let typo = runCLI(["rnu", "scenarios/"])
    #expect(typo.status == 64)
    #expect(typo.stderr.hasPrefix("Error: Unknown command 'rnu'. Did you mean 'run'?"))
    #expect(runCLI(["help", "run"]).status == 0)
  }

  /// The timeline spacing is converted to µs: values beyond a session would overflow the clock.
  @Test func timelineIntervalIsBounded() {
    let result = runCLI(["run", "x.json", "--timeline-interval-ms", "9223372036854775807"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("must be in 0...1000000000"))
    let trace = runCLI(["trace", "scenarios/reader-lte.json", "--interval-ms", "9223372036854775807"])
    #expect(trace.status == 64)
    #expect(trace.stderr.contains("must be in 0...1000000000"))
  }
}
