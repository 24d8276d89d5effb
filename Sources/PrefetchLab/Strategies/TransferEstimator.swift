/// Estimates how long the next fetch will take from the client's own recent transfers
/// (`TransferRecord`), the way adaptive-bitrate video players predict the next chunk's download:
/// throughput as the harmonic mean of the last `window` transfers' body rates (MPC's predictor:
/// Yin et al., "A Control-Theoretic Approach for Dynamic Adaptive Video Streaming over HTTP",
/// SIGCOMM 2015, §5; robust to one fast outlier, unlike the arithmetic mean), the time to first
/// byte and the apply delay as means of their last `window` samples, and sizes as means of the
/// last `window` pages and media.
///
/// A body rate is measured under whatever else shared the link then, which is what the next
/// fetch will meet too. Bodies that took no time (a link without a capacity limit) say nothing
/// about throughput; with only those, transfers are taken as instantaneous. O(window) per query
/// and per sample (the oldest sample leaves from the front).
public struct TransferEstimator: Sendable {
  private let window: Int
  private var firstByteUs = Window<Double>()
  /// Body rates, bytes per µs.
  private var rates = Window<Double>()
  private var pageBytes = Window<Double>()
  private var mediaBytes = Window<Double>()
  private var applyDelayUs = Window<Double>()

  /// - Parameter window: samples each estimate uses, >= 1.
  public init(window: Int) { self.window = max(1, window) }

  /// Learns from a completed transfer.
  public mutating func record(_ transfer: TransferRecord) {
    firstByteUs.add(Double(max(0, transfer.firstByteUs - transfer.attemptStartUs)), keeping: window)
    let bodyUs = transfer.completedUs - transfer.firstByteUs
    if bodyUs > 0 && transfer.bytes > 0 {
      rates.add(Double(transfer.bytes) / Double(bodyUs), keeping: window)
    }
    if case .page = transfer.resource {
      pageBytes.add(Double(transfer.bytes), keeping: window)
    } else {
      mediaBytes.add(Double(transfer.bytes), keeping: window)
    }
  }

  /// Learns how long a delivered page took to apply, µs.
  public mutating func recordApplyDelay(_ delayUs: Int64) {
    applyDelayUs.add(Double(max(0, delayUs)), keeping: window)
  }

  /// Time to fetch and apply the next page, µs: time to first byte + page bytes / throughput +
  /// apply delay; 0 before any sample.
  public var pageFetchUs: Double { firstByteUs.mean + transferUs(pageBytes.mean) + applyDelayUs.mean }

  /// Time to fetch one item's media, µs (its size taken as the mean of those seen; before any,
  /// the time to first byte alone).
  public var mediaFetchUs: Double { firstByteUs.mean + transferUs(mediaBytes.mean) }

  /// Time-to-first-byte samples held (at most `window`).
  public var firstByteSamples: Int { firstByteUs.values.count }

  /// Mean time to first byte of the samples held, µs (0 before any).
  public var firstByteMeanUs: Double { firstByteUs.mean }

  /// Median time to first byte of the samples held, µs (the mean of the middle two for an even
  /// count; 0 before any): unlike the mean, not moved by one or two samples that waited through
  /// an outage. O(window log window).
  public var firstByteMedianUs: Double { firstByteUs.median }

  /// Mean size of the media bodies held, bytes (0 before any).
  public var mediaBytesMean: Double { mediaBytes.mean }

  /// Mean page body, bytes (0 before any page).
  public var pageBytesMean: Double { pageBytes.mean }

  /// Predicted body rate, bytes per µs (the harmonic mean); nil while no body took time.
  public var throughputBytesPerUs: Double? {
    guard !rates.values.isEmpty else { return nil }
    return Double(rates.values.count) / rates.values.reduce(0) { $0 + 1 / $1 }
  }

  private func transferUs(_ bytes: Double) -> Double {
    guard bytes > 0, let rate = throughputBytesPerUs else { return 0 }
    return bytes / rate
  }

  /// The last samples of one quantity, oldest first.
  struct Window<Value: BinaryFloatingPoint & Sendable>: Sendable {
    private(set) var values: [Value] = []

    mutating func add(_ value: Value, keeping count: Int) {
      values.append(value)
      if values.count > count { values.removeFirst(values.count - count) }
    }

    var mean: Value { values.isEmpty ? 0 : values.reduce(0, +) / Value(values.count) }

    var median: Value {
      guard !values.isEmpty else { return 0 }
      let sorted = values.sorted()
      let middle = sorted.count / 2
      return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
  }
}
