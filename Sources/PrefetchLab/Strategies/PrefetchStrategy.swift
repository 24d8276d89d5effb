/// Why a strategy is being consulted.
public enum StrategyEvent: Sendable, Equatable {
  /// First content is on screen; the scroll trace starts.
  case start
  /// A display frame moved the viewport or changed the scroll phase (UIKit's
  /// `scrollViewDidScroll`). Frames in which nothing moves do not consult the strategy.
  case frame
  /// The finger lifted (UIKit's `scrollViewWillEndDragging`); `Simulation.projectedTargetOffsetPt`
  /// holds where a following fling will come to rest.
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
/// The engine owns time and metrics; a strategy only reads the `Simulation` it is given and asks
/// for fetches or cancellations through it (`requestPage`, `requestMedia`, `cancelMedia`). One
/// value is created per run, so a strategy may keep whatever state it needs in stored properties.
///
/// To add your own: conform a type, describe it with a `StrategyDefinition` and register it in a
/// `StrategyRegistry` (see `StrategyRegistry.register`).
public protocol PrefetchStrategy {
  /// Reacts to `event`. Called on the engine's single thread, in simulated time order.
  mutating func update(_ event: StrategyEvent, in simulation: Simulation)
}

/// The loaded edge of the feed in one direction: where content ends and which page would extend
/// it. With cursor pagination, downward only: the next page after the last applied one. With
/// offset pagination, the nearest page not yet applied beyond the run of applied pages that
/// holds the viewport (DESIGN.md §2: "each strategy's trigger applies to the nearest unloaded page
/// in the scroll direction").
public struct LoadFrontier: Sendable, Equatable {
  /// The page that would extend the loaded run.
  public var page: Int
  /// The run's edge in this direction (its bottom going down, its top going up), pt.
  public var edgePt: Double
  /// The run's opposite edge, pt (0 with cursor pagination).
  public var runStartPt: Double
  /// Span of the applied page next to the edge, pt: the "newest page" of dynamic thresholds.
  public var adjacentPageSpanPt: ClosedRange<Double>
}
