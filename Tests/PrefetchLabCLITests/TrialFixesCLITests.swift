import Foundation
import Testing

/// What a new user's trial found misleading: validate's media figure and its silence on a list
/// that never appends, sweep grids of identical settings, a reference refused for sharing the swept
/// strategy's name, recommend's ties, and the wording of a few refusals and warnings.
@Suite struct TrialFixesCLITests {
  /// A feed with one 60 kB image per row, images from a CDN whose round trip is `mediaRttMs`.
  func mediaScenario(mediaRttMs: String) -> String {
    scenarioJSON([
      "feed": tinyFeedJSON(#""media_bytes": 60000"#),
      "network": #"{"rtt_ms": 100, "bandwidth_kbps": 48000, "media": {"rtt_ms": \#(mediaRttMs)}}"#,
    ])
  }

  @Test func validateTimesImagesOverTheMediaOrigin() throws {
    let folder = ScratchFolder()
    // 60 000 bytes × 8 / 48 000 kbit/s = 10 ms on the link, plus the origin's round trip.
    let fast = runCLI(["validate", folder.write("fast.json", mediaScenario(mediaRttMs: "1"))])
    #expect(fast.status == 0, "\(fast.stderr)")
    #expect(fast.stdout.contains("median image fetch 11 ms (network.media)"), "\(fast.stdout)")
    let slow = runCLI(["validate", folder.write("slow.json", mediaScenario(mediaRttMs: "5000"))])
    #expect(slow.stdout.contains("median image fetch 5010 ms (network.media)"), "\(slow.stdout)")
  }

  @Test func validateWarnsOfAListOverPagingThatNeverAppends() throws {
    let folder = ScratchFolder()
    let file = folder.writeScenario(
      "pd0.json",
      [
        "feed": tinyFeedJSON(#""pagination": "cursor""#),
        "strategies": #"["recyclerview", {"name": "recyclerview", "prefetch_distance": 0}]"#,
      ])
    let plain = runCLI(["validate", file])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(
      plain.stderr.contains(
        "strategies[1].prefetch_distance: 0 never loads past the first page on a cursor feed"),
      "\(plain.stderr)")
    #expect(
      plain.stderr.contains("every session stalls at the end of the first page until the user abandons"))
    #expect(!plain.stderr.contains("strategies[0]"))
    let strict = runCLI(["validate", "--strict", file])
    #expect(strict.status == 65)
    #expect(strict.stderr.contains("strategies[1].prefetch_distance"), "\(strict.stderr)")
  }

  @Test func aZeroRoundTripIsNotCalledAUnitSlip() throws {
    let folder = ScratchFolder()
    let result = runCLI(["validate", folder.writeScenario("rtt0.json", ["network": #"{"rtt_ms": 0}"#])])
    #expect(result.stderr.contains("network.rtt_ms: median RTT 0 ms: a 0 ms round trip is not physical"))
    #expect(!result.stderr.contains("seconds typed as milliseconds"), "\(result.stderr)")
  }

  @Test func aMediaParameterWithoutItsLoaderIsRefused() throws {
    let folder = ScratchFolder()
    // On the command line: a usage error naming the parameter and the loader it needs.
    let given = runCLI([
      "run", folder.writeScenario("t.json"), "--strategy", "recyclerview:max_preload=4",
    ])
    #expect(given.status == 64, "\(given.stderr)")
    #expect(
      given.stderr.contains("has no effect with media=visibility: only media=glide reads it"),
      "\(given.stderr)")
    let lazy = runCLI([
      "run", folder.path + "/t.json", "--strategy", "infinite_scroll:media=glide,lazy_threshold_pt=10",
    ])
    #expect(lazy.status == 64)
    #expect(lazy.stderr.contains("only media=browser_lazy reads it"), "\(lazy.stderr)")
    // In a scenario file: bad input at the strategy's key.
    let file = folder.writeScenario(
      "s.json", ["strategies": #"[{"name": "recyclerview", "max_preload": 4}]"#])
    let validated = runCLI(["validate", file])
    #expect(validated.status == 65)
    #expect(validated.stderr.contains("strategies[0]"), "\(validated.stderr)")
    #expect(validated.stderr.contains("max_preload"), "\(validated.stderr)")
    // A grid crossing the loader with its parameter is refused whole, naming the setting.
    let sweep = runCLI([
      "sweep", folder.path + "/t.json", "--strategy", "recyclerview", "--vary", "media=visibility,glide",
      "--vary", "max_preload=2,10", "--out", folder.path + "/sw", "-q", "--no-plots",
    ])
    #expect(sweep.status == 64, "\(sweep.stderr)")
    #expect(sweep.stderr.contains("media=visibility × max_preload=2"), "\(sweep.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/sw"))
    // With its loader the parameter runs.
    #expect(
      runCLI([
        "run", folder.path + "/t.json", "--strategy", "recyclerview:media=glide,max_preload=4", "-q",
        "--no-plots", "--out", folder.path + "/ok",
      ]).status == 0)
  }

  @Test func theSweptStrategyWithOtherParametersMayBeAReference() throws {
    let folder = ScratchFolder()
    let file = folder.writeScenario("t.json")
    let out = folder.path + "/sw"
    let result = runCLI([
      "sweep", file, "--strategy", "recyclerview:media=glide", "--vary", "max_preload=4,10", "--reference",
      "recyclerview", "--seeds", "1", "--out", out, "-q", "--no-plots",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try String(contentsOfFile: out + "/summary.csv", encoding: .utf8)
    #expect(summary.contains("tiny,recyclerview,,1,"), "\(summary)")
    #expect(summary.contains("max_preload=4"), "\(summary)")
    let manifest = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
    #expect(manifest.contains("\"recyclerview\""), "\(manifest)")
    // A reference that is one of the grid's settings is still refused.
    let same = runCLI([
      "sweep", file, "--strategy", "recyclerview:media=glide", "--vary", "max_preload=4,10", "--reference",
      "recyclerview:media=glide,max_preload=4", "--out", folder.path + "/sw2", "-q", "--no-plots",
    ])
    #expect(same.status == 64)
    #expect(same.stderr.contains("is the grid's setting max_preload=4"), "\(same.stderr)")
  }

  @Test func recommendSaysWhenATieIsIdenticalOnEveryObjective() throws {
    let folder = ScratchFolder()
    // media_lookahead_rows acts only for an iOS prefetcher: the two run the same list.
    let file = folder.writeScenario(
      "t.json",
      [
        "seeds": "2",
        "strategies": #"["infinite_scroll", {"name": "infinite_scroll", "media_lookahead_rows": 5}]"#,
      ])
    let out = folder.path + "/r"
    #expect(runCLI(["run", file, "-q", "--no-plots", "--out", out]).status == 0)
    let text = runCLI(["recommend", out])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(
      text.stdout.contains(
        "no clear winner: infinite_scroll, infinite_scroll:media_lookahead_rows=5 (identical on every objective: "
          + "no number of seeds separates them)"), "\(text.stdout)")
    let csv = runCLI(["recommend", out, "--format", "csv"])
    #expect(csv.stdout.contains("identical on every objective"), "\(csv.stdout)")
  }

  /// sweep's closing line and recommend say the same of a tie, and `identical` only of settings
  /// that are: on the bundled Flutter feed, invisible_items_threshold 8 and 9 differ in blank
  /// time on each of seeds 1–3 (by −6 ms a minute on average) without a significant difference.
  @Test func sweepAndRecommendWordATieAlike() throws {
    let folder = ScratchFolder()
    let out = folder.path + "/sw"
    let sweep = runCLI([
      "sweep", SchemaTests.repository + "/scenarios/flutter-pagination-feed.json", "--strategy",
      "flutter_pagination", "--vary",
      "invisible_items_threshold=8,9", "--seeds", "1-3", "--out", out,
      "--no-plots", "-q",
    ])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    let note =
      "flutter_pagination:invisible_items_threshold=9 against flutter_pagination:invisible_items_threshold=8 "
      + "not significantly different at 3 seeds (stall_ms no difference, blank_ms per min p="
    #expect(sweep.stdout.contains(note), "\(sweep.stdout)")
    #expect(!sweep.stdout.contains("identical"), "\(sweep.stdout)")
    let recommend = runCLI(["recommend", out])
    #expect(recommend.status == 0, "\(recommend.stderr)")
    let line = { (text: String) in text.split(separator: "\n").first { $0.contains(note) }.map(String.init) }
    let fromSweep = try #require(line(sweep.stdout))
    let fromRecommend = try #require(line(recommend.stdout))
    // The same note after the verdict: from "no clear winner" to the end of the parenthesis.
    let tail = { (text: String) in text[text.range(of: "no clear winner")!.lowerBound...].prefix { $0 != "—" }
    }
    #expect(
      tail(fromSweep).trimmingCharacters(in: .whitespaces)
        == tail(fromRecommend).trimmingCharacters(in: .whitespaces))
  }

  @Test func saveCurrentRefusalsNameTheirOwnOption() throws {
    let folder = ScratchFolder()
    let file = folder.writeScenario("t.json")
    let base = folder.path + "/base"
    #expect(runCLI(["run", file, "-q", "--no-plots", "--out", base]).status == 0)
    let mine = folder.write("mine/notes.txt", "mine")
    let result = runCLI([
      "check", "--baseline", base, "--save-current", folder.path + "/mine", "--details-file",
      folder.path + "/d.txt",
    ])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("folder for --save-current"), "\(result.stderr)")
    #expect(!result.stderr.contains("--out"), "\(result.stderr)")
    #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine")
  }

  @Test func anEmptyFolderIsWrittenWithoutReplace() throws {
    let folder = ScratchFolder()
    let file = folder.writeScenario("t.json")
    try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
    let result = runCLI(["run", file, "-q", "--no-plots", "--out", folder.path + "/empty"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/empty/summary.csv"))
  }

  @Test func initTemplatesRunTenSeedsAndTheReportSaysWhatPagingLoadsFirst() throws {
    let folder = ScratchFolder()
    let file = folder.path + "/a.json"
    #expect(runCLI(["init", file, "--template", "android"]).status == 0)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"seeds\": 10,"))
    let out = folder.path + "/r"
    #expect(runCLI(["run", folder.writeScenario("t.json"), "-q", "--out", out]).status == 0)
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    #expect(
      report.contains("pages of 10 (first request 10 items, unless the strategy sets its own first load"))
  }
}
