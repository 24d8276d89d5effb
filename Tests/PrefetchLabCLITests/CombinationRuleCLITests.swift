import Testing

/// A radio profile without a radio model is a bad input: exit 65 naming file, key and rule, and
/// nothing written.
@Suite struct CombinationRuleCLITests {
  @Test func aProfileWithoutARadioModelIsABadInput() {
    let folder = ScratchFolder()
    let bad = folder.write("bad.json", scenarioJSON(["radio": #"{"model": "none", "profile": "aro"}"#]))
    let validated = runCLI(["validate", bad])
    #expect(validated.status == 65)
    #expect(
      validated.stderr.contains(
        "bad.json: radio.profile: needs a radio model (lte or 3g); radio.model is none"),
      "\(validated.stderr)")
    let run = runCLI(["run", bad, "--out", folder.path + "/out", "--quiet"])
    #expect(run.status == 65)
    #expect(!folder.exists("out"))
    let good = folder.write(
      "good.json", scenarioJSON(name: "good", ["radio": #"{"model": "3g", "profile": "aro"}"#]))
    #expect(runCLI(["validate", good]).status == 0)
  }
}
