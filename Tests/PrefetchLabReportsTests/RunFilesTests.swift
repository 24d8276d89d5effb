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
