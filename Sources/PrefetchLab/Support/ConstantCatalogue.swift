/// Every constant the simulator takes from outside — a platform's source, a measurement, a
/// third-party observation or a reverse-engineered model — with the value the code uses and
/// where it comes from. The one place these are listed: `prefetchlab constants` and the table of
/// docs/constants.md are made from it (`scripts/update-constants-doc.sh`; a test checks the doc),
/// and each value is read from the code's own constant, so the table cannot drift from the code.
public enum ConstantCatalogue {
  /// How much a constant can be trusted, by the kind of source it has.
  public enum Standing: String, Sendable, CaseIterable {
    /// Read from a platform's or library's source code.
    case platformSource = "platform source"
    /// Measured and published (a paper's tables).
    case measured
    /// The default settings of a published tool that encodes a measurement.
    case toolSetting = "tool setting"
    /// Observed by third parties on a closed platform; the vendor publishes no figure.
    case observed = "third-party observation"
    /// From a reverse-engineered re-implementation of a closed platform.
    case reverseEngineered = "reverse-engineered"
    /// Computed from a public dataset.
    case dataset
    /// Chosen here, for the reason given.
    case judgement
  }

  /// One constant: its Swift name, the value as the code holds it, and its source.
  public struct Entry: Sendable, Equatable {
    /// Where the constant lives in Sources (type and member).
    public var name: String
    /// The value as text, from the code's constant.
    public var value: String
    public var standing: Standing
    /// The project and file, or the publication, it comes from.
    public var source: String
  }

  /// Every entry, grouped by component in the order of docs/constants.md.
  public static var all: [Entry] { scroll + network + libraries + radio + users + defaults }

  /// Six decimals at most: enough to recognise every value, short enough to read.
  static func number(_ value: Double) -> String { DecimalFormat.readable((value * 1e6).rounded() / 1e6) }

  /// How the bounce spring's values are described here and in docs/scenario-format.md (a test
  /// checks the doc uses these words).
  public static let springWording =
    "I. Lobanov's values, fitted by eye to UIScrollView (reverse-engineered; Apple's are undocumented)"

