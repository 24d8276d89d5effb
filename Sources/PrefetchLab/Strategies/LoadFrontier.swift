/// The loaded edge of the feed in one direction: where content ends and which page would extend
/// it. With cursor pagination, downward only: the next page after the last applied one. With
/// offset pagination, the nearest page not yet applied beyond the run of applied pages that
/// holds the viewport: each strategy's trigger applies to the nearest unloaded page in the
/// scroll direction.
public struct LoadFrontier: Sendable, Equatable {
  /// The page that would extend the loaded run.
  public var page: Int
  /// The direction the run would be extended in.
  public var direction: ScrollDirection
  /// The run's edge in this direction (its bottom going down, its top going up), pt.
  public var edgePt: Double
  /// The run's opposite edge, pt (0 with cursor pagination).
  public var runStartPt: Double
  /// The applied page next to the edge, inside the run: the "newest page" of dynamic thresholds
  /// (cursor pagination: the last page applied); nil when no applied page borders the edge.
  /// Its span is `StrategyContext.adjacentPageSpanPt(of:)`.
  public var adjacentPage: Int?

  public init(page: Int, direction: ScrollDirection, edgePt: Double, runStartPt: Double, adjacentPage: Int?) {
    self.page = page
    self.direction = direction
    self.edgePt = edgePt
    self.runStartPt = runStartPt
    self.adjacentPage = adjacentPage
  }
}
