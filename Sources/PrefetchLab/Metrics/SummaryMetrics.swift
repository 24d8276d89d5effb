/// One run's metrics: a row of `summary.csv`. Times are µs internally and are written as ms;
/// ratios with an empty denominator are nil and written as empty cells. What each field means,
/// its column, unit, polarity and decimals are in `MetricCatalogue`, which maps every stored
/// property here to one column (`SummaryColumnsTests` holds that).
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
  /// Mean wait of on-screen media for a connection: from the moment a media request was wanted at
  /// `.visible` priority to its first attempt's start; nil when none was.
  public var visibleMediaWaitUs: Int64?
  /// Longest such wait; nil when none was.
  public var visibleMediaWaitMaxUs: Int64?
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
  /// Largest blank run at a viewport edge in a counted frame, pt (FlashList v1's
  /// `useBlankAreaTracker` `maxBlankArea`); nil without first content.
  public var blankAreaMaxPt: Double?
  /// Sum over counted frames of that run, pt (FlashList v1's `cumulativeBlankArea`: per frame,
  /// not time-weighted); nil without first content.
  public var blankAreaSumPt: Double?
  /// Rows shown with an item another row had shown (`feed.changes` under offset pagination).
  public var duplicateItemsShown = 0
  /// Items missing between two adjacent rows shown (`feed.changes` under offset pagination).
  public var itemsSkipped = 0
  /// Bytes a pull-to-refresh discarded: moved by the requests it cancelled, and those of content
  /// delivered and not yet shown (a subset of `wastedBytes`).
  public var invalidatedBytes: Int64 = 0
  /// `BoundCaveats` of a clairvoyant strategy's run (the conditions of its bound that failed), as
  /// their raw bits; 0 when the bound holds and for every strategy that claims none.
  public var boundCaveats = 0

  public init() {}
}