  static var scroll: [Entry] {
    let lobanov =
      "I. Lobanov, \"Scrolling Mechanics of UIScrollView\" (2018), super-ultra/ScrollMechanics `ScrollExample/Sources/SimpleScrollView.swift`"
    return [
      Entry(
        name: "IOSDecelerationCurve.normalRate", value: number(IOSDecelerationCurve.normalRate) + " per ms",
        standing: .observed,
        source:
          "`UIScrollView.DecelerationRate.normal`: Apple names it without a number; the run-time value as reported by third parties (Lobanov 2018)"
      ),
      Entry(
        name: "IOSDecelerationCurve.fastRate", value: number(IOSDecelerationCurve.fastRate) + " per ms",
        standing: .observed,
        source:
          "`UIScrollView.DecelerationRate.fast`: Apple names it without a number; the run-time value as reported by third parties (Lobanov 2018)"
      ),
      Entry(
        name: "IOSDecelerationCurve.defaultStopThresholdPt",
        value: number(IOSDecelerationCurve.defaultStopThresholdPt) + " pt", standing: .reverseEngineered,
        source: lobanov + ", `DecelerationTimingParameters(…, threshold: 0.5)`; Apple documents none"),
      Entry(
        name: "EdgeBounce.rubberBandConstant", value: number(EdgeBounce.rubberBandConstant),
        standing: .reverseEngineered,
        source:
          "Grant Paul (@chpwn), a 2013 social-media post, not a publication, as recorded in \"Analysis of Apple's rubber band scrolling\" (squareb.wordpress.com blog post, 6 Jan 2013); used by super-ultra/ScrollMechanics `ScrollMechanics/Sources/RubberBand.swift`"
      ),
      Entry(
        name: "EdgeBounce.springAngularFrequency",
        value: number(EdgeBounce.springAngularFrequency) + " rad/s",
        standing: .reverseEngineered,
        source: lobanov + ", `bounce`: `Spring(mass: 1, stiffness: 100, dampingRatio: 1)`: " + springWording),
      Entry(
        name: "EdgeBounce.restThresholdPt", value: number(EdgeBounce.restThresholdPt) + " pt",
        standing: .reverseEngineered, source: lobanov + ", `bounce`: `0.5 / UIScreen.main.scale` at 3×"),
      Entry(
        name: "AndroidFlingCurve.scrollFriction", value: number(AndroidFlingCurve.scrollFriction),
        standing: .platformSource,
        source: "AOSP frameworks/base `core/java/android/view/ViewConfiguration.java`, `SCROLL_FRICTION`"),
      Entry(
        name: "AndroidFlingCurve.decelerationExponent", value: number(AndroidFlingCurve.decelerationExponent),
        standing: .platformSource,
        source:
          "AOSP frameworks/base `core/java/android/widget/OverScroller.java`, `DECELERATION_RATE` = ln 0.78 / ln 0.9"
      ),
      Entry(
        name: "AndroidFlingCurve.inflexion", value: number(AndroidFlingCurve.inflexion),
        standing: .platformSource, source: "AOSP `OverScroller.java`, `INFLEXION`"),
      Entry(
        name: "AndroidFlingCurve.physicalCoefficientDp",
        value: number(AndroidFlingCurve.physicalCoefficientDp) + " dp/s²", standing: .platformSource,
        source: "AOSP `OverScroller.java`, `mPhysicalCoeff` at density 1 (9.80665 × 39.37 × 160 × 0.84)"),
      Entry(
        name: "AndroidFlingCurve.minimumFlingVelocityPtS",
        value: number(AndroidFlingCurve.minimumFlingVelocityPtS) + " dp/s", standing: .platformSource,
        source: "AOSP `ViewConfiguration.java`, `MINIMUM_FLING_VELOCITY`"),
      Entry(
        name: "AndroidFlingCurve.maximumFlingVelocityPtS",
        value: number(AndroidFlingCurve.maximumFlingVelocityPtS) + " dp/s", standing: .platformSource,
        source: "AOSP `ViewConfiguration.java`, `MAXIMUM_FLING_VELOCITY`"),
    ]
  }

  static var network: [Entry] {
    var entries = NetworkProfile.allCases.map { profile in
      Entry(
        name: "NetworkProfile.\(profile)",
        value: number(profile.rttMs) + " ms RTT, " + number(profile.downlinkKbps) + " kbit/s",
        standing: profile.isChromeDevTools ? .platformSource : .observed, source: profile.source)
    }
    let retry = RetryPolicy.alamofire
    entries.append(
      Entry(
        name: "RetryPolicy.alamofire",
        value:
          "\(retry.maxAttempts) attempts, \(number(retry.backoffMs)) ms × \(number(retry.multiplier))ⁿ",
        standing: .platformSource,
        source:
          "Alamofire `RetryPolicy`: `defaultRetryLimit` 2 retries, `defaultExponentialBackoffScale` 0.5 s, `defaultExponentialBackoffBase` 2"
      ))
    entries.append(
      Entry(
        name: "BandwidthTrace.mahimahiOpportunityBytes",
        value: number(BandwidthTrace.mahimahiOpportunityBytes) + " bytes per delivery opportunity",
        standing: .platformSource,
        source:
          "Mahimahi (ravinet/mahimahi) trace format, `man/mm-link.1` and `traces/README`: each line is an opportunity to deliver one 1500-byte packet (`src/frontend/link_queue.hh` counts 1504 with framing; 1500 is used)"
      ))
    let nuke = RateLimitSpec.nuke
    entries.append(
      Entry(
        name: "RateLimitSpec.nuke",
        value: "\(number(nuke.requestsPerSecond)) requests/s, burst \(nuke.burst)",
        standing: .platformSource, source: "Nuke `RateLimiter` defaults (`rate: 80, burst: 25`)"))
    return entries
  }

