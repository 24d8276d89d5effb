/// Network outages (`network.outages`): the windows during which nothing gets through, and the
/// transfers the outage in progress froze. During an outage, a request attempt's first byte
/// waits for the network to come back and moving transfers stop where they are.
struct OutageSchedule: Sendable {
  /// [start, end) µs, in order and disjoint (overlapping or touching windows merged).
  let windowsUs: [(startUs: Int64, endUs: Int64)]
  /// End of the outage in progress, µs; nil while the network is up.
  private(set) var endUs: Int64?
  /// Requests whose transfer the outage in progress froze, in the order they were frozen.
  private var frozen: [Int] = []

  init(_ windowsUs: [(startUs: Int64, endUs: Int64)]) {
    self.windowsUs = Self.disjointIntervals(windowsUs)
  }

  /// Sorts `intervals` and merges those that overlap or touch, so that outage events never nest.
  static func disjointIntervals(_ intervals: [(startUs: Int64, endUs: Int64)]) -> [(
    startUs: Int64, endUs: Int64
  )] {
    var merged: [(startUs: Int64, endUs: Int64)] = []
    for interval in intervals.sorted(by: { $0.startUs < $1.startUs }) {
      if let last = merged.last, interval.startUs <= last.endUs {
        merged[merged.count - 1].endUs = max(last.endUs, interval.endUs)
      } else {
        merged.append(interval)
      }
    }
    return merged
  }

  /// Outage `index` begins; returns when it ends.
  mutating func begin(_ index: Int) -> Int64 {
    let end = windowsUs[index].endUs
    endUs = end
    return end
  }

  /// Request `id`'s transfer stopped for the outage in progress.
  mutating func freeze(_ id: Int) {
    assert(endUs != nil, "a transfer frozen while the network is up")
    frozen.append(id)
  }

  /// The network is back: the requests frozen, in order (to resume those still transferring).
  mutating func end() -> [Int] {
    endUs = nil
    defer { frozen.removeAll(keepingCapacity: true) }
    return frozen
  }

  /// Debug builds: nothing stays frozen while the network is up.
  func checkInvariants() {
    assert(endUs != nil || frozen.isEmpty, "transfers frozen while the network is up")
  }
}
