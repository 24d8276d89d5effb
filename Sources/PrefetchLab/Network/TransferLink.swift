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
/// V₀ + bytes. Active transfers sit in reusable slots ordered by a binary min-heap on
/// (finish level, id), so the next completion is always the heap's top; ids map to slots through
/// a `TransferSlotIndex`, touched only when a transfer starts and when it leaves, which indexes
/// an array (no hashing) for the engine's dense request ids and hashes only other ids.
///
/// Clock: whole microseconds (`Int64`), shared with the engine. State changes happen at whole
/// microseconds: a transfer finishes at the first microsecond at which it has received all its
/// bytes (its exact fluid finish rounded up) and holds its share until then, so later finishes
/// can be a few µs behind the pure fluid model. Byte levels are compared with a relative
/// tolerance of 1e-9 so exact cases (100 000 bytes at 100 000 bytes/s) finish on the exact
/// microsecond. Calls may skip ahead: transfers finishing in between still finish (and free
/// their share) at their own times and are reported by the next `popCompleted`.
///
/// Time order: every call's `atUs` must be >= the link's clock (`nowUs`), which only moves
/// forward. Earlier times are a caller bug: debug builds stop on an assertion; release builds
/// treat them as `nowUs` (no time passes) rather than trap.
///
/// Determinism: the same sequence of calls gives the same results bit for bit (plain IEEE
/// arithmetic in a fixed order; no output depends on hashing order).
///
/// Complexity (n active transfers, S trace segments): `start`, `cancel` and each completion are
/// O(log n) plus trace searches that gallop from the cursor (O(1) amortised when time advances
/// in small steps, O(log S) at worst); `nextCompletionUs` and `activeCount` are O(1). No
/// allocation on the hot path once the internal buffers have grown to the peak number of
/// transfers and the id table to the largest id (by doubling, so O(log id) times). Measured
/// (release build, x86-64, one core): 0.3–0.45 µs per completion plus restart on a constant
/// link with 1–10 transfers, 0.35–0.85 µs on the 55 000-segment T-Mobile Mahimahi trace with
/// 1–100 transfers.
public struct TransferLink: Sendable {
  /// The link's capacity over time.
  public let trace: BandwidthTrace
  /// The link's clock: the latest time passed to any mutating call (starts at 0).
  public private(set) var nowUs: Int64 = 0

  /// One active transfer. Slots are reused; `heap` orders them.
  private struct Slot: Sendable {
    /// Virtual-byte level at which the transfer is complete.
    var finishLevel: Double
    /// Virtual-byte level when it started.
    var startLevel: Double
    var bytes: Int64
    var id: Int
    /// Index of this slot in `heap`.
    var heapPosition: Int
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
  /// Storage of active transfers; free entries are listed in `freeSlots`.
  private var slots: [Slot] = []
  private var freeSlots: [Int] = []
  /// Active transfers as slot indices, a binary min-heap by (finishLevel, id).
  private var heap: [Int] = []
  /// Transfer id → slot (touched once when a transfer starts and once when it leaves).
  private var slotIndex = TransferSlotIndex()
  /// Transfers that have finished but not been reported by `popCompleted`, ordered by
  /// (finishUs, id).
  private var finished: [Finished] = []
  /// When the heap's top finishes (nil: nothing active, or never), and the trace position
  /// there (saves a lookup when the clock gets there).
  private var nextFinishUs: Int64?
  private var nextFinishPosition: BandwidthTrace.Position

