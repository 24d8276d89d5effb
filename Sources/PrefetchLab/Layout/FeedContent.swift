/// The feed's static content for one seed: each item's height and media size, each page's
/// response size and apply delay. Every value is a pure function of (seed, key) through
/// `CounterRandom`, so all strategies see the same feed whatever they load first.
public struct FeedContent: Sendable {
  public let spec: FeedSpec
  public let plan: PagePlan
  private let random: CounterRandom

  /// Heights are rounded to this grid (1/64 pt) so layout sums are exact in binary floating
  /// point; on a 3× display a pixel is 1/3 pt, so the rounding is invisible.
  public static let heightGridPt = 1.0 / 64
  /// Rows are at least one point tall: a thinner row is not a row, and it bounds the rows a
  /// viewport can hold (so a frame's work) by its height in points.
  public static let minimumRowHeightPt = 1.0

  public init(spec: FeedSpec, seed: UInt64) {
    self.spec = spec
    let random = CounterRandom(seed: seed)
    self.random = random
    // The server never sends more than its cap, whatever the client asks for; the next request
    // starts where the delivered page ended.
    let cap = spec.serverMaxPageSize ?? Int.max
    let first = min(spec.initialPageSize, cap)
    let rest = min(spec.pageSize, cap)
    if spec.shortPageRate > 0 && spec.pagination == .cursor {
      self.plan = PagePlan(
        totalItems: spec.totalItems,
        pageStarts: Self.servedPageStarts(
          totalItems: spec.totalItems, initialPageSize: first, pageSize: rest,
          shortPageRate: spec.shortPageRate,
          random: random),
        initialPageSize: first, pageSize: rest)
    } else {
      self.plan = PagePlan(totalItems: spec.totalItems, initialPageSize: first, pageSize: rest)
    }
  }

  /// The first item of each page a server with short pages delivers: a page asked for at cursor
  /// `start` is short with probability `shortPageRate` and then holds 1…n − 1 of the n items it
  /// would have held, uniformly; both draws are keyed by `start`. O(pages).
  static func servedPageStarts(
    totalItems: Int, initialPageSize: Int, pageSize: Int, shortPageRate: Double, random: CounterRandom
  ) -> [Int] {
    var starts: [Int] = []
    var start = 0
    while start < totalItems {
      starts.append(start)
      var count = min(starts.count == 1 ? initialPageSize : pageSize, totalItems - start)
      let key = UInt64(start)
      if count >= 2 && random.uniform(.serverPageSize, key: key) < shortPageRate {
        count = 1 + Int(random.uniform(.serverPageSize, key: key, attempt: 1) * Double(count - 1))
      }
      start += count
    }
    return starts
  }

  /// Height of item `item` in pt, > 0: a carousel row's from `feed.carousel.row_height_pt` when
  /// given.
  public func heightPt(ofItem item: Int) -> Double {
    if let heights = spec.carousel?.rowHeightPt, isCarousel(item: item) {
      return Self.snapToGrid(heights.quantile { random.uniform(.carouselRowHeight, key: UInt64(item)) })
    }
    let raw = spec.itemHeightPt.quantile { random.uniform(.itemHeight, key: UInt64(item)) }
    return Self.snapToGrid(raw)
  }

  /// Item `item` is a carousel row (`feed.carousel`, drawn per item with `row_fraction`). O(1).
  public func isCarousel(item: Int) -> Bool {
    guard let carousel = spec.carousel else { return false }
    return carousel.rowFraction >= 1 || random.uniform(.carouselRow, key: UInt64(item)) < carousel.rowFraction
  }

  /// Bytes of sub-item `sub`'s image in carousel row `item`, or 0 when it has none (no
  /// `feed.carousel.media_bytes`, not among `media_fraction`, or a draw that rounds to 0). Drawn
  /// per (row, sub-item). O(1).
  public func subItemMediaBytes(ofItem item: Int, subItem sub: Int) -> Int64 {
    guard let carousel = spec.carousel, let distribution = carousel.mediaBytes else { return 0 }
    let key = UInt64(item)
    if carousel.mediaFraction < 1 {
      guard random.uniform(.carouselMediaPresence, key: key, attempt: UInt64(sub)) < carousel.mediaFraction
      else { return 0 }
    }
    let bytes = distribution.quantile { random.uniform(.carouselMedia, key: key, attempt: UInt64(sub)) }
    return max(0, Int64(bytes.rounded()))
  }

