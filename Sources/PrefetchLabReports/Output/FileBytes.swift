#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A whole file read straight into bytes: `FileManager.contents(atPath:)` reads into `Data`, which
/// callers that hash or parse bytes then copy into an array.
enum FileBytes {
  /// The bytes of the file at `path` (symbolic links followed); nil when it cannot be opened or
  /// read, or is not a regular file (a folder, a FIFO).
  ///
  /// Complexity: O(n), one copy of the file's bytes.
  static func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    // The size is a hint: a file that grows or shrinks meanwhile is read to its end.
    var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
    var count = 0
    while true {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 4096)) }
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { return nil }
      if got == 0 { break }
      count += got
    }
    bytes.removeLast(bytes.count - count)
    return bytes
  }
}
