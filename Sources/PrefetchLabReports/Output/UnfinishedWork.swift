import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an interrupted command must undo: the staging and scratch folders it is filling and the
/// gnuplot processes it is waiting for. Writers register them while they work; the CLI's
/// SIGINT/SIGTERM handler calls `abandonAll()` before it exits, so Ctrl-C leaves no litter.
/// Nothing here installs handlers or exits.
public enum UnfinishedWork {
  private static let lock = NSLock()
  /// Held by a step that must not be cut in two (`OutputStaging.commit`'s renames) and by
  /// `abandonAll`, so an interruption waits for the step to end rather than leaving no folder at
  /// the destination.
  private static let stepLock = NSLock()
  nonisolated(unsafe) private static var folders: [Int: String] = [:]
  nonisolated(unsafe) private static var parents: [Int: CreatedFolders] = [:]
  nonisolated(unsafe) private static var processes: [Int: Process] = [:]
  nonisolated(unsafe) private static var nextToken = 0
  nonisolated(unsafe) private static var abandoned = false

  /// Registers a folder to delete on interruption, with the parent folders this process created
  /// for it (removed after it while still empty); returns the token for `finish`.
  public static func register(folder: String) -> Int {
    register(folder: folder, createdParents: .none)
  }

  static func register(folder: String, createdParents: CreatedFolders) -> Int {
    lock.lock()
    defer { lock.unlock() }
    nextToken += 1
    folders[nextToken] = folder
    parents[nextToken] = createdParents
    return nextToken
  }

  /// Starts `process` and registers it to kill on interruption, as one step: a process started
  /// while `abandonAll` runs would otherwise escape it. Returns nil (starting nothing) once
  /// `abandonAll` has run, so no process outlives an interruption.
  /// - Throws: what `Process.run` throws.
  static func launch(_ process: Process) throws -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard !abandoned else { return nil }
    try process.run()
    nextToken += 1
    processes[nextToken] = process
    return nextToken
  }

  /// Runs `body`, which the interruption handler (`abandonAll`) waits for rather than cutting
  /// in two.
  static func uninterrupted<T>(_ body: () -> T) -> T {
    stepLock.lock()
    defer { stepLock.unlock() }
    return body()
  }

  /// The folder or process is finished with (committed, removed, exited).
  public static func finish(_ token: Int?) {
    guard let token else { return }
    lock.lock()
    folders[token] = nil
    parents[token] = nil
    processes[token] = nil
    lock.unlock()
  }

  /// Whether an interruption is being handled: workers stop starting new work.
  public static var isAbandoned: Bool {
    lock.lock()
    defer { lock.unlock() }
    return abandoned
  }

  /// Kills the registered processes (SIGKILL: their outputs go to a scratch folder removed here
  /// anyway, and gnuplot took about a second to act on SIGTERM, outliving the command), deletes
  /// the registered folders, then the parent folders created for them that are left empty
  /// (deepest first), and returns the folders removed: the registered ones sorted, then those.
  /// Waits for a step in `uninterrupted` to end first. Safe to call from a signal-handling queue
  /// while workers run: writes into a removed staging folder fail rather than recreate it
  /// (`OutputStaging.write`).
  public static func abandonAll() -> [String] {
    stepLock.lock()
    defer { stepLock.unlock() }
    lock.lock()
    abandoned = true
    let running = Array(processes.values)
    let paths = Array(folders.values).sorted()
    let created = CreatedFolders(merging: parents.keys.sorted().map { parents[$0]! })
    processes = [:]
    folders = [:]
    parents = [:]
    lock.unlock()
    for process in running where process.isRunning { kill(process.processIdentifier, SIGKILL) }
    var removed: [String] = []
    for path in paths where FilePath.kind(path) != .missing {
      if remove(path) { removed.append(path) }
    }
    return removed + created.removeEmpty()
  }

  /// Removes a folder that workers may still be writing into. A recursive removal races with
  /// them (a file created in a subfolder after it was emptied makes the removal fail), so the
  /// folder first moves aside, atomically: writes by its old path then fail, as they do once it
  /// is gone. The new name appends a hex digit to the random part, so a later run's sweep
  /// (`Leftovers`) still recognises whatever a failed removal leaves. A few attempts cover files
  /// whose creation was already under way.
  private static func remove(_ path: String) -> Bool {
    let aside = path + "0"
    let target = rename(path, aside) == 0 ? aside : path
    for _ in 0..<5 {
      if (try? FileManager.default.removeItem(atPath: target)) != nil { return true }
      usleep(20_000)
    }
    return false
  }
}
