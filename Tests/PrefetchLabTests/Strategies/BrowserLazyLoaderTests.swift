import Testing

@testable import PrefetchLab

/// `media=browser_lazy` through infinite_scroll against the hand-set context of
/// `ImagePrefetcherTests`: 100 pt rows, a 400 pt viewport, 5 pages of 10 loaded, every row with
/// an image.
@Suite struct BrowserLazyLoaderTests {
  static func strategy(_ values: [String: ParameterValue]) -> InfiniteScroll {
    ImagePrefetcherTests.strategy(values.merging(["media": .string("browser_lazy")]) { _, lazy in lazy })
  }

  static func requests(_ actions: [StrategyContextDouble.Action]) -> [StrategyContextDouble.Action] {
    actions.filter { if case .requestMedia = $0 { return true } else { return false } }
  }

  /// Margin 250 pt: the grown viewport [−250, 650) holds rows 0…6; rows 0…3 show (visible
  /// priority), 4…6 load at preload priority. At offset 100 ([−150, 750)) row 7 enters; scrolling
  /// back cancels nothing and asks for nothing again.
  @Test func loadsWithinTheMarginAndNeverCancels() {
    let context = ImagePrefetcherTests.context()
    var strategy = Self.strategy(["lazy_threshold_pt": .number(250)])
    context.note(strategy.update(.start, in: context))
    #expect(
      Self.requests(context.takeActions())
        == (0...3).map { .requestMedia($0, .visible) } + (4...6).map { .requestMedia($0, .preload) })
    context.viewportOffsetPt = 100
    context.note(strategy.update(.frame, in: context))
    #expect(Self.requests(context.takeActions()) == [.requestMedia(7, .preload)])
    context.scrollDirection = .up
    context.viewportOffsetPt = 0
    context.note(strategy.update(.frame, in: context))
    let back = context.takeActions()
    #expect(Self.requests(back).isEmpty)
    #expect(!back.contains { if case .cancelMedia = $0 { return true } else { return false } })
  }

  /// Blink's `LazyLoadImagesParamsTest.NearViewport` (chromium third_party/blink lazy-load image
  /// tests, as PLATFORMS-2 §7.1 reports it): with a margin per connection type, an image within
  /// it loads and one just outside does not. Here for Chrome's current margins: the first row
  /// whose top lies at or past viewport bottom + margin does not load, the one before it does.
  @Test(arguments: EffectiveConnectionType.allCases)
  func nearViewportByConnectionType(type: EffectiveConnectionType) {
    let context = StrategyContextDouble(
      viewportHeightPt: 400, pageSize: 10, totalItems: 200, appliedPages: 20)
    context.giveEveryItemMedia()
    context.endOfFeedKnown = true
    context.mediaRoundTripMedianMs = type.httpRttThresholdMs
    var strategy = Self.strategy([:])
    context.note(strategy.update(.start, in: context))
    let items = Self.requests(context.actions).compactMap { action -> Int? in
      if case .requestMedia(let item, _) = action { return item } else { return nil }
    }
    let margin = type.lazyImageMarginPx
    let firstOutside = Int(((400 + margin) / 100).rounded(.up))
    #expect(items == Array(0..<min(200, firstOutside)), "\(type)")
  }

  /// The estimator's classification at its thresholds (`net/nqe/network_quality_estimator_params.cc`):
  /// 272 ms is 3G, just under it 4G; 1420 ms 2G; 2010 ms slow-2G.
  @Test func connectionTypeThresholds() {
    #expect(EffectiveConnectionType.classify(httpRttMs: 0) == .type4G)
    #expect(EffectiveConnectionType.classify(httpRttMs: 271.9) == .type4G)
    #expect(EffectiveConnectionType.classify(httpRttMs: 272) == .type3G)
    #expect(EffectiveConnectionType.classify(httpRttMs: 1419.9) == .type3G)
    #expect(EffectiveConnectionType.classify(httpRttMs: 1420) == .type2G)
    #expect(EffectiveConnectionType.classify(httpRttMs: 2010) == .slow2G)
    #expect(EffectiveConnectionType.type4G.lazyImageMarginPx == 1250)
    #expect(EffectiveConnectionType.type3G.lazyImageMarginPx == 2500)
  }

  /// The wake-up: quiet only while no row enters the grown viewport. At offset 0 with margin 250
  /// the next row (7, top 700) enters once the grown bottom passes 700: offset 50.
  @Test func quietUntilTheNextRowEntersTheMargin() {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 5)
    context.giveEveryItemMedia()
    var strategy = Self.strategy(["lazy_threshold_pt": .number(250)])
    let wake = strategy.update(.start, in: context)
    guard case .quietWhile(let band) = wake else {
      Issue.record("expected a band, got \(wake)")
      return
    }
    #expect(band.highPt < 50 && band.highPt > 49.99)
    #expect(!band.acrossRowChanges)
  }
}
