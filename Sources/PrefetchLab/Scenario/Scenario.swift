/// A scenario as decoded from a scenario file (docs/scenario-format.md): one user, one feed, one
/// network and the strategies to compare. Values here are already validated and carry their
/// defaults; the spelling of each field in the file is given in brackets.
///
/// Defaults and their sources are listed in docs/scenario-format.md.
public struct Scenario: Sendable, Equatable {
  /// [name] Identifier used in file names and CSV rows: 1...100 characters, any text (the report
  /// and plot writers escape it).
  public var name: String
  /// [description] Free text shown in reports.
  public var description: String
  /// [duration_s] Length of the scroll trace in µs of trace time (τ). When the script is shorter
  /// the user idles for the rest; when longer, it is cut. nil (the default) = the script's or
  /// recorded trace's own length, worked out when the scroll source is built.
  public var durationUs: Int64?
  /// [seed] First seed used when the command line gives no `--seeds`. Default 1.
  public var seed: UInt64
  /// [seeds] How many consecutive seeds from `seed` run when the command line gives no
  /// `--seeds`: 1…`maxSeedCount`. Default 1; the bundled scenarios give 10, enough for the paired
  /// tests of reports and `recommend` to decide (docs/reports.md, "Significance").
  public var seedCount: Int
  /// The largest `seedCount`.
  public static let maxSeedCount = 1000

  /// The seeds a run without `--seeds` uses: `seed` … `seed + seedCount − 1`.
  public var defaultSeeds: [UInt64] { (0..<UInt64(seedCount)).map { seed + $0 } }
  /// [patience_ms] A single stall longer than this abandons the run. Default 30000.
  public var patienceUs: Int64
  public var viewport: ViewportSpec
  public var feed: FeedSpec
  public var network: NetworkSpec
  /// [network.media] Media from their own origin; nil (the default) = media share `network`.
  public var mediaNetwork: MediaNetworkSpec? = nil
  public var scroll: ScrollSpec
  /// [strategies] Strategies with their parameters; empty = the registry's default strategies
  /// (`runsByDefault`) with their defaults. Setting it forgets `configuredStrategies`.
  public var strategies: [StrategySpec] {
    didSet { configuredStrategies = nil }
  }
  /// `strategies` as the registry the loader was given configured them (each entry once, or the
  /// registry's defaults when the file lists none), in the file's order; nil for a scenario built
  /// in code, loaded without a registry, or whose `strategies` changed since
  /// (`PreparedScenario` then configures them).
  public internal(set) var configuredStrategies: [ConfiguredStrategy]? = nil
  /// [cache] The image cache layer; nil (the default) = unlimited memory, no disk cache.
  public var cache: CacheSpec?
  /// [render] The render stage; nil (the default) = rows show as soon as their content is loaded.
  public var render: RenderSpec?
  /// [radio] The radio whose energy is reported. Default LTE, reported without changing timing.
  public var radio: RadioSpec
  /// Where the file was read from, as given on the command line ("" for scenarios built in code).
  public var sourcePath: String

  public init(
    name: String, description: String = "", durationUs: Int64? = nil, seed: UInt64 = 1, seedCount: Int = 1,
    patienceUs: Int64 = 30_000_000, viewport: ViewportSpec = ViewportSpec(), feed: FeedSpec,
    network: NetworkSpec = NetworkSpec(), scroll: ScrollSpec, strategies: [StrategySpec] = [],
    sourcePath: String = "", cache: CacheSpec? = nil, render: RenderSpec? = nil,
    radio: RadioSpec = RadioSpec()
  ) {
    self.radio = radio
    self.cache = cache
    self.render = render
    self.name = name
    self.description = description
    self.durationUs = durationUs
    self.seed = seed
    self.seedCount = seedCount
    self.patienceUs = patienceUs
    self.viewport = viewport
    self.feed = feed
    self.network = network
    self.scroll = scroll
    self.strategies = strategies
    self.sourcePath = sourcePath
  }
}

public struct ViewportSpec: Sendable, Equatable {
  /// [viewport.height_pt] > 0. Default 852 (iPhone 15 / 16 logical screen height in points,
  /// Apple Human Interface Guidelines, "Layout" device table).
  public var heightPt: Double
  /// [viewport.frame_rate_hz] 1...240. Default 60: the standard refresh rate of iPhone and most
  /// Android displays, a judgement (ProMotion iPhones and many Android phones reach 120 Hz).
  public var frameRateHz: Int

  public init(heightPt: Double = 852, frameRateHz: Int = 60) {
    self.heightPt = heightPt
    self.frameRateHz = frameRateHz
  }
}

public enum Pagination: String, Sendable, Equatable, CaseIterable {
  /// Only the next page can be requested; content ends at the last loaded item.
  case cursor
  /// Any page by index; the total is known and unloaded rows are placeholders.
  case offset
}

