/// The bottleneck link that moves response bytes: processor sharing over a `BandwidthTrace`.
///
/// All active transfers share the current capacity equally (fair share, the fluid model of
/// TCP flows on one bottleneck). The share is recomputed exactly whenever a transfer starts, ends
/// or is cancelled; capacity changes need no events because the link integrates the trace
/// analytically across segment boundaries. The engine owns requests, queues, RTT and timeouts and
/// tells the link when the first byte of a response may flow (`start`) and when an attempt is
/// abandoned (`cancel`); the link tells the engine when transfers finish.
///
/// Model: a virtual-time counter V(t) = ∫ capacity(t) / n(t) dt counts the bytes each active
/// transfer has received; a transfer of `bytes` started when V = V₀ finishes when V reaches
/// V₀ + bytes. Active transfers sit in a min-heap ordered by that finish level, so the next
/// completion is always the heap's top.
///
/// Clock: whole microseconds (`Int64`), shared with the engine. State changes happen at whole
/// microseconds: a transfer finishes at the first microsecond at which it has received all its
/// bytes (its exact fluid finish rounded up) and holds its share until then. Byte levels are
/// compared with a relative tolerance of 1e-9 so exact cases (100 000 bytes at 100 000 bytes/s)
/// finish on the exact microsecond.
///
/// Time order: every call's `atUs` must be >= the link's clock (`nowUs`), which only moves
/// forward. Earlier times are a caller bug: debug builds stop on an assertion; release builds
/// treat them as `nowUs` (no time passes) rather than trap.
///
/// Determinism: the same sequence of calls gives the same results bit for bit (plain IEEE
/// arithmetic in a fixed order, no hashing-order dependence).
///
/// Complexity (n active transfers, S trace segments): `start`, `cancel` and each completion are
/// O(log n + log S) in the worst case and amortised O(log n) when time advances in small steps;
/// `nextCompletionUs` and `activeCount` are O(1). No allocation on the hot path once the internal
/// buffers have grown to the peak number of transfers.
public struct TransferLink: Sendable {
  /// The link's capacity over time.
  public let trace: BandwidthTrace
  /// The link's clock: the latest time passed to any mutating call (starts at 0).
  public private(set) var nowUs: Int64 = 0

  private struct Entry: Sendable {
    /// Virtual-byte level at which the transfer is complete.
    var finishLevel: Double
    /// Virtual-byte level when it started.
    var startLevel: Double
    var bytes: Int64
    var id: Int

    @inline(__always) static func precedes(_ a: Entry, _ b: Entry) -> Bool {
      a.finishLevel < b.finishLevel || (a.finishLevel == b.finishLevel && a.id < b.id)
    }
  }

  private struct Finished: Sendable {
    var finishUs: Int64
    var id: Int
    var bytes: Int64
  }

  /// Virtual bytes received by every active transfer since the link was last idle.
  private var level: Double = 0
  /// `nowUs` resolved against the trace; valid only while `positionIsCurrent`.
  private var position: BandwidthTrace.Position
  private var positionIsCurrent = true
  /// Active transfers, a binary min-heap by (finishLevel, id).
  private var heap: [Entry] = []
  /// Transfer id → index in `heap`.
  private var heapIndex: [Int: Int] = [:]
  /// Transfers that have finished but not been reported by `popCompleted`, ordered by
  /// (finishUs, id).
  private var finished: [Finished] = []
  /// When the heap's top finishes (nil: nothing active, or never).
  private var nextFinishUs: Int64?

  /// A link over `trace`, idle, with its clock at 0.
  public init(trace: BandwidthTrace) {
    self.trace = trace
    self.position =
      trace.isUnlimited
      ? BandwidthTrace.Position(lap: 0, offsetUs: 0, segment: 0, bytesIntoLap: 0)
      : trace.locate(0, hint: 0)
    heap.reserveCapacity(16)
    heapIndex.reserveCapacity(16)
    finished.reserveCapacity(16)
  }

  // MARK: - Public API

  /// Transfers still moving bytes at `nowUs` (finished ones awaiting `popCompleted` excluded).
  public var activeCount: Int { heap.count }

  /// Starts moving `bytes` (>= 0) for transfer `id` at `atUs`. It shares the link from then on.
  /// A zero-byte transfer, or any transfer on an unlimited link, finishes at `atUs`.
  ///
  /// `id` must not belong to an active or unreported transfer; if it does (a caller bug) debug
  /// builds assert and release builds drop the old transfer silently. Negative `bytes` are
  /// treated as 0 (debug builds assert).
  /// - Complexity: O(log n + log S), amortised O(log n) for monotone time.
  public mutating func start(id: Int, bytes: Int64, atUs: Int64) {
    assert(bytes >= 0, "a transfer cannot have negative size")
    advance(to: atUs)
    if heapIndex[id] != nil || finished.contains(where: { $0.id == id }) {
      assertionFailure("transfer \(id) is already on the link")
      _ = remove(id: id)
    }
    let bytes = max(bytes, 0)
    if trace.isUnlimited {
      insertFinished(Finished(finishUs: nowUs, id: id, bytes: bytes))
      return
    }
    if !positionIsCurrent {
      position = trace.locate(nowUs, hint: position.segment)
      positionIsCurrent = true
    }
    push(Entry(finishLevel: level + Double(bytes), startLevel: level, bytes: bytes, id: id))
    recomputeNextFinish()
  }

