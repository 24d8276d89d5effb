/// One run's metrics: a row of `summary.csv` (DESIGN.md §3). Times are µs internally and are
/// written as ms; ratios with an empty denominator are nil and written as empty cells.
public struct SummaryMetrics: Sendable, Equatable {
  public var sessionUs: Int64 = 0
  public var firstContentUs: Int64?
  public var stallUs: Int64 = 0
  public var stallCount = 0
  public var stallMaxUs: Int64 = 0
  public var abandoned = false
  public var blankUs: Int64 = 0
  public var mostlyBlankUs: Int64 = 0
  /// Time-average of the blank fraction after first content, 0...1.
  public var blankness: Double?
  public var ttcP50Us: Int64?
  public var ttcP95Us: Int64?
  public var ttcMaxUs: Int64?
  public var itemsSeen = 0
  public var itemsSeenIncomplete = 0
  public var pageRequests = 0
  public var mediaRequests = 0
  public var requestsCancelled = 0
  public var requestsFailed = 0
  public var bytesFetched: Int64 = 0
  public var wastedFetches = 0
  public var wastedBytes: Int64 = 0
  public var redundantFetches = 0
  public var prefetchAccuracy: Double?
  public var coverage: Double?
  public var latePrefetches = 0
  public var peakInFlight = 0
  // Beyond the required columns.
  /// Items laid out with real content by the end of the run.
  public var itemsLoaded = 0
  /// Simulated display frames in the session (first content to the end).
  public var frames = 0
  /// Attempts retried after a failure (`network.retry`); a retry is not a new request.
  public var retries = 0
  /// Media requests that joined a transfer already queued or in flight (`network.coalescing`).
  public var coalescedRequests = 0
  /// Media served by reading the disk cache instead of fetching (`cache`).
  public var diskReads = 0
  /// Media evicted from the memory cache (`cache.memory_bytes`).
  public var evictions = 0
  /// Most bytes of media held in memory at once (on-screen rows included).
  public var peakMemoryBytes: Int64 = 0
  /// Time the radio spent out of idle (promotions, connected, tails — a tail that outlasts the
  /// session counted in full); nil without a radio model.
  public var radioActiveUs: Int64?
  /// Radio energy above idle, J; nil without a radio model.
  public var energyJ: Double?

  public init() {}
}

/// A cell of a metrics row, before formatting.
public enum MetricValue: Sendable, Equatable {
  case integer(Int64)
  /// A duration in µs, written in ms.
  case duration(Int64)
  /// A ratio or fraction; nil = empty cell.
  case ratio(Double?)
  /// A duration that may be undefined (no items seen).
  case optionalDuration(Int64?)

  /// The value as a `Double` (ms for durations), nil for empty cells.
  public var number: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .duration(let value): return Double(value) / 1000
    case .ratio(let value): return value
    case .optionalDuration(let value): return value.map { Double($0) / 1000 }
    }
  }
}

extension SummaryMetrics {
  /// The metric columns of `summary.csv`, in the contract's order (after scenario, strategy,
  /// params, seed).
  public static let columnNames: [String] = [
    "session_ms", "first_content_ms", "stall_ms", "stall_count", "stall_max_ms", "abandoned", "blank_ms",
    "mostly_blank_ms", "blankness", "ttc_p50_ms", "ttc_p95_ms", "ttc_max_ms", "items_seen",
    "items_seen_incomplete", "page_requests", "media_requests", "requests_cancelled", "requests_failed",
    "bytes_fetched", "wasted_fetches", "wasted_bytes", "redundant_fetches", "prefetch_accuracy", "coverage",
    "late_prefetches", "peak_in_flight", "items_loaded", "frames", "retries",
    "coalesced_requests", "disk_reads", "evictions", "peak_memory_bytes", "radio_active_ms",
    "energy_j",
  ]

  /// Values in `columnNames` order.
  public var values: [MetricValue] {
    [
      .duration(sessionUs), .optionalDuration(firstContentUs), .duration(stallUs),
      .integer(Int64(stallCount)),
      .duration(stallMaxUs), .integer(abandoned ? 1 : 0), .duration(blankUs), .duration(mostlyBlankUs),
      .ratio(blankness), .optionalDuration(ttcP50Us), .optionalDuration(ttcP95Us),
      .optionalDuration(ttcMaxUs),
      .integer(Int64(itemsSeen)), .integer(Int64(itemsSeenIncomplete)), .integer(Int64(pageRequests)),
      .integer(Int64(mediaRequests)), .integer(Int64(requestsCancelled)), .integer(Int64(requestsFailed)),
      .integer(bytesFetched), .integer(Int64(wastedFetches)), .integer(wastedBytes),
      .integer(Int64(redundantFetches)), .ratio(prefetchAccuracy), .ratio(coverage),
      .integer(Int64(latePrefetches)), .integer(Int64(peakInFlight)), .integer(Int64(itemsLoaded)),
      .integer(Int64(frames)), .integer(Int64(retries)),
      .integer(Int64(coalescedRequests)), .integer(Int64(diskReads)), .integer(Int64(evictions)),
      .integer(peakMemoryBytes), .optionalDuration(radioActiveUs), .ratio(energyJ),
    ]
  }
}
