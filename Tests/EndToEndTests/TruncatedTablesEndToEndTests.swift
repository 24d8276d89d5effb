import Foundation
import Testing

/// A run table cut short is refused by `report` (exit 65, naming the file and both row
/// counts) instead of read as runs without rows: cut at a row boundary (well-formed CSV, and
/// after `gzip -n` well-formed gzip too) or in the middle of its gzip member, compressed or
/// plain. The manifest records how many rows each table was written with (`table_rows`).
@Suite struct TruncatedTablesEndToEndTests {
  /// reader-lte, fixed_threshold, seeds 1-2, a timeline every 500 ms: 16 ttc rows, written in
  /// a second.
  static func run(_ scratch: Scratch, _ name: String, plain: Bool = false) throws -> String {
    let out = scratch.path(name)
    let result = try Prefetchlab.run(
      [
        "run", "scenarios/reader-lte.json", "--strategy", "fixed_threshold", "--seeds", "1-2",
        "--timeline-interval-ms", "500", "--no-plots", "--quiet", "--out", out,
      ] + (plain ? ["--plain-tables"] : []))
    #expect(result.status == 0, "\(result.err)")
    return out
  }

  /// The lines of `text` (CRLF-separated) without the last `dropping` records.
  static func cut(_ text: String, dropping: Int) -> String {
    let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    return lines.dropLast(dropping).map { $0 + "\r\n" }.joined()
  }

  /// `text` compressed by the system's gzip into `path` (one whole, valid member).
  static func gzip(_ text: String, to path: String) throws {
    let plain = path.replacingOccurrences(of: ".gz", with: "")
    try Data(text.utf8).write(to: URL(fileURLWithPath: plain))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-n", "-f", plain]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  static func rows(_ text: String) -> Int {
    text.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count - 1
  }

  @Test func aCompressedTableCutAtARowBoundaryIsRefused() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = try Self.run(scratch, "gz")
    let manifest = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
    let text = try gunzipped(out + "/ttc.csv.gz")
    let written = Self.rows(text)
    #expect(written > 4)
    #expect(manifest.contains("\"ttc\":\(written)}"), "\(manifest)")
    // An intact folder passes.
    let intact = try Prefetchlab.run(["report", out, "--no-plots", "--replace"])
    #expect(intact.status == 0, "\(intact.err)")
    try Self.gzip(Self.cut(text, dropping: 3), to: out + "/ttc.csv.gz")
    for arguments in [["report", out, "--no-plots", "--replace"], ["report", out, "--replace"]] {
      let report = try Prefetchlab.run(arguments, path: Gnuplot.installedPath ?? Gnuplot.absentPath)
      #expect(report.status == 65, "\(report.err)")
      #expect(
        report.err.contains(
          "\(out)/ttc.csv.gz: holds \(written - 3) rows, but manifest.json says \(written) were written (table_rows): "
            + "the table is cut short"), "\(report.err)")
      #expect(!report.err.contains("--run-files none"), "\(report.err)")
    }
  }

  @Test func aCompressedTableCutInsideItsMemberIsRefused() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = try Self.run(scratch, "gz")
    for table in ["ttc", "timeline"] {
      let path = out + "/\(table).csv.gz"
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      let original = bytes
      try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: path))
      let report = try Prefetchlab.run(["report", out, "--no-plots", "--replace"])
      #expect(report.status == 65, "\(report.err)")
      #expect(
        report.err.contains("\(path): the file ends inside a gzip member (truncated?)"),
        "\(table): \(report.err)")
      try original.write(to: URL(fileURLWithPath: path))
    }
    #expect(try Prefetchlab.run(["report", out, "--no-plots", "--replace"]).status == 0)
  }

  @Test func aPlainTableCutAtARowBoundaryOrRemovedIsRefused() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = try Self.run(scratch, "plain", plain: true)
    let path = out + "/events.csv"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let written = Self.rows(text)
    try Self.cut(text, dropping: 1).write(toFile: path, atomically: true, encoding: .utf8)
    let report = try Prefetchlab.run(["report", out, "--no-plots", "--replace"])
    #expect(report.status == 65, "\(report.err)")
    #expect(
      report.err.contains(
        "\(path): holds \(written - 1) rows, but manifest.json says \(written) were written"),
      "\(report.err)")
    // A row too many (the last one twice).
    let lastRow = Self.cut(text, dropping: 0).components(separatedBy: "\r\n").dropLast().last ?? ""
    try (text + lastRow + "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
    let longer = try Prefetchlab.run(["report", out, "--no-plots", "--replace"])
    #expect(longer.status == 65, "\(longer.err)")
    #expect(
      longer.err.contains(
        "\(path): holds \(written + 1) rows, but manifest.json says \(written) were written (table_rows): "
          + "the table is longer than written"), "\(longer.err)")
    // Cut inside its last row: as many rows, the last one without its line break.
    try String(Self.cut(text, dropping: 0).dropLast(5)).write(toFile: path, atomically: true, encoding: .utf8)
    let inside = try Prefetchlab.run(["report", out, "--no-plots", "--replace"])
    #expect(inside.status == 65, "\(inside.err)")
    #expect(
      inside.err.contains(
        "\(path): line \(written + 1): the last row ends without a line break: the table is cut short"),
      "\(inside.err)")
    try FileManager.default.removeItem(atPath: path)
    let removed = try Prefetchlab.run(["report", out, "--no-plots", "--replace"])
    #expect(removed.status == 65, "\(removed.err)")
    #expect(
      removed.err.contains("\(out)/events.csv.gz: missing: manifest.json says \(written) rows of events.csv"),
      "\(removed.err)")
  }
}
