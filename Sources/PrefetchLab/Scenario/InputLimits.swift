/// The finite ranges every number of a scenario, trace or recording file must lie in, so that the
/// engine can represent it — and every sum and derived quantity of it — in its `Int64` µs clock,
/// its `Int64` byte counts and its `Double` layout sums (docs/scenario-format.md, "Numbers").
///
/// Each limit is far beyond any real session, feed or link; each is checked when a file is loaded
/// (exit 65 naming the file, the JSON path or line, and the rule), never discovered by a trap.
public enum InputLimits {
  /// The largest integer a JSON number (a Double) holds exactly (RFC 8259 §6): 2^53 − 1.
  public static let maxExactInteger = 9_007_199_254_740_991.0
  /// Any single time in ms: 10^9 ms (11.6 days). As µs it is 10^12, so the clock (up to
  /// 9.2 × 10^18 µs) can add millions of them without overflowing.
  public static let maxMilliseconds = 1e9
  /// A session's length, s: 10^6 s (= `maxMilliseconds`).
  public static let maxSessionSeconds = 1e6
  /// The session length in µs.
  public static let maxSessionUs: Int64 = 1_000_000_000_000
  /// One response's size, bytes (1 GB). Counting bytes in `Int64` then cannot overflow before
  /// the run's request records exhaust memory (10^10 responses would be needed).
  public static let maxResponseBytes = 1e9
  /// The whole feed's worst-case size: every item's largest media draw plus every page's largest
  /// response, bytes (2^53 − 1, so sums of them stay exact).
  public static let maxFeedBytes = maxExactInteger
  /// One row's height (and the loading footer's, a placeholder's), pt: a thousand tall screens.
  public static let maxRowHeightPt = 1e6
  /// The whole feed's worst-case content height (every row at its largest draw), pt. Heights
  /// are snapped to 1/64 pt, so layout sums below 2^47 pt (1.4 × 10^14) are exact.
  public static let maxContentHeightPt = 1e14
  /// Scroll positions (`jump.to_pt`, recorded offsets, projected targets, touch positions).
  public static let maxPositionPt = 1e14
  /// The viewport's height, pt: a dozen tablet screens. Rows are at least 1 pt tall, so a frame
  /// scans at most this many rows on screen.
  public static let maxViewportHeightPt = 10_000.0
  /// Items per page: API pages hold tens of items; 10 000 rows applied at once would be seconds of
  /// main-thread work in a real app.
  public static let maxPageSize = 10_000.0
  /// Items per grid row (`feed.columns`): photo grids show 3 to 7, dense thumbnail views a few
  /// dozen; 1000 bounds the cells a frame scans per row on screen.
  public static let maxColumns = 1000.0
  /// Cells per carousel row (`feed.carousel.sub_items`): store shelves hold tens, the longest
  /// streaming rows a few hundred; 1000 bounds the cells a swipe or a blank scan walks per row.
  public static let maxCarouselSubItems = 1000.0
  /// Widths inside a carousel row (`feed.carousel.sub_item_width_pt`, `visible_width_pt`): a
  /// dozen tablet screens side by side.
  public static let maxCarouselWidthPt = 10_000.0
  /// Feeds whose every row or every page boundary is laid out up front (offset pagination, short
  /// pages): 10^7 rows is ~100 MB of layout per run.
  public static let maxPrecomputedItems = 10_000_000.0
  /// Link capacity, kbit/s: 1 bit/s to 100 Gbit/s. Above the top, byte counts of a long session
  /// lose their precision; below the bottom, the largest response would take longer than the clock
  /// can count.
  public static let bandwidthKbps = 0.001...1e8
  /// Every request attempt lasts at least this long, ms (as an error response does): a shorter
  /// timeout would let a failing request be retried thousands of times per second.
  public static let minTimeoutMs = 1.0
  /// `rate_limit.requests_per_s`: one token per 10^6 s (a session) to 10^6 per second.
  public static let requestsPerSecond = 1e-6...1e6
  /// Script and synthetic-user velocities, pt/s: 100 times Android's 8000 dp/s fling cap.
  public static let maxVelocityPtS = 1e6
  /// Gestures in a script (after `repeat`) and in a synthetic user's session.
  public static let maxGestures = 1_000_000
  /// Times in recordings (`offset_csv`, `touch_csv`), ms: Unix-epoch milliseconds fit.
  public static let maxRecordedTimeMs = 1e15
  /// Bandwidth trace times: Mahimahi ms and throughput s up to 10^12 ms (31 years).
  public static let maxTraceTimeMs = 1e12
}
