/// What a strategy's feed rules see of the feed it is to run on (`StrategyDefinition.feedRules`):
/// the page size its pages hold and how it paginates.
public struct FeedFacts: Sendable, Equatable {
  /// Items per page: `feed.page_size`, capped by `feed.server_max_page_size`
  /// (`StrategyContext.pageSizeItems`).
  public var pageSizeItems: Int
  public var pagination: Pagination
  /// The key the page size comes from, for an error about a strategy given outside the file
  /// (a `--strategy` override), which cannot point at the file's own key.
  public var pageSizeKey: String

  public init(pageSizeItems: Int, pagination: Pagination, pageSizeKey: String = "feed.page_size") {
    self.pageSizeItems = pageSizeItems
    self.pagination = pagination
    self.pageSizeKey = pageSizeKey
  }

  public init(_ feed: FeedSpec) {
    let items = max(1, min(feed.pageSize, feed.serverMaxPageSize ?? feed.pageSize))
    self.init(
      pageSizeItems: items, pagination: feed.pagination,
      pageSizeKey: items < feed.pageSize ? "feed.server_max_page_size" : "feed.page_size")
  }
}
