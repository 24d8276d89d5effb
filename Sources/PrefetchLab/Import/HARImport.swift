import Foundation

/// `prefetchlab import har`: a scenario fitted to recorded traffic (HAR files), and the report of
/// each fit.
///
/// What is fitted, per class (pages, media; `TrafficClass`), from the requests that reached the
/// network (not cache hits, not redirects):
/// - the round trip (`rtt_ms`): each request's time to first byte, HAR `timings.wait` plus
///   `timings.connect` where the request opened a connection (HAR 1.2 counts `ssl` inside
///   `connect`; a reused or HTTP/2 connection has none), as a lognormal fitted by maximum
///   likelihood on the log-times (`LognormalFit`);
/// - body sizes (`feed.page_bytes`, `feed.media_bytes`) likewise;
/// - link throughput (`bandwidth_kbps`): the median of body bits over `timings.receive` for
///   bodies of at least `throughputMinimumBytes`, a single transfer's rate (a lower bound on the
///   link's capacity when transfers overlapped); a throughput trace over the session's clock
///   instead when the rates vary and `traceStem` says where (`HARScenarioWriter.throughputTrace`);
/// - `failure_rate`: error responses (4xx, 5xx) and requests without a response, per attempt;
/// - `max_concurrent_requests`: the most requests of the class in flight at once to one origin;
/// - `page_size` and `media_fraction` from page bodies when the HAR holds them (the largest JSON
///   array of each page, counted; an item has media when one of its strings is a media URL of the
///   HAR or names an image file).
/// With fewer than `FittedQuantity.minimumFitSamples` samples a quantity gets the empirical
/// distribution of its samples and a warning instead of a fit. Pages and media from the same
/// single origin share a link (`network.media.shared_link`).
public struct HARImport: Sendable {
  public var entries: [HAREntry]
  public var classes: TrafficClass
  /// File names as given, for the comment.
  public var files: [String]
  /// Path stem for throughput traces (`<stem>.pages.throughput`, `<stem>.media.throughput`), the
  /// scenario file's path without `.json`; nil (a scenario on standard output) writes the median
  /// rate instead of a trace.
  public var traceStem: String?

  /// Bodies smaller than this are not used for throughput: their receive time is dominated by
  /// timer resolution and per-packet overhead.
  public static let throughputMinimumBytes = 32_000.0

  public init(entries: [HAREntry], classes: TrafficClass, files: [String], traceStem: String? = nil) {
    self.entries = entries
    self.classes = classes
    self.files = files
    self.traceStem = traceStem
  }

  /// What the import found and wrote.
  public struct Result: Sendable {
    /// The scenario text (JSON, with `$comment` notes), valid as written.
    public var scenarioText: String
    public var fits: [FittedQuantity]
    /// Quantities with too few samples (or none), said on stderr.
    public var warnings: [String]
    /// Throughput traces the scenario names: the path to write (from `traceStem`) and the text.
    public var traces: [(path: String, text: String)]
  }

  /// The requests of one class that reached the network.
  struct ClassTraffic {
    var name: String
    /// "page" or "media", before "requests".
    var singular: String
    var all: [HAREntry]
    var cached: Int { all.filter(\.fromCache).count }
    var redirects: Int { all.filter { !$0.fromCache && $0.isRedirect }.count }
    /// Neither cache hits nor redirects.
    var network: [HAREntry] { all.filter { !$0.fromCache && !$0.isRedirect } }
    var origins: [String] { Array(Set(network.map(\.origin))).sorted() }
  }

