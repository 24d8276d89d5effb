import Foundation
import Testing

@testable import PrefetchLabReports

/// What `--out` counts as its own in a results folder, at every depth (`ResultsFolderContents`),
/// and the single-file rule of `trace --out` (`ReplaceableFile`).
@Suite struct ResultsFolderContentsTests {
  /// A scratch folder removed at the end of the test.
  final class Folder {
    let path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-contents-tests-\(UInt64.random(in: 0...UInt64.max))").path

    init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ relative: String, _ text: String) {
      let file = path + "/" + relative
      try? FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
    }
  }

  static let runFile = "reader--fixed_threshold@ratio=0.5--1.csv"
  static let script =
    "# timeline plot written by prefetchlab. Redraw x.png with:\n#   gnuplot x.gp\nreset session\n"

  /// A folder as a run writes it: everything is its own.
  func ownFolder() -> Folder {
    let folder = Folder()
    folder.write(
      "summary.csv", "scenario,strategy,params,seed,stall_ms\r\nreader,fixed_threshold,ratio=0.5,1,0\r\n")
    folder.write("manifest.json", #"{"tool": "prefetchlab"}"#)
    for sub in ["timeline", "events", "ttc"] { folder.write(sub + "/" + Self.runFile, "t_ms\r\n") }
    folder.write("plots/x.gp", Self.script)
    folder.write("plots/x.png", "png")
    folder.write("plots/x.svg", "<svg/>")
    folder.write("report.md", "# report")
    return folder
  }

  @Test func aFolderAsARunWritesItHoldsNothingForeign() {
    let folder = ownFolder()
    // Temporary files of interrupted atomic writes of its own files are its own too.
    folder.write(".report.md.tmp-123-ab12", "")
    folder.write("ttc/.\(Self.runFile).tmp-9-ff", "")
    folder.write("plots/.y.gp.tmp-9-0a", Self.script)
    folder.write("plots/.x.png.tmp-9-0b", "")
    #expect(ResultsFolderContents.foreignEntries(folder.path) == [])
  }

  @Test func userFilesAtAnyDepthAreForeignByRelativePath() throws {
    let folder = ownFolder()
    folder.write("timeline/my.csv", "mine")
    folder.write("events/reader--fixed_threshold--1.csv", "run-file-shaped, but no summary row names it")
    folder.write("plots/custom/a.gp", Self.script)
    folder.write("plots/mine.gp", "set terminal png\n")
    folder.write("plots/orphan.png", "png")
    folder.write("plots/.mine.gp.tmp-1-ab", "plot sin(x)\n")
    folder.write(".notes.tmp-1-ab", "")
    folder.write("notes/a.txt", "")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/ttc/link.csv", withDestinationPath: folder.path + "/ttc/" + Self.runFile)
    #expect(
      ResultsFolderContents.foreignEntries(folder.path) == [
        ".notes.tmp-1-ab", "events/reader--fixed_threshold--1.csv", "notes/", "plots/.mine.gp.tmp-1-ab",
        "plots/custom/", "plots/mine.gp", "plots/orphan.png", "timeline/my.csv", "ttc/link.csv",
      ])
  }

  /// Without a readable summary.csv no run file can be told from a user's.
  @Test func withoutASummaryEveryRunFileIsForeign() throws {
    let folder = ownFolder()
    try FileManager.default.removeItem(atPath: folder.path + "/summary.csv")
    #expect(
      ResultsFolderContents.foreignEntries(folder.path) == [
        "events/" + Self.runFile, "timeline/" + Self.runFile, "ttc/" + Self.runFile,
      ])
  }

  @Test func theRefusalListsFiveEntriesThenHowManyMore() {
    let folder = ownFolder()
    for index in 1...7 { folder.write("timeline/m\(index).csv", "") }
    #expect(throws: OutputRefusal.self) {
      try ResultsFolderIdentity.checkReplaceable(folder.path, inputs: [])
    }
    do {
      try ResultsFolderIdentity.checkReplaceable(folder.path, inputs: [])
    } catch {
      #expect(
        error.message.contains(
          "(timeline/m1.csv, timeline/m2.csv, timeline/m3.csv, timeline/m4.csv, timeline/m5.csv and 2 more)"))
    }
  }

  @Test func stagingRefusesASymbolicLinkDestination() throws {
    let folder = ownFolder()
    let link =
      FileManager.default.temporaryDirectory.path + "/prefetchlab-link-\(UInt64.random(in: 0...UInt64.max))"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path)
    defer { try? FileManager.default.removeItem(atPath: link) }
    #expect(throws: OutputRefusal.self) { _ = try OutputStaging.begin(destination: link) }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == folder.path)
  }

  @Test func aFileMayBeReplacedOnlyWhenItIsOursAndNotAnInput() throws {
    let folder = Folder()
    folder.write("trace.csv", "t_ms,offset_pt\r\n0,0\r\n")
    folder.write("mine.csv", "t_ms,mine\n")
    let own = { (path: String) in ReplaceableFile.startsWithLine(path, "t_ms,offset_pt") }
    try ReplaceableFile.check(folder.path + "/trace.csv", label: "--out trace.csv", inputs: [], isOwn: own)
    try ReplaceableFile.check(folder.path + "/new.csv", label: "--out new.csv", inputs: [], isOwn: own)
    #expect(throws: OutputRefusal.self) {
      try ReplaceableFile.check(folder.path + "/mine.csv", label: "--out mine.csv", inputs: [], isOwn: own)
    }
    // The same file through a hard link is still the input.
    try FileManager.default.linkItem(atPath: folder.path + "/trace.csv", toPath: folder.path + "/input.csv")
    #expect(throws: OutputRefusal.self) {
      try ReplaceableFile.check(
        folder.path + "/trace.csv", label: "--out trace.csv", inputs: [folder.path + "/input.csv"], isOwn: own
      )
    }
  }
}
