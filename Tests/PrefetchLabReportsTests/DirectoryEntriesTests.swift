import Foundation
import Testing

@testable import PrefetchLabReports

/// `DirectoryEntries.names`: only names starting with a prefix, byte for byte, sorted.
@Suite struct DirectoryEntriesTests {
  @Test func namesWithPrefixesAreSortedAndOthersLeftOut() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-entries-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let names = [
      "out.partial-b", "out.old-1", "out.partial-a", "out", "out.partia", "xout.partial-c", "out.old",
      "out.partial-é", "OUT.partial-d",
    ]
    for name in names { try Data().write(to: URL(fileURLWithPath: root + "/" + name)) }
    try FileManager.default.createDirectory(atPath: root + "/out.old-dir", withIntermediateDirectories: false)

    let found = DirectoryEntries.names(in: root, withPrefixes: ["out.partial-", "out.old-"])
    #expect(found == ["out.old-1", "out.old-dir", "out.partial-a", "out.partial-b", "out.partial-é"])
    #expect(DirectoryEntries.names(in: root, withPrefixes: []) == [])
    // An empty prefix matches every name (never "." or "..").
    #expect(DirectoryEntries.names(in: root, withPrefixes: [""]) == (names + ["out.old-dir"]).sorted())
    #expect(DirectoryEntries.names(in: root + "/missing", withPrefixes: ["out"]) == nil)
  }
}
