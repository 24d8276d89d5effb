/// Glide's `ListPreloader` as `RecyclerViewPreloader` drives it (`media=glide`): the scroll
/// callback, the range it preloads and the ring of preload targets, as positions in, actions out.
///
/// - `RecyclerToListViewScrollListener` forwards `onScroll(first, visibleCount, itemCount)` with
///   `visibleCount = |first − last|` for the first and last visible positions: one short, so the
///   forward range starts at the last visible row, not the row after it. It forwards only when
///   one of the three changes; `onScroll` acts only when `first` changes.
/// - Forward (first grew): positions `[first + visibleCount, + maxPreload)`, skipping those below
///   the last range's end, clamped to `[0, itemCount)`, in increasing order. Backward: `[first −
///   maxPreload, first)`, skipping those at or above the last range's start, in decreasing order.
///   A turn clears every target first (`cancelAll`, which missed one target until Glide PR #3854).
/// - Each model of a position goes `into` the next of `maxPreload + 1` targets, round robin; a
///   target still holding an earlier preload's request has it cleared first
///   (`RequestBuilder.into` → `RequestManager.clear`), which cancels it if it still runs. So at
///   most `maxPreload + 1` preloads are live, and a long fling drops the stale ones.
///
/// Source: bumptech/glide `library/src/main/java/com/bumptech/glide/ListPreloader.java` @
/// 047c22d77ebb (`onScroll`, `preload`, `PreloadTargetQueue`), `integration/recyclerview/.../
/// RecyclerToListViewScrollListener.java`. Complexity: O(positions preloaded) per call.
public struct GlidePreloader: Sendable {
  /// What a call asks of the image pipeline, in order.
  public enum Action: Sendable, Equatable {
    /// Load model `model` (0-based among the position's models) of adapter position `position`.
    case preload(position: Int, model: Int)
    /// Clear the request a reused target held for `position` (cancelled if it still runs).
    case clear(position: Int)
  }

  /// `maxPreload`, >= 0: positions preloaded ahead per call.
  public let maxPreload: Int
  private var lastEnd = 0
  private var lastStart = 0
  private var lastFirstVisible = -1
  private var totalItemCount = 0
  private var isIncreasing = true
  /// The ring of `maxPreload + 1` targets: the position each one's request was for.
  private var targets: [Int?]
  private var nextTarget = 0
  /// The last call forwarded by the RecyclerView listener (first, visible count, item count).
  private var lastForwarded: (first: Int, count: Int, total: Int)?

  public init(maxPreload: Int) {
    self.maxPreload = maxPreload
    targets = Array(repeating: nil, count: maxPreload + 1)
  }

  /// The RecyclerView listener's call for the visible positions `visible` ([first, end), not
  /// empty) of `itemCount`: forwards `onScroll(first, last − first, itemCount)` when one of the
  /// three changed. `models(position)` is how many images position has (0 for none).
  public mutating func onScrolled(visible: Range<Int>, itemCount: Int, models: (Int) -> Int) -> [Action] {
    guard !visible.isEmpty else { return [] }
    let call = (
      first: visible.lowerBound, count: visible.upperBound - 1 - visible.lowerBound, total: itemCount
    )
    if let last = lastForwarded, last == call { return [] }
    lastForwarded = call
    return onScroll(
      firstVisible: call.first, visibleCount: call.count, totalCount: call.total, models: models)
  }

  /// `ListPreloader.onScroll` as Glide's own tests call it.
  public mutating func onScroll(
    firstVisible: Int, visibleCount: Int, totalCount: Int, models: (Int) -> Int
  ) -> [Action] {
    totalItemCount = totalCount
    var actions: [Action] = []
    if firstVisible > lastFirstVisible {
      preload(from: firstVisible + visibleCount, increasing: true, models, &actions)
    } else if firstVisible < lastFirstVisible {
      preload(from: firstVisible, increasing: false, models, &actions)
    }
    lastFirstVisible = firstVisible
    return actions
  }

  private mutating func preload(
    from: Int, increasing: Bool, _ models: (Int) -> Int, _ actions: inout [Action]
  ) {
    if isIncreasing != increasing {
      isIncreasing = increasing
      // cancelAll: every target cleared (after Glide PR #3854; before it, one was missed).
      for index in targets.indices {
        if let position = targets[index] { actions.append(.clear(position: position)) }
        targets[index] = nil
      }
    }
    let to = from + (increasing ? maxPreload : -maxPreload)
    var start: Int
    var end: Int
    if from < to {
      start = max(lastEnd, from)
      end = to
    } else {
      start = to
      end = min(lastStart, from)
    }
    end = min(totalItemCount, end)
    start = min(totalItemCount, max(0, start))
    if from < to {
      var position = start
      while position < end {
        let count = models(position)
        for model in 0..<max(0, count) { into(position, model, &actions) }
        position += 1
      }
    } else {
      var position = end - 1
      while position >= start {
        let count = models(position)
        for model in stride(from: count - 1, through: 0, by: -1) { into(position, model, &actions) }
        position -= 1
      }
    }
    lastStart = start
    lastEnd = end
  }

  /// `preloadRequestBuilder.into(preloadTargetQueue.next(…))`.
  private mutating func into(_ position: Int, _ model: Int, _ actions: inout [Action]) {
    if let previous = targets[nextTarget], previous != position { actions.append(.clear(position: previous)) }
    targets[nextTarget] = position
    nextTarget = (nextTarget + 1) % targets.count
    actions.append(.preload(position: position, model: model))
  }
}
