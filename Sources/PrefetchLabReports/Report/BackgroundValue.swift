import Foundation

/// A value computed on a thread of its own while the caller goes on; `value()` waits for it.
///
/// A dedicated thread rather than the dispatch pool: the pool is as wide as the machine, and the
/// plot renderer's `concurrentPerform` workers would lose a slot to this work (on 2 cores, half
/// of gnuplot's parallelism) instead of sharing the cores with it.
/// `work` runs exactly once; `value()` may be called from any thread, any number of times.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  // Written once by the worker before it signals `done`; read under `lock` after that.
  private var result: Value?

  init(_ work: @escaping @Sendable () -> Value) {
    let thread = Thread { [self] in
      let value = work()
      lock.withLock { result = value }
      done.signal()
    }
    thread.start()
  }

  /// The value, waiting for the worker the first time if it has not finished.
  func value() -> Value {
    if let value = lock.withLock({ result }) { return value }
    done.wait()
    done.signal()  // later callers (and waiters) pass straight through
    return lock.withLock { result! }
  }
}
