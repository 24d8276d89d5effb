import Testing

/// Paging 3's `max_size` rule (`PagingConfig`: at least page size + 2 × prefetch distance) is
/// checked against each scenario's feed: a bad input (exit 65) naming file, JSON path and rule.
@Suite struct MaxSizeRuleCLITests {
  /// Pages of 10, prefetch distance defaulting to the page size: the least max_size is
  /// 10 + 2 × 10 = 30; 29 is refused, 30 accepted; with prefetch_distance 5, 20 is enough.
  @Test func validateRefusesAMaxSizeBelowThePagingConfigRule() {
    let folder = ScratchFolder()
    let bad = folder.write(
      "bad.json", scenarioJSON(["strategies": #"[{"name": "paging3", "max_size": 29}]"#]))
    let failed = runCLI(["validate", bad])
    #expect(failed.status == 65)
    #expect(!failed.stdout.contains("ok "), "\(failed.stdout)")
    #expect(
      failed.stderr.contains(
        "bad.json: strategies[0].max_size: paging3.max_size must be at least page size + 2 x prefetch_distance "
          + "= 10 + 2 x 10 = 30 (PagingConfig), got 29"), "\(failed.stderr)")
    let recycler = folder.write(
      "recycler.json",
      scenarioJSON(name: "recycler", ["strategies": #"[{"name": "recyclerview", "max_size": 19}]"#]))
    let refused = runCLI(["validate", recycler])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("strategies[0].max_size: recyclerview.max_size must be at least"))
    let good = folder.write(
      "good.json",
      scenarioJSON(
        name: "good",
        [
          "strategies":
            #"[{"name": "paging3", "max_size": 30}, {"name": "paging3", "max_size": 20, "prefetch_distance": 5}]"#
        ]
      ))
    #expect(runCLI(["validate", good]).status == 0)
  }

  /// A `--strategy` override is checked against every scenario it runs on.
  @Test func anOverrideIsCheckedAgainstEachFeed() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI([
      "run", scenario, "--strategy", "paging3:max_size=25", "--out", folder.path + "/out", "--quiet",
    ])
    #expect(result.status == 65)
    // The error names the option as given, not a key of the file; the page size it was checked
    // with is the file's (10 items): 10 + 2 × 10 = 30 > 25.
    #expect(
      result.stderr.contains(
        "tiny.json: --strategy paging3:max_size=25: paging3.max_size must be at least page size + 2 x "
          + "prefetch_distance = 10 + 2 x 10 = 30 (PagingConfig), got 25 (page size 10: this file's feed.page_size)"
      ),
      "\(result.stderr)")
    #expect(!result.stderr.contains("feed.page_size: --strategy"))
    #expect(!folder.exists("out"))
  }

  /// In a sweep the error names the `--vary` setting at fault (the other setting is fine).
  @Test func aSweepSettingIsNamedByItsValues() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI([
      "sweep", scenario, "--strategy", "paging3", "--vary", "max_size=25,500", "--x", "stall_ms", "--y",
      "wasted_bytes", "--out", folder.path + "/out", "--quiet",
    ])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(
        "tiny.json: --vary setting max_size=25: paging3.max_size must be at least page size + 2 x "
          + "prefetch_distance = 10 + 2 x 10 = 30 (PagingConfig), got 25 (page size 10: this file's feed.page_size)"
      ),
      "\(result.stderr)")
    #expect(!folder.exists("out"))
  }
}