public enum EndSignal: String, Sendable, Equatable, CaseIterable {
  /// The response that holds the last item says there are no more pages.
  case flag
  /// The client learns of the end only from an empty response.
  case emptyPage = "empty_page"
}

public struct FeedSpec: Sendable, Equatable {
  /// [feed.total_items] >= 0 items exist on the server. Default 1000.
  public var totalItems: Int
  /// [feed.page_size] >= 1 items per page after the first. Default 20.
  public var pageSize: Int
  /// [feed.initial_page_size] >= 1 items in the first page. Default = page_size.
  public var initialPageSize: Int
  /// [feed.pagination] Default cursor.
  public var pagination: Pagination
  /// [feed.end_signal] Default flag.
  public var endSignal: EndSignal
  /// [feed.apply_delay_ms] Time from a page response to its rows being inserted. Default 16
  /// (one 60 Hz frame: a diffable data source apply on the main queue).
  public var applyDelayMs: Distribution
  /// [feed.item_height_pt] Row heights, > 0. Default uniform(80, 400).
  public var itemHeightPt: Distribution
  /// [feed.page_bytes] Bytes of the response for a full page of `page_size` items (JSON), drawn
  /// per page; a response holding n items costs n / `page_size` of its draw (a larger first page,
  /// a capped, short, last or empty page alike; see `FeedContent.pageBytes`). Default
  /// `defaultBytesPerItem` × page_size.
  public var pageBytes: Distribution
  /// [feed.media_bytes] Bytes of an item's media; nil = rows have no media. Default nil.
  public var mediaBytes: Distribution?
  /// [feed.media_fraction] Share of items that carry media, 0...1. Default 1 when media_bytes is
  /// given.
  public var mediaFraction: Double
  /// [feed.footer_height_pt] >= 0. Default 44 (UIKit's default row height, a spinner row).
  public var footerHeightPt: Double
  /// [feed.placeholder_height_pt] > 0, offset pagination only. Default: the mean of
  /// item_height_pt (what an estimated row height would give).
  public var placeholderHeightPt: Double
  /// [feed.server_max_page_size] >= 1: the server sends at most this many items per response,
  /// whatever the client asks for (a short page, not the end); nil = no cap. Default nil.
  public var serverMaxPageSize: Int?
  /// [feed.short_page_rate] 0...1, cursor pagination only: the chance that a response holds fewer
  /// items than asked for (1…n − 1 of n, uniformly), as feeds that filter removed items after
  /// applying the count do. Default 0.
  public var shortPageRate: Double
  /// [feed.opens_at] `.start` (a feed) or `.end` (a chat loading older pages towards the top).
  public var opensAt = FeedOrigin.start
  /// [feed.anchor_prepends] With `opensAt == .end`: a prepended page keeps the rows on screen where
  /// they are (default true); false lets each prepend push the viewport by the page's height.
  public var anchorPrepends = true
  /// [feed.changes] The server's list changing during the session (inserts at the top,
  /// deletions); nil = a list that does not change. Default nil.
  public var changes: FeedChangeSpec?
  /// [feed.columns] 1...`InputLimits.maxColumns` items per row (a grid's span count): items fill
  /// rows left to right in item order, a row as tall as its tallest item. Default 1, a list.
  public var columns = 1
  /// [feed.carousel] Horizontal rows of sub-items among the feed's rows; nil = plain rows only.
  /// Default nil.
  public var carousel: CarouselSpec?

  /// JSON bytes per item of a page response when `page_bytes` is not given: 1200, a judgement
  /// (about 1.2 kB of JSON per feed item: ids, text, author, a media URL, counts).
  public static let defaultBytesPerItem = 1200.0

  /// `page_bytes` when the scenario gives none: `defaultBytesPerItem` for each of `pageSize`
  /// items (24 000 bytes for the default 20-item page).
  public static func defaultPageBytes(pageSize: Int) -> Distribution {
    .constant(defaultBytesPerItem * Double(pageSize))
  }

  public init(
    totalItems: Int = 1000, pageSize: Int = 20, initialPageSize: Int? = nil,
    pagination: Pagination = .cursor, endSignal: EndSignal = .flag,
    applyDelayMs: Distribution = .constant(16),
    itemHeightPt: Distribution = .uniform(min: 80, max: 400),
    pageBytes: Distribution? = nil, mediaBytes: Distribution? = nil,
    mediaFraction: Double = 1, footerHeightPt: Double = 44, placeholderHeightPt: Double? = nil,
    serverMaxPageSize: Int? = nil, shortPageRate: Double = 0
  ) {
    self.totalItems = totalItems
    self.pageSize = pageSize
    self.initialPageSize = initialPageSize ?? pageSize
    self.pagination = pagination
    self.endSignal = endSignal
    self.applyDelayMs = applyDelayMs
    self.itemHeightPt = itemHeightPt
    self.pageBytes = pageBytes ?? Self.defaultPageBytes(pageSize: pageSize)
    self.mediaBytes = mediaBytes
    self.mediaFraction = mediaFraction
    self.footerHeightPt = footerHeightPt
    self.placeholderHeightPt = placeholderHeightPt ?? (itemHeightPt.mean ?? 100)
    self.serverMaxPageSize = serverMaxPageSize
    self.shortPageRate = shortPageRate
  }
}

