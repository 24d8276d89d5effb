import Foundation

/// Threads that compress the pieces of the gzip table files being written (`GzipPieceFile`),
/// so the run tables are compressed while the simulation goes on instead of in the simulating
/// threads' time. Tasks start in the order they were queued; which thread runs one never
/// changes a byte (each piece is compressed from its own input alone).
///
/// Each thread owns a `Gzip.PieceCompressor` (about 270 KiB of zlib state at memory level 8).
/// The threads live until `shutDown`, which every owner must call (they wait for work until
/// then).
final class CompressionPool: @unchecked Sendable {
  /// Threads a pool gets by default: one per processor the process may use, at most 4. On the
  /// project's 2-core machine a `--jobs 1` run then simulates on one core while its tables
  /// are compressed on the other (docs/ci.md, "Outputs: the run tables").
  static var defaultThreads: Int { min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

  let threads: Int
  private let condition = NSCondition()
  private var tasks: [(Gzip.PieceCompressor) -> Void] = []
  /// The next task to start: tasks before it have started.
  private var head = 0
  private var stopping = false
  private var alive: Int
  private var cpuSeconds = 0.0

  /// Starts `threads` threads (at least one) compressing at `level`.
  init(threads: Int = CompressionPool.defaultThreads, level: Int32 = Gzip.tableLevel) {
    self.threads = max(1, threads)
    alive = self.threads
    for index in 0..<self.threads {
      let thread = Thread { [self] in work(level: level) }
      thread.name = "prefetchlab-gzip-\(index)"
      thread.start()
    }
  }

  /// Queues `task`, which one of the threads runs with its compressor. Never blocks: a caller
  /// bounds its own tasks in flight (`GzipPieceFile` does).
  func enqueue(_ task: @escaping (Gzip.PieceCompressor) -> Void) {
    condition.lock()
    precondition(!stopping, "a task queued after shutDown")
    tasks.append(task)
    condition.signal()
    condition.unlock()
  }

  /// Runs every task queued so far, ends the threads and returns the CPU seconds they used.
  /// Calling it again returns the same figure.
  @discardableResult
  func shutDown() -> Double {
    condition.lock()
    defer { condition.unlock() }
    stopping = true
    condition.broadcast()
    while alive > 0 { condition.wait() }
    return cpuSeconds
  }

  private func work(level: Int32) {
    let compressor = Gzip.PieceCompressor(level: level)
    let start = CPUClock.thread()
    condition.lock()
    while true {
      while head == tasks.count && !stopping { condition.wait() }
      guard head < tasks.count else { break }
      let task = tasks[head]
      head += 1
      // The queue is trimmed once its started half is large, so it never holds a study's tasks.
      if head >= 256 && head * 2 >= tasks.count {
        tasks.removeFirst(head)
        head = 0
      }
      condition.unlock()
      task(compressor)
      condition.lock()
    }
    cpuSeconds += CPUClock.thread() - start
    alive -= 1
    condition.broadcast()
    condition.unlock()
  }
}
