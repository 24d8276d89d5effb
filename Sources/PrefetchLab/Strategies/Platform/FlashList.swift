/// Shopify FlashList v2 (React Native): cells mount inside a draw window around the viewport,
/// split toward the scroll direction and shifted by the projected scroll, and `onEndReached`
/// asks for the next page, edge-triggered and re-armed on every change of the data.
///
/// - Draw window: a buffer of 2 × `draw_distance_pt`, `ceil(0.7 ×)` of it ahead of the viewport
///   in the scroll direction and `ceil(0.3 ×)` behind (350 and 150 pt by default); buffer the
///   list's start or end cannot use moves to the other side. Every row intersecting the window
///   is mounted: its image starts and, with a render stage, it renders; a row leaving the window
///   is recycled, its unfinished image cancelled (`MountedRows`).
/// - Direction: a vote of the signs of the last 5 velocity samples (ties forward), seeded
///   `[0, 0, 0, −0.1, −0.1]`, so backward until the user has scrolled forward twice (harmless at
///   the top: the unused buffer above moves below).
/// - `projection` (default on): the window is placed at offset + median of those velocity
///   samples (pt/ms, one per scroll event, Δt at least 1 ms) × the average render time, 16 ms
///   (`averageRenderTime`; Android measures its renders, which this does not model). Samples
///   older than 100 ms without a scroll event reset the velocity to 0.
/// - `onEndReached`: near the end when `ceil(offset + viewport) >= content + footer −
///   on_end_reached_threshold × viewport`; it fires when near and not pending, then pending
///   follows nearness: re-armed by leaving the zone and by every page applied (the data's
///   identity changes), so a page too short to leave the zone fires again at once, and the end of
///   the feed fires again with nothing left. No in-flight guard of its own: `on_repeat` is what
///   the app's handler does when a page is out (default `guard`). A page that fails for good
///   re-arms it (the app's error handling). Checked at every scroll event and after every commit.
///
/// Sources: Shopify/flash-list @ 4c6abc3b8efb (v2.3.2):
/// `src/recyclerview/helpers/EngagedIndicesTracker.ts` (the 70/30 split, the direction vote, the
/// projection), `src/native/config/PlatformHelper.ts`, `.ios.ts`, `.android.ts` (`drawDistance`
/// 250), `src/recyclerview/hooks/useBoundDetection.ts` (`onEndReachedThreshold ?? 0.5`, the
/// pending flag and its reset on `data`), `src/recyclerview/helpers/VelocityTracker.ts` (100 ms
/// reset). One pt stands for one px.
///
/// Time advance: `.everyFrame`, which is its real next wake-up. Every moving frame is a scroll
/// event that adds a velocity sample and notes the offset and time; the samples decide later
/// windows (their median shifts the window with `projection`, their signs vote the direction)
/// and the time decides the 100 ms reset, so a frame left out would change later decisions: the
/// samples a skipped run of frames would have left are rounded offset differences that a later
/// consultation cannot rebuild bit for bit. Frames that do not move consult no strategy anyway.
public struct FlashList: PrefetchStrategy {
  public static let drawDistancePt = StrategyParameter.Number(
    "draw_distance_pt", default: 250, in: 0...100_000,
    help:
      "pt of draw buffer per side; 2 x this is split 70/30 toward the scroll direction "
      + "(drawDistance 250 iOS/Android, flash-list PlatformHelper.ts).")
  public static let onEndReachedThreshold = StrategyParameter.Number(
    "on_end_reached_threshold", default: 0.5, in: 0...1_000,
    help:
      "Visible lengths from the end that fire onEndReached (onEndReachedThreshold ?? 0.5, flash-list "
      + "useBoundDetection.ts).")
  public static let projection = StrategyParameter.Flag(
    "projection", default: true,
    help:
      "Shift the draw window by median velocity x 16 ms average render time (offset projection on by "
      + "default, flash-list EngagedIndicesTracker.ts).")

  public static let definition = StrategyDefinition(
    FlashList.self, name: "flashlist",
    summary:
      "Shopify FlashList v2: cells mount in a 2 x draw_distance_pt window split 70/30 toward the scroll; "
      + "onEndReached edge-triggered, re-armed on every data change.",
    source:
      "flash-list @ 4c6abc3b8efb (v2.3.2) EngagedIndicesTracker.ts, PlatformHelper*.ts, useBoundDetection.ts, "
      + "VelocityTracker.ts.",
    parameters: [drawDistancePt, onEndReachedThreshold, projection, PageRepeat.parameter]
      + MediaLibrary.parameters,
    runsByDefault: false)

  /// `averageRenderTime` FlashList assumes, ms.
  static let averageRenderTimeMs = 16.0
  /// Velocity samples kept for the direction vote and the median.
  static let velocitySamples = 5
  /// A scroll event this long after the previous one starts the velocity afresh (`VelocityTracker`).
  static let velocityResetUs: Int64 = 100_000

