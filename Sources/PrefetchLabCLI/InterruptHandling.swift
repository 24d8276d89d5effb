import Dispatch
import Foundation
import PrefetchLabReports

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM (a batch system cancelling a job, `kill`): the command's
/// unfinished folders are removed and its gnuplot processes stopped (`UnfinishedWork`), a line
/// on stderr says what was removed, and the process exits 130 (SIGINT) or 143 (SIGTERM), as a
/// shell reports a process killed by those signals. The destination folder is never touched.
enum InterruptHandling {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  nonisolated(unsafe) private static var progress: ProgressDisplay?
  nonisolated(unsafe) private static var interrupting = false
  private static let lock = NSLock()

  /// Blocks for good once a signal is being handled: the handler exits the process when the
  /// unfinished folders are gone. The command's own thread calls this before it reports an error
  /// or returns: the interruption's clean-up makes its writes fail ("plotting was interrupted",
  /// "cannot create folder"), and reporting those and exiting 1 would cut the clean-up short,
  /// leaving the `.partial-` folder behind.
  static func waitIfInterrupted() {
    guard lock.withLock({ interrupting }) else { return }
    while true { pause() }
  }

  /// Installs the handlers (once per process); `progress` is cleared before the message.
  static func install(terminal: TerminalOutput, progress: ProgressDisplay?) {
    lock.lock()
    defer { lock.unlock() }
    self.progress = progress
    guard sources.isEmpty else { return }
    for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInitiated))
      source.setEventHandler {
        lock.withLock { interrupting = true }
        let removed = UnfinishedWork.abandonAll()
        lock.withLock { self.progress }?.clear()
        var text = "interrupted (\(name))"
        text += removed.isEmpty ? "" : ": removed " + removed.joined(separator: ", ")
        terminal.err(text + "\n")
        _exit(128 + number)
      }
      source.resume()
      sources.append(source)
    }
  }
}
