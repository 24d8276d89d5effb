import Foundation
import Testing

@testable import PrefetchLabReports

/// A fresh directory under the system temporary directory, removed by `remove()`.
private struct Scratch {
  let root: String

  init() throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-output-tests-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  func path(_ relative: String) -> String { root + "/" + relative }

  func entries(_ relative: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? root : path(relative)).sorted()
  }

  func read(_ relative: String) throws -> String {
    try String(contentsOfFile: path(relative), encoding: .utf8)
  }

  func create(_ relative: String, _ text: String) throws {
    let url = URL(fileURLWithPath: path(relative))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func remove() { try? FileManager.default.removeItem(atPath: root) }
}

@Suite struct AtomicFileTests {
  @Test func writesBytesAndLeavesNoTemporaryFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try AtomicFile.write([0x61, 0x2C, 0x62, 0x0D, 0x0A], to: scratch.path("summary.csv"))
    #expect(try scratch.read("summary.csv") == "a,b\r\n")
    #expect(try scratch.entries() == ["summary.csv"])
  }

  @Test func replacesAnExistingFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.create("report.md", "old and longer content")
    try AtomicFile.write("new", to: scratch.path("report.md"), durable: true)
    #expect(try scratch.read("report.md") == "new")
    #expect(try scratch.entries() == ["report.md"])
  }

  @Test func writesAnEmptyFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try AtomicFile.write([], to: scratch.path("empty.csv"))
    #expect(try scratch.read("empty.csv") == "")
  }

  @Test func createsMissingParentDirectories() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try AtomicFile.write("x", to: scratch.path("a/b/c/file.txt"))
    #expect(try scratch.read("a/b/c/file.txt") == "x")
    #expect(try scratch.entries("a/b/c") == ["file.txt"])
  }

  @Test func failureLeavesTheDestinationAndNoTemporaryFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // A directory under the final name: the rename fails after the temporary file was written.
    try scratch.create("plots/keep.txt", "keep")
    let destination = scratch.path("plots")
    #expect(
      throws: OutputError(
        path: destination,
        reason: "the finished output could not be put in place: Is a directory (a folder has that name); "
          + "the file already there, if any, is unchanged, and the temporary copy was removed")
    ) {
      try AtomicFile.write("new", to: destination)
    }
    #expect(try scratch.entries() == ["plots"])
    #expect(try scratch.read("plots/keep.txt") == "keep")
  }

  @Test func parentThatIsAFileIsAnError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.create("results", "a file")
    let destination = scratch.path("results/latest/summary.csv")
    #expect(
      throws: OutputError(
        path: destination,
        reason: "cannot create folder \(scratch.path("results")): a file has that name")
    ) {
      try AtomicFile.write("x", to: destination)
    }
    #expect(try scratch.read("results") == "a file")
  }

  @Test func relativePathsWriteIntoTheCurrentDirectory() throws {
    #expect(FilePath.split("summary.csv") == (".", "summary.csv"))
    #expect(FilePath.split("/summary.csv") == ("/", "summary.csv"))
    #expect(FilePath.split("results/latest/summary.csv") == ("results/latest", "summary.csv"))
    #expect(FilePath.split("results/") == ("results", ""))
    #expect(FilePath.join("/", "a") == "/a")
    #expect(FilePath.join("results", "a") == "results/a")
  }

  @Test func directoryNameIsNotAFileName() {
    #expect(throws: OutputError(path: "results/", reason: "not a file name")) {
      try AtomicFile.write("x", to: "results/")
    }
  }
}

