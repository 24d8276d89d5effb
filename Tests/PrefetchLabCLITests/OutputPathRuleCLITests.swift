import Foundation
import Testing

@testable import PrefetchLabCLI

/// An output option that cannot name what it writes (`--out .`, `/`, empty) is a usage error
/// (exit 64) naming the option, in every verb that writes one, before anything is read: the
/// new-user trial's `run scenarios/ --out .` exited 1 with "Error: .: cannot be replaced…".
@Suite struct OutputPathRuleCLITests {
  /// Each verb with a results-folder or file option, with arguments that get it past parsing.
  static let verbs: [(arguments: [String], option: String, target: String)] = [
    (["run", "missing.json"], "out", "a results folder"),
    (
      ["sweep", "missing.json", "--strategy", "fixed_threshold", "--vary", "ratio=0.5"], "out",
      "a results folder"
    ),
    (["merge", "shard-a", "shard-b"], "out", "a results folder"),
    (["check", "--baseline", "missing"], "save-current", "a results folder"),
    (["trace", "missing.json"], "out", "a file"),
    (["trace-network", "missing.json"], "out", "a file"),
    (["import", "har", "missing.har"], "out", "a file"),
  ]

  static let paths: [(path: String, rule: String)] = [
    ("", "must not be empty: it names TARGET to write"),
    (".", "must name TARGET, not the current folder"),
    ("./", "must name TARGET, not the current folder"),
    ("..", "must name TARGET, not the parent folder"),
    ("/", "must name TARGET, not the root folder"),
    ("//", "must name TARGET, not the root folder"),
    ("results/.", "must name TARGET, not a path ending in /. ('results/.')"),
  ]

  @Test func everyOutputOptionRefusesAPathThatNamesNothingNew() {
    for verb in Self.verbs {
      for bad in Self.paths {
        let result = runCLI(verb.arguments + ["--" + verb.option, bad.path])
        let rule = bad.rule.replacingOccurrences(of: "TARGET", with: verb.target)
        #expect(result.status == 64, "\(verb.arguments[0]) --\(verb.option) '\(bad.path)'")
        #expect(
          result.stderr.hasPrefix("Error: --\(verb.option) \(rule)\nUsage: prefetchlab \(verb.arguments[0])"),
          "\(verb.arguments[0]) --\(verb.option) '\(bad.path)': \(result.stderr)")
        #expect(result.stdout.isEmpty)
      }
    }
  }

  /// A file option also refuses a folder path; a results folder may be written with a slash.
  @Test func aTrailingSlashIsAFolderForFilesOnly() {
    #expect(
      OutputPathRule.problem("out/", option: "out", target: .file)
        == "--out must name a file, not a folder ('out/' ends in /)")
    #expect(OutputPathRule.problem("results/latest/", option: "out", target: .resultsFolder) == nil)
    #expect(OutputPathRule.problem("results/latest", option: "out", target: .resultsFolder) == nil)
    #expect(OutputPathRule.problem("trace.csv", option: "out", target: .file) == nil)
    #expect(OutputPathRule.problem("./trace.csv", option: "out", target: .file) == nil)
  }
}
