import Testing

/// Paging 3's `jump_threshold` only works with offset pagination (a jump refreshes at a
/// placeholder, and cursor feeds have none): on a cursor feed it is a bad input (exit 65) naming
/// file, JSON path (or the option) and rule, and nothing is written.
@Suite struct JumpThresholdRuleCLITests {
  static let rule = "paging3.jump_threshold applies to offset pagination only (feed.pagination is cursor)"

  /// The file's own entry: its JSON path. The same entry on an offset feed validates.
  @Test func validateRefusesItOnACursorFeed() {
    let folder = ScratchFolder()
    let strategies = #"[{"name": "paging3", "jump_threshold": 50}]"#
    let cursor = folder.write("cursor.json", scenarioJSON(["strategies": strategies]))
    let refused = runCLI(["validate", cursor])
    #expect(refused.status == 65)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr == "Error: \(cursor): strategies[0].jump_threshold: \(Self.rule)\n")
    let run = runCLI(["run", cursor, "--out", folder.path + "/out", "--quiet"])
    #expect(run.status == 65)
    #expect(run.stderr == refused.stderr)
    #expect(!folder.exists("out"))
    let offset = folder.write(
      "offset.json",
      scenarioJSON(
        name: "offset",
        [
          "feed": tinyFeedJSON(#""pagination": "offset""#),
          "strategies": strategies,
        ]))
    #expect(runCLI(["validate", offset]).status == 0)
  }

  /// An override names the option as given; no page size note, as the rule is not about it.
  @Test func anOverrideIsRefusedOnACursorFeed() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI([
      "run", scenario, "--strategy", "paging3:jump_threshold=5", "--out", folder.path + "/out", "--quiet",
    ])
    #expect(result.status == 65)
    #expect(result.stderr == "Error: \(scenario): --strategy paging3:jump_threshold=5: \(Self.rule)\n")
    #expect(!folder.exists("out"))
  }

  /// A sweep names each setting at fault; `off` is fine.
  @Test func aSweepNamesTheSettingsAtFault() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI([
      "sweep", scenario, "--strategy", "paging3", "--vary", "jump_threshold=off,5,10", "--out",
      folder.path + "/out", "--quiet",
    ])
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix("Error: \(scenario): --vary setting jump_threshold=5: \(Self.rule)\n"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("jump_threshold=off"))
    #expect(!folder.exists("out"))
  }
}