  /// The image prefetchers' concurrency caps (`media`); their other defaults are strategy
  /// parameters, listed in the second table (`strategyMarkdown`).
  static var libraries: [Entry] {
    let sources: [MediaLibrary: String] = [
      .sdwebimage:
        "SDWebImage/SDWebImage `SDWebImage/Core/SDWebImagePrefetcher.m`, `maxConcurrentPrefetchCount = 3`",
      .kingfisher:
        "onevcat/Kingfisher `Sources/Networking/ImagePrefetcher.swift`, `maxConcurrentDownloads = 5`",
      .nuke: "kean/Nuke `Sources/Nuke/Prefetching/ImagePrefetcher.swift`, `maxConcurrentRequestCount = 2`",
    ]
    let caps = MediaLibrary.allCases.compactMap { library in
      sources[library].map {
        Entry(
          name: "MediaLibrary.\(library).maxConcurrentPrefetches",
          value: "\(library.maxConcurrentPrefetches) prefetches at once", standing: .platformSource,
          source: $0)
      }
    }
    // media=browser_lazy: Chrome's classification of the media round trip and its margin per type.
    let lazy = EffectiveConnectionType.allCases.flatMap { type -> [Entry] in
      var entries = [
        Entry(
          name: "EffectiveConnectionType.\(type).lazyImageMarginPx",
          value: number(type.lazyImageMarginPx) + " px above and below the viewport",
          standing: .platformSource,
          source:
            "chromium/chromium `third_party/blink/renderer/core/frame/settings.json5` @ 01e8022225d8, `lazyLoadingImageMarginPx\(type.settingSuffix)`"
        )
      ]
      if type != .type4G {
        entries.append(
          Entry(
            name: "EffectiveConnectionType.\(type).httpRttThresholdMs",
            value: number(type.httpRttThresholdMs) + " ms median round trip or more",
            standing: .platformSource,
            source:
              "chromium/chromium `net/nqe/network_quality_estimator_params.cc` @ 5b83ed465231, `kHttpRttEffectiveConnectionTypeThresholds`"
          ))
      }
      return entries
    }
    return caps + lazy + lists
  }

  /// The list models' fixed values (their parameters' defaults are in the strategy part).
  static var lists: [Entry] {
    let flashList = "Shopify/flash-list @ 4c6abc3b8efb (v2.3.2)"
    return [
      Entry(
        name: "FlashList.averageRenderTimeMs", value: number(FlashList.averageRenderTimeMs) + " ms",
        standing: .platformSource,
        source:
          "\(flashList) `src/recyclerview/helpers/EngagedIndicesTracker.ts`: the render time the offset projection assumes (Android measures its own, clamped to 16–32 ms)"
      ),
      Entry(
        name: "FlashList.velocitySamples", value: "\(FlashList.velocitySamples) samples",
        standing: .platformSource,
        source:
          "\(flashList) `EngagedIndicesTracker.ts`: the direction vote's ring, seeded [0, 0, 0, −0.1, −0.1]"),
      Entry(
        name: "FlashList.velocityResetUs", value: number(Double(FlashList.velocityResetUs) / 1000) + " ms",
        standing: .platformSource,
        source:
          "\(flashList) `src/recyclerview/helpers/VelocityTracker.ts`: velocity reset after this long without a scroll event"
      ),
      Entry(
        name: "Simulation.blankAreaStartDelayUs",
        value: number(Double(Simulation.blankAreaStartDelayUs) / 1000) + " ms", standing: .platformSource,
        source:
          "Shopify/flash-list v1.8.3 `src/benchmark/useBlankAreaTracker.ts`, `startDelayInMs`: blank-area events ignored this long after the list's first"
      ),
    ]
  }

