// Temporary stand-in until the network branch lands: processor sharing on a constant link.
public struct TransferLink: Sendable {
  private let rate: Double?  // bytes per µs
  private var remaining: [Int: Double] = [:]
  private var lastUs: Int64 = 0
  public init(trace: BandwidthTrace) { rate = trace.bytesPerSecond.map { $0 / 1_000_000 } }
  public var activeCount: Int { remaining.count }
  private mutating func advance(_ t: Int64) {
    if let rate, !remaining.isEmpty {
      let share = rate * Double(t - lastUs) / Double(remaining.count)
      for key in remaining.keys { remaining[key]! -= share }
    }
    lastUs = t
  }
  public mutating func start(id: Int, bytes: Int64, atUs t: Int64) {
    advance(t)
    remaining[id] = rate == nil ? 0 : Double(bytes)
  }
  public mutating func cancel(id: Int, atUs t: Int64) -> Int64 {
    advance(t)
    let left = remaining.removeValue(forKey: id) ?? 0
    return Int64(max(0, left))
  }
  public func bytesMoved(id: Int, atUs t: Int64) -> Int64 { 0 }
  public func nextCompletionUs() -> Int64? {
    guard let least = remaining.values.min() else { return nil }
    guard let rate else { return lastUs }
    return lastUs + Int64((max(0, least) * Double(remaining.count) / rate).rounded(.up))
  }
  public mutating func popCompleted(atUs t: Int64) -> [Int] {
    advance(t)
    let done = remaining.filter { $0.value <= 1e-6 }.map(\.key).sorted()
    for id in done { remaining.removeValue(forKey: id) }
    return done
  }
}
