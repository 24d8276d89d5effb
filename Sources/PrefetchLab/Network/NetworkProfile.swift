/// Named network presets ([network.profile]): a round-trip time and a downlink capacity taken
/// from the throttling presets developers test with. Explicit `rtt_ms` and `bandwidth_kbps` (or a
/// `trace`) override what a profile sets.
///
/// Sources:
/// - Apple's Network Link Conditioner, as shipped in Xcode's Additional Tools (the macOS
///   preference pane and iOS Settings › Developer): each preset gives a downlink bandwidth and a
///   delay per direction; the round trip here is downlink delay + uplink delay. Its packet loss
///   (Very Bad Network: 10 % each way) is not modelled packet by packet: TCP hides it as lower
///   throughput and longer waits; set `failure_rate` to model requests that fail outright.
/// - Chrome DevTools' throttling presets (`front_end/core/sdk/NetworkManager.ts`): download in
///   bit/s × an adjustment factor, and a per-request latency × a factor, which is the round
///   trip here.
///
/// The simulator models downloads only, so uplink bandwidths are not used.
public enum NetworkProfile: String, Sendable, Equatable, CaseIterable {
  /// NLC "3G": 780 kbit/s down, 100 ms delay each way.
  case threeG = "3g"
  /// NLC "Edge": 240 kbit/s down, 400 ms delay down and 440 ms up.
  case edge
  /// NLC "LTE": 50 Mbit/s down, 50 ms delay down and 65 ms up.
  case lte
  /// NLC "WiFi": 40 Mbit/s down, 1 ms delay each way.
  case wifi
  /// NLC "DSL": 2 Mbit/s down, 5 ms delay each way.
  case dsl
  /// NLC "Very Bad Network": 1 Mbit/s down, 500 ms delay each way (and 10 % packet loss, not
  /// modelled).
  case veryBadNetwork = "very_bad_network"
  /// Chrome DevTools "Slow 3G": 500 kbit/s × 0.8 = 400 kbit/s down, latency 400 ms × 5 = 2000 ms.
  case slow3G = "slow_3g"
  /// Chrome DevTools "Fast 3G" (titled "Slow 4G" since 2024): 1.6 Mbit/s × 0.9 = 1440 kbit/s down,
  /// latency 150 ms × 3.75 = 562.5 ms.
  case fast3G = "fast_3g"

  /// Round-trip time to the first byte of a response, ms.
  public var rttMs: Double {
    switch self {
    case .threeG: return 100 + 100
    case .edge: return 400 + 440
    case .lte: return 50 + 65
    case .wifi: return 1 + 1
    case .dsl: return 5 + 5
    case .veryBadNetwork: return 500 + 500
    case .slow3G: return 400 * 5
    case .fast3G: return 150 * 3.75
    }
  }

  /// Downlink capacity, kbit/s.
  public var downlinkKbps: Double {
    switch self {
    case .threeG: return 780
    case .edge: return 240
    case .lte: return 50_000
    case .wifi: return 40_000
    case .dsl: return 2000
    case .veryBadNetwork: return 1000
    case .slow3G: return 500 * 0.8
    case .fast3G: return 1600 * 0.9
    }
  }
}
