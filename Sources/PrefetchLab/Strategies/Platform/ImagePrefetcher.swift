/// The media side of a strategy (`media`): rows load their image when they show, as in the
/// on-visibility pattern, and with an image library the rows just past the viewport in the scroll
/// direction are also handed to its prefetcher (what an app does from UIKit's `prefetchRowsAt`).
///
/// - Prefetches go out at `.preload` (low) priority, nearest row first, at most
///   `MediaLibrary.maxConcurrentPrefetches` at once (3 / 5 / 2); the rest wait in the
///   prefetcher, not on a connection.
/// - SDWebImage and Kingfisher cancel the whole batch when the user turns round; Nuke stops each
///   row that leaves the look-ahead (so a fling that outruns its prefetches drops them).
/// - A row that shows while its prefetch runs keeps it (raised to visible priority by the
///   engine): the libraries share one download between equal requests and cancel it only when
///   every requester did.
/// - Nuke's pipeline also spaces media starts at 80/s with bursts of 25 (`limitMediaStartRate`).
/// - `low_priority_max_connections` caps the connections prefetches may hold.
///
/// Per call: O(rows entering or leaving the viewport + media_lookahead_rows).
public struct ImagePrefetcher: Sendable {
  public let library: MediaLibrary
  public let lookaheadRows: Int
  public let lowPriorityLimit: Int?
  private var onScreen = VisibilityMediaLoader()
  /// Rows whose prefetch this prefetcher started and that may still run, nearest first.
  private var running: [Int] = []
  private var direction = ScrollDirection.down
  private var configured = false
  /// False for a strategy whose rows start their own images as they are built (`MountedRows`):
  /// the prefetcher then only prefetches.
  private let loadsOnScreen: Bool

  /// Reads `MediaLibrary.parameters` (the strategy declares them); `lookaheadRows` overrides
  /// `media_lookahead_rows` for a strategy whose platform fixes the window itself; `loadsOnScreen`
  /// false leaves the rows on screen to the strategy.
  public init(parameters: StrategyParameters, lookaheadRows: Int? = nil, loadsOnScreen: Bool = true) {
    library = parameters[MediaLibrary.parameter]
    self.lookaheadRows = lookaheadRows ?? parameters[MediaLibrary.lookaheadRows]
    lowPriorityLimit = parameters[MediaLibrary.lowPriorityMaxConnections]
    self.loadsOnScreen = loadsOnScreen
  }

  /// The prefetcher tops up when one of its fetches ends, so it must hear media completions.
  @inline(__always)
  public var needsMediaCompletions: Bool { library != .visibility }

  @inline(__always)
  public mutating func update(after event: StrategyEvent, in context: some StrategyContext) {
    if !configured {
      configured = true
      if lowPriorityLimit != nil || library == .nuke {
        context.limitMedia(
          lowPriorityConnections: lowPriorityLimit, startRate: library == .nuke ? .nuke : nil)
      }
    }
    if loadsOnScreen { onScreen.update(after: event, in: context) }
    if library != .visibility && context.feedHasMedia { prefetch(context) }
  }

  private mutating func prefetch(_ context: some StrategyContext) {
    let visible = context.visibleItems
    guard !visible.isEmpty else { return }
    running.removeAll { !context.isMediaInFlight(item: $0) }
    let heading = context.scrollDirection
    let window =
      heading == .down
      ? visible.upperBound..<min(context.rowCount, visible.upperBound + lookaheadRows)
      : max(0, visible.lowerBound - lookaheadRows)..<visible.lowerBound
    if heading != direction {
      direction = heading
      if library.cancelsAllOnTurn { cancel(context, visible: visible) { _ in true } }
    }
    if !library.cancelsAllOnTurn { cancel(context, visible: visible) { !window.contains($0) } }
    let cap = library.maxConcurrentPrefetches
    guard running.count < cap, !window.isEmpty else { return }
    for step in 0..<window.count {
      let item = heading == .down ? window.lowerBound + step : window.upperBound - 1 - step
      guard context.needsMedia(item: item), !context.isMediaInFlight(item: item) else { continue }
      if context.requestMedia(item: item, priority: .preload) { running.append(item) }
      if running.count >= cap { break }
    }
  }

  /// Stops the running prefetches that `drop` selects, except rows on screen (their cell shares
  /// the download).
  private mutating func cancel(
    _ context: some StrategyContext, visible: Range<Int>, where drop: (Int) -> Bool
  ) {
    running.removeAll { item in
      guard drop(item), !visible.contains(item) else { return false }
      context.cancelMedia(item: item)
      return true
    }
  }
}
