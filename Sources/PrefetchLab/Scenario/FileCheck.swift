import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths named in scenario files: resolving them against the scenario's folder and checking that
/// they name readable regular files (a directory or a FIFO would hang or confuse a parser later).
enum FileCheck {
  enum Problem: Equatable {
    case notFound
    case notRegularFile
    case notReadable

    /// The rule, naming `path` when the error is not already located at it.
    func message(for path: String? = nil) -> String {
      let rule: String
      switch self {
      case .notFound: rule = "file not found"
      case .notRegularFile: rule = "not a regular file"
      case .notReadable: rule = "file is not readable"
      }
      return path.map { rule + ": " + $0 } ?? rule
    }
  }

  /// The folder part of `path` as written ("" when it has none), so that joined paths stay usable
  /// from the current directory whether `path` was relative or absolute.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// `path` resolved against `base`: absolute paths stay as they are; relative ones are joined
  /// (leading `./` dropped, `..` kept, since collapsing it is wrong across symbolic links).
  static func resolve(_ path: String, against base: String) -> String {
    if path.hasPrefix("/") { return path }
    var relative = Substring(path)
    while relative.hasPrefix("./") {
      relative = relative.dropFirst(2).drop(while: { $0 == "/" })
    }
    if base.isEmpty || base == "." { return String(relative) }
    return base.hasSuffix("/") ? base + relative : base + "/" + relative
  }

  /// Whether `a` and `b` name the same file: the same device and inode (so `x.json`,
  /// `./x.json` and a link to it are one file), or the same text when either cannot be read.
  static func sameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return a == b }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// Why `path` cannot be read as a regular file, or nil when it can. Symbolic links are followed.
  static func problem(with path: String) -> Problem? {
    var status = stat()
    guard stat(path, &status) == 0 else {
      // A folder on the way that cannot be searched is a permission problem, not a missing file.
      return errno == ENOENT || errno == ENOTDIR ? .notFound : .notReadable
    }
    guard status.st_mode & S_IFMT == S_IFREG else { return .notRegularFile }
    guard access(path, R_OK) == 0 else { return .notReadable }
    return nil
  }

  /// The bytes of the regular file at `path`; errors are reported against `path` itself.
  static func readRegularFile(_ path: String, limit: Int) throws(InputError) -> [UInt8] {
    let file = path
    if let problem = problem(with: path) {
      throw InputError(file: file, location: "", message: problem.message())
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw InputError(file: file, location: "", message: FileCheck.Problem.notReadable.message())
    }
    defer { try? handle.close() }
    // Read straight into the array, a chunk at a time: through `Data` the file was held twice
    // (the `Data` and its copy), which for a 230 MB HAR was the import's peak. One byte past the
    // limit tells "too large" apart from "exactly at the limit".
    let descriptor = handle.fileDescriptor
    var info = stat()
    var bytes: [UInt8] = []
    if fstat(descriptor, &info) == 0, info.st_size > 0 {
      bytes.reserveCapacity(min(Int(info.st_size), limit) + 1)
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while bytes.count <= limit {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw InputError(
          file: file, location: "", message: "cannot read file: \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    guard bytes.count <= limit else {
      throw InputError(
        file: file, location: "",
        message: "file is larger than \(limit) bytes; keep bulk data in trace files")
    }
    return bytes
  }
}