public enum BandwidthTraceFormat: String, Sendable, Hashable, CaseIterable {
  /// Mahimahi: one integer ms timestamp per line, each a 1500-byte delivery opportunity.
  case mahimahi
  /// Pensieve "cooked" traces: `time_s  Mbit/s` rows; row i holds over (t[i-1], t[i]].
  case throughput
  /// Sabre network files: JSON list of {duration_ms, bandwidth_kbps, latency_ms}.
  case periods
}

/// A recorded link: [network.trace] {"path", "format", "loop"}.
public struct BandwidthTraceSpec: Sendable, Equatable {
  /// Path as resolved against the scenario file's folder.
  public var path: String
  public var format: BandwidthTraceFormat
  /// [loop] Replay from the start when the trace ends (as mm-link and Sabre do). Default true.
  /// Without looping the last rate holds for ever.
  public var loop: Bool

  public init(path: String, format: BandwidthTraceFormat, loop: Bool = true) {
    self.path = path
    self.format = format
    self.loop = loop
  }
}

public struct NetworkSpec: Sendable, Equatable {
  /// [network.profile] The named preset `rttMs` and `bandwidthKbps` were taken from, where the file
  /// gave one (explicit keys override it). Default nil.
  public var profile: NetworkProfile?
  /// [network.rtt_ms] Round-trip time of each request attempt (request out, first byte back).
  /// Default 0, or the profile's.
  public var rttMs: Distribution
  /// [network.bandwidth_kbps] Link capacity shared fairly by transfers; nil = unlimited. Default
  /// unlimited, or the profile's.
  public var bandwidthKbps: Double?
  /// [network.trace] A recorded link replacing bandwidth_kbps.
  public var trace: BandwidthTraceSpec?
  /// [network.max_concurrent_requests] >= 1. Default 6 (Chromium's per-host socket limit,
  /// chromium/src `net/socket/client_socket_pool_manager.cc`; URLSession's
  /// `httpMaximumConnectionsPerHost` is 6 on macOS and 4 on iOS, per Apple's documentation).
  public var maxConcurrentRequests: Int
  /// [network.timeout_ms] An attempt not finished this long after it started fails. Default 15000
  /// (a common client-side request timeout (a judgement; URLSession's own default is 60 s)).
  public var timeoutMs: Double
  /// [network.failure_rate] Probability, 0...1, that an attempt gets an error response (an HTTP
  /// 5xx or a reset connection) instead of its body: the error arrives one RTT after the attempt
  /// starts, at least 1 ms. Drawn per attempt by `CounterRandom` keyed by (seed, resource, try).
  /// Default 0.
  public var failureRate: Double
  /// [network.retry] What a request does after a failed attempt. Default `.none` (no retries);
  /// a `retry` object defaults to `.alamofire`.
  public var retry: RetryPolicy
  /// [network.outages] Times the network is down, in order and not overlapping. Default none.
  public var outages: [OutageWindow]
  /// [network.coalescing] A media request for a resource already queued or in flight joins that
  /// transfer instead of starting another (image pipelines coalesce by URL: Nuke's task
  /// coalescing, SDWebImage's one download operation per URL). Page requests are API calls, which
  /// URLSession does not coalesce; the in-flight guard is their defence. Default true.
  public var coalescing: Bool
  /// [network.rate_limit] Token-bucket limit on attempt starts; nil = none. Default nil.
  public var rateLimit: RateLimitSpec?

  public init(
    rttMs: Distribution = .constant(0), bandwidthKbps: Double? = nil,
    trace: BandwidthTraceSpec? = nil, maxConcurrentRequests: Int = 6, timeoutMs: Double = 15_000,
    failureRate: Double = 0, retry: RetryPolicy = .none, outages: [OutageWindow] = [],
    coalescing: Bool = true, rateLimit: RateLimitSpec? = nil, profile: NetworkProfile? = nil
  ) {
    self.profile = profile
    self.rttMs = rttMs
    self.bandwidthKbps = bandwidthKbps
    self.trace = trace
    self.maxConcurrentRequests = maxConcurrentRequests
    self.timeoutMs = timeoutMs
    self.failureRate = failureRate
    self.retry = retry
    self.outages = outages
    self.coalescing = coalescing
    self.rateLimit = rateLimit
  }
}

