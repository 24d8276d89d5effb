import Foundation
import Testing

@testable import PrefetchLabReports

/// The rename a results folder is published with: it must never replace what is at its target,
/// not even an empty folder (which rename(2) replaces).
@Suite struct NoReplaceRenameTests {
  private static func scratch() throws -> String {
    let root = NSTemporaryDirectory() + "prefetchlab-noreplace-\(UInt64.random(in: 0...UInt64.max))"
    try FileManager.default.createDirectory(atPath: root + "/from", withIntermediateDirectories: true)
    return root
  }

  @Test func movesToAFreeName() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let outcome = NoReplaceRename.rename(root + "/from", root + "/to")
    #if os(Linux)
      #expect(outcome == .moved)
    #endif
    if outcome == .moved {
      #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["to"])
    }
  }

  @Test(arguments: ["folder", "file"])
  func leavesWhatIsAtTheTarget(kind: String) throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    if kind == "folder" {
      try FileManager.default.createDirectory(atPath: root + "/to", withIntermediateDirectories: false)
    } else {
      #expect(FileManager.default.createFile(atPath: root + "/to", contents: Data("mine".utf8)))
    }
    let outcome = NoReplaceRename.rename(root + "/from", root + "/to")
    #if os(Linux)
      #expect(outcome == .exists)
    #endif
    #expect(outcome != .moved)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["from", "to"])
  }
}
