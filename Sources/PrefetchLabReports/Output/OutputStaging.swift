import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Atomic outputs: an interrupted run never leaves a half-written file under its final
// name, and a results folder is replaced as a whole.

/// Builds a results folder beside its destination and swaps it in as a whole.
///
/// ```swift
/// let staging = try OutputStaging.begin(destination: "results/latest", inputs: scenarioFiles)
/// do {
///   try staging.write(summary.bytes, to: "summary.csv")
///   try staging.write(timeline.bytes, to: "timeline/reader-lte--infinite_scroll--1.csv")
///   try staging.commit()
/// } catch {
///   try? staging.abandon()
///   throw error
/// }
/// ```
///
/// `begin` creates `<destination>.partial-<host>-<pid>-<random>` next to the destination (same
/// file system, so renames are atomic) holding a `.prefetchlab-staging` marker and notes which
/// folder, if any, it found and checked at the destination. `commit` replaces only that folder:
/// where there was none, it renames the staging folder to the destination without replacing
/// (`NoReplaceRename`), so a folder that appeared meanwhile (another run publishing to the same
/// path) is kept; where there was one, it moves the destination aside to
/// `<destination>.old-<host>-<pid>-<random>`, checks that the moved-aside folder is the one
/// `begin` found and still passes the rule `begin` applied (`ResultsFolderIdentity`: empty, or a
/// results folder this program wrote holding nothing else at any depth), renames the staging
/// folder to the destination, then deletes the old folder. The check is repeated there because a
/// run takes minutes: a folder a user made at the destination meanwhile, or a file they put in
/// the old results, must not be deleted with them. A reader therefore sees the old complete
/// folder, then (for the instant between the two renames) no folder, then the new complete
/// folder; never a mix of the two. If the second rename fails the old folder is renamed back.
/// `abandon` deletes the staging folder and leaves the destination untouched; the parent folders
/// `begin` created go too while they are still empty (`CreatedFolders`).
///
/// A process killed before `commit` or `abandon` (SIGKILL, a power cut) leaves its `.partial-`
/// folder behind. The next `begin` for the same destination removes such folders once their
/// process is gone (`Leftovers`) and reports them in `removedLeftovers`.
public struct OutputStaging: Sendable, Equatable {
  /// The results folder this staging will replace, as given to `begin` (trailing `/` removed).
  public let destination: String
  /// The staging folder: write the results under it.
  public let path: String
  /// Unfinished folders of earlier runs (same destination, process gone) that `begin` removed.
  public var removedLeftovers: [String] = []
  /// The staging folder's entry in `UnfinishedWork` (removed on interruption).
  let cleanupToken: Int
  /// What `begin` was given: the run's inputs and the option that named the destination, for the
  /// check `commit` repeats.
  var inputs: [String] = []
  var option = "out"
  /// The folder `begin` found at the destination and checked, nil when there was none: the only
  /// folder `commit` may replace.
  var foundAtStart: FileIdentity?
  /// The destination's parent folders `begin` created: `abandon` (and an interruption) removes
  /// those still empty.
  var createdParents = CreatedFolders.none

  /// Name of the marker file that identifies a staging folder as this program's.
  static let marker = ".prefetchlab-staging"

  /// Creates the staging folder beside `destination`, creating the destination's missing parent
  /// directories (removed again if this fails, or by `abandon` while still empty), after removing unfinished folders that earlier runs for the same destination
  /// left behind.
  ///
  /// - Parameter inputs: the files and folders the run reads (scenario files and folders, trace
  ///   files). A destination that contains one of them is refused.
  /// - Parameter option: the option that named `destination`, as refusals name it (`out`,
  ///   `save-current`).
  /// - Throws: `OutputRefusal` (a usage error: the caller asked for something unsafe) when
  ///   `destination` is a symbolic link, a file, a folder that holds one of `inputs`, or a
  ///   non-empty folder that is
  ///   not a results folder this program wrote (`ResultsFolderIdentity`); `OutputError` when it is
  ///   not usable as a folder name (empty, `.`, `..`, `/`), cannot be inspected, or the staging
  ///   folder cannot be created.
  public static func begin(destination: String, inputs: [String] = [], option: String = "out") throws
    -> OutputStaging
  {
    var destination = destination
    while destination.count > 1 && destination.hasSuffix("/") { destination.removeLast() }
    let (parent, name) = FilePath.split(destination)
    guard !name.isEmpty, name != ".", name != "..", destination != "/" else {
      throw OutputError(path: destination, reason: "cannot be replaced as a results folder")
    }
    let createdParents = CreatedFolders(try FilePath.makeDirectories(parent, for: destination))
    do {
      return try begin(
        destination: destination, inputs: inputs, option: option, createdParents: createdParents)
    } catch {
      createdParents.removeEmpty()
      throw error
    }
  }