  /// Stops transfer `id` at `atUs` and returns the whole bytes it had already moved (rounded
  /// down; the engine counts them as wasted). The others share its capacity from then on.
  /// A transfer that had finished but was not yet reported is removed and returns its full size;
  /// an unknown id returns 0.
  /// - Complexity: O(log n + log S).
  @discardableResult
  public mutating func cancel(id: Int, atUs: Int64) -> Int64 {
    advance(to: atUs)
    return remove(id: id) ?? 0
  }

  /// The earliest time at which a transfer finishes, in whole µs (the exact fluid finish rounded
  /// up); a time <= `nowUs` when finished transfers await `popCompleted`. nil when nothing is
  /// active, or when nothing can ever finish (a trace without looping that ends at 0 capacity
  /// with too few bytes left, or a finish beyond `Int64.max` µs).
  /// - Complexity: O(1).
  public func nextCompletionUs() -> Int64? {
    if let first = finished.first { return first.finishUs }
    return nextFinishUs
  }

  /// Advances the clock to `atUs` and appends to `buffer` the ids of every transfer finished by
  /// then, ordered by finish time (whole µs), then id. Appending into a caller-owned buffer
  /// avoids allocating.
  /// - Complexity: O(k (log n + log S)) for k completions.
  public mutating func popCompleted(atUs: Int64, into buffer: inout [Int]) {
    advance(to: atUs)
    for entry in finished { buffer.append(entry.id) }
    finished.removeAll(keepingCapacity: true)
  }

  /// Advances the clock to `atUs` and returns the ids of every transfer finished by then,
  /// ordered by finish time (whole µs), then id. Allocates; see `popCompleted(atUs:into:)`.
  public mutating func popCompleted(atUs: Int64) -> [Int] {
    var ids: [Int] = []
    popCompleted(atUs: atUs, into: &ids)
    return ids
  }

  /// Whole bytes transfer `id` will have moved by `atUs` (>= `nowUs`), rounded down: its full size
  /// once finished; nil for an id the link does not hold (never started, cancelled or already
  /// reported). Does not change the link.
  /// - Complexity: O(log S) when no transfer finishes before `atUs`; otherwise it simulates a
  ///   copy of the link (allocates), so keep it off the hot path.
  public func bytesMoved(id: Int, atUs: Int64) -> Int64? {
    if let done = finished.first(where: { $0.id == id }) { return done.bytes }
    guard let index = heapIndex[id] else { return nil }
    let timeUs = max(atUs, nowUs)
    if let next = nextFinishUs, next <= timeUs {
      var copy = self
      copy.advance(to: timeUs)
      return copy.movedBytesOrFinished(id: id)
    }
    let entry = heap[index]
    let levelThen =
      level + (trace.delivered(from: currentPosition(), to: resolve(timeUs)) / Double(heap.count))
    return Self.wholeBytes(entry, atLevel: levelThen)
  }

  // MARK: - Time

  /// Moves the clock to `timeUs`, finishing every transfer whose finish comes first, in order.
  private mutating func advance(to timeUs: Int64) {
    assert(timeUs >= nowUs, "link time went backwards: \(timeUs) µs < \(nowUs) µs")
    let target = max(timeUs, nowUs)
    while let next = nextFinishUs, next <= target {
      moveClock(to: next)
      finishDue()
    }
    if target != nowUs {
      moveClock(to: target)
      if !heap.isEmpty { recomputeNextFinish() }
    }
  }

  /// Moves the clock with the active set unchanged.
  @inline(__always)
  private mutating func moveClock(to timeUs: Int64) {
    if timeUs == nowUs { return }
    nowUs = timeUs
    if heap.isEmpty || trace.isUnlimited {
      positionIsCurrent = false
      return
    }
    let newPosition = trace.locate(timeUs, hint: position.segment)
    level += trace.delivered(from: position, to: newPosition) / Double(heap.count)
    position = newPosition
  }

  /// Called at `nextFinishUs`: the heap's top is due by construction; takes it and every other
  /// transfer that has also received all its bytes.
  private mutating func finishDue() {
    if let top = popTop() { insertFinished(Finished(finishUs: nowUs, id: top.id, bytes: top.bytes)) }
    while let top = heap.first, Self.isDone(top, atLevel: level) {
      _ = popTop()
      insertFinished(Finished(finishUs: nowUs, id: top.id, bytes: top.bytes))
    }
    if heap.isEmpty { level = 0 }
    recomputeNextFinish()
  }