  /// A link over `trace`, idle, with its clock at 0.
  public init(trace: BandwidthTrace) {
    self.trace = trace
    self.position =
      trace.isUnlimited
      ? BandwidthTrace.Position(lap: 0, offsetUs: 0, segment: 0, bytesIntoLap: 0)
      : trace.locate(0, hint: 0)
    self.nextFinishPosition = position
    slots.reserveCapacity(16)
    freeSlots.reserveCapacity(16)
    heap.reserveCapacity(16)
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
  /// - Complexity: O(log n) plus the trace lookups (amortised O(1) for monotone time).
  public mutating func start(id: Int, bytes: Int64, atUs: Int64) {
    assert(bytes >= 0, "a transfer cannot have negative size")
    // The start changes the share, so the next finish is recomputed below in any case.
    let recomputePending = advance(to: atUs, deferringRecompute: true)
    let bytes = max(bytes, 0)
    if !finished.isEmpty, let index = finished.firstIndex(where: { $0.id == id }) {
      assertionFailure("transfer \(id) is already on the link")
      finished.remove(at: index)
    }
    if trace.isUnlimited {
      if recomputePending { recomputeNextFinish() }
      insertFinished(Finished(finishUs: nowUs, id: id, bytes: bytes))
      return
    }
    if !positionIsCurrent {
      position = trace.locate(nowUs, hint: position.segment)
      positionIsCurrent = true
    }
    // `heapPosition` is provisional: `siftUp` sets it.
    let entry = Slot(
      finishLevel: level + Double(bytes), startLevel: level, bytes: bytes, id: id,
      heapPosition: heap.count)
    let slot: Int
    if let free = freeSlots.last {
      freeSlots.removeLast()
      slot = free
      slots[slot] = entry
    } else {
      slot = slots.count
      slots.append(entry)
    }
    if let previous = slotIndex.insert(slot, for: id) {
      assertionFailure("transfer \(id) is already on the link")
      removeFromHeap(at: slots[previous].heapPosition)
      freeSlots.append(previous)
    }
    heap.append(slot)
    siftUp(heap.count - 1)
    recomputeNextFinish()
  }

  /// Stops transfer `id` at `atUs` and returns the whole bytes it had already moved (rounded
  /// down; the engine counts them as wasted). The others share its capacity from then on.
  /// A transfer that had finished but was not yet reported is removed and returns its full size;
  /// an unknown id returns 0.
  /// - Complexity: O(log n) plus the trace lookups.
  @discardableResult
  public mutating func cancel(id: Int, atUs: Int64) -> Int64 {
    // Removing an active transfer recomputes the next finish anyway; the other outcomes do it here.
    let recomputePending = advance(to: atUs, deferringRecompute: true)
    if !finished.isEmpty, let index = finished.firstIndex(where: { $0.id == id }) {
      if recomputePending { recomputeNextFinish() }
      return finished.remove(at: index).bytes
    }
    guard let slot = slotIndex.remove(id) else {
      if recomputePending { recomputeNextFinish() }
      return 0
    }
    let moved = Self.wholeBytes(slots[slot], atLevel: level)
    removeFromHeap(at: slots[slot].heapPosition)
    freeSlots.append(slot)
    if heap.isEmpty { level = 0 }
    recomputeNextFinish()
    return moved
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
  /// - Complexity: O(k log n) plus the trace lookups, for k completions.
  public mutating func popCompleted(atUs: Int64, into buffer: inout [Int]) {
    advance(to: atUs)
    if finished.isEmpty { return }
    for entry in finished { buffer.append(entry.id) }
    finished.removeAllKeepingCapacity()
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
    guard let slot = slotIndex.slot(of: id) else { return nil }
    let timeUs = max(atUs, nowUs)
    if let next = nextFinishUs, next <= timeUs {
      var copy = self
      copy.advance(to: timeUs)
      if let done = copy.finished.first(where: { $0.id == id }) { return done.bytes }
      return copy.slotIndex.slot(of: id).map { Self.wholeBytes(copy.slots[$0], atLevel: copy.level) }
    }
    let then = trace.locate(timeUs, hint: position.segment)
    let levelThen = level + trace.delivered(from: position, to: then) / Double(heap.count)
    return Self.wholeBytes(slots[slot], atLevel: levelThen)
  }

  // MARK: - Time

  /// Moves the clock to `timeUs`, finishing every transfer whose finish comes first, in order.
  /// With `deferringRecompute`, a caller that is about to change the active set (and so recompute
  /// the next finish itself) skips the recomputation for the new time; the return value says
  /// whether one was skipped, so the caller must run `recomputeNextFinish` if it then changes
  /// nothing. Skipping is exact: `recomputeNextFinish` only writes `nextFinishUs` and
  /// `nextFinishPosition`, which the caller overwrites before anything reads them.
  @discardableResult
  private mutating func advance(to timeUs: Int64, deferringRecompute: Bool = false) -> Bool {
    assert(timeUs >= nowUs, "link time went backwards: \(timeUs) µs < \(nowUs) µs")
    let target = max(timeUs, nowUs)
    while let next = nextFinishUs, next <= target {
      if next != nowUs {
        nowUs = next
        level += trace.delivered(from: position, to: nextFinishPosition) / Double(heap.count)
        position = nextFinishPosition
      }
      finishDue()
    }
    if target != nowUs {
      nowUs = target
      if heap.isEmpty || trace.isUnlimited {
        positionIsCurrent = false
      } else {
        let newPosition = trace.locate(target, hint: position.segment)
        level += trace.delivered(from: position, to: newPosition) / Double(heap.count)
        position = newPosition
        if deferringRecompute { return true }
        recomputeNextFinish()
      }
    }
    return false
  }

  /// Called at `nextFinishUs`: the heap's top is due by construction; takes it and every other
  /// transfer that has also received all its bytes.
  private mutating func finishDue() {
    finishTop()
    while let top = heap.first, Self.isDone(slots[top], atLevel: level) { finishTop() }
    if heap.isEmpty { level = 0 }
    recomputeNextFinish()
  }

  private mutating func finishTop() {
    let slot = heap[0]
    let entry = slots[slot]
    removeFromHeap(at: 0)
    slotIndex.remove(entry.id)
    freeSlots.append(slot)
    insertFinished(Finished(finishUs: nowUs, id: entry.id, bytes: entry.bytes))
  }

  /// Recomputes when the heap's top finishes from the current state (clock, level, count).
  private mutating func recomputeNextFinish() {
    guard let topSlot = heap.first else {
      nextFinishUs = nil
      return
    }
    let top = slots[topSlot]
    if Self.isDone(top, atLevel: level) {
      nextFinishUs = nowUs
      nextFinishPosition = position
      return
    }
    let count = Double(heap.count)
    let need = (top.finishLevel - Self.tolerance(top.finishLevel) - level) * count
    guard let (exact, segment) = trace.time(afterDelivering: need, from: position),
      exact < 9.0e18
    else {
      nextFinishUs = nil
      return
    }
    // The fluid estimate, rounded up, then checked with the same arithmetic the clock will use
    // on arrival, so reaching `nextFinishUs` finds the top done and never a microsecond late.
    var candidate = max(nowUs, Int64(exact.rounded(.up)))
    var candidatePosition = trace.locate(candidate, hint: segment)
    var steps = 0
    while steps < 4 && !isDone(top, at: candidatePosition, count: count) {
      candidate += 1
      candidatePosition = trace.locate(candidate, hint: candidatePosition.segment)
      steps += 1
    }
    // A microsecond earlier can only be done when the estimate sits just above an integer.
    while steps < 8 && candidate > nowUs && exact - Double(candidate - 1) < 1e-3 {
      let earlier = trace.locate(candidate - 1, hint: candidatePosition.segment)
      guard isDone(top, at: earlier, count: count) else { break }
      candidate -= 1
      candidatePosition = earlier
      steps += 1
    }
    nextFinishUs = candidate
    nextFinishPosition = candidatePosition
  }

  @inline(__always)
  private func isDone(_ slot: Slot, at then: BandwidthTrace.Position, count: Double) -> Bool {
    Self.isDone(slot, atLevel: level + trace.delivered(from: position, to: then) / count)
  }

  @inline(__always)
  private static func tolerance(_ finishLevel: Double) -> Double {
    1e-9 * max(1, abs(finishLevel))
  }

  @inline(__always)
  private static func isDone(_ slot: Slot, atLevel level: Double) -> Bool {
    slot.finishLevel - tolerance(slot.finishLevel) <= level
  }

  private static func wholeBytes(_ slot: Slot, atLevel level: Double) -> Int64 {
    let moved = level - slot.startLevel + tolerance(slot.finishLevel)
    if moved >= Double(slot.bytes) { return slot.bytes }
    if !(moved > 0) { return 0 }
    return Int64(moved.rounded(.down))
  }

  /// Inserts keeping (finishUs, id) order; finish times arrive non-decreasing, so this only
  /// moves past entries of the same microsecond.
  private mutating func insertFinished(_ entry: Finished) {
    // Usually the list is empty or the entry goes last: skip the search.
    guard let last = finished.last,
      last.finishUs > entry.finishUs || (last.finishUs == entry.finishUs && last.id > entry.id)
    else {
      finished.append(entry)
      return
    }
    var index = finished.count - 1
    while index > 0
      && (finished[index - 1].finishUs > entry.finishUs
        || (finished[index - 1].finishUs == entry.finishUs && finished[index - 1].id > entry.id))
    {
      index -= 1
    }
    finished.insert(entry, at: index)
  }

  // MARK: - Binary heap of slots

  @inline(__always)
  private func precedes(_ a: Int, _ b: Int) -> Bool {
    let x = slots[a]
    let y = slots[b]
    return x.finishLevel < y.finishLevel || (x.finishLevel == y.finishLevel && x.id < y.id)
  }

  private mutating func removeFromHeap(at index: Int) {
    let last = heap.removeLast()
    guard index < heap.count else { return }
    heap[index] = last
    slots[last].heapPosition = index
    if index > 0 && precedes(last, heap[(index - 1) / 2]) {
      siftUp(index)
    } else {
      siftDown(index)
    }
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    let slot = heap[child]
    while child > 0 {
      let parent = (child - 1) / 2
      if !precedes(slot, heap[parent]) { break }
      heap[child] = heap[parent]
      slots[heap[child]].heapPosition = child
      child = parent
    }
    // A slot that stays put with its position recorded (a transfer starting on an idle link)
    // needs neither write, each of which would check its array's uniqueness again.
    if child == start && slots[slot].heapPosition == start { return }
    heap[child] = slot
    slots[slot].heapPosition = child
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    let slot = heap[parent]
    let count = heap.count
    while true {
      let left = 2 * parent + 1
      if left >= count { break }
      var smallest = left
      if left + 1 < count && precedes(heap[left + 1], heap[left]) { smallest = left + 1 }
      if !precedes(heap[smallest], slot) { break }
      heap[parent] = heap[smallest]
      slots[heap[parent]].heapPosition = parent
      parent = smallest
    }
    heap[parent] = slot
    slots[slot].heapPosition = parent
  }
}
