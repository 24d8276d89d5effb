import Foundation
import PrefetchLabReports
import Testing

/// The run tables through the commands: `--run-files` values say what they write (the old
/// `summary` is refused with its new name), `merge` refuses shards written before the tables,
/// and keeps a shard folder that holds a file of the user's.
@Suite struct RunTablesCLITests {
  @Test func theOldRunFilesNameIsRefusedWithItsNewName() {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let result = runCLI(["run", scenario, "--run-files", "summary", "--out", folder.path + "/out"])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("renamed to 'report' (the rows the report draws); expected all, report or none"),
      "\(result.stderr)")
    #expect(!folder.exists("out"))
  }

  /// `--run-files all` writes every seed's timeline and events; `report` (the default) the first
  /// seed's, and every seed's times to content.
  @Test func runFilesSelectTheRowsOfEachTable() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    func seeds(_ table: RunTable, _ out: String) throws -> Set<String> {
      #expect(
        folder.exists("\(out)/\(table.compressedFileName)") && !folder.exists("\(out)/\(table.fileName)"))
      let text = try #require(try table.text(in: folder.path + "/" + out))
      return Set(text.split(separator: "\r\n").dropFirst().map { String($0.split(separator: ",")[2]) })
    }
    for (option, out) in [([] as [String], "report"), (["--run-files", "all"], "all")] {
      let run = runCLI(
        ["run", scenario, "--seeds", "1-3", "-q", "--no-plots", "--out", folder.path + "/" + out] + option)
      #expect(run.status == 0, "\(run.stderr)")
    }
    // tiny,infinite_scroll,,SEED: the seed is the third cell once the empty params is skipped.
    #expect(try seeds(.timeline, "report") == ["1"])
    #expect(try seeds(.events, "report") == ["1"])
    #expect(try seeds(.timeToContent, "report") == ["1", "2", "3"])
    #expect(try seeds(.timeline, "all") == ["1", "2", "3"])
    #expect(try seeds(.events, "all") == ["1", "2", "3"])
  }

  /// A scratch folder holding the tiny scenario run as shards 1/2 and 2/2 (`s1`, `s2`).
  static func twoShards() -> ScratchFolder {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    for shard in 1...2 {
      #expect(
        runCLI(["run", scenario, "-q", "--shard", "\(shard)/2", "--out", folder.path + "/s\(shard)"]).status
          == 0)
    }
    return folder
  }

  @Test func mergeRefusesShardsOfThePerRunFiles() {
    let folder = Self.twoShards()
    folder.write("s2/ttc/tiny--infinite_scroll--2.csv", "item,first_visible_ms,ttc_ms,complete\r\n")
    let result = runCLI([
      "merge", folder.path + "/s1", folder.path + "/s2", "-q", "--out", folder.path + "/m",
    ])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(
        "s2: ttc/: per-run files of prefetchlab 0.1.0 before the run tables (ttc.csv): run the shards again"),
      "\(result.stderr)")
    #expect(folder.exists("s1/summary.csv") && !folder.exists("m"))
  }

  /// A shard folder holding a file prefetchlab did not write is kept, with a line saying why;
  /// the others are moved into the merged folder.
  @Test func mergeKeepsAShardFolderHoldingAUsersFile() {
    let folder = Self.twoShards()
    folder.write("s2/notes.txt", "mine")
    let result = runCLI([
      "merge", folder.path + "/s1", folder.path + "/s2", "--no-plots", "--out", folder.path + "/m",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasSuffix("merged into \(folder.path)/m; 1 shard folder removed\n"), "\(result.stdout)")
    #expect(
      result.stderr.contains(
        "kept shard folder \(folder.path)/s2: it holds files prefetchlab did not write: notes.txt"),
      "\(result.stderr)")
    #expect(!folder.exists("s1") && folder.exists("s2/notes.txt") && folder.exists("m/ttc.csv.gz"))
  }

  /// `--plain-tables` writes plain CSVs (recorded in the manifest's command); shards of either
  /// form merge into that form, and the compressed tables hold exactly the plain ones' bytes.
  @Test func plainTablesAndMergeKeepTheirForm() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    for (form, extra) in [("gz", [] as [String]), ("plain", ["--plain-tables"])] {
      for shard in 1...2 {
        let run = runCLI(
          [
            "run", scenario, "-q", "--seeds", "1-2", "--shard", "\(shard)/2", "--out",
            folder.path + "/\(form)\(shard)",
          ]
            + extra)
        #expect(run.status == 0, "\(run.stderr)")
      }
      let merged = runCLI([
        "merge", folder.path + "/\(form)1", folder.path + "/\(form)2", "--no-plots", "-q", "--out",
        folder.path + "/" + form,
      ])
      #expect(merged.status == 0, "\(merged.stderr)")
    }
    for table in RunTable.allCases {
      #expect(folder.exists("gz/\(table.compressedFileName)") && !folder.exists("gz/\(table.fileName)"))
      #expect(folder.exists("plain/\(table.fileName)") && !folder.exists("plain/\(table.compressedFileName)"))
      let plain = try String(contentsOfFile: folder.path + "/plain/" + table.fileName, encoding: .utf8)
      #expect(plain.hasPrefix(table.header.joined(separator: ",") + "\r\n"))
      #expect(try table.text(in: folder.path + "/gz") == plain, "\(table)")
    }
    let manifest = try String(contentsOfFile: folder.path + "/plain/manifest.json", encoding: .utf8)
    #expect(manifest.contains("\"--plain-tables\""))
  }

  /// Shards of one experiment written some with `--plain-tables` and some without merge into
  /// one form (the first shard's, or the one a flag names), saying so: the merged folder never
  /// holds both forms, and it is the folder the unsharded run with that form writes.
  @Test func shardsOfMixedFormsMergeIntoOneForm() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    let common = ["run", scenario, "-q", "--seeds", "1-2", "--no-plots"]
    #expect(runCLI(common + ["--shard", "1/2", "--out", folder.path + "/s1"]).status == 0)
    #expect(runCLI(common + ["--shard", "2/2", "--plain-tables", "--out", folder.path + "/s2"]).status == 0)
    #expect(runCLI(common + ["--out", folder.path + "/whole-gz"]).status == 0)
    #expect(runCLI(common + ["--plain-tables", "--out", folder.path + "/whole-plain"]).status == 0)
    let shards = [folder.path + "/s1", folder.path + "/s2"]
    for (name, order, extra, compressed) in [
      ("first", shards, [] as [String], true), ("flag", shards, ["--plain-tables"], false),
      ("reversed", shards.reversed(), [], false),
      ("reversed-flag", shards.reversed(), ["--gzip-tables"], true),
    ] {
      let merged = runCLI(
        ["merge"] + order + ["--keep-shards", "--out", folder.path + "/" + name] + extra)
      #expect(merged.status == 0, "\(name): \(merged.stderr)")
      let converted = compressed ? folder.path + "/s2" : folder.path + "/s1"
      #expect(
        merged.stderr.contains("note: \(converted) had \(compressed ? "plain" : "compressed") run tables"),
        "\(name): \(merged.stderr)")
      let whole = compressed ? "whole-gz" : "whole-plain"
      for table in RunTable.allCases {
        #expect(folder.exists("\(name)/\(table.fileName(compressed: compressed))"), "\(name) \(table)")
        #expect(!folder.exists("\(name)/\(table.fileName(compressed: !compressed))"), "\(name) \(table)")
      }
      for file in ["summary.csv", "manifest.json"]
        + RunTable.allCases.map({ $0.fileName(compressed: compressed) })
      {
        let mine = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/\(name)/\(file)"))
        let theirs = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/\(whole)/\(file)"))
        #expect(mine == theirs, "\(name)/\(file) differs from \(whole)/\(file)")
      }
    }
    let both = runCLI(["merge"] + shards + ["--plain-tables", "--gzip-tables", "--out", folder.path + "/x"])
    #expect(both.status == 64, "\(both.stderr)")
  }

  /// A plain shard table cut inside its last row still holds as many records as its manifest
  /// says (the partial row counts), but joined as bytes it would run into the next shard's first
  /// record: `merge` refuses it (exit 65, the file and the rule) and keeps both shard folders.
  @Test func mergeRefusesAShardTableCutInsideItsLastRow() throws {
    let folder = ScratchFolder()
    let scenario = folder.write("tiny.json", scenarioJSON())
    for shard in 1...2 {
      let common = ["run", scenario, "-q", "--seeds", "1-2", "--no-plots", "--plain-tables"]
      #expect(runCLI(common + ["--shard", "\(shard)/2", "--out", folder.path + "/s\(shard)"]).status == 0)
    }
    let path = folder.path + "/s1/ttc.csv"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasSuffix("\r\n"))
    let lines = text.components(separatedBy: "\r\n").count - 1
    try String(text.dropLast(4)).write(toFile: path, atomically: true, encoding: .utf8)
    let result = runCLI([
      "merge", folder.path + "/s1", folder.path + "/s2", "-q", "--no-plots", "--out", folder.path + "/m",
    ])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(path): line \(lines): the last row ends without a line break: the table is cut short"),
      "\(result.stderr)")
    #expect(folder.exists("s1/summary.csv") && folder.exists("s2/summary.csv") && !folder.exists("m"))
  }
}
