import Foundation
import Testing

/// `check` as a reviewer reads it after an intended one-parameter change: two scenarios, ten
/// seeds, one strategy. The aggregate comes first and fits a screen; the per-seed detail is in a
/// file and printed only with --details; the two gates decide differently.
@Suite(.serialized) struct CheckReviewEndToEndTests {
  /// Writes jump-far and reader-lte (their ten seeds kept) running fixed_threshold at `ratio` only
  /// (0.7 is its default, so the baseline's rows have no params).
  func writeScenarios(in scratch: Scratch, ratio: String) throws {
    try FileManager.default.createDirectory(atPath: scratch.path("sc"), withIntermediateDirectories: true)
    for name in ["jump-far", "reader-lte"] {
      let original = try String(
        contentsOf: Prefetchlab.packageRoot.appendingPathComponent("scenarios/\(name).json"), encoding: .utf8)
      let strategies = #""strategies": [{"name": "fixed_threshold", "ratio": \#(ratio)}]"#
      let text = original.replacingOccurrences(
        of: "\"name\": \"\(name)\",", with: "\"name\": \"\(name)\", \(strategies),")
      #expect(text != original && text.contains("\"seeds\": 10"))
      try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.path("sc/\(name).json")))
    }
  }

  @Test func aParameterChangeReadsLikeAReview() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try writeScenarios(in: scratch, ratio: "0.7")
    let made = try Prefetchlab.run(
      ["run", "sc", "--timeline-interval-ms", "0", "--no-plots", "--out", "base"], in: scratch.url)
    #expect(made.status == 0, "\(made.err)")
    try writeScenarios(in: scratch, ratio: "0.3")

    let result = try Prefetchlab.run(["check", "--baseline", "base"], in: scratch.url)
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
    // Exact gate (the default): runs moved, so it fails.
    #expect(result.status == 2, "\(result.out)\(result.err)")
    #expect(lines.count <= 40, "\(lines.count) lines:\n\(result.out)")
    // One aggregate line per scenario and headline metric (and per metric significantly worse),
    // before any per-run count.
    let aggregate = lines.indices.filter { lines[$0].contains("fixed_threshold: defaults → ratio=0.3  ") }
    #expect(aggregate.count >= 2 * 4, "\(result.out)")
    let perRun = try #require(lines.firstIndex { $0.hasPrefix("Per run: ") })
    #expect(aggregate.allSatisfy { $0 < perRun })
    for metric in ["stall_ms", "blank_ms per min", "wasted_kB per min", "abandoned"] {
      #expect(
        aggregate.filter { lines[$0].contains(" \(metric) ") }.count == 2, "\(metric)\n\(result.out)")
    }
    let verdicts = ["better", "worse", "no clear change", "no change"]
    for index in aggregate {
      #expect(verdicts.contains { lines[index].hasSuffix($0) }, "\(lines[index])")
    }
    // The parameter change once per scenario, not per seed; no per-seed row.
    #expect(result.out.contains("jump-far / fixed_threshold: defaults → ratio=0.3 (seeds 1-10)"))
    #expect(!result.out.contains("/ seed "))
    #expect(!result.out.contains("Regressions ("))
    #expect(result.out.contains("per-seed detail in check-details.txt (--details prints it here)"))
    #expect(result.out.contains("strategy list changed (conditions unchanged: runs compared)"))
    let details = try String(contentsOfFile: scratch.path("check-details.txt"), encoding: .utf8)
    #expect(details.contains("jump-far / fixed_threshold / seed 1: defaults → ratio=0.3"))
    #expect(details.hasSuffix(String(lines[lines.count - 2]) + "\n"))

    let detailed = try Prefetchlab.run(["check", "--baseline", "base", "--details"], in: scratch.url)
    #expect(detailed.status == 2)
    #expect(detailed.out.hasPrefix(result.out.components(separatedBy: "Per run: ")[0]))
    #expect(detailed.out.contains("jump-far / fixed_threshold / seed 10: defaults → ratio=0.3"))

    let markdown = try Prefetchlab.run(
      ["check", "--baseline", "base", "--format", "markdown"], in: scratch.url)
    #expect(markdown.status == 2)
    #expect(markdown.out.utf8.count <= 10_240, "\(markdown.out.utf8.count) bytes")
    #expect(markdown.out.hasPrefix("### PrefetchLab regression check ❌\n"))
    #expect(markdown.out.contains("| jump-far | fixed\\_threshold: defaults → ratio=0.3 | stall\\_ms |"))

    // The significant gate fails only on a metric significantly worse beyond its tolerance.
    let significant = try Prefetchlab.run(
      ["check", "--baseline", "base", "--gate", "significant"], in: scratch.url)
    let failing = significant.out.split(separator: "\n").filter { $0.hasSuffix("worse (fails the gate)") }
    #expect(significant.status == (failing.isEmpty ? 0 : 2), "\(significant.out)")
    #expect(significant.out.contains("Gate: significant"))
    let loose = try Prefetchlab.run(
      ["check", "--baseline", "base", "--gate", "significant", "--tolerance", "*=rel:100"], in: scratch.url)
    // Nothing fails the gate; the edited strategy lists still make the fingerprint differ (3).
    #expect(loose.status == 3, "\(loose.out)")
    #expect(!loose.out.contains("(fails the gate)"))
    #expect(loose.out.contains("FAIL: fingerprint mismatch"))
    // Exact figures of this change: ratio 0.3 fetches earlier, so jump-far stalls less and both
    // scenarios waste more, significantly.
    #expect(
      result.out.contains(
        "stall_ms                 2148.9 ± 65.2   1891.4 ± 63.3  -257.5 [-283.5, -231.5]  better"))
    #expect(
      result.out.contains(
        "wasted_kB per min           266.5 ± 67    909.7 ± 58.2  +643.2 [+621.5, +664.8]  worse"))
    #expect(significant.status == 2)
    // Significant-only gating cannot be combined with failing on any exact change.
    let both = try Prefetchlab.run(
      ["check", "--baseline", "base", "--gate", "significant", "--fail-on-any-change"], in: scratch.url)
    #expect(both.status == 64)
  }
}
