import Foundation
import PrefetchLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a command that writes single files (`trace --out`, `trace-network --out` and the plot
/// beside it) may replace what is at one of its paths: nothing a user wrote is ever overwritten.
///
/// A path may be written when nothing is there, or when a regular file is there that the same
/// command wrote before, recognised by its exact first line (the CSV's header, the plot script's
/// opening comment) or, for an image, by the script beside it. It is never one of the command's
/// inputs (the same file, through any path or link), a symbolic link, a folder, or any other
/// file. Call `check` for every path before writing any, so a refusal writes nothing.
public enum ReplaceableFile {
  /// - Parameters:
  ///   - isOwn: whether the existing regular file at `path` is one this command wrote.
  ///   - label: the path as messages name it (`--out x.csv`, `x.png (the plot beside --out x.csv)`).
  ///   - option: the option the advice names (`out`, `details-file`).
  /// - Throws: `OutputRefusal` labelled `label` when `path` must not be replaced.
  public static func check(
    _ path: String, label: String, inputs: [String], option: String = "out", isOwn: (String) -> Bool
  ) throws(OutputRefusal) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if let input = inputs.first(where: { isSameFile(path, $0) }) {
      throw OutputRefusal(
        path: label,
        message:
          "is \(input == path ? "an input" : "the input \(input)") of this command; refusing to replace it. "
          + "Give --\(option) a new file name")
    }
    let kind: String
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      if isOwn(path) { return }
      kind = "exists and was not written by this command"
    case S_IFLNK: kind = "is a symbolic link"
    case S_IFDIR: kind = "is a folder"
    default: kind = "exists and is not a regular file"
    }
    throw OutputRefusal(
      path: label,
      message:
        "\(kind); refusing to replace it. Give --\(option) a new file name, or move this one away yourself")
  }

  /// Whether the file at `path` starts with the line `line` (a CRLF's `\r` ignored).
  public static func startsWithLine(_ path: String, _ line: String) -> Bool {
    firstLine(path) == line
  }

  /// The first line of the file at `path` (at most its first 4096 bytes), nil when unreadable.
  static func firstLine(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4096)) ?? Data()
    var line = head.prefix { $0 != UInt8(ascii: "\n") }
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    return String(decoding: line, as: UTF8.self)
  }

  /// The files a scenario run reads: the scenario file and its trace files (network trace,
  /// scroll recording).
  public static func inputs(of scenario: Scenario) -> [String] {
    [scenario.sourcePath] + Manifest.tracePaths(of: scenario)
  }

  /// Whether `a` and `b` are the same existing file (device and inode: links and other spellings
  /// of a path included).
  static func isSameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }
}