  /// What item `item` adds to the content's height when every item is laid out, in item order,
  /// pt: with one column its height; in a grid (`feed.columns`) its row's height (the tallest of
  /// the row's items) for the row's last item and 0 for the others, so summing from item 0 up
  /// to a row's first item gives that row's top, as the engine's layout of the whole feed does.
  /// O(columns).
  public func stackedHeightPt(ofItem item: Int) -> Double {
    let columns = spec.columns
    if columns <= 1 { return heightPt(ofItem: item) }
    let rowStart = item - item % columns
    let rowEnd = min(spec.totalItems, rowStart + columns)
    guard item == rowEnd - 1 else { return 0 }
    var tallest = 0.0
    for cell in rowStart..<rowEnd { tallest = max(tallest, heightPt(ofItem: cell)) }
    return tallest
  }

  /// Bytes of item `item`'s media, or 0 when the item has none: no `media_bytes`, not among the
  /// `media_fraction` that carry media, or a size that rounds to 0 bytes (`"media_bytes": 0`, or
  /// a distribution drawing 0), which is no media either — no request, never blank for want of it.
  public func mediaBytes(ofItem item: Int) -> Int64 {
    guard let distribution = spec.mediaBytes else { return 0 }
    // A carousel row's images are its sub-items' (`subItemMediaBytes`).
    if spec.carousel != nil && isCarousel(item: item) { return 0 }
    if spec.mediaFraction < 1 {
      guard random.uniform(.mediaPresence, key: UInt64(item)) < spec.mediaFraction else { return 0 }
    }
    let bytes = distribution.quantile { random.uniform(.mediaBytes, key: UInt64(item)) }
    return max(0, Int64(bytes.rounded()))
  }

  /// Some item can carry media: `media_bytes` is given, `media_fraction` > 0 and the distribution
  /// can draw a size of at least one byte (a distribution bounded below 0.5 bytes, such as the
  /// constant 0, draws none).
  public var canHaveMedia: Bool {
    if let carousel = spec.carousel, let bytes = carousel.mediaBytes, carousel.mediaFraction > 0,
      Self.canDraw(bytes)
    {
      return true
    }
    guard let distribution = spec.mediaBytes, spec.mediaFraction > 0 else { return false }
    return Self.canDraw(distribution)
  }

  /// The distribution can draw at least one byte.
  private static func canDraw(_ distribution: Distribution) -> Bool {
    switch distribution {
    case .constant(let bytes): return bytes.rounded() >= 1
    case .empirical(let values): return values.contains { $0.rounded() >= 1 }
    case .uniform(_, let high): return high.rounded() >= 1
    case .normal(let mean, let sd): return sd > 0 || mean.rounded() >= 1
    case .lognormal(let median, let sigma): return sigma > 0 || median.rounded() >= 1
    case .pareto: return true
    }
  }

  /// Bytes of the response for `page`: `page_bytes` is drawn (keyed by the page's cursor) for a
  /// full page of `page_size` items as the client asks for them, and a response costs that draw
  /// × the items it really holds / `page_size`, rounded to whole bytes. So a first page three
  /// times `page_size` costs three page draws, a page the server capped or shortened or the last
  /// page of the feed costs less, and an empty page (`end_signal` `"empty_page"`) has no body: it
  /// costs its round trip only.
  @inline(__always)
  public func pageBytes(ofPage page: Int) -> Int64 {
    let key = UInt64(plan.firstItem(ofPage: page))
    let fullPageBytes = spec.pageBytes.quantile { random.uniform(.pageBytes, key: key) }
    let share = Double(plan.itemCount(ofPage: page)) / Double(spec.pageSize)
    return max(0, Int64((fullPageBytes * share).rounded()))
  }

  /// Time from `page`'s response to its rows being inserted, in µs.
  @inline(__always)
  public func applyDelayUs(ofPage page: Int) -> Int64 {
    let key = UInt64(plan.firstItem(ofPage: page))
    let ms = spec.applyDelayMs.quantile { random.uniform(.applyDelay, key: key) }
    return max(0, Int64((ms * 1000).rounded()))
  }

  /// On the 1/64 pt grid, within 1…10^6 pt (`InputLimits.maxRowHeightPt`: a distribution's tail
  /// is capped there).
  static func snapToGrid(_ heightPt: Double) -> Double {
    min(
      InputLimits.maxRowHeightPt, max(minimumRowHeightPt, (heightPt / heightGridPt).rounded() * heightGridPt))
  }
}
