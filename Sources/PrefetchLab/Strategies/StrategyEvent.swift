/// Why a strategy is being consulted. The engine consults a strategy at most once per engine
/// event (a frame, a page applied, a fetch completed or failed, a finger lifting during a
/// stall), after it has brought its own state up to date; what else the event changed is in the
/// context (`StrategyContext.evictedItems`).
public enum StrategyEvent: Sendable, Equatable {
  /// First content: page 0's rows were inserted and the scroll trace starts. This is page 0's
  /// `pageApplied`: no separate `pageApplied(page: 0)` follows. After a pull to refresh, the new
  /// list's page 0 is `start` again, heard by the strategy as the run built it
  /// (`PrefetchStrategy.refresh(startingOver:)`), the trace running on.
  case start
  /// A display frame moved the viewport or changed the scroll phase (UIKit's
  /// `scrollViewDidScroll`). Frames in which nothing moves do not consult the strategy,
  /// nor, with the event engine, frames inside a band returned as its `Wake`.
  case frame
  /// The finger lifted (UIKit's `scrollViewWillEndDragging`);
  /// `StrategyContext.projectedTargetOffsetPt` holds where a following fling will come to rest.
  /// When the lift falls in a frame, this is that frame's consultation (no `frame` follows); a
  /// finger held against the end of loaded content during a stall lifts between frames.
  case dragEnded
  /// A page's rows were inserted (pages after the first; see `start`).
  case pageApplied(page: Int)
  /// A fetch delivered its resource.
  case fetchCompleted(Resource)
  /// A fetch timed out or failed for good; a page trigger re-arms.
  case fetchFailed(Resource)
  /// A page request that was out when the strategy dropped the applied run's page next to it
  /// (`StrategyContext.dropPage`) ended without its rows going in: at the time they would have
  /// been applied, the page stays unapplied, its in-flight mark is cleared and it can be
  /// requested again. Only strategies that drop pages hear it.
  case pageDiscarded(page: Int)
}
