import PrefetchLab

/// A recorded link's capacity over one pass of the recording, in bins of equal length: what
/// `prefetchlab trace-network` writes, summarises and plots so people can choose a trace.
///
/// Each bin's capacity is the mean over the bin (bytes the link delivers in it at full capacity ÷
/// its length), so a Mahimahi trace's per-millisecond opportunities, a Pensieve trace's rows and
/// a Sabre trace's periods all read the same way. The last bin ends with the recording and may
/// be shorter than the others.
public struct TraceCapacity: Sendable, Equatable {
  public struct Bin: Sendable, Equatable {
    /// Trace time of the bin's start, µs from the start of the recording.
    public var startUs: Int64
    /// Length of the bin, µs (the interval, or what remains of the recording for the last one).
    public var durationUs: Int64
    /// Mean capacity over the bin, kbit/s (1000 bit/s).
    public var kbps: Double
    /// The round trip the trace sets at the bin's start (periods traces only), ms.
    public var latencyMs: Double?
  }

  /// A stretch of consecutive bins with no capacity at all.
  public struct Outage: Sendable, Equatable {
    public var startUs: Int64
    public var endUs: Int64
    public var durationUs: Int64 { endUs - startUs }
  }

  /// One pass of the recording: the loop period, µs.
  public let periodUs: Int64
  /// The bin length asked for, µs.
  public let intervalUs: Int64
  public let bins: [Bin]
  /// Mean capacity over the whole recording, kbit/s (exact, not from the bins).
  public let meanKbps: Double
  /// The distinct round trips the trace sets, ms, in increasing order (empty unless a periods
  /// trace).
  public let latenciesMs: [Double]

  /// Bins `trace` from 0 to its period.
  /// - Parameter intervalUs: bin length, > 0.
  /// - Complexity: O(bins × log segments).
  public init(trace: BandwidthTrace, intervalUs: Int64) {
    precondition(intervalUs > 0, "bins need a positive length")
    periodUs = trace.periodUs
    self.intervalUs = intervalUs
    meanKbps = trace.meanBytesPerSecond * 8 / 1000
    latenciesMs = Set(trace.segments.compactMap(\.latencyMs)).sorted()
    var bins: [Bin] = []
    var startUs: Int64 = 0
    while startUs < trace.periodUs {
      let endUs = min(startUs + intervalUs, trace.periodUs)
      let bytes = trace.bytesDelivered(fromUs: startUs, toUs: endUs)
      bins.append(
        Bin(
          startUs: startUs, durationUs: endUs - startUs,
          kbps: bytes * 8 / 1000 / (Double(endUs - startUs) / 1e6),
          latencyMs: trace.latencyMs(atUs: startUs)))
      startUs = endUs
    }
    self.bins = bins
  }

  /// The smallest, median and largest bin capacity, kbit/s (the median of an even count is the
  /// mean of the two middle bins).
  public var spreadKbps: (min: Double, median: Double, max: Double) {
    let sorted = bins.map(\.kbps).sorted()
    guard let first = sorted.first, let last = sorted.last else { return (0, 0, 0) }
    let middle = sorted.count / 2
    let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    return (first, median, last)
  }

  /// Runs of bins without capacity, in time order.
  public var outages: [Outage] {
    var result: [Outage] = []
    for bin in bins where bin.kbps == 0 {
      if let last = result.last, last.endUs == bin.startUs {
        result[result.count - 1].endUs = bin.startUs + bin.durationUs
      } else {
        result.append(Outage(startUs: bin.startUs, endUs: bin.startUs + bin.durationUs))
      }
    }
    return result
  }

  /// `t_ms,capacity_kbps,latency_ms` rows (RFC 4180, CRLF): one per bin, `latency_ms` empty
  /// unless the trace sets one.
  public var csv: String {
    var writer = CSVWriter(header: ["t_ms", "capacity_kbps", "latency_ms"])
    for bin in bins {
      writer.append([
        CSVCell.milliseconds(bin.startUs), CSVCell.decimal(bin.kbps, places: 3),
        bin.latencyMs.map { CSVCell.decimal($0, places: 3) } ?? "",
      ])
    }
    return writer.text
  }
}
