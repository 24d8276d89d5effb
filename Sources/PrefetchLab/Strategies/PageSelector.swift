/// Which page a page request or cancellation addresses: the page that extends the loaded content
/// in a direction, or a page by index.
public enum PageSelector: Sendable, Equatable {
  /// The page of `StrategyContext.loadFrontier(direction)`: the next page with cursor pagination;
  /// the nearest unloaded page beyond the viewport's run of applied pages with offset pagination.
  /// Selects nothing where the frontier is nil (before first content, once the end is known, or
  /// towards the head with cursor pagination).
  case frontier(ScrollDirection)
  /// Page `index`, counted from 0. With cursor pagination only a page at an edge of the applied
  /// run can be requested (the next page, or a dropped one next to the run); an index outside
  /// 0..<`pageCount` selects nothing.
  case index(Int)
}
