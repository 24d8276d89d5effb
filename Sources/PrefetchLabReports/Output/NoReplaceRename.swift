import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A rename that fails, atomically, where anything already exists at the new name.
///
/// rename(2) replaces an empty folder (and a file) at its target, so a folder created there
/// after a command looked (another run publishing to the same `--out`) would be replaced
/// silently; checking first and renaming after is a race. Linux has `renameat2(2)` with
/// `RENAME_NOREPLACE` (since 3.15; ext4, xfs, btrfs, tmpfs and overlayfs support it), macOS
/// `renamex_np(3)` with `RENAME_EXCL`. Glibc declares `renameat2` only under `_GNU_SOURCE`, which
/// Swift's Glibc module does not define, so it is looked up by name; a C library without it,
/// or a file system that refuses the flag (`EINVAL`), gives `.unsupported` and the caller falls
/// back to its check-then-rename path.
enum NoReplaceRename {
  enum Outcome: Equatable {
    /// `from` now has the name `to`.
    case moved
    /// Something exists at `to`: nothing was changed.
    case exists
    /// This platform or file system cannot rename without replacing: nothing was changed.
    case unsupported
    /// Another failure (`errno` value): nothing was changed.
    case failed(Int32)
  }

  /// Renames `from` to `to` unless something exists at `to`. O(1) system calls.
  static func rename(_ from: String, _ to: String) -> Outcome {
    #if os(Linux)
      guard let call = renameat2 else { return .unsupported }
      // RENAME_NOREPLACE from <linux/fs.h>.
      let result = call(AT_FDCWD, from, AT_FDCWD, to, 1)
    #elseif canImport(Darwin)
      let result = renamex_np(from, to, UInt32(RENAME_EXCL))
    #else
      return .unsupported
    #endif
    if result == 0 { return .moved }
    switch errno {
    case EEXIST, ENOTEMPTY: return .exists
    case EINVAL, ENOSYS, ENOTSUP: return .unsupported
    case let code: return .failed(code)
    }
  }

  #if os(Linux)
    private typealias RenameAt2 =
      @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's `renameat2` (2.28 and later), nil when the C library has none.
    private static let renameat2: RenameAt2? = {
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
      return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
  #endif
}
