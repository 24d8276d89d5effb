import Testing

/// `validate` and `run` agree on bad input: a file is never reported both good and bad, and
/// `run` writes nothing when there is any.
@Suite struct InputParityCLITests {
  /// A copy of a file has its name: the copy, given second, is refused at `name` in place of its
  /// ok line; the first stays good.
  @Test func aNameClashIsTheLaterFilesProblem() {
    let folder = ScratchFolder()
    let first = folder.write("a.json", scenarioJSON())
    let copy = folder.write("b.json", scenarioJSON())
    let validate = runCLI(["validate", first, copy])
    #expect(validate.status == 65)
    #expect(validate.stdout == "ok  \(first)  'tiny': 5 s trace, the general strategies\n")
    let clash = "Error: \(copy): name: scenario name 'tiny' is already used by \(first)\n"
    #expect(validate.stderr == clash)
    let run = runCLI(["run", first, copy, "--out", folder.path + "/out", "--quiet"])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == clash)
    #expect(!folder.exists("out"))
    // Given the other way round, the other file is the later one.
    #expect(
      runCLI(["validate", copy, first]).stderr
        == "Error: \(first): name: scenario name 'tiny' is already used by \(copy)\n")
  }
}
