import Foundation
import Testing

/// Paging 3's `enable_placeholders` at the command line: `PagingConfig` refuses
/// `prefetchDistance` 0 with placeholders disabled — in a scenario file a bad input (exit 65)
/// naming file, JSON path and rule, in `--strategy` or `--vary` a usage error (exit 64) — and a
/// run without placeholders goes through.
@Suite struct PlaceholdersRuleCLITests {
  @Test func validateRefusesPrefetchDistanceZeroWithoutPlaceholders() {
    let folder = ScratchFolder()
    let bad = folder.writeScenario(
      "bad.json",
      [
        "strategies":
          #"[{"name": "paging3"}, {"name": "recyclerview", "enable_placeholders": false, "prefetch_distance": 0}]"#
      ])
    let failed = runCLI(["validate", bad])
    #expect(failed.status == 65)
    #expect(
      failed.stderr.contains(
        "bad.json: strategies[1].prefetch_distance: recyclerview.prefetch_distance must be above 0 when "
          + "enable_placeholders is false"), "\(failed.stderr)")
    let good = folder.write(
      "good.json",
      scenarioJSON(
        name: "good",
        [
          "strategies":
            #"[{"name": "paging3", "prefetch_distance": 0}, {"name": "paging3", "enable_placeholders": false, "prefetch_distance": 1}]"#
        ]))
    #expect(runCLI(["validate", good]).status == 0)
  }

  /// The rule needs no feed, so a `--strategy` breaking it is a usage error (exit 64) naming the
  /// option and the rule, and a `--vary` grid containing it names the setting; nothing is written.
  @Test func anOverrideBreakingTheRuleIsAUsageError() {
    let folder = ScratchFolder()
    let scenario = folder.writeScenario("tiny.json")
    let result = runCLI([
      "run", scenario, "--strategy", "paging3:enable_placeholders=false,prefetch_distance=0", "--out",
      folder.path + "/out", "--quiet",
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(
        "The value 'paging3:enable_placeholders=false,prefetch_distance=0' is invalid for '--strategy <strategy>': "
          + "paging3.prefetch_distance must be above 0 when enable_placeholders is false"), "\(result.stderr)"
    )
    #expect(!result.stderr.contains("feed.page_size"))
    let sweep = runCLI([
      "sweep", scenario, "--strategy", "paging3", "--vary", "enable_placeholders=true,false", "--vary",
      "prefetch_distance=0,5", "--x", "stall_ms", "--y", "wasted_bytes", "--out", folder.path + "/out",
      "--quiet",
    ])
    #expect(sweep.status == 64)
    #expect(
      sweep.stderr.contains(
        "The value 'enable_placeholders=false × prefetch_distance=0' is invalid for '--vary <param=values>': "
          + "this setting: paging3.prefetch_distance must be above 0 when enable_placeholders is false"),
      "\(sweep.stderr)")
    #expect(!folder.exists("out"))
  }

  /// `--strategy paging3:enable_placeholders=false` runs, and its `params` cell says so.
  @Test func anOverrideWithoutPlaceholdersRuns() {
    let folder = ScratchFolder()
    let scenario = folder.writeScenario("tiny.json")
    let result = runCLI([
      "run", scenario, "--strategy", "paging3:enable_placeholders=false", "--out", folder.path + "/out",
      "--quiet", "--no-plots",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try? String(contentsOfFile: folder.path + "/out/summary.csv", encoding: .utf8)
    #expect(summary?.contains("enable_placeholders=false") == true, "\(summary ?? "no summary.csv")")
  }
}