@Suite struct OutputStagingTests {
  @Test func beginCreatesASiblingStagingFolderAndParents() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let destination = scratch.path("results/latest")
    let staging = try OutputStaging.begin(destination: destination + "/")
    #expect(staging.destination == destination)
    #expect(staging.path.hasPrefix(destination + ".partial-\(Leftovers.host)-\(getpid())-"))
    #expect(try scratch.entries("results") == [(staging.path as NSString).lastPathComponent])
    // Only the marker that tells a later run this folder is an unfinished staging folder.
    #expect(try FileManager.default.contentsOfDirectory(atPath: staging.path) == [".prefetchlab-staging"])
  }

  @Test func commitCreatesTheDestination() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let staging = try OutputStaging.begin(destination: scratch.path("results/latest"))
    try staging.write("s\r\n", to: "summary.csv")
    try staging.write(Array("t\r\n".utf8), to: "timeline/a--b--1.csv")
    try staging.commit()
    #expect(try scratch.entries("results") == ["latest"])
    #expect(try scratch.entries("results/latest") == ["summary.csv", "timeline"])
    #expect(try scratch.read("results/latest/summary.csv") == "s\r\n")
    #expect(try scratch.read("results/latest/timeline/a--b--1.csv") == "t\r\n")
  }

  /// Folders are made on the first write into them (nested ones too), later writes find them;
  /// once the staging folder is gone (Ctrl-C removed it) a write fails and brings nothing back.
  @Test func writesMakeFoldersOnFirstUseAndNeverRecreateARemovedStaging() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let staging = try OutputStaging.begin(destination: scratch.path("results/latest"))
    try staging.write("1", to: "timeline/a.csv")
    try staging.write("2", to: "timeline/b.csv")
    try staging.write("3", to: "plots/deep/c.csv")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: staging.path + "/timeline").sorted() == [
        "a.csv", "b.csv",
      ])
    #expect(try String(contentsOfFile: staging.path + "/plots/deep/c.csv", encoding: .utf8) == "3")
    try FileManager.default.removeItem(atPath: staging.path)
    #expect(throws: OutputError.self) { try staging.write("4", to: "timeline/d.csv") }
    #expect(throws: OutputError.self) { try staging.write("5", to: "events/e.csv") }
    #expect(throws: OutputError.self) { try staging.write("6", to: "summary.csv") }
    #expect(!FileManager.default.fileExists(atPath: staging.path))
  }

  @Test func commitReplacesAnExistingFolderAsAWhole() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // A run file counts as the folder's own when a row of its summary.csv names it.
    try scratch.create(
      "results/latest/summary.csv", "scenario,strategy,params,seed\r\nold,infinite_scroll,,1\r\n")
    try scratch.create("results/latest/manifest.json", #"{"tool": "prefetchlab"}"#)
    try scratch.create("results/latest/timeline/old--infinite_scroll--1.csv", "only in the old folder")
    try scratch.create("results/other/keep.csv", "other")
    let staging = try OutputStaging.begin(destination: scratch.path("results/latest"))
    try staging.write("new", to: "summary.csv")
    try staging.commit()
    #expect(try scratch.entries("results") == ["latest", "other"])
    #expect(try scratch.entries("results/latest") == ["summary.csv"])
    #expect(try scratch.read("results/latest/summary.csv") == "new")
    #expect(try scratch.read("results/other/keep.csv") == "other")
  }

  @Test func failedSwapPutsThePreviousFolderBack() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.create("results/latest/summary.csv", "old")
    try scratch.create("results/latest/manifest.json", #"{"tool": "prefetchlab"}"#)
    let destination = scratch.path("results/latest")
    let staging = try OutputStaging.begin(destination: destination)
    try FileManager.default.removeItem(atPath: staging.path)  // the second rename will fail
    #expect(
      throws: OutputError(
        path: destination,
        reason: "cannot move the new results from \(staging.path) into place: No such file or directory; "
          + "the previous results are unchanged there, and the new results were not kept: run again once this is fixed"
      )
    ) {
      try staging.commit()
    }
    #expect(try scratch.entries("results") == ["latest"])
    #expect(try scratch.read("results/latest/summary.csv") == "old")
  }

  @Test func abandonLeavesTheDestinationUntouchedAndNoStaging() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.create("results/latest/summary.csv", "old")
    try scratch.create("results/latest/manifest.json", #"{"tool": "prefetchlab"}"#)
    let staging = try OutputStaging.begin(destination: scratch.path("results/latest"))
    try staging.write("half", to: "summary.csv")
    try staging.write("half", to: "events/x.csv")
    try staging.abandon()
    #expect(try scratch.entries("results") == ["latest"])
    #expect(try scratch.entries("results/latest") == ["manifest.json", "summary.csv"])
    #expect(try scratch.read("results/latest/summary.csv") == "old")
    try staging.abandon()  // already gone: still fine
  }

  @Test func abandonWithoutDestinationLeavesNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let staging = try OutputStaging.begin(destination: scratch.path("out"))
    try staging.abandon()
    #expect(try scratch.entries() == [])
  }

  /// `--out new/deeper/out` with neither folder there: abandoning takes back both folders
  /// `begin` made, but never one that was there before or that gained a file meanwhile.
  @Test func abandonRemovesOnlyTheEmptyParentsItCreated() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let staging = try OutputStaging.begin(destination: scratch.path("new/deeper/out"))
    #expect(try scratch.entries("new/deeper").count == 1)  // the staging folder
    try staging.abandon()
    #expect(try scratch.entries() == [])
    // A parent that gained a file stays, with it; the one below it, still empty, goes.
    let again = try OutputStaging.begin(destination: scratch.path("new/deeper/out"))
    try scratch.create("new/notes.txt", "mine")
    try again.abandon()
    #expect(try scratch.entries() == ["new"])
    #expect(try scratch.entries("new") == ["notes.txt"])
    // A parent that existed before `begin`, empty, stays.
    try FileManager.default.removeItem(atPath: scratch.path("new/notes.txt"))
    let existing = try OutputStaging.begin(destination: scratch.path("new/out"))
    try existing.abandon()
    #expect(try scratch.entries() == ["new"])
    #expect(try scratch.entries("new") == [])
  }

  @Test func destinationThatIsAFileIsRefusedAtBeginAndCommit() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.create("out", "a file")
    let destination = scratch.path("out")
    #expect(
      throws: OutputRefusal(
        path: destination,
        message:
          "exists and is a file, not a folder; refusing to replace it. Choose a new or empty folder for --out"
      )
    ) {
      try OutputStaging.begin(destination: destination)
    }
    try FileManager.default.removeItem(atPath: destination)
    let staging = try OutputStaging.begin(destination: destination)
    try scratch.create("out", "a file again")
    #expect(throws: OutputError(path: destination, reason: "exists and is not a folder")) {
      try staging.commit()
    }
    #expect(try scratch.read("out") == "a file again")
    try staging.abandon()
    #expect(try scratch.entries() == ["out"])
  }

  @Test(arguments: ["", ".", "..", "/", "results/.."])
  func unusableDestinationIsRefused(destination: String) {
    #expect(throws: OutputError(path: destination, reason: "cannot be replaced as a results folder")) {
      try OutputStaging.begin(destination: destination)
    }
  }

  @Test(arguments: ["/etc/passwd", "../escape.csv", "a/../../b.csv", "./x.csv", "a//b.csv", ""])
  func writeRefusesPathsOutsideTheStagingFolder(relativePath: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let staging = try OutputStaging.begin(destination: scratch.path("out"))
    #expect(
      throws: OutputError(path: relativePath, reason: "not a plain relative path inside the results folder")
    ) {
      try staging.write("x", to: relativePath)
    }
    try staging.abandon()
    #expect(try scratch.entries() == [])
  }

  @Test func errorDescriptionIsPathThenReason() {
    let error = OutputError(path: "results/latest", reason: "exists and is not a folder")
    #expect(error.description == "results/latest: exists and is not a folder")
  }
}
