import Foundation
import Testing

/// End-to-end tests of `compare` on two results folders: the built binary run as a user runs it.
@Suite(.serialized) struct CompareEndToEndTests {
  /// Acceptance: a run compared with itself differs in nothing; two runs that differ only in
  /// fixed_threshold's ratio move stall and waste the expected ways (fetching at 30 % instead of
  /// 95 % of the content stalls less and wastes more).
  @Test func compareItselfAndAParameterChange() throws {
    let folder = try ReportsE2E.makeFolder("compare")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for ratio in ["0.95", "0.3"] {
      let result = try ReportsE2E.run([
        "run", "scenarios/slow-3g.json", "scenarios/reader-lte.json", "--seeds", "1-3", "--strategy",
        "fixed_threshold:ratio=\(ratio)", "--no-plots", "--out", "\(folder)/r\(ratio)",
      ])
      #expect(result.status == 0, "\(result.stderr)")
    }
    let same = try ReportsE2E.run(["compare", folder + "/r0.95", folder + "/r0.95", "--format", "csv"])
    #expect(same.status == 0)
    let sameRows = same.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
      .map { $0.components(separatedBy: ",") }
    let header = same.stdout.components(separatedBy: "\r\n")[0].components(separatedBy: ",")
    func column(_ name: String) throws -> Int { try #require(header.firstIndex(of: name)) }
    let (meanDiff, low, high, change) = (
      try column("mean_diff"), try column("ci95_low"), try column("ci95_high"), try column("change")
    )
    let metricCount = try ReportsE2E.summary(folder + "/r0.95").header.count - 4
    #expect(sameRows.count == 2 * metricCount)
    for row in sameRows where row[change] != "no_data" {
      #expect(row[meanDiff] == "0" && row[low] == "0" && row[high] == "0" && row[change] == "same", "\(row)")
    }
    let text = try ReportsE2E.run(["compare", folder + "/r0.95", folder + "/r0.95"])
    #expect(text.stdout.contains("0 better, 0 worse, 0 changed (descriptive), 0 no clear winner"))

    let changed = try ReportsE2E.run([
      "compare", folder + "/r0.95", folder + "/r0.3", "--format", "csv", "--metric", "stall_ms", "--metric",
      "wasted_bytes",
    ])
    #expect(changed.status == 0, "\(changed.stderr)")
    let rows = changed.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
      .map { $0.components(separatedBy: ",") }
    #expect(rows.count == 4)
    let (baseParams, newParams, metric) = (
      try column("base_params"), try column("new_params"), try column("metric")
    )
    for row in rows {
      #expect(row[baseParams] == "ratio=0.95" && row[newParams] == "ratio=0.3")
      let difference = try #require(Double(row[meanDiff]))
      switch (row[0], row[metric]) {
      case ("slow-3g", "stall_ms"): #expect(difference < 0, "\(row)")  // stalls at 0.95 on 3G
      case (_, "stall_ms"): #expect(difference <= 0, "\(row)")  // LTE: no stalls either way
      default: #expect(difference > 0, "\(row)")
      }
    }
    let markdown = try ReportsE2E.run([
      "compare", folder + "/r0.95", folder + "/r0.3", "--format", "markdown",
    ])
    #expect(markdown.stdout.contains("## slow-3g / fixed\\_threshold (ratio=0.95 → ratio=0.3)"))
    #expect(markdown.stdout.contains("| `wasted_bytes` |"))
  }
}
