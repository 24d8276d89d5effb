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
  nonisolated(unsafe) private static var folders: [Int: String] = [:]
  nonisolated(unsafe) private static var processes: [Int: Process] = [:]
  nonisolated(unsafe) private static var nextToken = 0
  nonisolated(unsafe) private static var abandoned = false

  /// Registers a folder to delete on interruption; returns the token for `finish`.
  public static func register(folder: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    nextToken += 1
    folders[nextToken] = folder
    return nextToken
  }

  /// Registers a running process to terminate on interruption. Returns nil (and terminates it)
  /// when `abandonAll` has already run, so no process outlives an interruption.
  static func register(process: Process) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    if abandoned {
      kill(process.processIdentifier, SIGTERM)
      return nil
    }
    nextToken += 1
    processes[nextToken] = process
    return nextToken
  }

  /// The folder or process is finished with (committed, removed, exited).
  public static func finish(_ token: Int?) {
    guard let token else { return }
    lock.lock()
    folders[token] = nil
    processes[token] = nil
    lock.unlock()
  }

  /// Whether an interruption is being handled: workers stop starting new work.
  public static var isAbandoned: Bool {
    lock.lock()
    defer { lock.unlock() }
    return abandoned
  }

  /// Terminates the registered processes (SIGTERM), deletes the registered folders and returns
  /// them, sorted. Safe to call from a signal-handling queue while workers run: writes into a
  /// removed staging folder fail rather than recreate it (`OutputStaging.write`).
  public static func abandonAll() -> [String] {
    lock.lock()
    abandoned = true
    let running = Array(processes.values)
    let paths = Array(folders.values).sorted()
    processes = [:]
    folders = [:]
    lock.unlock()
    for process in running where process.isRunning { kill(process.processIdentifier, SIGTERM) }
    var removed: [String] = []
    for path in paths where FilePath.kind(path) != .missing {
      if remove(path) { removed.append(path) }
    }
    return removed
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
