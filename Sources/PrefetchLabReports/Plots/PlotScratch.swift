import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The private folder gnuplot draws into: `<temporary folder>/prefetchlab-plots-<host>-<pid>-<random>`.
///
/// A run removes its own folder when plotting ends, but a run killed outright (SIGKILL, the OOM
/// killer, a power cut) cannot, and its folder (megabytes of images) would stay in the temporary
/// folder for good. So each new folder is made after removing those of this machine whose
/// process no longer exists, as `Leftovers` removes a killed run's staging folder: a live run's
/// folder is never touched, nor another host's, nor anything not named so. Earlier versions named
/// it `prefetchlab-plots-<pid>-<random>` (no host); those are swept too.
enum PlotScratch {
  static let prefix = "prefetchlab-plots-"

  /// Creates a new scratch folder in `parent` (the temporary folder by default) after sweeping
  /// stale ones; returns its path.
  /// - Throws: `OutputError` when the folder cannot be created.
  static func create(in parent: String = FileManager.default.temporaryDirectory.path) throws(OutputError)
    -> String
  {
    _ = sweep(in: parent)
    let path = FilePath.join(
      parent, prefix + "\(Leftovers.owner)-\(String(UInt32.random(in: .min ... .max), radix: 16))")
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw OutputError(path: path, reason: "cannot create a temporary folder for gnuplot")
    }
    return path
  }

  /// Removes the scratch folders in `parent` left by processes of this host that no longer exist
  /// and returns their paths, sorted. Failures are ignored: a leftover is litter, not an error.
  static func sweep(in parent: String) -> [String] {
    let entries = DirectoryEntries.names(in: parent, withPrefixes: [prefix]) ?? []
    var removed: [String] = []
    for entry in entries.sorted() {
      let path = FilePath.join(parent, entry)
      guard Leftovers.deadOwner(String(entry.dropFirst(prefix.count))) != nil,
        FilePath.kind(path) == .directory, isOwnedByThisUser(path)
      else { continue }
      if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
    }
    return removed
  }

  /// A shared temporary folder holds other users' folders: only this user's are ours to remove.
  static func isOwnedByThisUser(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_uid == getuid()
  }
}
