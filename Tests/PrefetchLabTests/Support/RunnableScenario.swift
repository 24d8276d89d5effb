@testable import PrefetchLab

/// Random scenarios that the loader accepts and that run in about a millisecond each (debug
/// build): short sessions over small feeds, every kind of user (scripts of drags, flings, waits
/// and jumps; synthetic users), both paginations and end signals, media (sizes of 0 included),
/// caches, render stages, server caps and short pages, failures, outages, rate limits and radio
/// models. Seeded: scenario `n` of a seed is always the same. No trace files (recorded links and
/// scrolls need files; the property tests vary what a scenario says, not where it reads from).
///
/// The `variant` helpers strip what a property must hold without, e.g. every source of latency.
struct RunnableScenario {
  private var rng: SplitMix64

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  private mutating func bool(_ probability: Double = 0.5) -> Bool { double(0...1) < probability }
  private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  private mutating func double(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &rng)
  }
  private mutating func choice<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

  /// A distribution of non-negative values around `typical` (positive when `low` > 0).
  private mutating func distribution(typical: Double, low: Double = 0) -> Distribution {
    switch int(0...4) {
    case 0: return .constant(max(low, double(0...2 * typical)))
    case 1:
      let minimum = max(low, double(0...typical))
      return .uniform(min: minimum, max: minimum + double(0...typical))
    case 2: return .lognormal(median: max(low, double(0.2 * typical...typical)), sigma: double(0...1))
    case 3: return .normal(mean: max(low, typical), sd: double(0...typical / 3))
    default: return .empirical((0..<int(1...4)).map { _ in max(low, double(0...2 * typical)) })
    }
  }

  private mutating func gestures(totalItems: Int) -> [Gesture] {
    (0..<int(1...10)).map { _ in
      switch int(0...5) {
      case 0, 1: return .drag(velocityPtS: double(-1500...4000), durationMs: double(30...1500))
      case 2: return .fling(velocityPtS: double(-6000...9000))
      case 3: return .wait(durationMs: double(10...1500))
      case 4: return .jump(.offsetPt(double(0...20_000)))
      default: return totalItems > 0 ? .jump(.item(int(0...totalItems - 1))) : .wait(durationMs: 100)
      }
    }
  }

  /// The next scenario, named `name`.
  mutating func next(name: String) -> Scenario {
    let pagination: Pagination = bool(0.75) ? .cursor : .offset
    let totalItems = bool(0.05) ? int(0...3) : int(10...400)
    let pageSize = int(1...40)
    var feed = FeedSpec(
      totalItems: totalItems, pageSize: pageSize, initialPageSize: bool() ? pageSize : int(1...80),
      pagination: pagination, endSignal: bool(0.7) ? .flag : .emptyPage,
      applyDelayMs: distribution(typical: 20), itemHeightPt: distribution(typical: 150, low: 1),
      pageBytes: bool(0.3) ? nil : distribution(typical: 20_000),
      mediaBytes: bool(0.6) ? (bool(0.1) ? .constant(0) : distribution(typical: 40_000)) : nil,
      footerHeightPt: bool(0.2) ? 0 : double(1...80), placeholderHeightPt: double(20...300),
      serverMaxPageSize: bool(0.2) ? int(1...30) : nil,
      shortPageRate: pagination == .cursor && bool(0.2) ? double(0...0.6) : 0)
    if feed.mediaBytes != nil { feed.mediaFraction = double(0...1) }

    var network = NetworkSpec(
      rttMs: distribution(typical: 120), bandwidthKbps: bool(0.3) ? nil : double(300...50_000),
      maxConcurrentRequests: int(1...8), timeoutMs: double(2_000...20_000),
      failureRate: bool(0.7) ? 0 : double(0...0.3),
      retry: bool() ? .alamofire : .none, coalescing: bool(0.8))
    if bool(0.15) {
      network.outages = [OutageWindow(startMs: double(0...3000), durationMs: double(1...3000))]
    }
    if bool(0.1) { network.rateLimit = RateLimitSpec(requestsPerSecond: double(5...100), burst: int(1...20)) }

    let physics = choice(ScrollPhysics.allCases)
    let source: ScrollSpec.Source =
      bool(0.7)
      ? .script(gestures(totalItems: totalItems))
      : .model(UserModelSpec(name: choice(UserModelName.allCases)))
    let cache: CacheSpec? =
      bool(0.2)
      ? CacheSpec(
        memoryBytes: Int64(int(0...400_000)), diskBytes: Int64(int(0...1_000_000)),
        diskReadMs: distribution(typical: 5))
      : nil
    let render = bool(0.2) ? RenderSpec(timeMs: distribution(typical: 10), workers: int(1...4)) : nil
    let radioModel = choice(RadioSpec.Model.allCases)
    // Drawn for every model (same draws as before), kept only where there is a radio to promote.
    let promotionDelays = bool(0.2) && radioModel != .none
    let radio = RadioSpec(model: radioModel, promotionDelaysRequests: promotionDelays)
    return Scenario(
      name: name, durationUs: Int64(int(500...6_000)) * 1000, seed: UInt64(int(1...1_000_000)),
      patienceUs: Int64(int(2_000...30_000)) * 1000,
      viewport: ViewportSpec(heightPt: double(300...1_200), frameRateHz: choice([24, 30, 60, 90, 120])),
      feed: feed, network: network, scroll: ScrollSpec(physics: physics, source: source),
      sourcePath: name + ".json", cache: cache, render: render, radio: radio)
  }

  /// `scenarios` scenarios of `seed`, named `s0000`…, in order.
  static func many(_ count: Int, seed: UInt64) -> [Scenario] {
    var generator = RunnableScenario(seed: seed)
    return (0..<count).map { generator.next(name: "s" + String(1_0000 + $0).dropFirst()) }
  }

  /// `scenario` with no latency anywhere: zero round trips, unlimited bandwidth, no apply delay,
  /// no failures, outages, rate limit or radio promotion (a disk read or a render still takes
  /// time, but neither holds pages back).
  static func withoutLatency(_ scenario: Scenario) -> Scenario {
    var result = scenario
    result.network = NetworkSpec(
      rttMs: .constant(0), bandwidthKbps: nil, maxConcurrentRequests: scenario.network.maxConcurrentRequests,
      timeoutMs: scenario.network.timeoutMs, coalescing: scenario.network.coalescing)
    result.feed.applyDelayMs = .constant(0)
    result.radio.promotionDelaysRequests = false
    return result
  }

  /// `scenario` with a constant round trip of `rttMs` and nothing else that depends on the clock
  /// rather than on the user: unlimited bandwidth and connections (a page never waits behind
  /// media), no failures, timeouts, outages, rate limit or radio promotion, and a patience no
  /// session reaches (an abandoned session would stop counting stalls).
  static func withConstantLatency(_ scenario: Scenario, rttMs: Double) -> Scenario {
    var result = scenario
    result.network = NetworkSpec(
      rttMs: .constant(rttMs), bandwidthKbps: nil, maxConcurrentRequests: 1_000, timeoutMs: 1_000_000_000,
      coalescing: scenario.network.coalescing)
    result.radio.promotionDelaysRequests = false
    result.patienceUs = 1_000_000_000_000
    return result
  }
}
