import PrefetchLab
import Testing

@testable import PrefetchLabReports

@Suite struct RunFilesTests {
  @Test func safeNamesAreKeptAsTheyAre() {
    #expect(
      RunFiles.fileName(scenario: "reader-lte", strategyLabel: "fixed_threshold@ratio=0.5", seed: 3)
        == "reader-lte--fixed_threshold@ratio=0.5--3.csv")
  }

  /// Names that differ only in characters a file name cannot hold get different files, and none
  /// can leave the folder.
  @Test func unsafeNamesAreReplacedAndMadeUnique() {
    let names = ["a/b", "a_b", "a:b", "../x", "a--b", "a b", "ä", "`rm -rf`", ".."]
    let files = names.map { RunFiles.fileName(scenario: $0, strategyLabel: "s", seed: 1) }
    #expect(Set(files).count == names.count)
    for file in files {
      #expect(!file.contains("/"))
      #expect(!file.hasPrefix("."))
      #expect(file.components(separatedBy: "--").count == 3)
    }
    #expect(RunFiles.safeComponent("a_b") == "a_b")
    #expect(RunFiles.safeComponent("a/b").hasPrefix("a_b~"))
    #expect(RunFiles.safeComponent("a/b").count == "a_b~".count + 8)
  }

  /// The byte-level shortcut gives what the character-level rewrite gives, for random strings
  /// over an alphabet of allowed and refused ASCII, `.`, `-`, a combining accent and non-ASCII.
  @Test func shortcutAgreesWithTheRewrite() {
    let alphabet: [String] = [
      "a", "Z", "0", "_", ".", "-", "@", "=", "+", "/", " ", "~", "é", "e\u{301}", "\u{0}",
    ]
    var generator = SystemRandomNumberGenerator()
    var sawSafe = 0
    for _ in 0..<2000 {
      let length = Int.random(in: 0...6, using: &generator)
      let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
      #expect(RunFiles.safeComponent(text) == RunFiles.rewrittenComponent(text), "\(text.debugDescription)")
      if RunFiles.isSafeAsItIs(text) { sawSafe += 1 }
    }
    #expect(sawSafe > 0)
    #expect(
      !RunFiles.isSafeAsItIs("a--b") && !RunFiles.isSafeAsItIs(".a") && !RunFiles.isSafeAsItIs("a\u{301}"))
    #expect(
      RunFiles.isSafeAsItIs("paging3@prefetch_distance=10+initial_load_size=1")
        && RunFiles.isSafeAsItIs("a.-b"))
  }
}

@Suite struct RunFileNameAgreementTests {
  /// The writer names files from the configured strategy, readers from the summary row: both
  /// must give the same name, or plots and reports miss the run's timeline and time-to-content.
  @Test func writerAndReadersAgreeOnNonDefaultParameters() throws {
    let configured = try StrategyRegistry.builtIn.configure(
      StrategySpec(
        name: "fixed_threshold", parameters: ["ratio": .number(0.5), "guard_in_flight": .bool(false)]))
    let key = RunKey(
      scenario: "reader-lte", strategy: "fixed_threshold", params: configured.paramsText, seed: 2)
    #expect(configured.paramsText == "ratio=0.5,guard_in_flight=false")
    #expect(
      RunFiles.fileName(for: key)
        == RunFiles.fileName(scenario: "reader-lte", strategyLabel: configured.label, seed: 2))
    #expect(
      RunFiles.fileName(for: key) == "reader-lte--fixed_threshold@ratio=0.5+guard_in_flight=false--2.csv")
  }
}
