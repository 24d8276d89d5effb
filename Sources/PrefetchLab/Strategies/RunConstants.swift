/// What a strategy sees of its run that never changes during it (`StrategyContext.constants`):
/// the screenful, the feed's pagination and page split, whether rows carry media or need
/// rendering, and whether the engine heeds wake-ups. Read through the context's helpers
/// (`viewportHeightPt`, `pagination`, …).
public struct RunConstants: Sendable, Equatable {
  /// The viewport's height, pt: one screenful (`viewport.height_pt`), > 0.
  public var viewportHeightPt: Double
  /// How pages are addressed: `.cursor` (only the next page) or `.offset` (any page; every row is
  /// laid out, unloaded ones as placeholders).
  public var pagination: Pagination
  /// Pages of the feed (the server's split, known to the engine in advance), >= 0.
  public var pageCount: Int
  /// Items in a full page after the first: `feed.page_size`, capped by
  /// `feed.server_max_page_size`, >= 1. What a platform's "page size" means (Paging 3's
  /// `PagingConfig.pageSize`).
  public var pageSizeItems: Int
  /// Some items of the feed can carry media: `feed.media_bytes` is set and can draw at least one
  /// byte (a row whose size rounds to 0 bytes has no media), and `media_fraction` > 0.
  public var feedHasMedia: Bool
  /// A render stage is configured (`render`): rows need rendering before they are complete.
  public var hasRenderStage: Bool
  /// True when the engine heeds the `Wake` an `update` returns (the event engine); false when it
  /// consults every moving frame anyway (the stepped engine), so a strategy whose band takes work
  /// to find may return `.everyFrame` without finding it. Reading it must not change any
  /// decision.
  public var heedsWake: Bool
  /// The round trip an image request takes at the median as the scenario declares it, ms, >= 0:
  /// the media origin's `rtt_ms` (`network.media`), else `network.rtt_ms` (a distribution's median;
  /// a `periods` trace carrying `latency_ms`: its latency at t = 0). What a client that has
  /// measured this network before (Chrome's network quality estimator, say) starts from.
  public var mediaRoundTripMedianMs: Double
  /// Items per row of the layout (`feed.columns`), >= 1: 1 is a list. A strategy whose platform
  /// counts in rows (a collection view's look-ahead, a grid layout manager's span) multiplies by
  /// it; one that counts items (Paging 3's prefetch distance) does not.
  public var columns: Int

  public init(
    viewportHeightPt: Double, pagination: Pagination, pageCount: Int, pageSizeItems: Int, feedHasMedia: Bool,
    hasRenderStage: Bool, heedsWake: Bool, mediaRoundTripMedianMs: Double = 0, columns: Int = 1
  ) {
    self.viewportHeightPt = viewportHeightPt
    self.pagination = pagination
    self.pageCount = pageCount
    self.pageSizeItems = pageSizeItems
    self.feedHasMedia = feedHasMedia
    self.hasRenderStage = hasRenderStage
    self.heedsWake = heedsWake
    self.mediaRoundTripMedianMs = mediaRoundTripMedianMs
    self.columns = max(1, columns)
  }
}
