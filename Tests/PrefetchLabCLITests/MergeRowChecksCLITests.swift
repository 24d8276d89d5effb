import Foundation
import PrefetchLabReports
import Testing

/// `merge` checks every record of a shard's table as it joins it, and names the shard's own
/// file and line (exit 65, both shards kept, no merged folder): a record with a field too many
/// (before, it passed the join and failed later, in the merged table read for plots, naming
/// the removed staging folder and the merged line), a record of a run the shard did not run,
/// a run's records out of `run`'s order.
@Suite struct MergeRowChecksCLITests {
  /// Shards 1/2 and 2/2 of the tiny scenario with infinite_scroll, seeds 1-4 (shard 1 holds seeds 1
  /// and 3), plain tables, every run's rows.
  static func shards() -> ScratchFolder {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    for shard in 1...2 {
      let common = [
        "run", scenario, "-q", "--seeds", "1-4", "--strategy", "infinite_scroll", "--no-plots",
        "--plain-tables",
        "--run-files", "all",
      ]
      #expect(runCLI(common + ["--shard", "\(shard)/2", "--out", folder.path + "/s\(shard)"]).status == 0)
    }
    return folder
  }

  /// The lines of a plain table (CRLF line ends), header first.
  static func lines(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n").dropLast()
  }

  static func write(_ lines: [String], _ path: String) throws {
    try lines.map { $0 + "\r\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
  }

  static func merge(_ folder: ScratchFolder) -> (status: Int32, stderr: String) {
    let result = runCLI([
      "merge", folder.path + "/s1", folder.path + "/s2", "-q", "--out", folder.path + "/m",
    ])
    #expect(folder.exists("s1/summary.csv") && folder.exists("s2/summary.csv") && !folder.exists("m"))
    return (result.status, result.stderr)
  }

  @Test func aRowWithAFieldTooManyIsNamedAtTheShardsLine() throws {
    let folder = Self.shards()
    let path = folder.path + "/s2/events.csv"
    var lines = try Self.lines(path)
    #expect(lines.count > 4)
    let fields = lines[0].split(separator: ",", omittingEmptySubsequences: false).count
    lines[3] += ",7"
    try Self.write(lines, path)
    let result = Self.merge(folder)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(path): line 4: has \(fields + 1) fields, but the header has \(fields) (every row has the header's fields)"
      ),
      "\(result.stderr)")
  }

  @Test func aRowOfAnotherShardsRunIsRefused() throws {
    let folder = Self.shards()
    let path = folder.path + "/s1/ttc.csv"
    var lines = try Self.lines(path)
    let theirs = try Self.lines(folder.path + "/s2/ttc.csv")
    #expect(lines.count > 1 && theirs.count > 1)
    lines.append(theirs[1])
    try Self.write(lines, path)
    let result = Self.merge(folder)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(path): line \(lines.count): holds rows of the run tiny / infinite_scroll / seed 2, which "
          + "\(folder.path)/s1/summary.csv does not hold"), "\(result.stderr)")
  }

  /// Shard 1 holds seeds 1 and 3: its seed-1 rows moved after its seed-3 rows.
  @Test func runsOutOfOrderAreRefused() throws {
    let folder = Self.shards()
    let path = folder.path + "/s1/timeline.csv"
    let lines = try Self.lines(path)
    let seed1 = lines.dropFirst().filter { $0.hasPrefix("tiny,infinite_scroll,,1,") }
    let seed3 = lines.dropFirst().filter { $0.hasPrefix("tiny,infinite_scroll,,3,") }
    #expect(!seed1.isEmpty && !seed3.isEmpty && seed1.count + seed3.count == lines.count - 1)
    try Self.write([lines[0]] + seed3 + seed1, path)
    let result = Self.merge(folder)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(path): line \(seed3.count + 2): holds rows of the run tiny / infinite_scroll / seed 1 after those of "
          + "tiny / infinite_scroll / seed 3"), "\(result.stderr)")
  }
}
