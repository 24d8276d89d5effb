import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// `FileBytes` reads exactly a file's bytes; `ManifestInputs` gives what `Manifest.hash` and
/// `FolderPath.relative` give, reading a file once however often it is named.
@Suite struct ManifestInputsTests {
  private static func scratch() throws -> String {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefetchlab-inputs-\(UInt64.random(in: 0...UInt64.max))").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    return root
  }

  @Test(arguments: [0, 1, 4095, 4096, 70_001])
  func fileBytesAreTheFilesBytes(size: Int) throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    try Data(bytes).write(to: URL(fileURLWithPath: root + "/f"))
    #expect(FileBytes.contents(of: root + "/f") == bytes)
  }

  @Test func fileBytesRefusesWhatIsNotARegularFile() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(FileBytes.contents(of: root) == nil)
    #expect(FileBytes.contents(of: root + "/missing") == nil)
  }

  @Test func inputsAreWorkedOutOncePerPath() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let trace = root + "/traces/t.json"
    try FileManager.default.createDirectory(atPath: root + "/traces", withIntermediateDirectories: true)
    try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: trace))
    var inputs = ManifestInputs(folder: root + "/results/latest")
    let hash = try inputs.hash(trace)
    #expect(hash == (try Manifest.hash(trace)))
    #expect(hash == SHA256.hex(Array("[1, 2]".utf8)))
    #expect(inputs.relative(trace) == "../../traces/t.json")
    #expect(inputs.relative(trace) == FolderPath.relative(trace, from: root + "/results/latest"))
    // Named again after the file is gone: the first reading serves.
    try FileManager.default.removeItem(atPath: trace)
    #expect(try inputs.hash(trace) == hash)
    #expect(throws: InputError.self) { try Manifest.hash(trace) }
    #expect(throws: InputError.self) { try inputs.hash(root + "/traces/other.json") }
  }
}
