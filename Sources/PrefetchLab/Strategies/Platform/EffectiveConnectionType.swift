/// Chrome's effective connection type (ECT) as its network quality estimator classifies a
/// network, and what `loading="lazy"` images make of it: the distance from the viewport at which
/// a lazy image starts loading.
///
/// - Classification by HTTP round trip (request out, first byte back), slowest first: at least
///   2010 ms is slow-2G, at least 1420 ms 2G, at least 272 ms 3G, anything faster 4G
///   (`kHttpRttEffectiveConnectionTypeThresholds`, chromium/chromium
///   `net/nqe/network_quality_estimator_params.cc` @ 5b83ed465231; the throughput thresholds are
///   unset by default, so the round trip alone decides).
/// - Lazy image margins, CSS px, above and below the viewport (half that to the sides): unknown
///   3000, offline 8000, slow-2G 8000, 2G 6000, 3G 2500, 4G 1250 (`lazyLoadingImageMarginPx…`,
///   chromium/chromium `third_party/blink/renderer/core/frame/settings.json5` @ 01e8022225d8;
///   read by `LazyLoadMediaObserver::GetLazyLoadingMarginPx` in
///   `third_party/blink/renderer/core/html/media/lazy_load_media_observer.cc`, once, when the
///   document's first lazy element is observed).
public enum EffectiveConnectionType: String, CaseIterable, Sendable {
  case slow2G = "slow-2g"
  case type2G = "2g"
  case type3G = "3g"
  case type4G = "4g"

  /// The HTTP round trip at and above which a network is this type, ms (0 for 4G, the fastest).
  public var httpRttThresholdMs: Double {
    switch self {
    case .slow2G: return 2010
    case .type2G: return 1420
    case .type3G: return 272
    case .type4G: return 0
    }
  }

  /// The type of a network whose HTTP round trip is `httpRttMs` (>= 0), as the estimator
  /// classifies it. O(1).
  public static func classify(httpRttMs: Double) -> EffectiveConnectionType {
    for type in [slow2G, type2G, type3G] where httpRttMs >= type.httpRttThresholdMs { return type }
    return .type4G
  }

  /// The suffix of Blink's setting names for this type (`lazyLoadingImageMarginPx4G`, …).
  public var settingSuffix: String {
    switch self {
    case .slow2G: return "Slow2G"
    case .type2G: return "2G"
    case .type3G: return "3G"
    case .type4G: return "4G"
    }
  }

  /// Blink's `lazyLoadingImageMarginPx…` for this type, CSS px.
  public var lazyImageMarginPx: Double {
    switch self {
    case .slow2G: return 8000
    case .type2G: return 6000
    case .type3G: return 2500
    case .type4G: return 1250
    }
  }
}
