import Foundation
import Testing

@testable import PrefetchLabCLI

/// `bench` holds its options to the rules `run` holds them to: a `--strategy` that breaks a rule
/// with a bench case's feed, and work options past their documented tops, are usage errors
/// (exit 64) before anything is measured. Both used to run and exit 0.
@Suite struct BenchOptionRulesCLITests {
  /// As `BenchCommandTests.tiny` without a strategy: one 1-second session, one sample.
  static let tiny = [
    "bench", "--seconds", "1", "--sessions", "1", "--repetitions", "1", "--warmup", "0", "--engine",
    "event", "--trace", "/nonexistent/trace.json",
  ]

  /// The rule text `run` prints for `strategy` on a cursor feed of 20-item pages, after
  /// "--strategy <spec>: " (the part that names the file's key differs).
  static func runRule(_ strategy: String) -> String {
    let folder = ScratchFolder()
    let file = folder.write(
      "cursor.json",
      scenarioJSON(["feed": #"{"total_items": 100, "page_size": 20, "item_height_pt": 100}"#]))
    let run = runCLI(["run", file, "--strategy", strategy, "--out", folder.path + "/out", "--quiet"])
    #expect(run.status == 65)
    let prefix = "Error: \(file): --strategy \(strategy): "
    #expect(run.stderr.hasPrefix(prefix), "\(run.stderr)")
    let rule = run.stderr.dropFirst(prefix.count).prefix { $0 != "\n" }
    return String(rule.split(separator: " (page size").first ?? rule)
  }

  @Test func aStrategyRunRefusesOnACursorFeedIsAUsageErrorWithRunsRule() {
    for strategy in ["paging3:jump_threshold=5", "paging3:max_size=1"] {
      let rule = Self.runRule(strategy)
      let bench = runCLI(Self.tiny + ["--strategy", strategy])
      #expect(bench.status == 64, "\(strategy)")
      #expect(bench.stdout.isEmpty)
      #expect(
        bench.stderr.hasPrefix(
          "Error: The value '\(strategy)' is invalid for '--strategy <strategy>': \(rule)"),
        "\(bench.stderr)")
    }
    // Every flicker and reader case has the same cursor feed of 20-item pages.
    #expect(
      runCLI(Self.tiny + ["--strategy", "paging3:jump_threshold=5"]).stderr.contains(
        "(feed.pagination is cursor), on every bench case\n"))
    #expect(
      runCLI(Self.tiny + ["--strategy", "paging3:max_size=1"]).stderr.contains(
        "got 1 (page size 20: the case's feed.page_size), on every bench case\n"))
  }

  /// The constant drag's pages hold one row: its rule is checked with that page size, and the
  /// message names the case.
  @Test func theConstantDragIsCheckedWithItsOwnPageSize() {
    let trace = BenchCommandTests.bundledTrace
    let arguments =
      Self.tiny.dropLast(2) + [
        "--trace", trace, "--user", "constant-drag", "--strategy", "paging3:max_size=2",
      ]
    let bench = runCLI(Array(arguments))
    #expect(bench.status == 64)
    #expect(
      bench.stderr.hasPrefix(
        "Error: The value 'paging3:max_size=2' is invalid for '--strategy <strategy>': paging3.max_size must "
          + "be at least page size + 2 x prefetch_distance = 1 + 2 x 1 = 3 (PagingConfig), got 2 (page size 1: "
          + "the case's feed.page_size), on the bench case 'constant drag, 600 × 400 pt rows, 240 Hz, 3G, "
          + "pages only'\n"), "\(bench.stderr)")
  }

  /// A setting that breaks the rule on cases of two feeds names both groups: only the first
  /// used to be named, so fixing it for the flicker's feed met the constant drag's next.
  @Test func everyGroupOfBrokenCasesIsNamed() {
    let arguments =
      Self.tiny.dropLast(2) + [
        "--trace", BenchCommandTests.bundledTrace, "--user", "reader", "--user", "constant-drag",
        "--strategy",
        "paging3:max_size=1",
      ]
    let bench = runCLI(Array(arguments))
    #expect(bench.status == 64)
    let firstLine = bench.stderr.prefix { $0 != "\n" }
    #expect(
      firstLine.contains(
        "= 20 + 2 x 20 = 60 (PagingConfig), got 1 (page size 20: the case's feed.page_size), on the bench cases "
          + "'reader, "), "\(bench.stderr)")
    #expect(
      firstLine.hasSuffix(
        "; paging3.max_size must be at least page size + 2 x prefetch_distance = 1 + 2 x 1 = 3 (PagingConfig), "
          + "got 1 (page size 1: the case's feed.page_size), on the bench case 'constant drag, 600 × 400 pt "
          + "rows, 240 Hz, 3G, pages only'"), "\(bench.stderr)")
  }

  @Test func workOptionsPastTheirTopsAreUsageErrorsNamingTheRange() {
    let cases: [(option: String, value: String, range: String)] = [
      ("seconds", "1000001", "1...1000000"), ("sessions", "10001", "1...10000"),
      ("repetitions", "1001", "1...1000"), ("warmup", "1001", "0...1000"), ("sessions", "0", "1...10000"),
      ("warmup", "-1", "0...1000"),
    ]
    for (option, value, range) in cases {
      let result = runCLI(Self.tiny + ["--strategy", "infinite_scroll", "--\(option)", value])
      #expect(result.status == 64, "--\(option) \(value)")
      #expect(
        result.stderr.hasPrefix(
          "Error: The value '\(value)' is invalid for '--\(option) <\(option)>': must be in \(range)\n"),
        "\(result.stderr)")
    }
    let help = runCLI(["bench", "--help"]).stdout
    for range in ["1...1000000", "1...10000", "1...1000", "0...1000"] {
      #expect(help.contains(range), "help states \(range)")
    }
  }
}
