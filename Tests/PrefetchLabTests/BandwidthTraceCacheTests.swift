import Foundation
import Testing

@testable import PrefetchLab

/// `BandwidthTraceCache`: a trace file several scenarios share is read once per command.
@Suite struct BandwidthTraceCacheTests {
  /// The second load of the same file, format and looping is served without reading the file
  /// (it is gone by then); another looping is another read, and fails for the missing file.
  @Test func servesARepeatedLoadWithoutReadingAgain() throws {
    let file = try TemporaryTraceFile("0.0\t9.9\n1.0\t8\n2.5  0.8\n")
    var cache = BandwidthTraceCache()
    let first = try cache.load(path: file.path, format: .throughput, loop: true)
    let read = try BandwidthTraceLoader.load(path: file.path, format: .throughput, loop: true)
    #expect(first == read)
    try FileManager.default.removeItem(atPath: file.path)
    let again = try cache.load(path: file.path, format: .throughput, loop: true)
    #expect(again == first)
    #expect(throws: InputError.self) { try cache.load(path: file.path, format: .throughput, loop: false) }
  }

  /// A failed read is not kept: the file written afterwards is read on the next load.
  @Test func doesNotKeepAFailure() throws {
    let file = try TemporaryTraceFile("0.0\t9.9\n1.0\t8\n")
    try FileManager.default.removeItem(atPath: file.path)
    var cache = BandwidthTraceCache()
    #expect(throws: InputError.self) { try cache.load(path: file.path, format: .throughput, loop: true) }
    try Data("0.0\t4\n1.0\t5\n".utf8).write(to: URL(fileURLWithPath: file.path))
    let trace = try cache.load(path: file.path, format: .throughput, loop: true)
    #expect(trace == (try BandwidthTraceLoader.load(path: file.path, format: .throughput, loop: true)))
  }
}
