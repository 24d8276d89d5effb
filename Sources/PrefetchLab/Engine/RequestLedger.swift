/// Every request of the run, by id (ids are issue order, from 0), and the in-flight marks that
/// page triggers read: a page request counts as in flight in its direction from issue until its
/// rows are applied (or it fails, is cancelled, or turns out to duplicate a page already in).
///
/// The coordinator moves requests through their lifecycle by writing `requests[id]` in place; the
/// ledger owns the ids and the marks.
struct RequestLedger: Sendable {
  var requests: [Request] = []
  /// The most requests reserved up front (a judgement: 4 096 requests are about 0.7 MB).
  static let initialCapacity = 4096
  /// Open page marks going up and going down: a page request in that direction is queued, in
  /// flight, or delivered and not yet applied while its count is above 0.
  private(set) var openMarksUp = 0
  private(set) var openMarksDown = 0
  /// Per request id: its page mark is open.
  private var markOpen: [Bool] = []
  /// The request whose completion is being reported to the strategy (`.fetchCompleted` of a
  /// network fetch), -1 otherwise: `StrategyContext.lastTransfer`.
  var reportedTransfer = -1

  var count: Int { requests.count }

  /// Adds `request` (whose id must be `count`) and returns its id.
  mutating func append(_ request: Request) -> Int {
    assert(request.id == requests.count, "request ids are issue order")
    requests.append(request)
    markOpen.append(false)
    return request.id
  }

  /// Request `id` (a page request) starts counting as in flight in its direction.
  mutating func openPageMark(_ id: Int) {
    markOpen[id] = true
    if requests[id].direction == .down { openMarksDown += 1 } else { openMarksUp += 1 }
  }

  /// Request `id` stops counting as in flight (nothing happens if it did not).
  mutating func closePageMark(_ id: Int) {
    guard markOpen[id] else { return }
    markOpen[id] = false
    if requests[id].direction == .down { openMarksDown -= 1 } else { openMarksUp -= 1 }
  }

  /// Debug builds, O(requests): the open-mark counts are those of the open marks.
  func checkInvariants() {
    var up = 0
    var down = 0
    for id in requests.indices where markOpen[id] {
      if requests[id].direction == .down { down += 1 } else { up += 1 }
    }
    assert(up == openMarksUp && down == openMarksDown, "page marks miscounted")
  }
}
