import Foundation
import Testing

@testable import PrefetchLabReports

/// `AtomicFile.writeNew`: a single-file output published with `link(2)`, so a file made at its
/// path after the command's start-up check is never replaced.
@Suite struct AtomicFileNoReplaceTests {
  private static func scratch() throws -> String {
    let root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-no-replace-tests-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    return root
  }

  private static func create(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  private static func entries(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func writeNewNeverReplacesAFileMadeAfterTheCheck() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let target = root + "/imported.json"
    try Self.create(target, "precious")
    #expect(
      throws: OutputRefusal(
        path: "--out \(target)",
        message:
          "appeared while this command ran and was not written by it; it was left as it is and nothing "
          + "was written. Choose another name, or move this one away yourself")
    ) {
      try AtomicFile.writeNew("{}", to: target, label: "--out \(target)")
    }
    #expect(try Self.read(target) == "precious")
    #expect(try Self.entries(root) == ["imported.json"])
  }

  @Test func writeNewReplacesOnlyWhatTheCommandAccepts() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let target = root + "/trace.csv"
    try AtomicFile.writeNew("t_ms\n1\n", to: target, label: target)
    #expect(try Self.read(target) == "t_ms\n1\n")
    try AtomicFile.writeNew("t_ms\n2\n", to: target, label: target, mayReplace: { _ in true })
    #expect(try Self.read(target) == "t_ms\n2\n")
    #expect(throws: OutputRefusal.self) {
      try AtomicFile.writeNew("t_ms\n3\n", to: target, label: target, mayReplace: { _ in false })
    }
    #expect(try Self.read(target) == "t_ms\n2\n")
    #expect(try Self.entries(root) == ["trace.csv"])
  }

  /// A finished file that cannot be put in place says what failed, why, and where the user's
  /// data is, for a rename over the target and for a link beside it.
  @Test func aPublishFailureNamesTheFileWhatHappenedAndWhereTheDataIs() {
    let crossDevice = AtomicFile.publishFailure("/data/out/summary.csv", code: EXDEV, replacing: true)
    #expect(crossDevice.path == "/data/out/summary.csv")
    #expect(
      crossDevice.reason
        == "the finished output could not be put in place: \(FilePath.errorText(EXDEV)) (the temporary file "
        + "and the target are on different file systems); the file already there, if any, is unchanged, and "
        + "the temporary copy was removed")
    let denied = AtomicFile.publishFailure("/data/out/imported.json", code: EACCES, replacing: false)
    #expect(
      denied.description
        == "/data/out/imported.json: the finished output could not be put in place: "
        + "\(FilePath.errorText(EACCES)) (no permission to change the folder /data/out); nothing was written "
        + "there, and the temporary copy was removed")
  }
}