  static var radio: [Entry] {
    let presets: [(String, RadioPowerModel, Standing, String)] = [
      (
        "huang2012LTE", .huang2012LTE, .measured,
        "J. Huang et al., \"A Close Examination of Performance and Power Characteristics of 4G LTE Networks\", MobiSys 2012, Tables 3 and 4 (LTE)"
      ),
      ("huang2012ThreeG", .huang2012ThreeG, .measured, "Huang et al., MobiSys 2012, Tables 3 and 4 (3G)"),
      (
        "huang2012ThreeG.tailPromotion", .huang2012ThreeG, .judgement,
        "the FACH → DCH promotion reuses the idle promotion: Huang et al. give one 3G promotion figure, and none from FACH"
      ),
      (
        "aroLTE", .aroLTE, .toolSetting,
        "AT&T ARO, attdevsupport/VideoOptimizer `ARO.Core/…/configuration/impl/ProfileFactoryImpl.java`, `createLTE` defaults"
      ),
      (
        "aroThreeG", .aroThreeG, .toolSetting,
        "F. Qian et al., \"Characterizing Radio Resource Allocation for 3G Networks\", IMC 2010, as encoded in AT&T ARO, attdevsupport/VideoOptimizer `ARO.Core/…/configuration/impl/ProfileFactoryImpl.java`, `create3G` defaults"
      ),
    ]
    return presets.map { name, model, standing, source in
      let value =
        name.hasSuffix(".tailPromotion")
        ? "\(number(model.tailPromotionMs)) ms at \(number(model.tailPromotionPowerMw)) mW"
        : summary(model, measuredOnly: standing == .measured)
      return Entry(name: "RadioPowerModel.\(name)", value: value, standing: standing, source: source)
    }
  }

  /// `measuredOnly`: leave out the promotion from a later tail stage where it is not measured but
  /// copied from the idle one (listed as its own judgement row).
  static func summary(_ model: RadioPowerModel, measuredOnly: Bool = false) -> String {
    var parts = ["promotion \(number(model.promotionMs)) ms at \(number(model.promotionPowerMw)) mW"]
    if model.tail.count > 1 && !measuredOnly {
      parts.append(
        "from the tail \(number(model.tailPromotionMs)) ms at \(number(model.tailPromotionPowerMw)) mW")
    }
    parts.append(
      "β \(number(model.activeBasePowerMw)) mW, α_d \(number(model.downlinkMwPerMbps)) mW per Mbit/s")
    parts.append(
      "tail "
        + model.tail.map { "\(number($0.durationMs)) ms at \(number($0.powerMw)) mW" }.joined(
          separator: ", then "))
    return parts.joined(separator: "; ")
  }

  static var users: [Entry] {
    let skimmer = UserBehavior.defaults(for: .skimmer)
    let reader = UserBehavior.defaults(for: .reader)
    let hmog =
      "statistics computed from the HMOG dataset (Sitová et al., IEEE TIFS 2016), nine users' reading sessions: lab document reading, not feed browsing"
    return [
      Entry(
        name: "UserBehavior skimmer flingFraction", value: number(skimmer.flingFraction), standing: .dataset,
        source: hmog),
      Entry(
        name: "UserBehavior skimmer reversalFraction", value: number(skimmer.reversalFraction),
        standing: .dataset, source: hmog),
      Entry(
        name: "UserBehavior skimmer dwellMs (median)", value: median(skimmer.dwellMs) + " ms",
        standing: .dataset,
        source: hmog),
      Entry(
        name: "UserBehavior skimmer strokeMs (median)", value: median(skimmer.strokeMs) + " ms",
        standing: .dataset, source: hmog),
      Entry(
        name: "UserBehavior reader dwellMs, strokeMs, dragVelocityPtS (medians)",
        value:
          "\(median(reader.dwellMs)) ms, \(median(reader.strokeMs)) ms, \(median(reader.dragVelocityPtS)) pt/s",
        standing: .judgement,
        source:
          "paced to 1.6 s per 240 pt item, near Facebook IQ's 1.7 s per feed item on mobile (\"Capturing Attention in Feed\", April 2016); mobile rather than desktop because feeds are scrolled 41 % faster on mobile (a Facebook figure of June 2017, cited second-hand: no primary title verified; it only justifies the mobile pace, in `UserBehavior.defaults(for: .reader)`, Sources/PrefetchLab/Scroll/UserModel.swift)"
      ),
    ]
  }

