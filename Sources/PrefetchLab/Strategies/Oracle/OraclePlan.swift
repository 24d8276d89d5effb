/// What the oracle does in one run, decided before the run by `OraclePlanner` from replays of
/// it: which pages to ask for, which media to fetch in which order, and how much media may share
/// the network with pages still to come.
struct OraclePlan: Sendable {
  /// One row the user will see: its media to fetch (and, with a render stage, its cell to render
  /// ahead) before it is needed; or one cell of a carousel row (`feed.carousel`) the user will
  /// see: its image to fetch.
  struct Task: Sendable, Equatable {
    var item: Int
    /// The carousel cell whose image this is, or -1 for the row's own media.
    var subItem: Int = -1
    /// Media bytes (0: no media; only rendered ahead).
    var mediaBytes: Int64
    /// When the row (a carousel cell: the cell) is first on screen with its page applied in the
    /// run planned from, µs; tasks run in this order.
    var needUs: Int64
    /// Not asked for before this time, µs (a fetch too early for a small memory cache is evicted
    /// before it is seen).
    var releaseUs: Int64 = 0
  }

  /// How much media may be on the network while planned pages are still to come (cursor
  /// pagination): each media fetch could delay the next pages by the time the link needs to carry
  /// its bytes (processor sharing gives it that much of the page's share at most) plus, with a
  /// rate limit, one token's refill. The delay the next pages may take without raising the stall
  /// above the page-only run's is `slackUs`; `scale` (1, then smaller when a replay says so, 0 at
  /// the last resort) scales it. One connection is always left for the page.
  struct Admission: Sendable {
    /// Apply time of each page in the page-only run, µs, by page index (-1: not applied there).
    var pilotApplyUs: [Int64] = []
    /// For each page k: how much later than in the page-only run pages k… may all apply without
    /// raising the stall, µs (the suffix minimum of each page's slack), by page index.
    var slackUs: [Int64] = []
    var scale = 1.0
    /// The link, to price a fetch: time to carry its bytes from now.
    var link: BandwidthTrace = .unlimited
    /// One token's refill time with `network.rate_limit`, µs; 0 without.
    var tokenUs: Int64 = 0
  }

  /// Cursor pagination: the next page is asked for the moment the previous one applies, up to
  /// and including this page (`Int.max`: to the end of the feed).
  var lastPage: Int
  /// Offset pagination: pages asked for from first content, in the order the user needs them,
  /// `offsetPageSlots` at a time.
  var offsetPages: [Int] = []
  /// Offset pagination: when each planned page is last on screen, µs, by position in
  /// `offsetPages` (a page that failed is asked for again only if it will still be seen).
  var offsetPagesLastSeenUs: [Int64] = []
  /// Offset pagination: pages whose fetch of ours was wasted in a replay, left to the engine.
  var declinedPages: Set<Int> = []
  /// Offset pages of ours in flight at once: two keep the link on the page needed first while one
  /// round trip is hidden behind the other's transfer (all at once would share the link equally,
  /// the page needed first finishing last among equals, and on a slow link all timing out).
  static let offsetPageSlots = 2
  var tasks: [Task] = []
  var admission = Admission()
  /// `network.max_concurrent_requests`.
  var connectionCap: Int
  /// Media fetches of ours on the network at once, at most (also never more than the connections
  /// left when pages are still to come).
  var mediaSlots = Int.max
  /// When each item is on screen in the run planned from (for fetching again after an
  /// eviction): every interval, by item.
  var visibility: [[OracleObservation.Interval]] = []
  /// Items never fetched again after an eviction (doing so was wasted in a replay).
  var noRefetch: Set<Int> = []
  /// How long before an evicted row is next on screen its media is fetched again, µs.
  var refetchLeadUs: Int64 = 1_000_000
  /// Record an `OracleObservation` (planning replays only).
  var observes = false

  /// Pages only, as early as pagination allows, nothing else: the run whose stall is the bound.
  static func pagesOnly(lastPage: Int, offsetPages: [Int], connectionCap: Int) -> OraclePlan {
    OraclePlan(lastPage: lastPage, offsetPages: offsetPages, connectionCap: connectionCap)
  }
}

extension OraclePlan.Admission {
  /// What a media fetch of `bytes` started at `timeUs` can cost the pages still to come, µs: the
  /// time the link needs to carry its bytes (under processor sharing no flow takes more of a
  /// page's share than that), plus one token's refill with a rate limit. A link that cannot carry
  /// them prices the fetch out.
  func costUs(bytes: Int64, atUs timeUs: Int64) -> Int64 {
    guard bytes > 0 else { return tokenUs }
    guard let doneUs = link.timeToDeliver(bytes: Double(bytes), fromUs: timeUs) else { return .max / 4 }
    return Int64((doneUs - Double(timeUs)).rounded(.up)) + tokenUs
  }
}
