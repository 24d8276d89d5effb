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
