import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

@Suite struct FingerprintTests {
  @Test func sameInputsMatch() {
    let comparison = FingerprintComparison(baseline: checkManifest(), current: checkManifest())
    #expect(comparison.isMatch)
    #expect(comparison.notes.isEmpty)
    #expect(comparison.isComparable(runKey()))
  }

  @Test func changedScenarioIsAMismatchAndItsRowsAreNotCompared() {
    let comparison = FingerprintComparison(
      baseline: checkManifest(scenarios: [("a", "sha-a"), ("b", "sha-b")]),
      current: checkManifest(scenarios: [("a", "sha-a2"), ("b", "sha-b")]))
    #expect(
      comparison.issues == [
        .scenarioChanged(name: "a", path: "scenarios/a.json", baseline: "sha-a", current: "sha-a2")
      ])
    #expect(!comparison.isComparable(runKey("a")))
    #expect(comparison.isComparable(runKey("b")))
  }

  @Test func toolVersionSeedsTracesAndScenarioSetsAreCompared() {
    let comparison = FingerprintComparison(
      baseline: checkManifest(
        version: "0.1.0", scenarios: [("a", "1"), ("gone", "2"), ("t", "3")], seeds: [1, 2, 3],
        inputs: ["t": [("traces/x.down", "aaaa")]]),
      current: checkManifest(
        version: "0.2.0", scenarios: [("a", "1"), ("new", "4"), ("t", "3")], seeds: [2, 3, 4],
        inputs: ["t": [("traces/x.down", "bbbb")]]))
    #expect(comparison.issues.count == 5)
    #expect(comparison.issues[0] == .toolVersion(baseline: "0.1.0", current: "0.2.0"))
    #expect(comparison.issues[1] == .seeds(baseline: [1, 2, 3], current: [2, 3, 4]))
    #expect(comparison.issues[1].description == "seeds: baseline 1-3, current 2-4")
    #expect(comparison.issues[2] == .scenarioOnlyInBaseline(name: "gone", path: "scenarios/gone.json"))
    #expect(
      comparison.issues[3]
        == .inputsChanged(name: "t", baseline: ["traces/x.down aaaa"], current: ["traces/x.down bbbb"]))
    #expect(comparison.issues[4] == .scenarioOnlyInCurrent(name: "new", path: "scenarios/new.json"))
    #expect(comparison.isComparable(runKey("a", seed: 2)))
    #expect(!comparison.isComparable(runKey("a", seed: 1)))
    #expect(!comparison.isComparable(runKey("t", seed: 2)))
  }

  @Test func aStrategyListEditIsAMismatchButItsRowsAreCompared() {
    let comparison = FingerprintComparison(
      baseline: checkManifest(
        scenarios: [("a", "file1"), ("b", "file2")], withoutStrategies: ["a": "c1", "b": "c2"]),
      current: checkManifest(
        scenarios: [("a", "file1b"), ("b", "file2b")], withoutStrategies: ["a": "c1", "b": "c2b"]))
    #expect(
      comparison.issues == [
        .strategiesChanged(name: "a", path: "scenarios/a.json"),
        .scenarioChanged(name: "b", path: "scenarios/b.json", baseline: "file2", current: "file2b"),
      ])
    #expect(!comparison.isMatch)
    #expect(comparison.isComparable(runKey("a")))
    #expect(!comparison.isComparable(runKey("b")))
    // Without the hashes (an older manifest) any edit is a changed scenario.
    let older = FingerprintComparison(
      baseline: checkManifest(scenarios: [("a", "file1")]),
      current: checkManifest(scenarios: [("a", "file1b")], withoutStrategies: ["a": "c1"]))
    #expect(!older.isComparable(runKey("a")))
  }

  /// The scenario hashes cover what runs: the strategy list only in `sha256`, trace files by
  /// their contents (`inputs`), not by where they are; any other field changes both.
  @Test func scenarioHashesSeparateConditionsFromStrategiesAndPaths() {
    var scenario = Scenario(
      name: "a", feed: FeedSpec(),
      network: NetworkSpec(trace: BandwidthTraceSpec(path: "t/x.down", format: .mahimahi)),
      scroll: ScrollSpec(source: .script([.wait(durationMs: 1000)])))
    let plain = Manifest.hashes(of: scenario)
    #expect(plain.sha256.count == 64 && plain.withoutStrategies.count == 64)
    #expect(plain.sha256 != plain.withoutStrategies)
    scenario.strategies = [StrategySpec(name: "fixed_threshold", parameters: ["ratio": .number(0.5)])]
    let listed = Manifest.hashes(of: scenario)
    #expect(listed.withoutStrategies == plain.withoutStrategies)
    #expect(listed.sha256 != plain.sha256)
    scenario.network.trace?.path = "/elsewhere/x.down"
    #expect(Manifest.hashes(of: scenario) == listed)
    scenario.viewport.heightPt = 800
    #expect(Manifest.hashes(of: scenario).withoutStrategies != plain.withoutStrategies)
  }

  /// The hashes are those of the compact `Scenario.json` text (trace paths blanked), with and
  /// without its `strategies` member, however the text is put together.
  @Test func scenarioHashesAreThoseOfTheCompactJSONText() {
    var scenario = Scenario(
      name: "a \"quoted\" name", feed: FeedSpec(),
      network: NetworkSpec(trace: BandwidthTraceSpec(path: "t/x.down", format: .mahimahi)),
      scroll: ScrollSpec(source: .script([.wait(durationMs: 1000)])))
    for strategies in [[], [StrategySpec(name: "fixed_threshold", parameters: ["ratio": .number(0.5)])]] {
      scenario.strategies = strategies
      let json = scenario.json(tracePath: { _ in "" })
      let conditions = JSONValue.object((json.objectMembers ?? []).filter { $0.key != "strategies" })
      let hashes = Manifest.hashes(of: scenario)
      #expect(hashes.sha256 == SHA256.hex(Array(json.serialized().utf8)))
      #expect(hashes.withoutStrategies == SHA256.hex(Array(conditions.serialized().utf8)))
    }
  }

  @Test func manifestRoundTripsTheNewHash() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let written = checkManifest(withoutStrategies: ["a": "c1"])
    // One row, as the manifest's run count says (a folder whose rows disagree is refused).
    let folder = try folders.folder("m", checkHeader + "a,s,,1,100,0.5,10,2000\n", manifest: written)
    #expect(folder.manifest == written)
    #expect(folder.manifest?.scenarios.first?.sha256WithoutStrategies == "c1")
  }

  @Test func missingManifestIsANoteNotAMismatch() {
    let comparison = FingerprintComparison(baseline: checkManifest(), current: nil)
    #expect(comparison.isMatch)
    #expect(comparison.notes == ["the current results have no manifest.json: fingerprint not checked"])
    #expect(comparison.isComparable(runKey("anything", seed: 99)))
  }

  @Test func editedScenarioGivesAFingerprintMismatchNotRegressions() throws {
    let folders = try CheckFolders()
    defer { folders.remove() }
    let base = try folders.folder(
      "base", checkHeader + "a,s,,1,100,0.5,10,2000\nb,s,,1,1,1,1,1\n",
      manifest: checkManifest(scenarios: [("a", "1"), ("b", "2")]))
    let new = try folders.folder(
      "new", checkHeader + "a,s,,1,900,0.1,10,2000\nb,s,,1,1,1,1,1\n",
      manifest: checkManifest(scenarios: [("a", "edited"), ("b", "2")]))
    let check = RegressionCheck(baseline: base, current: new)
    #expect(check.outcome == .fingerprintMismatch)
    #expect(check.regressions.isEmpty)
    #expect(check.excludedRows == [runKey("a")])
    #expect(check.comparedRows == 1)
    let text = CheckReport(check: check, baselineLabel: "base", currentLabel: "new").render(.text)
    #expect(text.contains("Fingerprint: MISMATCH (1 difference)"))
    // The scenario file is shown as recorded (relative to the baseline folder), resolved from here.
    #expect(
      text.contains(
        "scenario 'a' (\(base.path)/scenarios/a.json): changed, SHA-256 1 in the baseline, edited now"))
    #expect(!text.contains("Regressions"))
  }
}