  /// Fits and writes the scenario. Throws `InputError` (exit 65) when the files hold no page
  /// request to fit, or when an entry a fit takes gives a time or size no scenario holds
  /// (`HAREntry.unrepresentableValue`, the first such entry in file order).
  public func run() throws(InputError) -> Result {
    var pages = ClassTraffic(name: "pages", singular: "page", all: [])
    var media = ClassTraffic(name: "media", singular: "media", all: [])
    var others = 0
    let (entries, duplicates) = Self.withoutDuplicates(self.entries)
    for entry in entries {
      let kind = classes.kind(of: entry)
      // Only what a fit takes must fit in a scenario; the rest may hold anything.
      if kind != .other && !entry.fromCache && !entry.isRedirect, let error = entry.unrepresentableValue() {
        throw error
      }
      switch kind {
      case .page: pages.all.append(entry)
      case .media: media.all.append(entry)
      case .other: others += 1
      }
    }
    guard !pages.network.isEmpty else {
      throw InputError(
        file: files.joined(separator: ", "), location: "log.entries",
        message:
          "no page request reached the network (\(classes.rule)); name the API's URLs with --pages REGEX")
    }
    var writer = HARScenarioWriter(classes: classes, files: files, traceStem: traceStem)
    writer.note(
      "Fitted by 'prefetchlab import har' from \(files.count) file\(files.count == 1 ? "" : "s") (\(files.joined(separator: ", "))): \(entries.count) requests, \(pages.all.count) pages and \(media.all.count) media (\(classes.rule)); \(others) other requests ignored. Cache hits (status 304, _fromCache, or no bytes transferred) and redirects are left out of every fit: pages \(pages.cached) cached, \(pages.redirects) redirects; media \(media.cached) cached, \(media.redirects) redirects."
    )
    if !duplicates.isEmpty {
      writer.note(
        "\(duplicates.count) duplicate entries (the same request.url, startedDateTime, status, size and timings as an earlier one) were counted once."
      )
    }
    writer.physics = ScrollPhysicsGuess(userAgents: (pages.all + media.all).map(\.userAgent))
    writer.fitNetwork(pages, key: "network")
    let shared = !media.network.isEmpty && pages.origins == media.origins && pages.origins.count == 1
    if !media.network.isEmpty { writer.fitNetwork(media, key: "network.media", sharedLink: shared) }
    writer.fitFeed(pages: pages, media: media, mediaURLs: Set(media.all.map(\.url)))
    var result = try writer.finish()
    if !duplicates.isEmpty {
      let shown = duplicates.prefix(3).map { "\($0.copy) repeats \($0.first)" }.joined(separator: "; ")
      result.warnings.insert(
        "\(duplicates.count) entr\(duplicates.count == 1 ? "y repeats" : "ies repeat") an earlier one (same request.url, startedDateTime, status, size and timings: the same HAR given twice, or overlapping exports) and \(duplicates.count == 1 ? "was" : "were") counted once: \(shown)\(duplicates.count > 3 ? "; and \(duplicates.count - 3) more" : "")",
        at: 0)
    }
    return result
  }

  /// `entries` without every entry that repeats an earlier one: the same `request.url`,
  /// `startedDateTime`, status, body size and timings (a copy of the same request, as when one
  /// HAR is given twice; two requests for one URL started in the same millisecond still differ
  /// in their timings), and the pairs left out: the copy's and the first's `source`. O(n)
  /// expected.
  static func withoutDuplicates(_ entries: [HAREntry]) -> ([HAREntry], [(copy: String, first: String)]) {
    struct Key: Hashable {
      let url: String
      let startMs: Double
      let status: Int
      let bodyBytes: Double?
      let timingsMs: [Double]
    }
    var firstSource: [Key: String] = [:]
    var kept: [HAREntry] = []
    kept.reserveCapacity(entries.count)
    var duplicates: [(copy: String, first: String)] = []
    for entry in entries {
      let key = Key(
        url: entry.url, startMs: entry.startMs, status: entry.status, bodyBytes: entry.bodyBytes,
        timingsMs: [entry.waitMs, entry.connectMs, entry.receiveMs])
      if let first = firstSource[key] {
        duplicates.append((entry.source, first))
      } else {
        firstSource[key] = entry.source
        kept.append(entry)
      }
    }
    return (kept, duplicates)
  }
}