  private let aheadPt: Double
  private let behindPt: Double
  private let threshold: Double
  private let projects: Bool
  private let onRepeat: PageRepeat
  private var mounted = MountedRows()
  private var media: ImagePrefetcher
  /// The last velocity samples, pt/ms, oldest first.
  private var samples: [Double] = [0, 0, 0, -0.1, -0.1]
  private var lastOffsetPt: Double?
  private var lastEventUs: Int64 = 0
  /// `onEndReached` fired and the list has stayed near the end with the same data since.
  private var pending = false

  public init(parameters: StrategyParameters) {
    let buffer = 2 * parameters[Self.drawDistancePt]
    aheadPt = (0.7 * buffer).rounded(.up)
    behindPt = (0.3 * buffer).rounded(.up)
    threshold = parameters[Self.onEndReachedThreshold]
    projects = parameters[Self.projection]
    onRepeat = parameters[PageRepeat.parameter]
    media = ImagePrefetcher(parameters: parameters, loadsVisibleRows: false)
  }

  /// The list holds the loaded items only (`data`).
  public var enablePlaceholders: Bool { false }

  /// Only `onEndReached` loads pages.
  public var loadsVisiblePlaceholderPages: Bool { false }

  public mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    let offset = context.viewportOffsetPt
    var rebuilt = false
    switch event {
    case .start, .pageApplied:
      // New data: the pending flag resets (`useMemo(…, [data])`) and the cells re-render.
      pending = false
      rebuilt = true
      if event == .start {
        lastOffsetPt = offset
        lastEventUs = context.nowUs
      }
    case .fetchFailed(.page):
      pending = false
    case .frame, .dragEnded:
      noteScroll(offsetPt: offset, atUs: context.nowUs)
    default:
      break
    }
    mounted.update(to: window(context, offsetPt: offset), rebuilt: rebuilt, in: context)
    maybeCallOnEndReached(context, offsetPt: offset)
    media.update(after: event, in: context)
    return .everyFrame
  }

  /// A scroll event: a velocity sample (pt/ms over at least 1 ms), the ring restarted after
  /// `velocityResetUs` without one.
  private mutating func noteScroll(offsetPt: Double, atUs nowUs: Int64) {
    defer {
      lastOffsetPt = offsetPt
      lastEventUs = nowUs
    }
    guard let last = lastOffsetPt, offsetPt != last else { return }
    let elapsedUs = nowUs - lastEventUs
    let sample = (offsetPt - last) / (Double(max(elapsedUs, 1000)) / 1000)
    if elapsedUs > Self.velocityResetUs { samples = Array(repeating: 0, count: Self.velocitySamples - 1) }
    samples.append(sample)
    if samples.count > Self.velocitySamples { samples.removeFirst(samples.count - Self.velocitySamples) }
  }

  /// Forward (down) unless more samples point backward.
  private var forward: Bool {
    let backward = samples.filter { $0 < 0 }.count
    let ahead = samples.filter { $0 > 0 }.count
    return ahead >= backward
  }

  /// Median of the samples, pt/ms; 0 after `velocityResetUs` without a scroll event.
  private func medianVelocity(nowUs: Int64) -> Double {
    guard nowUs - lastEventUs <= Self.velocityResetUs else { return 0 }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The rows the draw window holds with the viewport's top at `offsetPt`.
  private func window(_ context: some StrategyContext, offsetPt: Double) -> Range<Int> {
    let height = context.viewportHeightPt
    let contentPt = context.contentHeightPt
    guard context.rowCount > 0, contentPt > 0 else { return 0..<0 }
    let shift = projects ? medianVelocity(nowUs: context.nowUs) * Self.averageRenderTimeMs : 0
    let top = offsetPt + shift
    var start = top - (forward ? behindPt : aheadPt)
    var end = top + height + (forward ? aheadPt : behindPt)
    // Buffer the start cannot use goes to the end, and the other way round.
    if start < 0 {
      end -= start
      start = 0
    }
    if end > contentPt {
      start = max(0, start - (end - contentPt))
      end = contentPt
    }
    let drawn = context.items(intersectingFromPt: start, toPt: end)
    // The cells on screen are mounted whatever the projection says.
    let visible = context.visibleItems
    guard !visible.isEmpty else { return drawn }
    guard !drawn.isEmpty else { return visible }
    return min(drawn.lowerBound, visible.lowerBound)..<max(drawn.upperBound, visible.upperBound)
  }

  private mutating func maybeCallOnEndReached(_ context: some StrategyContext, offsetPt: Double) {
    let visibleLength = context.viewportHeightPt
    guard visibleLength > 0, context.rowCount > 0 else { return }
    let contentPt = context.contentHeightPt + context.footerHeightPt
    let near = (offsetPt + visibleLength).rounded(.up) >= contentPt - threshold * visibleLength
    if near && !pending { onRepeat.requestPage(.down, in: context) }
    pending = near
  }
}
