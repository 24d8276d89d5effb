/// The render stage's state per item and its queue (`RenderSpec`): parallel arrays indexed by
/// item, grown on demand (only when a render stage is configured), and a priority queue of jobs
/// whose stale entries are skipped when popped.
struct RenderTable: Sendable {
  enum State: UInt8, Sendable {
    case idle, queued, running
  }

  /// A queued render: visible rows (priority 0) before rows rendered ahead (1), then in order.
  struct Job: Comparable, Sendable {
    let priority: UInt8
    let sequence: Int
    let item: Int

    static func < (lhs: Job, rhs: Job) -> Bool {
      lhs.priority != rhs.priority ? lhs.priority < rhs.priority : lhs.sequence < rhs.sequence
    }
  }

  private(set) var count = 0
  var state: [State] = []
  var rendered: [Bool] = []
  /// A strategy asked for the row to be rendered ahead of visibility.
  var wanted: [Bool] = []
  /// Sequence and priority of the row's live queue entry.
  var sequence: [Int] = []
  var priority: [UInt8] = []
  /// Renders of the row so far (keys the next render time draw).
  var tries: [UInt32] = []
  var queue = MinHeap<Job>()
  private var nextSequence = 0
  /// Renders running.
  var busy = 0

  mutating func ensureCount(_ needed: Int) {
    guard needed > count else { return }
    let extra = max(needed, count * 2) - count
    state.append(contentsOf: repeatElement(.idle, count: extra))
    rendered.append(contentsOf: repeatElement(false, count: extra))
    wanted.append(contentsOf: repeatElement(false, count: extra))
    sequence.append(contentsOf: repeatElement(-1, count: extra))
    priority.append(contentsOf: repeatElement(0, count: extra))
    tries.append(contentsOf: repeatElement(0, count: extra))
    count += extra
  }

  /// Queues `item` (or moves its queued job) at `priority`.
  mutating func enqueue(_ item: Int, priority newPriority: UInt8) {
    nextSequence += 1
    sequence[item] = nextSequence
    priority[item] = newPriority
    state[item] = .queued
    queue.push(Job(priority: newPriority, sequence: nextSequence, item: item))
  }

  /// Takes a queued item out of the queue (its entry goes stale).
  mutating func dequeue(_ item: Int) {
    state[item] = .idle
    sequence[item] = -1
  }

  /// The next live job, removed from the queue.
  mutating func popNext() -> Int? {
    while let job = queue.pop() {
      if state[job.item] == .queued && sequence[job.item] == job.sequence { return job.item }
    }
    return nil
  }
}
