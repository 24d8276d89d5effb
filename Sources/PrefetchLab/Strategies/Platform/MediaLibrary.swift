/// Which image loader a list hands its rows to (`media`): the visible-only pattern, one of the
/// iOS prefetchers, Glide's list preloader or the browser's lazy images, each with the defaults
/// read from its source.
public enum MediaLibrary: String, CaseIterable, Sendable {
  /// The cell loads its image when it shows and cancels it when it leaves (no prefetch).
  case visibility
  /// `SDWebImagePrefetcher` (SDWebImage/SDWebImage `SDWebImage/Core/SDWebImagePrefetcher.m`):
  /// `maxConcurrentPrefetchCount = 3`, `SDWebImageLowPriority`; `cancelPrefetching` cancels
  /// every running token, which an app calls when the user turns round.
  case sdwebimage
  /// Kingfisher `ImagePrefetcher` (onevcat/Kingfisher `Sources/Networking/ImagePrefetcher.swift`):
  /// `maxConcurrentDownloads = 5`, skips cached sources; `stop()` cancels every task, which an
  /// app calls when the user turns round.
  case kingfisher
  /// Nuke `ImagePrefetcher` (kean/Nuke `Sources/Nuke/Prefetching/ImagePrefetcher.swift`):
  /// `maxConcurrentRequestCount = 2`, `priority = .low`, `stopPrefetching(with:)` per request;
  /// the pipeline below coalesces equal requests and rate-limits starts at 80/s with bursts of 25
  /// (`Sources/Nuke/Pipeline/ImagePipeline+Configuration.swift`, `Sources/Nuke/Internal/RateLimiter.swift`).
  case nuke
  /// Glide's `RecyclerViewPreloader` (bumptech/glide `ListPreloader.java` @ 047c22d77ebb): on
  /// each change of the first visible row, `max_preload` positions ahead from the last visible
  /// row, through a ring of `max_preload + 1` targets; see `GlidePreloader`.
  case glide
  /// The browser's `<img loading="lazy">`: loads within `lazy_threshold_pt` of the viewport,
  /// Chrome's margin by effective connection type by default; see `BrowserLazyLoader`.
  case browserLazy = "browser_lazy"

  /// Prefetches the library lets run at once (on top of the pipeline's connections).
  public var maxConcurrentPrefetches: Int {
    switch self {
    case .visibility: return 0
    case .sdwebimage: return 3
    case .kingfisher: return 5
    case .nuke: return 2
    case .glide, .browserLazy: return 0
    }
  }

  /// An iOS prefetcher with a batch of its own (`ImagePrefetcher`'s look-ahead window).
  public var isIOSPrefetcher: Bool { self == .sdwebimage || self == .kingfisher || self == .nuke }

  /// On a turn the whole prefetch batch is cancelled (SDWebImage's `cancelPrefetching`,
  /// Kingfisher's `stop()`); Nuke instead stops each row that leaves the look-ahead, turn or no
  /// turn (`stopPrefetching(with:)`).
  public var cancelsAllOnTurn: Bool { self == .sdwebimage || self == .kingfisher }

  /// `media`: the image loader (default `visibility`, the engine's long-standing model).
  public static let parameter = StrategyParameter.Choice(
    "media", default: MediaLibrary.visibility,
    help:
      "Image loader: " + allCases.map { "\($0.rawValue) (\($0.helpNote))" }.joined(separator: ", ")
      + "; see docs/strategies.md.")

  /// What `media`'s help says of the loader after its name: the help lists every case from
  /// `allCases`, so a new loader cannot be left out of `list` or docs/constants.md.
  var helpNote: String {
    switch self {
    case .visibility: return "load on show"
    case .sdwebimage, .kingfisher: return "\(maxConcurrentPrefetches) prefetches"
    case .nuke: return "\(maxConcurrentPrefetches) prefetches, pipeline rate limit 80/s burst 25"
    case .glide: return "RecyclerViewPreloader, \(MediaLibrary.maxPreload.declaration.name)"
    case .browserLazy: return "loading=\"lazy\", \(MediaLibrary.lazyThresholdPt.declaration.name)"
    }
  }
  /// `media_lookahead_rows`: rows past the viewport handed to the prefetcher.
  public static let lookaheadRows = StrategyParameter.Integer(
    "media_lookahead_rows", default: 10, in: 0...10_000,
    help:
      "Rows past the viewport, in the scroll direction, handed to the image prefetcher (assumption: "
      + "UIKit's prefetch window, which Apple does not document; unused with media=visibility).")
  /// `low_priority_max_connections`: connections prefetches may hold at most.
  public static let lowPriorityMaxConnections = StrategyParameter.OptionalInteger(
    "low_priority_max_connections", keyword: "none", in: 1...1_000,
    help:
      "Connections low-priority prefetches may hold at once, keeping the rest for on-screen images "
      + "(none: no reservation, the engine's default).")

  /// `max_preload`: Glide's `maxPreload`.
  public static let maxPreload = StrategyParameter.Integer(
    "max_preload", default: 10, in: 0...10_000,
    help:
      "media=glide: positions preloaded ahead (RecyclerViewPreloader maxPreload; Glide has no default, "
      + "10 is the value its RecyclerView integration page uses).")
  /// `lazy_threshold_pt`: the lazy-load margin; absent, Chrome's for the network's ECT.
  public static let lazyThresholdPt = StrategyParameter.OptionalNumber(
    "lazy_threshold_pt", keyword: "auto", in: 0...1_000_000,
    help:
      "media=browser_lazy: distance from the viewport at which a lazy image loads (auto: Chrome's "
      + "lazyLoadingImageMarginPx for the effective connection type of the media round trip: 4G 1250, "
      + "3G 2500, 2G 6000, slow-2G 8000).")

  /// Media parameters that act under one loader only (`ImagePrefetcher` reads them for it alone):
  /// given with another `media` they change nothing, so a run or a sweep over them would repeat
  /// one setting under several labels.
  static let dependentParameters: [(name: String, library: MediaLibrary)] = [
    (maxPreload.declaration.name, .glide),
    (lazyThresholdPt.declaration.name, .browserLazy),
  ]

  /// The first parameter of `given` (names a spec sets explicitly) that has no effect under the
  /// `media` of `parameters`, as a violation naming it; nil when each acts.
  static func dependentParameterRule(given: Set<String>, _ parameters: StrategyParameters)
    -> FeedRuleViolation?
  {
    let library = parameters[Self.parameter]
    for (name, needed) in dependentParameters where given.contains(name) && library != needed {
      return FeedRuleViolation(
        parameter: name,
        rule:
          "has no effect with media=\(library.rawValue): only media=\(needed.rawValue) reads it; give "
          + "media=\(needed.rawValue) too, or leave \(name) out")
    }
    return nil
  }

  /// The media parameters a strategy using `ImagePrefetcher(parameters:)` declares.
  public static let parameters: [any StrategyParameterHandle] = [
    parameter, lookaheadRows, lowPriorityMaxConnections, maxPreload, lazyThresholdPt,
  ]
}
