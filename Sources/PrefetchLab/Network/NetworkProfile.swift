/// Named network presets ([network.profile]): a round-trip time and a downlink capacity taken
/// from the throttling presets developers test with. Each field a preset sets can be overridden:
/// explicit `rtt_ms` and `bandwidth_kbps` (or a `trace`) written next to it win, and are checked
/// by the same rules as without a preset. A trace replaces the preset's bandwidth; a `periods`
/// trace whose periods carry `latency_ms` also replaces its round trip (an explicit `rtt_ms`
/// beside any `periods` trace is refused instead, as the file is read only when the run starts).
///
/// Sources:
/// - Apple's Network Link Conditioner (Xcode's Additional Tools: the macOS preference pane, and
///   iOS Settings › Developer). Apple publishes none of the presets' values; those here are
///   the values as commonly reproduced in third-party write-ups of the shipped presets (blog
///   posts, copies of the preference pane's settings); no single copy is the reference. Each preset gives a downlink bandwidth and a delay per direction; the round
///   trip here is downlink delay + uplink delay. The copies agree on the 3G and Edge rates and on
///   every delay; they disagree on Very Bad Network's packet loss (1 %, 10 % or 20 % depending on
///   the copy), on its 1 Mbit/s downlink and on LTE's 50 Mbit/s, so treat those as the most
///   common reading, not a published figure. Packet loss is not modelled packet by packet (TCP
///   hides it as lower throughput and longer waits); set `failure_rate` to model requests that
///   fail outright.
/// - Chrome DevTools' throttling presets, ChromeDevTools/devtools-frontend
///   `front_end/core/sdk/NetworkManager.ts`: `download` is stored in bytes/s (e.g.
///   500 × 1000 / 8 × 0.8 for the "3G" preset, i.e. 400 kbit/s), and `latency` is a per-request
///   latency in ms (a target × a factor), which is the round trip here.
///
/// The simulator models downloads only, so uplink bandwidths are not used.
public enum NetworkProfile: String, Sendable, Equatable, CaseIterable {
  /// NLC "3G": 780 kbit/s down, 100 ms delay each way (the copies agree).
  case threeG = "3g"
  /// NLC "Edge": 240 kbit/s down, 400 ms delay down and 440 ms up (the copies agree).
  case edge
  /// NLC "LTE": 50 Mbit/s down (the most common reading; copies differ), 50 ms delay down and
  /// 65 ms up.
  case lte
  /// NLC "WiFi": 40 Mbit/s down, 1 ms delay each way.
  case wifi
  /// NLC "DSL": 2 Mbit/s down, 5 ms delay each way.
  case dsl
  /// NLC "Very Bad Network": 1 Mbit/s down (copies differ), 500 ms delay each way; its packet loss
  /// (1 %, 10 % or 20 % depending on the copy) is not modelled.
  case veryBadNetwork = "very_bad_network"
  /// Chrome DevTools "3G" (key `SPEED_3G`, `Slow3GConditions`; titled "Slow 3G" before May 2024):
  /// download 500 × 1000 / 8 × 0.8 bytes/s = 400 kbit/s, latency 400 ms × 5 = 2000 ms. The scenario
  /// name keeps the older title so that existing files still load.
  case slow3G = "slow_3g"
  /// Chrome DevTools "Slow 4G" (key `SPEED_SLOW_4G`, `Slow4GConditions`; titled "Fast 3G" before
  /// May 2024): download 1.6 × 1000 × 1000 / 8 × 0.9 bytes/s = 1440 kbit/s, latency
  /// 150 ms × 3.75 = 562.5 ms. The scenario name keeps the older title.
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

  /// Chrome DevTools' presets, read from its source; the others are Network Link Conditioner's,
  /// known only from third-party observations.
  public var isChromeDevTools: Bool { self == .slow3G || self == .fast3G }

  /// Where the preset's values come from (`ConstantCatalogue`, docs/constants.md).
  public var source: String {
    let nlc = "Network Link Conditioner"
    let copies = "values as commonly reproduced in third-party write-ups; Apple publishes none"
    switch self {
    case .threeG: return nlc + " \"3G\", " + copies + " (the write-ups agree)"
    case .edge: return nlc + " \"Edge\", " + copies + " (the write-ups agree)"
    case .lte:
      return nlc + " \"LTE\", " + copies
        + "; the delays agree, the 50 Mbit/s downlink is the most common reading"
    case .wifi: return nlc + " \"WiFi\", " + copies
    case .dsl: return nlc + " \"DSL\", " + copies
    case .veryBadNetwork:
      return nlc + " \"Very Bad Network\", " + copies
        + "; the delays agree, the 1 Mbit/s downlink is the most common reading, the loss (1 %, 10 % or 20 %) is not modelled"
    case .slow3G:
      return
        "Chrome DevTools \"3G\" (`SPEED_3G`), ChromeDevTools/devtools-frontend `front_end/core/sdk/NetworkManager.ts`"
    case .fast3G:
      return
        "Chrome DevTools \"Slow 4G\" (`SPEED_SLOW_4G`), ChromeDevTools/devtools-frontend `front_end/core/sdk/NetworkManager.ts`"
    }
  }
}