  /// Recomputes when the heap's top finishes from the current state (clock, level, count).
  private mutating func recomputeNextFinish() {
    guard let top = heap.first else {
      nextFinishUs = nil
      return
    }
    if Self.isDone(top, atLevel: level) {
      nextFinishUs = nowUs
      return
    }
    let count = Double(heap.count)
    let need = (top.finishLevel - Self.tolerance(top.finishLevel) - level) * count
    guard let exact = trace.time(afterDelivering: need, from: position), exact < 9.0e18 else {
      nextFinishUs = nil
      return
    }
    // The fluid estimate, rounded up, then checked against the same arithmetic `moveClock` will
    // do, so reaching `nextFinishUs` always finds the top done (and never a microsecond late).
    var candidate = max(nowUs, Int64(exact.rounded(.up)))
    var steps = 0
    while steps < 4 && !isDone(top, atUs: candidate, count: count) {
      candidate += 1
      steps += 1
    }
    steps = 0
    while steps < 4 && candidate > nowUs && isDone(top, atUs: candidate - 1, count: count) {
      candidate -= 1
      steps += 1
    }
    nextFinishUs = candidate
  }

  @inline(__always)
  private func isDone(_ entry: Entry, atUs timeUs: Int64, count: Double) -> Bool {
    let then = trace.locate(timeUs, hint: position.segment)
    return Self.isDone(entry, atLevel: level + trace.delivered(from: position, to: then) / count)
  }

  @inline(__always)
  private static func tolerance(_ finishLevel: Double) -> Double {
    1e-9 * max(1, abs(finishLevel))
  }

  @inline(__always)
  private static func isDone(_ entry: Entry, atLevel level: Double) -> Bool {
    entry.finishLevel - tolerance(entry.finishLevel) <= level
  }

  private static func wholeBytes(_ entry: Entry, atLevel level: Double) -> Int64 {
    let moved = level - entry.startLevel + tolerance(entry.finishLevel)
    if moved >= Double(entry.bytes) { return entry.bytes }
    if !(moved > 0) { return 0 }
    return Int64(moved.rounded(.down))
  }

  private func currentPosition() -> BandwidthTrace.Position {
    positionIsCurrent ? position : trace.locate(nowUs, hint: position.segment)
  }

  private func resolve(_ timeUs: Int64) -> BandwidthTrace.Position {
    trace.locate(timeUs, hint: position.segment)
  }

  private func movedBytesOrFinished(id: Int) -> Int64? {
    if let done = finished.first(where: { $0.id == id }) { return done.bytes }
    guard let index = heapIndex[id] else { return nil }
    return Self.wholeBytes(heap[index], atLevel: level)
  }

  /// Removes `id` at the current clock; returns the bytes it moved, or nil if unknown.
  private mutating func remove(id: Int) -> Int64? {
    if let index = finished.firstIndex(where: { $0.id == id }) {
      return finished.remove(at: index).bytes
    }
    guard let index = heapIndex[id] else { return nil }
    let entry = heap[index]
    let moved = Self.wholeBytes(entry, atLevel: level)
    remove(at: index)
    if heap.isEmpty { level = 0 }
    recomputeNextFinish()
    return moved
  }

  /// Inserts keeping (finishUs, id) order; finish times arrive non-decreasing, so this only
  /// moves past entries of the same microsecond.
  private mutating func insertFinished(_ entry: Finished) {
    var index = finished.count
    while index > 0
      && (finished[index - 1].finishUs > entry.finishUs
        || (finished[index - 1].finishUs == entry.finishUs && finished[index - 1].id > entry.id))
    {
      index -= 1
    }
    finished.insert(entry, at: index)
  }

  // MARK: - Indexed binary heap

  private mutating func push(_ entry: Entry) {
    heap.append(entry)
    heapIndex[entry.id] = heap.count - 1
    siftUp(heap.count - 1)
  }

  private mutating func popTop() -> Entry? {
    guard let top = heap.first else { return nil }
    remove(at: 0)
    return top
  }

  private mutating func remove(at index: Int) {
    let removed = heap[index]
    heapIndex[removed.id] = nil
    let last = heap.removeLast()
    if index < heap.count {
      heap[index] = last
      heapIndex[last.id] = index
      if index > 0 && Entry.precedes(last, heap[(index - 1) / 2]) {
        siftUp(index)
      } else {
        siftDown(index)
      }
    }
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    let entry = heap[child]
    while child > 0 {
      let parent = (child - 1) / 2
      if !Entry.precedes(entry, heap[parent]) { break }
      heap[child] = heap[parent]
      heapIndex[heap[child].id] = child
      child = parent
    }
    heap[child] = entry
    heapIndex[entry.id] = child
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    let entry = heap[parent]
    let count = heap.count
    while true {
      let left = 2 * parent + 1
      if left >= count { break }
      var smallest = left
      if left + 1 < count && Entry.precedes(heap[left + 1], heap[left]) { smallest = left + 1 }
      if !Entry.precedes(heap[smallest], entry) { break }
      heap[parent] = heap[smallest]
      heapIndex[heap[parent].id] = parent
      parent = smallest
    }
    heap[parent] = entry
    heapIndex[entry.id] = parent
  }
}
