import PrefetchLab
import Testing

@testable import PrefetchLabCLI

@Suite struct ConstantsCommandTests {
  /// Markdown: the engine table, then the strategy defaults; each section alone on request; an
  /// unknown section is a usage error.
  @Test func printsBothPartsOrOneSection() {
    let all = runCLI(["constants", "--format", "markdown"])
    #expect(all.status == 0)
    #expect(all.stdout == ConstantCatalogue.markdown() + "\n" + ConstantCatalogue.strategyMarkdown())
    let engine = runCLI(["constants", "--format", "markdown", "--section", "engine"])
    #expect(engine.stdout == ConstantCatalogue.markdown())
    let strategies = runCLI(["constants", "--section", "strategies"])
    #expect(strategies.status == 0)
    #expect(strategies.stdout.hasPrefix("infinite_scroll.guard_in_flight\n  default: true\n"))
    #expect(strategies.stdout.contains("paging3.enable_placeholders\n  default: true\n"))
    let bad = runCLI(["constants", "--section", "radio"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("expected all, engine or strategies"), "\(bad.stderr)")
  }

  /// Every text block stands alone: the fast rate names its own source, not "likewise".
  @Test func textRowsAreSelfContained() {
    let text = runCLI(["constants", "--section", "engine"]).stdout
    #expect(
      text.contains(
        "IOSDecelerationCurve.fastRate\n  value: 0.99 per ms\n  standing: third-party observation\n"
          + "  source: `UIScrollView.DecelerationRate.fast`: Apple names it without a number;"))
    #expect(!text.contains("likewise"))
  }
}
