import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path and errno helpers shared by `AtomicFile` and `OutputStaging`.
enum FilePath {
  enum Kind: Equatable {
    /// Nothing there (`ENOENT`, or a path component is not a folder).
    case missing
    case directory
    /// Something that is not a folder.
    case file
    /// `stat` failed otherwise (e.g. `EACCES`); the errno.
    case inaccessible(Int32)
  }

  /// What is at `path`, following symbolic links (a link to a folder is a folder).
  static func kind(_ path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return errno == ENOENT || errno == ENOTDIR ? .missing : .inaccessible(errno)
    }
    return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
  }

  /// `("a/b", "c")` for `a/b/c`, `(".", "c")` for `c`, `("/", "c")` for `/c`.
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// `mkdir -p directory`; `target` is the path named in errors. Returns the folders this call
  /// created, outermost first (not one another process made meanwhile); on failure it removes
  /// those again.
  @discardableResult
  static func makeDirectories(_ directory: String, for target: String) throws(OutputError) -> [String] {
    switch kind(directory) {
    case .directory:
      return []
    case .file:
      throw OutputError(path: target, reason: "cannot create folder \(directory): a file has that name")
    case .inaccessible(let code):
      throw OutputError(path: target, reason: "cannot create folder \(directory): \(errorText(code))")
    case .missing:
      let (parent, _) = split(directory)
      let created = parent != directory ? try makeDirectories(parent, for: target) : []
      if mkdir(directory, 0o755) == 0 { return created + [directory] }
      guard errno == EEXIST && kind(directory) == .directory else {
        let reason = "cannot create folder \(directory): \(lastErrorText())"
        for folder in created.reversed() { rmdir(folder) }
        throw OutputError(path: target, reason: reason)
      }
      return created
    }
  }

  static func syncDirectory(_ directory: String) {
    let fd = open(directory, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  static func randomSuffix() -> String {
    String(UInt32.random(in: .min ... .max), radix: 16)
  }

  static func lastErrorText() -> String { errorText(errno) }

  /// Writes every byte of `bytes` to `descriptor`, going on after short writes and EINTR.
  /// - Throws: `OutputError` naming `path`, with the system's reason, when write(2) fails.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(OutputError) {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          failure = written < 0 ? errno : EIO
          return
        }
        offset += written
      }
    }
    if failure != 0 { throw OutputError(path: path, reason: "cannot write: \(errorText(failure))") }
  }

  static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

  static func errorText(_ error: any Error) -> String {
    if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return errorText(Int32(underlying.code))
    }
    return (error as NSError).localizedDescription
  }
}

extension FilePath {
  /// Creates (or truncates) the file at `path` and writes `bytes`; the parent folder must exist.
  /// For files inside a staging folder, which nobody reads before it is committed.
  static func writeNew(_ bytes: [UInt8], to path: String) throws(OutputError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw OutputError(path: path, reason: "cannot create: \(lastErrorText())") }
    try write(bytes, to: fd, path: path)
  }

  /// `writeNew`, or false (nothing written) when the parent folder does not exist.
  static func writeNewIfFolderExists(_ bytes: [UInt8], to path: String) throws(OutputError) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if fd < 0 && errno == ENOENT { return false }
    guard fd >= 0 else { throw OutputError(path: path, reason: "cannot create: \(lastErrorText())") }
    try write(bytes, to: fd, path: path)
    return true
  }

  /// Writes `bytes` to `fd` and closes it.
  private static func write(_ bytes: [UInt8], to fd: Int32, path: String) throws(OutputError) {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if close(fd) != 0 && failure == 0 { failure = errno }
    if failure != 0 { throw OutputError(path: path, reason: "cannot write: \(errorText(failure))") }
  }
}
