/// The render stage (`render`): a row is complete only once its cell is rendered, which takes a
/// worker for `render.time_ms` (drawn per item and render). Rows render when they are renderable
/// (page applied, media loaded) and wanted: on screen, or asked for ahead by a strategy. Visible
/// rows go first, then rows asked for ahead, first come first served; a queued render of a row
/// that is no longer wanted is dropped, one already running finishes.
///
/// The stage knows items by index; whether a row is renderable or on screen the coordinator
/// passes in. Jobs to start are handed back (`startNext`) for the coordinator to time.
struct RenderStage: Sendable {
  /// A render stage is configured: complete = loaded and rendered.
  let isEnabled: Bool
  private let workers: Int
  private let timeMs: Distribution
  private let random: CounterRandom
  /// Per-item state and the queue (grown only with a render stage). The engine reads it in place
  /// (`table.rendered[item]`) rather than through methods, which would copy the stage.
  private(set) var table = RenderTable()
  /// Rows whose render was running when the feed was refreshed: it finishes for nothing.
  private var discardedRuns = Set<Int>()

  init(spec: RenderSpec?, random: CounterRandom) {
    isEnabled = spec != nil
    workers = spec?.workers ?? 1
    timeMs = spec?.timeMs ?? .constant(0)
    self.random = random
  }

  /// Makes room for rows up to `end` (exclusive).
  mutating func prepare(upTo end: Int) { table.ensureCount(end) }

  /// A strategy asks for `item` to be rendered ahead (it is then offered with `offer`).
  mutating func want(_ item: Int) {
    table.ensureCount(item + 1)
    table.wanted[item] = true
  }

  /// A strategy withdraws its ask: a queued render of a row not on screen is dropped.
  mutating func unwant(_ item: Int) {
    guard item < table.count else { return }
    table.wanted[item] = false
    dropIfUnwanted(item)
  }

  /// Queues `item` if it is `renderable`, not rendered and wanted (`visible`, or asked for); a
  /// queued render of a row that comes on screen moves to visible priority. Returns true if the
  /// queue should be looked at (`startNext`). O(log queued renders).
  mutating func offer(_ item: Int, visible: Bool, renderable: Bool) -> Bool {
    table.ensureCount(item + 1)
    guard !table.rendered[item], visible || table.wanted[item], renderable else { return false }
    switch table.state[item] {
    case .running: return false
    case .queued: if visible && table.priority[item] != 0 { table.enqueue(item, priority: 0) }
    case .idle: table.enqueue(item, priority: visible ? 0 : 1)
    }
    return true
  }

  /// A row left the screen: its queued render is dropped unless a strategy still wants it.
  mutating func dropIfUnwanted(_ item: Int) {
    guard item < table.count, table.state[item] == .queued, !table.wanted[item] else { return }
    table.dequeue(item)
  }

  /// The next queued render a free worker takes, and how long it runs, µs; nil when no worker is
  /// free or nothing is queued.
  mutating func startNext() -> (item: Int, durationUs: Int64)? {
    guard table.busy < workers, let item = table.popNext() else { return nil }
    table.state[item] = .running
    table.busy += 1
    let ms = timeMs.quantile {
      random.uniform(.renderTime, key: UInt64(item), attempt: UInt64(table.tries[item]))
    }
    table.tries[item] += 1
    return (item, max(0, Int64((ms * 1000).rounded())))
  }

  /// `item`'s render finished; it counts as rendered if the row is still `renderable` (its media
  /// was not evicted meanwhile). Returns whether it did.
  mutating func finished(_ item: Int, renderable: Bool) -> Bool {
    table.busy -= 1
    table.state[item] = .idle
    if !discardedRuns.isEmpty && discardedRuns.remove(item) != nil { return false }
    if renderable { table.rendered[item] = true }
    return renderable
  }

  /// `item`'s media left memory: the decoded image goes with it, and a render still waiting for a
  /// worker is pointless.
  mutating func mediaLost(_ item: Int) {
    guard item < table.count else { return }
    table.rendered[item] = false
    if table.state[item] == .queued { table.dequeue(item) }
  }

  /// The feed was refreshed: no row is rendered or asked for any more, queued renders are
  /// dropped, and a running one keeps its worker until it ends but renders nothing. O(rows known).
  mutating func refreshed() {
    for item in 0..<table.count {
      table.rendered[item] = false
      table.wanted[item] = false
      switch table.state[item] {
      case .queued: table.dequeue(item)
      case .running: discardedRuns.insert(item)
      case .idle: break
      }
    }
  }

  /// Debug builds: workers busy within the limit.
  func checkInvariants() {
    assert(table.busy >= 0 && table.busy <= workers, "render workers out of range")
  }
}
