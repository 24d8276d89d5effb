import Foundation

@testable import PrefetchLab

/// Random valid scenarios for the oracle's property tests: short sessions (1.5–8 s of trace) on
/// small feeds, every engine mechanism the bound's argument has to survive drawn independently —
/// cursor or offset pagination, either end signal, short and capped server pages, apply delays,
/// media or none, constant, unlimited or recorded links (the bundled Pensieve and Sabre files),
/// RTT distributions, connection caps, timeouts, error responses with retries, outages, rate
/// limits, memory and disk caches, a render stage, radio promotion, scripts with drags, flings,
/// waits and jumps, synthetic users, and patience.
struct BoundScenario {
  private var rng: SplitMix64

  init(seed: UInt64) { rng = SplitMix64(seed: SplitMix64.mix(seed ^ 0xB0_D5CE_0A21)) }

  private mutating func chance(_ p: Double) -> Bool { double(0...1) < p }
  private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  private mutating func double(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &rng)
  }

  private mutating func gestures() -> [Gesture] {
    var gestures: [Gesture] = chance(0.5) ? [.wait(durationMs: double(0...1500))] : []
    for _ in 0..<int(1...10) {
      switch int(0...9) {
      case 0...3:
        gestures.append(.drag(velocityPtS: double(-600...2500), durationMs: double(50...1500)))
      case 4...6:
        gestures.append(.drag(velocityPtS: double(500...2000), durationMs: double(50...200)))
        gestures.append(.fling(velocityPtS: double(-4000...9000)))
      case 7, 8:
        gestures.append(.wait(durationMs: double(100...2500)))
      default:
        gestures.append(
          chance(0.5) ? .jump(.item(int(0...150))) : .jump(.offsetPt(chance(0.3) ? 0 : double(0...20_000))))
      }
    }
    return gestures
  }

  private mutating func positive() -> Distribution {
    switch int(0...2) {
    case 0: return .constant(double(0...300))
    case 1: return .lognormal(median: double(20...300), sigma: double(0...0.8))
    default:
      let low = double(0...150)
      return .uniform(min: low, max: low + double(0...200))
    }
  }

  /// The next scenario made a feed of carousels (`feed.carousel`: a share of rows, 1–15 cells of
  /// 60–400 pt in a 200–500 pt window, images on most cells, rows of a drawn height or the feed's),
  /// without the cache and render stage carousels refuse; prepared.
  mutating func nextCarousel(_ index: Int) -> PreparedScenario {
    var scenario = next(index).scenario
    scenario.name = "bound-carousel-\(index)"
    scenario.cache = nil
    scenario.render = nil
    scenario.feed.carousel = CarouselSpec(
      rowFraction: chance(0.3) ? 1 : double(0.2...0.9), subItems: int(1...15),
      subItemWidthPt: double(60...400),
      visibleWidthPt: double(200...500), rowHeightPt: chance(0.5) ? nil : .constant(double(80...320)),
      mediaBytes: chance(0.9)
        ? .lognormal(median: double(3000...80_000), sigma: double(0...0.8)) : nil,
      mediaFraction: chance(0.6) ? 1 : double(0.3...1))
    scenario.scroll.source = Self.withSwipes(scenario.scroll.source, index)
    return try! PreparedScenario(scenario)
  }

  /// `source` with carousel swipes, chosen from `index` alone (the generator's draws stay those
  /// of the feeds without swipes): three in four synthetic users swipe at a share of their stops
  /// (0.25, 0.5 or 1), and three in four scripts swipe after each drag and wait, the first
  /// carousel row on screen or rows by index, onwards and back, over 0 to 600 ms.
  static func withSwipes(_ source: ScrollSpec.Source, _ index: Int) -> ScrollSpec.Source {
    let share = [0, 0.25, 0.5, 1][index % 4]
    guard share > 0 else { return source }
    switch source {
    case .model(var spec):
      for behavior in spec.behaviors.indices { spec.behaviors[behavior].swipeFraction = share }
      return .model(spec)
    case .script(let gestures):
      var swiped: [Gesture] = []
      for (position, gesture) in gestures.enumerated() {
        swiped.append(gesture)
        switch gesture {
        case .wait, .drag: break
        default: continue
        }
        let row: CarouselSwipe.Row = position % 3 == 2 ? .item(position % 7) : .firstOnScreen
        let distance = (position % 2 == 0 ? 1.0 : -0.5) * Double(150 + 97 * (position % 5))
        swiped.append(
          .swipe(CarouselSwipe(row: row, distancePt: distance, durationMs: Double(150 * (position % 5)))))
      }
      return .script(swiped)
    default:
      return source
    }
  }

  /// The next scenario, prepared; its name says which draw it is.
  mutating func next(_ index: Int) -> PreparedScenario {
    let pagination: Pagination = chance(0.75) ? .cursor : .offset
    let cursor = pagination == .cursor
    let pageSize = int(3...30)
    var feed = FeedSpec(
      totalItems: int(5...300), pageSize: pageSize, initialPageSize: chance(0.5) ? nil : int(2...40),
      pagination: pagination, endSignal: chance(0.7) ? .flag : .emptyPage,
      applyDelayMs: chance(0.5) ? .constant(double(0...40)) : .uniform(min: 0, max: double(0...80)),
      itemHeightPt: chance(0.3)
        ? .constant(double(40...300)) : .uniform(min: double(30...120), max: double(120...500)),
      pageBytes: .uniform(min: 2000, max: double(2000...40_000)), mediaBytes: nil,
      mediaFraction: chance(0.5) ? 1 : double(0.2...1), footerHeightPt: chance(0.5) ? 44 : double(0...80),
      placeholderHeightPt: double(60...200), serverMaxPageSize: chance(0.2) ? int(2...30) : nil,
      shortPageRate: cursor && chance(0.2) ? double(0...0.5) : 0)
    if chance(0.8) {
      feed.mediaBytes =
        chance(0.5)
        ? .lognormal(median: double(5000...150_000), sigma: double(0...0.9))
        : .constant(double(1000...80_000))
    }
    var network = NetworkSpec(
      rttMs: positive(), maxConcurrentRequests: int(1...8),
      timeoutMs: chance(0.3) ? double(300...4000) : 15_000,
      coalescing: chance(0.8))
    switch int(0...5) {
    case 0: break
    case 1:
      network.trace = BandwidthTraceSpec(
        path: BundledTraces.path("pensieve/trace_10730_http---www.facebook.com"), format: .throughput)
    case 2:
      network.trace = BandwidthTraceSpec(
        path: BundledTraces.path("sabre/report_bus_0001.json"), format: .periods)
      network.rttMs = .constant(0)
    default: network.bandwidthKbps = chance(0.3) ? double(100...1000) : double(1000...60_000)
    }
    if chance(0.3) {
      network.failureRate = double(0...0.25)
      if chance(0.7) {
        network.retry = RetryPolicy(
          maxAttempts: int(1...4), backoffMs: double(0...800), multiplier: double(1...3),
          jitter: double(0...1))
      }
    }
    if chance(0.25) {
      var startMs = double(0...3000)
      for _ in 0..<int(1...2) {
        let window = OutageWindow(startMs: startMs, durationMs: double(50...4000))
        network.outages.append(window)
        startMs = window.startMs + window.durationMs + double(100...4000)
      }
    }
    if chance(0.2) {
      network.rateLimit = RateLimitSpec(requestsPerSecond: double(2...80), burst: int(1...25))
    }
    let durationMs = double(1500...8000)
    let source: ScrollSpec.Source
    if chance(0.7) {
      source = .script(gestures())
    } else {
      source = .model(UserModelSpec(name: UserModelName.allCases[int(0...5)]))
    }
    let physics = ScrollPhysics.allCases[int(0...ScrollPhysics.allCases.count - 1)]
    var scenario = Scenario(
      name: "bound-\(index)", durationUs: Int64(durationMs * 1000), seed: UInt64(int(1...1000)),
      patienceUs: Int64(double(2000...40_000) * 1000),
      viewport: ViewportSpec(heightPt: double(300...1000), frameRateHz: chance(0.7) ? 60 : int(20...120)),
      feed: feed, network: network, scroll: ScrollSpec(physics: physics, source: source))
    if chance(0.25) {
      scenario.cache = CacheSpec(
        memoryBytes: Int64(double(50_000...2_000_000)), diskBytes: chance(0.5) ? 0 : 5_000_000,
        cacheDurationMs: 60_000, diskReadMs: .constant(double(0...20)))
    }
    if chance(0.2) {
      scenario.render = RenderSpec(
        timeMs: .lognormal(median: double(2...20), sigma: 0.5), workers: int(1...3))
    }
    switch int(0...3) {
    case 0: scenario.radio = RadioSpec(model: .none)
    case 1: scenario.radio = RadioSpec(model: .threeG, promotionDelaysRequests: chance(0.5))
    default: scenario.radio = RadioSpec(model: .lte, promotionDelaysRequests: chance(0.3))
    }
    return try! PreparedScenario(scenario)
  }
}
