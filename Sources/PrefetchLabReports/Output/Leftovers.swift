import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unfinished folders that runs killed before they could clean up left beside a destination:
/// `<destination>.partial-<host>-<pid>-<random>` (a staging folder) and
/// `<destination>.old-<host>-<pid>-<random>` (previous results moved aside during a commit).
/// Earlier versions named them `<destination>.partial-<pid>-<random>`.
///
/// Such a folder is removed only when all of these hold: it was made on this host (the host part
/// is this machine's name, or absent), its process no longer exists (`kill(pid, 0)` fails with
/// `ESRCH`: a live run's folder is never touched, whoever owns it), and its content is this
/// program's: a staging marker, or only names a results folder holds. Anything else is left alone.
public enum Leftovers {
  /// This machine's name with every character outside `[A-Za-z0-9.]` replaced by `_`, so the
  /// `-`-separated parts of a folder name stay unambiguous.
  public static let host: String = {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.")
    let safe = String(name.map { allowed.contains($0) ? $0 : "_" })
    return safe.isEmpty ? "localhost" : safe
  }()

  /// `<host>-<pid>`: the owner part of the folder names this process makes.
  static var owner: String { "\(host)-\(getpid())" }

  /// Removes the leftovers of `destination` (see the type's documentation) and returns their
  /// paths, sorted. Failures to remove are ignored: a leftover is litter, not an error.
  public static func sweep(destination: String) -> [String] {
    let (parent, name) = FilePath.split(destination)
    let kinds = ["partial", "old"]
    let entries = DirectoryEntries.names(in: parent, withPrefixes: kinds.map { "\(name).\($0)-" }) ?? []
    var removed: [String] = []
    for entry in entries {
      for kind in kinds where entry.hasPrefix("\(name).\(kind)-") {
        let suffix = String(entry.dropFirst(name.count + kind.count + 2))
        let path = FilePath.join(parent, entry)
        guard deadOwner(suffix) != nil, FilePath.kind(path) == .directory, isOurs(path) else { continue }
        if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
      }
    }
    return removed
  }

  /// The pid in `host-pid-random` or `pid-random` when it names a process of this host that no
  /// longer exists; nil otherwise (another host, a live process, not such a name).
  static func deadOwner(_ suffix: String) -> Int32? {
    var parts = suffix.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, let random = parts.popLast(), !random.isEmpty,
      random.allSatisfy(\.isHexDigit), let pidText = parts.popLast(), let pid = Int32(pidText), pid > 0
    else { return nil }
    let host = parts.joined(separator: "-")
    guard host.isEmpty || host == self.host else { return nil }
    return isAlive(pid) ? nil : pid
  }

  /// Whether a process `pid` exists (one owned by another user counts: `EPERM`).
  public static func isAlive(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }

  /// A staging folder (its marker: only this program writes in it), or a folder holding nothing
  /// but names a results folder holds. A manifest of this program's is not enough on its own:
  /// previous results moved aside by a commit that was killed may hold a file a user put there.
  static func isOurs(_ folder: String) -> Bool {
    if FilePath.kind(FilePath.join(folder, OutputStaging.marker)) != .missing { return true }
    return ResultsFolderIdentity.foreignEntries(folder).isEmpty
  }
}
