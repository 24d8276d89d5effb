import Foundation
import Testing

@testable import PrefetchLabCLI

/// An integer option with a declared range names it when a value is refused, whether the value
/// is not an integer (`nan`, `1e300`, `1.5`) or one outside the range; the new-user trial met a
/// bare "The value '1e300' is invalid for '--timeline-interval-ms <…>'", and `trace-network
/// --interval-ms 9223372036854775807` trapped on an overflow (exit 132).
@Suite struct IntegerOptionRangeCLITests {

  @Test func timelineIntervalNamesItsRangeForEveryRefusedValue() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let cases: [(value: String, reason: String)] = [
      ("nan", "expected an integer in 0...1000000000"), ("NaN", "expected an integer in 0...1000000000"),
      ("1e300", "expected an integer in 0...1000000000"), ("1.5", "expected an integer in 0...1000000000"),
      ("inf", "expected an integer in 0...1000000000"), ("-1", "must be in 0...1000000000"),
      ("1000000001", "must be in 0...1000000000"),
    ]
    for (value, reason) in cases {
      let result = runCLI(["run", scenario, "--timeline-interval-ms", value, "--out", folder.path + "/out"])
      #expect(result.status == 64, "\(value)")
      #expect(
        result.stderr.hasPrefix(
          "Error: The value '\(value)' is invalid for '--timeline-interval-ms <timeline-interval-ms>': "
            + reason + "\n"), "\(result.stderr)")
      #expect(!folder.exists("out"))
    }
  }

  @Test func optionsWithoutAnUpperBoundStateTheLowerOne() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    #expect(
      runCLI(["run", scenario, "-j", "x"]).stderr.hasPrefix(
        "Error: The value 'x' is invalid for '-j <jobs>': expected an integer >= 1\n"))
    #expect(
      runCLI(["run", scenario, "--jobs", "0"]).stderr.hasPrefix(
        "Error: The value '0' is invalid for '--jobs <jobs>': must be at least 1\n"))
  }

  /// `trace --seed` has the bound `--seeds` and a scenario's `seed` have (2^53 − 1): it used to
  /// take 9007199254740993, which `run` refuses.
  @Test func traceSeedHasTheSeedBound() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    for value in ["-1", "9007199254740992", "9007199254740993"] {
      let result = runCLI(["trace", scenario, "--seed", value, "--out", folder.path + "/t.csv"])
      #expect(result.status == 64)
      #expect(
        result.stderr.hasPrefix(
          "Error: The value '\(value)' is invalid for '--seed <seed>': must be in 0...9007199254740991\n"),
        "\(result.stderr)")
    }
    #expect(!folder.exists("t.csv"))
    let top = runCLI(["trace", scenario, "--seed", "9007199254740991", "--out", folder.path + "/t.csv"])
    #expect(top.status == 0, "\(top.stderr)")
  }

  @Test func traceNetworkRefusesAnIntervalWhoseMicrosecondsOverflow() {
    let folder = ScratchFolder()
    let trace = folder.write("link.json", TraceNetworkCommandTests.periods)
    let result = runCLI(["trace-network", trace, "--interval-ms", "9223372036854775807"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: The value '9223372036854775807' is invalid for '--interval-ms <interval-ms>': must be in "
          + "1...1000000000\n"))
    // The top itself is a valid bin length: one bin holds the whole recording.
    #expect(runCLI(["trace-network", trace, "--interval-ms", "1000000000"]).status == 0)
  }

  /// `--strategy NAME:key=nan` parses as a NaN number: the refusal says so.
  @Test func aNaNStrategyParameterIsNamedAsNotANumber() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI([
      "run", scenario, "--strategy", "fixed_threshold:ratio=nan", "--out", folder.path + "/out",
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: The value 'fixed_threshold:ratio=nan' is invalid for '--strategy <strategy>': "
          + "fixed_threshold.ratio must be a number as a scenario file (JSON) writes it, got 'nan': "
          + "NaN and Infinity are not JSON numbers\n"), "\(result.stderr)")
  }
}
