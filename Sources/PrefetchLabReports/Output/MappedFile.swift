#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's bytes mapped into memory read-only (`mmap`), so that a run table of a big study
/// (hundreds of megabytes) is read as the pages are touched, and shared with the page cache
/// instead of copied. Unmapped when released.
final class MappedFile: @unchecked Sendable {
  /// The bytes; valid while this object lives. Empty for an empty file.
  let bytes: UnsafeBufferPointer<UInt8>
  private let mapped: UnsafeMutableRawPointer?
  /// Memory of `init(copying:)`, freed when released.
  private let allocated: UnsafeMutableBufferPointer<UInt8>?

  /// Maps the regular file at `path`; nil when it cannot be opened, is not a regular file or
  /// cannot be mapped.
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let size = Int(status.st_size)
    allocated = nil
    guard size > 0 else {
      mapped = nil
      bytes = UnsafeBufferPointer(start: nil, count: 0)
      return
    }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
      return nil
    }
    mapped = address
    bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
  }

  /// Bytes held in memory instead of a file (a copy of `bytes`).
  init(copying source: [UInt8]) {
    let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(source.count, 1))
    _ = memory.initialize(from: source)
    allocated = memory
    mapped = nil
    bytes = UnsafeBufferPointer(start: memory.baseAddress, count: source.count)
  }

  deinit {
    if let mapped { munmap(mapped, bytes.count) }
    allocated?.deallocate()
  }
}