  /// `begin` once the destination's parent is there.
  private static func begin(
    destination: String, inputs: [String], option: String, createdParents: CreatedFolders
  ) throws -> OutputStaging {
    // The renames of `commit` would replace a symbolic link itself with a real folder: the link
    // lost, the results not where it pointed (and a dangling one fails there).
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: destination) {
      throw OutputRefusal(
        path: destination,
        message:
          "is a symbolic link (to \(target)): give the folder it points to, or a new path for --\(option)")
    }
    // The folder checked here is the only one `commit` may replace: its identity is taken before
    // the check, so a folder made at a missing destination later (another run's results) is not it.
    var found: FileIdentity? = nil
    switch FilePath.kind(destination) {
    case .missing: break
    case .directory:
      found = FileIdentity(destination)
      try ResultsFolderIdentity.checkReplaceable(destination, inputs: inputs, option: option)
    case .file:
      // A choice of --out to refuse, as a folder that is not ours is (exit 64), not an I/O failure.
      throw OutputRefusal(
        path: destination,
        message:
          "exists and is a file, not a folder; refusing to replace it. Choose a new or empty folder for --\(option)"
      )
    case .inaccessible(let code): throw OutputError(path: destination, reason: FilePath.errorText(code))
    }
    let removed = Leftovers.sweep(destination: destination)
    let path = "\(destination).partial-\(Leftovers.owner)-\(FilePath.randomSuffix())"
    guard mkdir(path, 0o755) == 0 else {
      throw OutputError(path: path, reason: "cannot create staging folder: \(FilePath.lastErrorText())")
    }
    var staging = OutputStaging(
      destination: destination, path: path,
      cleanupToken: UnfinishedWork.register(folder: path, createdParents: createdParents))
    staging.createdParents = createdParents
    staging.removedLeftovers = removed
    staging.inputs = inputs
    staging.option = option
    staging.foundAtStart = found
    try FilePath.writeNew(Array("\(getpid()) \(Leftovers.host)\n".utf8), to: FilePath.join(path, marker))
    return staging
  }

  /// Writes `bytes` to `relativePath` under the staging folder, creating subfolders below it
  /// (never the staging folder itself: once it has been removed, as on Ctrl-C, writes fail
  /// instead of bringing it back). `relativePath` must be relative and must not contain `..` or
  /// `.` components. The file is written in place: nobody sees the staging folder until
  /// `commit`, which makes the whole folder appear at once.
  public func write(_ bytes: [UInt8], to relativePath: String) throws(OutputError) {
    let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
    guard !relativePath.hasPrefix("/"),
      !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    else {
      throw OutputError(path: relativePath, reason: "not a plain relative path inside the results folder")
    }
    let target = FilePath.join(path, relativePath)
    // Folders are made when the first file in them is: a run writes thousands of files into a
    // few folders, and a mkdir that finds its folder still locks the parent on most file systems
    // (ext4, tmpfs), which the --jobs workers would queue on.
    if components.count > 1 {
      if try FilePath.writeNewIfFolderExists(bytes, to: target) { return }
      var folder = path
      for component in components.dropLast() {
        folder = FilePath.join(folder, String(component))
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
          throw OutputError(path: target, reason: "cannot create folder: \(FilePath.lastErrorText())")
        }
      }
    }
    try FilePath.writeNew(bytes, to: target)
  }

  /// Writes the UTF-8 bytes of `text`; see `write(_:to:)`.
  public func write(_ text: String, to relativePath: String) throws(OutputError) {
    try write(Array(text.utf8), to: relativePath)
  }

  /// Puts the staging folder in place of the destination (see the type's documentation).
  /// Throws `OutputError` without touching the destination if it has become something other than
  /// a folder or if it cannot be moved aside; throws `OutputError` after the new results are in
  /// place if only the removal of the old folder failed (the error names the old folder left
  /// behind). Throws `OutputRefusal` (a usage error) when the folder now at the destination may
  /// not be replaced (`ResultsFolderIdentity`): that folder is put back (or, when something new
  /// took its name meanwhile, kept under the `.old-` name the message gives) and the new results
  /// move to `<destination>.new-<random>`, which the message names and no later run removes;
  /// `abandon` then has nothing left to delete.
  public func commit() throws {
    unlink(FilePath.join(path, Self.marker))
    defer { if FilePath.kind(path) == .missing { UnfinishedWork.finish(cleanupToken) } }
    // An interruption between the two renames would leave no folder at the destination: the
    // handler waits for them.
    guard let old = try UnfinishedWork.uninterrupted({ swapIn() }).get() else { return }
    // Checked by `swapIn` while nobody knew its name: this deletes only what this program wrote.
    // Registered, so an interruption while the previous results are deleted finishes the job.
    let token = UnfinishedWork.register(folder: old)
    defer { UnfinishedWork.finish(token) }
    do {
      try FileManager.default.removeItem(atPath: old)
    } catch {
      throw OutputError(
        path: old,
        reason: "new results are in place at \(destination), but the previous results could not be "
          + "removed: \(FilePath.errorText(error))")
    }
  }

  /// The renames of `commit`; the folder the previous results were moved to, nil when there
  /// were none.
  private func swapIn() -> Result<String?, any Error> {
    switch FilePath.kind(destination) {
    case .missing:
      return moveIntoPlace(previous: nil).map { nil }
    case .file:
      return .failure(OutputError(path: destination, reason: "exists and is not a folder"))
    case .inaccessible(let code):
      return .failure(OutputError(path: destination, reason: FilePath.errorText(code)))
    case .directory:
      // Another run's results published here meanwhile are as much not this command's to
      // replace as a user's folder: only the folder `begin` checked is.
      guard let found = foundAtStart, FileIdentity(destination) == found else {
        return .failure(keepUsersFolder(nil, reason: Self.appeared))
      }
      let old = "\(destination).old-\(Leftovers.owner)-\(FilePath.randomSuffix())"
      guard rename(destination, old) == 0 else {
        let code = errno
        return .failure(
          OutputError(
            path: destination,
            reason: "cannot move the previous results aside to \(old): \(FilePath.errorText(code))"
              + AtomicFile.moveHint(code, folder: FilePath.split(destination).directory)
              + "; they are unchanged at \(destination), and the new results were not kept"))
      }
      // Between the look above and the rename, the folder may have been swapped for another.
      if FileIdentity(old) != found {
        return .failure(keepUsersFolder(old, reason: Self.appeared))
      }
      if let reason = ResultsFolderIdentity.replaceRefusal(old, inputs: inputs) {
        return .failure(keepUsersFolder(old, reason: reason))
      }
      if case .failure(let error) = moveIntoPlace(previous: old) {
        // moveIntoPlace has put the previous results back, or says where they are kept.
        return .failure(error)
      }
      return .success(old)
    }
  }

  /// Why the new results are not at the destination after `rename(2)` failed with `code`, and
  /// where the user's data is: the previous results at `previous` (nil: there were none), the
  /// new ones removed with the staging folder by the caller's `abandon()`.
  func notMovedIn(code: Int32, previous: String?) -> String {
    "cannot move the new results from \(path) into place: \(FilePath.errorText(code))"
      + AtomicFile.moveHint(code, folder: FilePath.split(destination).directory) + "; "
      + (previous.map {
        $0 == destination
          ? "the previous results are unchanged there"
          : "the previous results are at \($0) (they could not be put back)"
      }
        ?? "nothing was there before and nothing is now")
      + ", and the new results were not kept: run again once this is fixed"
  }

  /// The error of a failed move into place, after putting the previous results (moved aside to
  /// `previous`, nil: there were none) back where they were if it can.
  private func notMovedInError(code: Int32, previous: String?) -> OutputError {
    let restored = previous.map(putBack)
    return OutputError(path: destination, reason: notMovedIn(code: code, previous: restored))
  }

  /// What `commit` says of a folder at the destination that `begin` did not find there.
  private static let appeared =
    "appeared after this command started (another run writing to the same folder, or a folder made there)"

  /// Renames the staging folder to the (missing) destination without replacing anything that
  /// appears there meanwhile; where the platform cannot, a plain rename, which replaces at most
  /// an empty folder. `previous` is where the previous results were moved aside, if anywhere.
  private func moveIntoPlace(previous: String?) -> Result<Void, any Error> {
    switch NoReplaceRename.rename(path, destination) {
    case .moved: return .success(())
    case .exists: return .failure(keepUsersFolder(previous, reason: Self.appeared))
    case .failed(let code):
      return .failure(notMovedInError(code: code, previous: previous))
    case .unsupported:
      guard rename(path, destination) == 0 else {
        // A folder made at the destination since it was looked at, already holding something
        // (rename(2) replaces only an empty one): the user's, left alone.
        if errno == ENOTEMPTY || errno == EEXIST {
          return .failure(keepUsersFolder(previous, reason: "appeared and holds files"))
        }
        return .failure(notMovedInError(code: errno, previous: previous))
      }
      return .success(())
    }
  }

  /// Puts the folder moved aside to `old` back at the destination, or where something took that
  /// name meanwhile, renames it to `<destination>.kept-<random>`: under its `.old-` name
  /// `Leftovers` would take it for this process's and remove it at the next run. Returns where
  /// it is.
  private func putBack(_ old: String) -> String {
    if rename(old, destination) == 0 { return destination }
    let kept = "\(destination).kept-\(FilePath.randomSuffix())"
    return rename(old, kept) == 0 ? kept : old
  }

  /// After the folder moved aside from the destination turned out not to be replaceable: puts it
  /// back, moves the new results out of the staging name (which `Leftovers` would sweep once
  /// this process is gone) and says where both are.
  private func keepUsersFolder(_ old: String?, reason: String) -> OutputRefusal {
    // rename(2) onto a new empty folder replaces it (nothing lost); onto anything else it fails
    // and the user's folder stays under the name given.
    let kept = old.map(putBack) ?? destination
    let results = "\(destination).new-\(FilePath.randomSuffix())"
    let moveError = rename(path, results) == 0 ? nil : FilePath.lastErrorText()
    var message = "changed while this command ran: it \(reason). "
    message +=
      kept == destination
      ? "It was left as it is. "
      : "It is kept, unchanged, at \(kept) (something new took its name meanwhile). "
    // Left under the staging name, the results go with the caller's `abandon()`: say so rather
    // than send the user to a folder about to be removed.
    message +=
      moveError.map {
        "The new results could not be moved out of their staging folder (\($0)) and are removed; "
          + "run again with another --\(option)"
      }
      ?? "The new results are in \(results); move them where you want them, or run again with another --\(option)"
    return OutputRefusal(path: destination, message: message)
  }

  /// Deletes the staging folder and everything under it, then the parent folders `begin` created
  /// that are still empty (`CreatedFolders`: a parent that holds anything stays); the destination
  /// is not touched. Succeeds if the staging folder is already gone.
  public func abandon() throws(OutputError) {
    defer { UnfinishedWork.finish(cleanupToken) }
    if FilePath.kind(path) != .missing {
      do {
        try FileManager.default.removeItem(atPath: path)
      } catch {
        throw OutputError(path: path, reason: "cannot remove staging folder: \(FilePath.errorText(error))")
      }
    }
    createdParents.removeEmpty()
  }
}
