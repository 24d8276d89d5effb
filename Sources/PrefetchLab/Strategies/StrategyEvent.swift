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
