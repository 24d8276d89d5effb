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
    self.plan = PagePlan(
      totalItems: spec.totalItems, initialPageSize: spec.initialPageSize, pageSize: spec.pageSize)
    self.random = CounterRandom(seed: seed)
  }

  /// Height of item `item` in pt, > 0.
  public func heightPt(ofItem item: Int) -> Double {
    let raw = spec.itemHeightPt.quantile(random.uniform(.itemHeight, key: UInt64(item)))
    return Self.snapToGrid(raw)
  }

  /// Bytes of item `item`'s media, or 0 when the item has none.
  public func mediaBytes(ofItem item: Int) -> Int64 {
    guard let distribution = spec.mediaBytes else { return 0 }
    if spec.mediaFraction < 1 {
      guard random.uniform(.mediaPresence, key: UInt64(item)) < spec.mediaFraction else { return 0 }
    }
    let bytes = distribution.quantile(random.uniform(.mediaBytes, key: UInt64(item)))
    return max(1, Int64(bytes.rounded()))
  }

  /// Bytes of the response for `page` (an empty page still costs a response).
  public func pageBytes(ofPage page: Int) -> Int64 {
    let key = UInt64(plan.firstItem(ofPage: page))
    return max(0, Int64(spec.pageBytes.quantile(random.uniform(.pageBytes, key: key)).rounded()))
  }

  /// Time from `page`'s response to its rows being inserted, in µs.
  public func applyDelayUs(ofPage page: Int) -> Int64 {
    let key = UInt64(plan.firstItem(ofPage: page))
    let ms = spec.applyDelayMs.quantile(random.uniform(.applyDelay, key: key))
    return max(0, Int64((ms * 1000).rounded()))
  }

  static func snapToGrid(_ heightPt: Double) -> Double {
    max(minimumRowHeightPt, (heightPt / heightGridPt).rounded() * heightGridPt)
  }
}