  static func median(_ distribution: Distribution) -> String {
    if case .lognormal(let median, _) = distribution { return number(median) }
    return "\(distribution)"
  }

  /// Scenario defaults taken from platforms, and the judgements among them.
  static var defaults: [Entry] {
    let viewport = ViewportSpec()
    let network = NetworkSpec()
    let cache = CacheSpec()
    return [
      Entry(
        name: "TouchRecording.velocityHorizonMs", value: number(TouchRecording.velocityHorizonMs) + " ms",
        standing: .platformSource,
        source: "AOSP frameworks/native `libs/input/VelocityTracker.cpp`, `HORIZON`"),
      Entry(
        name: "TouchRecording.pointerStoppedMs", value: number(TouchRecording.pointerStoppedMs) + " ms",
        standing: .platformSource, source: "AOSP `VelocityTracker.cpp`, `ASSUME_POINTER_STOPPED_TIME`"),
      Entry(
        name: "ViewportSpec.heightPt", value: number(viewport.heightPt) + " pt", standing: .platformSource,
        source:
          "iPhone 15 / 16 logical screen height, Apple Human Interface Guidelines, \"Layout\" device table"),
      Entry(
        name: "ViewportSpec.frameRateHz", value: "\(viewport.frameRateHz) Hz", standing: .judgement,
        source:
          "the standard refresh rate of iPhone and most Android displays; ProMotion iPhones and many Android phones run at up to 120 Hz (set `viewport.frame_rate_hz`)"
      ),
      Entry(
        name: "NetworkSpec.maxConcurrentRequests", value: "\(network.maxConcurrentRequests)",
        standing: .platformSource,
        source:
          "Chromium's per-host socket limit, chromium/src `net/socket/client_socket_pool_manager.cc` (`g_max_sockets_per_group`, 6 for normal sockets); Apple's docs give `URLSessionConfiguration.httpMaximumConnectionsPerHost` as 6 on macOS and 4 on iOS, so on iOS this is one platform's value borrowed for another"
      ),
      Entry(
        name: "NetworkSpec.timeoutMs", value: number(network.timeoutMs) + " ms", standing: .judgement,
        source: "a common client-side request timeout (URLSession's own default is 60 s)"),
      Entry(
        name: "CacheSpec.memoryBytes", value: "\(cache.memoryBytes) bytes", standing: .platformSource,
        source: "AFNetworking `AFAutoPurgingImageCache` memory capacity (100 MiB)"),
      Entry(
        name: "CacheSpec.diskBytes", value: "\(cache.diskBytes) bytes", standing: .platformSource,
        source: "AFNetworking `AFImageDownloader.defaultURLCache` disk capacity (150 MiB)"),
      Entry(
        name: "CacheSpec.cacheDurationMs", value: number(cache.cacheDurationMs) + " ms",
        standing: .platformSource,
        source: "SDWebImage `maxDiskAge` default (one week)"),
      Entry(
        name: "CacheSpec.diskReadMs", value: "\(cache.diskReadMs) ms", standing: .judgement,
        source: "an assumption: queue hops dominate a flash read of tens of kB; measure your app"),
      Entry(
        name: "FeedSpec.defaultBytesPerItem", value: number(FeedSpec.defaultBytesPerItem) + " bytes",
        standing: .judgement,
        source: "about 1.2 kB of JSON per feed item (ids, text, author, a media URL, counts)"),
      Entry(
        name: "UserModelSpec.defaultDurationUs",
        value: number(Double(UserModelSpec.defaultDurationUs) / 1e6) + " s",
        standing: .judgement, source: "the length of the example session in docs/scenario-format.md"),
    ]
  }
}
