import Foundation
import Testing

@testable import PrefetchLabCLI

/// `prefetchlab import har`: the scenario on stdout or in a new file, the fit report on stderr,
/// exit 64 for usage problems and 65 for a malformed HAR.
@Suite struct ImportHarCommandTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  static let generated = root + "/Tests/Fixtures/har/generated.har"

  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.path + "/prefetchlab-import-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func writesAScenarioThatValidatesAndReportsTheFits() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let out = folder + "/imported.json"
    let result = runCLI(["import", "har", Self.generated, "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first == "Fit report (lognormals by maximum likelihood on the logarithms):")
    #expect(lines.contains { $0.hasPrefix("network.media.rtt_ms  ") && $0.contains(" 2000 ") })
    #expect(lines.contains { $0.hasPrefix("feed.media_bytes  ") && $0.contains("lognormal") })
    #expect(runCLI(["validate", out]).status == 0)
    // Never over a file: the second import is refused and the first file stays.
    let before = try String(contentsOfFile: out, encoding: .utf8)
    let again = runCLI(["import", "har", Self.generated, "--out", out])
    #expect(again.status == 64)
    #expect(again.stderr.hasPrefix("Error: --out \(out) already exists"))
    #expect(try String(contentsOfFile: out, encoding: .utf8) == before)
  }

  @Test func withoutOutTheScenarioGoesToStandardOutput() {
    let result = runCLI(["import", "har", Self.generated])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("{\n  \"$comment\": \"Fitted by 'prefetchlab import har' from 1 file"))
  }

  @Test func usageAndInputErrors() throws {
    let badPattern = runCLI(["import", "har", Self.generated, "--pages", "("])
    #expect(badPattern.status == 64)
    #expect(badPattern.stderr.contains("not a regular expression"))
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bad = folder + "/bad.har"
    try
      #"{"log": {"entries": [{"startedDateTime": "2026-01-01T00:00:00Z", "request": {"url": "https://a.test/"}, "response": {"status": 200}, "timings": {"wait": -5}}]}}"#
      .write(toFile: bad, atomically: true, encoding: .utf8)
    let malformed = runCLI(["import", "har", bad])
    #expect(malformed.status == 65)
    #expect(
      malformed.stderr
        == "Error: \(bad): log.entries[0].timings.wait: must be >= 0 or -1 (does not apply), got -5\n")
    #expect(malformed.stdout.isEmpty)
    let missing = runCLI(["import", "har", folder + "/none.har"])
    #expect(missing.status == 65)
    let help = runCLI(["import", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("har"))
  }
}