/// [scroll.physics] How a fling decelerates after release.
public enum ScrollPhysics: String, Sendable, Equatable, CaseIterable {
  /// UIScrollView.DecelerationRate.normal: velocity × 0.998 per ms (the value observed at run
  /// time; Apple publishes no number: see `IOSDecelerationCurve`).
  case ios
  /// UIScrollView.DecelerationRate.fast: velocity × 0.99 per ms (observed likewise).
  case iosFast = "ios_fast"
  /// Android OverScroller spline fling (AOSP `OverScroller.java`; see `AndroidFlingCurve`).
  case android
}

/// One gesture of a scripted user.
public enum Gesture: Sendable, Equatable {
  /// Finger down moving content at a constant velocity (positive = towards the feed's end),
  /// then lifted with no momentum unless a fling follows.
  case drag(velocityPtS: Double, durationMs: Double)
  /// Release at `velocityPtS`; the physics decelerates it to rest.
  case fling(velocityPtS: Double)
  /// No touch for the duration.
  case wait(durationMs: Double)
  /// Instant programmatic scroll (scrollToItem / setContentOffset without animation).
  case jump(JumpTarget)
  /// Pull to refresh: the user goes to the top of the feed at once (as a tap on the status bar
  /// scrolls to the top) and pulls; the list discards everything it loaded and fetches its first
  /// page again (see "Pull to refresh" in docs/model.md). Takes no trace time.
  case refresh
  /// A horizontal swipe of a carousel row (`feed.carousel`); the list stays put for its
  /// duration (see "Carousel swipes" in docs/model.md).
  case swipe(CarouselSwipe)
}

public enum JumpTarget: Sendable, Equatable {
  case offsetPt(Double)
  case item(Int)
}

public enum RecordedScrollFormat: String, Sendable, Equatable, CaseIterable {
  /// `t_ms,offset_pt` rows: where the content was (`RecordedScroll`).
  case offsetCSV = "offset_csv"
  /// `t_ms,action,y_px` rows: raw touch events, replayed through the physics (`TouchRecording`).
  case touchCSV = "touch_csv"
}

public struct ScrollSpec: Sendable, Equatable {
  public enum Source: Sendable, Equatable {
    /// [scroll.script]
    case script([Gesture])
    /// [scroll.trace] with format `offset_csv`.
    case recorded(path: String, format: RecordedScrollFormat)
    /// [scroll.trace] with format `touch_csv`: the file and the screen's density (pixels per pt,
    /// the `y_px` scale).
    case touch(path: String, density: Double)
    /// [scroll.model] A synthetic user, generated per run from the run's seed.
    case model(UserModelSpec)
  }
  public var physics: ScrollPhysics
  public var source: Source
  /// [scroll.stop_threshold_pt] An `ios` or `ios_fast` fling ends when less than this remains to
  /// go, pt, 0.01…10 (`ScenarioDefinitions.stopThresholdRangePt`). Default `IOSDecelerationCurve.defaultStopThresholdPt` (0.5 pt, the
  /// reverse-engineered model's; see there). Android's spline ends by its own duration.
  public var iosStopThresholdPt: Double
  /// [scroll.at_end] The user at the end of loaded content: `.wait` (the pause model, the
  /// default) or `.press` (τ runs on; `.script` sources of drags and waits only).
  public var atEnd: ScrollAtEnd

  public init(
    physics: ScrollPhysics = .ios, source: Source,
    iosStopThresholdPt: Double = IOSDecelerationCurve.defaultStopThresholdPt, atEnd: ScrollAtEnd = .wait
  ) {
    self.physics = physics
    self.source = source
    self.iosStopThresholdPt = iosStopThresholdPt
    self.atEnd = atEnd
  }
}

/// A strategy named in a scenario or on the command line, with explicitly set parameters.
public struct StrategySpec: Sendable, Equatable, Hashable {
  public var name: String
  /// Parameter values as written (numbers, booleans or strings), keyed by parameter name.
  public var parameters: [String: ParameterValue]

  public init(name: String, parameters: [String: ParameterValue] = [:]) {
    self.name = name
    self.parameters = parameters
  }
}

/// A parameter value before it is checked against the strategy's declared parameters.
public enum ParameterValue: Sendable, Equatable, Hashable, CustomStringConvertible {
  case number(Double)
  case bool(Bool)
  case string(String)

  public var description: String {
    switch self {
    case .number(let value): return value.isFinite ? DecimalFormat.shortest(value) : "\(value)"
    case .bool(let value): return value ? "true" : "false"
    case .string(let value): return value
    }
  }
}
