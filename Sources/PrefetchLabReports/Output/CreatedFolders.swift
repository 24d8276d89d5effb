import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folders this process created on the way to an output (the missing parents `mkdir -p`
/// made), each with its identity, so that an output given up can take them back: an interrupted
/// `--out results/sweep`, with `results/` new, leaves no empty `results/` behind.
struct CreatedFolders: Sendable, Equatable {
  struct Folder: Sendable, Equatable {
    let path: String
    let identity: FileIdentity
  }

  /// Outermost first, as they were made.
  let folders: [Folder]

  static let none = CreatedFolders([])

  /// `paths` were just created by this process; one that is already gone is not recorded.
  init(_ paths: [String]) {
    folders = paths.compactMap { path in FileIdentity(path).map { Folder(path: path, identity: $0) } }
  }

  init(merging sets: [CreatedFolders]) {
    folders = sets.flatMap(\.folders)
  }

  /// Removes, deepest first, each folder that is still the one made (same device and inode) and
  /// empty: rmdir(2), never recursive, so a folder that gained anything meanwhile (a file, another
  /// run's results) stays with all it holds. Returns the folders removed, in that order.
  @discardableResult
  func removeEmpty() -> [String] {
    // A folder made below another extends its path, so longer paths are deeper.
    var removed: [String] = []
    for folder in folders.sorted(by: { $0.path.count > $1.path.count })
    where FileIdentity(folder.path) == folder.identity && rmdir(folder.path) == 0 {
      removed.append(folder.path)
    }
    return removed
  }
}
