import Testing

/// `run --population` names every problem at once: the population file's, and those the
/// segments' scenarios get from `ScenarioCheck` (a `--strategy` against their feed), which used to
/// appear only once the population file was fully valid.
@Suite struct PopulationInputsCLITests {
  @Test func fileAndScenarioCheckProblemsComeTogetherEachOnce() {
    let folder = ScratchFolder()
    folder.write("tiny.json", scenarioJSON())
    let population = folder.write(
      "mix.json",
      #"{"name": "m", "segments": [{"name": "a", "weight": 0, "scenario": "tiny.json"}, "#
        + #"{"name": "b", "weight": 1, "scenario": "tiny.json", "user": "reader"}, "#
        + #"{"name": "c", "weight": 1, "scenario": "tiny.json", "user": "flinger"}]}"#)
    let result = runCLI([
      "run", "--population", population, "--strategy", "paging3:max_size=3", "--out", folder.path + "/out",
      "--quiet",
    ])
    #expect(result.status == 65)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let strategyLine =
      "Error: \(folder.path)/tiny.json: --strategy paging3:max_size=3: paging3.max_size must be at least page "
      + "size + 2 x prefetch_distance = 10 + 2 x 10 = 30 (PagingConfig), got 3 (page size 10: this file's "
      + "feed.page_size)"
    #expect(
      lines == ["Error: \(population): segments[0].weight: must be > 0, got 0", strategyLine],
      "\(result.stderr)")
    #expect(!folder.exists("out"))
  }
}
