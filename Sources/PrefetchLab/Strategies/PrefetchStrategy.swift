/// Why a strategy is being consulted.
public enum StrategyEvent: Sendable, Equatable {
  /// First content is on screen; the scroll trace starts.
  case start
  /// A display frame moved the viewport or changed the scroll phase (UIKit's
  /// `scrollViewDidScroll`). Frames in which nothing moves do not consult the strategy.
  case frame
  /// The finger lifted (UIKit's `scrollViewWillEndDragging`);
  /// `StrategyContext.projectedTargetOffsetPt` holds where a following fling will come to rest.
  case dragEnded
  /// A page's rows were inserted.
  case pageApplied(page: Int)
  /// A fetch delivered its resource.
  case fetchCompleted(Resource)
  /// A fetch timed out or failed for good; a page trigger re-arms.
  case fetchFailed(Resource)
  /// The item's media left the memory cache (`cache.memory_bytes`): the row is incomplete again
  /// and needs a fetch (or a disk read) the next time it is wanted.
  case mediaEvicted(item: Int)
}

/// A prefetch policy: decides when to request pages and which items' media to fetch or cancel.
///
/// The engine owns time and metrics; a strategy reads the `StrategyContext` it is given and asks
/// for fetches or cancellations through it. One value is created per run (from its parameters),
/// so a strategy may keep whatever state it needs in stored properties. Runs execute in parallel,
/// each on one thread, so strategy values are `Sendable` (plain value types are).
///
/// To add one, see "Add a strategy" in `docs/architecture.md`: the type, a `StrategyDefinition`
/// made from it, and one registration line.
public protocol PrefetchStrategy: Sendable {
  /// Builds the strategy for one run from its validated parameters (read them with typed handles,
  /// `parameters[Self.ratio]`, here rather than later: the registry checks at registration that
  /// every parameter read is declared).
  init(parameters: StrategyParameters)

  /// Reacts to `event`. Called on the engine's single thread, in simulated time order; simulated
  /// time does not pass during the call, and the context's actions take effect immediately.
  mutating func update(_ event: StrategyEvent, in context: some StrategyContext)
}

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
