import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file system object a path names (device and inode, as `lstat` gives them): two looks
/// at one path find the same folder only if these are equal, whatever the folder holds.
struct FileIdentity: Sendable, Equatable {
  let device: UInt64
  let inode: UInt64

  /// The identity of what `path` names (a symbolic link itself, not its target); nil when
  /// nothing is there or it cannot be inspected.
  init?(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
