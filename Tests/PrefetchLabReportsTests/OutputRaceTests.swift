import Foundation
import Testing

@testable import PrefetchLabReports

/// What appears at an output path while a command runs, after its start-up checks: the
/// publishing step itself must keep it (nothing a user wrote is ever deleted or replaced).
@Suite struct OutputRaceTests {
  /// A fresh folder under the system temporary directory.
  private static func scratch() throws -> String {
    let root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-race-tests-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    return root
  }

  private static func create(_ path: String, _ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  private static func entries(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func commitKeepsAFolderAUserMadeAtTheDestinationMeanwhile() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let destination = root + "/race"
    let staging = try OutputStaging.begin(destination: destination)
    try staging.write("new", to: "summary.csv")
    try Self.create(destination + "/notes.txt", "my notes")
    var refusal: OutputRefusal?
    do { try staging.commit() } catch let error as OutputRefusal { refusal = error }
    #expect(try Self.read(destination + "/notes.txt") == "my notes")
    #expect(try Self.entries(destination) == ["notes.txt"])
    let names = try Self.entries(root)
    #expect(names.count == 2)
    let kept = try #require(names.first { $0.hasPrefix("race.new-") })
    #expect(try Self.read(root + "/" + kept + "/summary.csv") == "new")
    #expect(refusal?.path == destination)
    #expect(refusal?.message.contains("The new results are in \(root)/\(kept);") == true)
    // Nothing is left for abandon to delete: the new results stay where the message says.
    try staging.abandon()
    #expect(try Self.entries(root) == names)
  }

  /// A results folder of this program at `destination` (summary "old"), and a staged run over it
  /// (summary "new").
  static func stagedOverPreviousResults(_ destination: String) throws -> OutputStaging {
    try create(destination + "/summary.csv", "old")
    try create(destination + "/manifest.json", #"{"tool": "prefetchlab"}"#)
    let staging = try OutputStaging.begin(destination: destination)
    try staging.write("new", to: "summary.csv")
    return staging
  }

  @Test func commitKeepsAFileAUserPutInThePreviousResultsMeanwhile() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let destination = root + "/latest"
    let staging = try Self.stagedOverPreviousResults(destination)
    try Self.create(destination + "/plots/mine.txt", "keep me")
    #expect(throws: OutputRefusal.self) { try staging.commit() }
    #expect(try Self.entries(destination) == ["manifest.json", "plots", "summary.csv"])
    #expect(try Self.read(destination + "/plots/mine.txt") == "keep me")
    #expect(try Self.read(destination + "/summary.csv") == "old")
    #expect(
      try Self.entries(root).filter { $0.hasPrefix("latest.old-") || $0.hasPrefix("latest.partial-") } == [])
  }

  @Test func commitStillReplacesItsOwnResults() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let destination = root + "/latest"
    let staging = try Self.stagedOverPreviousResults(destination)
    try staging.commit()
    #expect(try Self.entries(root) == ["latest"])
    #expect(try Self.read(destination + "/summary.csv") == "new")
  }

  @Test func leftoverOldFolderWithAUsersFileIsKept() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    // A commit killed after moving results aside that held a user's file: a manifest of ours is
    // not enough for the next run's sweep to delete it.
    let old = root + "/latest.old-\(Leftovers.host)-999999999-ab"
    try Self.create(old + "/manifest.json", #"{"tool": "prefetchlab"}"#)
    try Self.create(old + "/notes.txt", "mine")
    let swept = root + "/latest.old-\(Leftovers.host)-999999999-cd"
    try Self.create(swept + "/manifest.json", #"{"tool": "prefetchlab"}"#)
    #expect(Leftovers.sweep(destination: root + "/latest") == [swept])
    #expect(try Self.read(old + "/notes.txt") == "mine")
  }

  /// Two runs into one new folder: the second to publish keeps its results beside the first's
  /// (before, it replaced them: they were a results folder of this program).
  @Test func commitKeepsResultsAnotherRunPublishedMeanwhile() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let destination = root + "/o"
    let first = try OutputStaging.begin(destination: destination)
    let second = try OutputStaging.begin(destination: destination)
    try first.write("first", to: "summary.csv")
    try first.write(#"{"tool": "prefetchlab"}"#, to: "manifest.json")
    try second.write("second", to: "summary.csv")
    try first.commit()
    var refusal: OutputRefusal?
    do { try second.commit() } catch let error as OutputRefusal { refusal = error }
    #expect(try Self.read(destination + "/summary.csv") == "first")
    let kept = try #require(try Self.entries(root).first { $0.hasPrefix("o.new-") })
    #expect(try Self.read(root + "/" + kept + "/summary.csv") == "second")
    #expect(refusal?.message.contains("appeared after this command started") == true)
    #expect(try Self.entries(root) == [kept, "o"].sorted())
  }

  /// Replacing is allowed for the folder `begin` checked, not for one swapped in for it.
  @Test func commitKeepsAResultsFolderSwappedInForTheOneChecked() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let destination = root + "/latest"
    let staging = try Self.stagedOverPreviousResults(destination)
    try FileManager.default.moveItem(atPath: destination, toPath: root + "/moved")
    try Self.create(destination + "/summary.csv", "another run's")
    try Self.create(destination + "/manifest.json", #"{"tool": "prefetchlab"}"#)
    #expect(throws: OutputRefusal.self) { try staging.commit() }
    #expect(try Self.read(destination + "/summary.csv") == "another run's")
    #expect(try Self.read(root + "/moved/summary.csv") == "old")
    #expect(
      try Self.entries(root).filter { $0.hasPrefix("latest.old-") || $0.hasPrefix("latest.partial-") } == [])
  }
}
