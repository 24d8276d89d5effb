import Foundation
import Testing

@testable import PrefetchLabReports

/// `FilePath.writeAll`, the one write loop every writer (atomic files, buffered and compressed
/// run tables) goes through.
@Suite struct FileWriteTests {
  /// 3 MiB in one call arrive whole and in order (a pipe or a busy disk may take a write in parts).
  @Test func writesEveryByte() throws {
    let path = NSTemporaryDirectory() + "prefetchlab-writeall-\(getpid())"
    defer { unlink(path) }
    let bytes = (0..<3 * 1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(descriptor >= 0)
    try FilePath.writeAll(bytes, to: descriptor, path: path)
    close(descriptor)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
  }

  /// A full device fails with the system's reason and the path the user gave, not a crash or a
  /// silent short file.
  @Test func aFullDeviceNamesThePathAndTheReason() throws {
    let descriptor = open("/dev/full", O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect {
      try FilePath.writeAll([1, 2, 3], to: descriptor, path: "out/table.csv.gz")
    } throws: { error in
      let error = error as? OutputError
      return error?.path == "out/table.csv.gz"
        && error?.reason == "cannot write: \(FilePath.errorText(ENOSPC))"
    }
  }
}
