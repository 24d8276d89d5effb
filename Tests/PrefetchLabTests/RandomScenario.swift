import Foundation

@testable import PrefetchLab

/// Random scenarios that the loader accepts, every field drawn (for the serializer's round trip):
/// full-precision doubles, optional sections present or not, each scroll source and distribution
/// family, names with quotes, backslashes and non-ASCII characters, descriptions with tabs and
/// newlines (names may hold no control characters, descriptions none but those two). Trace paths
/// name no real file: load them back with `checksFiles: false`.
struct RandomScenario {
  var rng: SplitMix64

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  mutating func bool() -> Bool { rng.next() & 1 == 1 }
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
  mutating func maybe<T>(_ make: (inout RandomScenario) -> T) -> T? { bool() ? make(&self) : nil }

  mutating func text(_ length: ClosedRange<Int>, alphabet: String = "abcXYZ09 _-.\"\\/é🙂]]>'") -> String {
    let alphabet = Array(alphabet)
    return "s" + String((0..<int(length)).map { _ in alphabet[int(0...alphabet.count - 1)] })
  }

  /// Free text: what a name may hold, plus tabs and newlines.
  mutating func freeText(_ length: ClosedRange<Int>) -> String {
    text(length, alphabet: "abcXYZ09 _-.\"\\/é🙂\n\t]]>'")
  }

  /// A distribution whose every draw is >= 0 (> 0 when `positive`), as the loader demands.
  mutating func distribution(positive: Bool = false) -> Distribution {
    let low = positive ? 0.5 : 0
    switch int(0...5) {
    case 0: return .constant(double(low...5000))
    case 1:
      let minimum = double(low...1000)
      return .uniform(min: minimum, max: minimum + double(0...1000))
    case 2:
      let mean = double(max(low, 1)...1000)
      return .normal(mean: mean, sd: bool() ? 0 : double(0...(mean / 3)))
    case 3: return .lognormal(median: double(0.5...1e5), sigma: double(0...2))
    case 4: return .pareto(scale: double(0.5...1000), shape: double(0.2...5))
    default: return .empirical((0..<int(1...6)).map { _ in double(low...1e4) })
    }
  }

  mutating func behavior() -> UserBehavior {
    UserBehavior(
      dwellMs: distribution(), rereadDwellMs: distribution(), strokeMs: distribution(),
      dragVelocityPtS: distribution(), flingFraction: double(0...1), flingVelocityPtS: distribution(),
      reversalFraction: double(0...0.5), jumpFraction: double(0...1), jumpToTopFraction: double(0...1),
      jumpMaxItem: int(1...10_000))
  }

  mutating func gesture(totalItems: Int) -> Gesture {
    switch int(0...4) {
    case 0: return .drag(velocityPtS: double(-1e6...1e6), durationMs: double(0.001...1e7))
    case 1: return .fling(velocityPtS: double(-1e6...1e6))
    case 2: return .wait(durationMs: double(0.001...1e7))
    case 3: return .jump(.offsetPt(double(0...1e7)))
    default: return totalItems > 0 ? .jump(.item(int(0...totalItems - 1))) : .fling(velocityPtS: 0)
    }
  }

  mutating func scroll(totalItems: Int) -> ScrollSpec {
    let physics = ScrollPhysics.allCases[int(0...2)]
    switch int(0...3) {
    case 0:
      var gestures = (0..<int(1...12)).map { _ in gesture(totalItems: totalItems) }
      // Half the scripts are a block repeated, which is written as a `repeat`.
      if bool() { gestures = Array([[Gesture]](repeating: gestures, count: int(2...5)).joined()) }
      return ScrollSpec(physics: physics, source: .script(gestures))
    case 1:
      return ScrollSpec(
        physics: physics, source: .recorded(path: "traces/" + text(1...8), format: .offsetCSV))
    case 2:
      return ScrollSpec(
        physics: physics, source: .touch(path: "/abs/" + text(1...8), density: double(0.5...10)))
    default:
      let name = UserModelName.allCases[int(0...5)]
      let model =
        name == .mixed
        ? UserModelSpec(
          name: .mixed, behaviors: UserModelName.behaviours.map { _ in behavior() },
          stayProbability: double(0...1))
        : UserModelSpec(name: name, behaviors: [behavior()])
      return ScrollSpec(physics: physics, source: .model(model))
    }
  }

  mutating func network() -> NetworkSpec {
    var spec = NetworkSpec()
    spec.profile = maybe { $0.choice(NetworkProfile.allCases) }
    switch int(0...2) {
    case 0:
      spec.rttMs = distribution()
      spec.bandwidthKbps = spec.profile == nil && bool() ? nil : double(1...1e6)
    case 1:
      let format = bool() ? BandwidthTraceFormat.mahimahi : .throughput
      spec.trace = BandwidthTraceSpec(path: "../" + text(1...6), format: format, loop: bool())
      spec.rttMs = distribution()
    default:
      // A periods trace brings its own latency: the RTT stays the profile's (or 0), unwritten.
      spec.trace = BandwidthTraceSpec(path: text(1...6) + ".json", format: .periods, loop: bool())
      spec.rttMs = .constant(spec.profile?.rttMs ?? 0)
    }
    spec.maxConcurrentRequests = int(1...64)
    spec.timeoutMs = double(1...1e9)
    spec.failureRate = double(0...1)
    if bool() {
      spec.retry = RetryPolicy(
        maxAttempts: int(1...1_000_000), backoffMs: double(0...1e9), multiplier: double(1...1000),
        jitter: double(0...1))
    }
    var end = 0.0
    for _ in 0..<int(0...3) {
      let window = OutageWindow(startMs: end + double(0...1e5), durationMs: double(0.001...1e5))
      spec.outages.append(window)
      end = window.startMs + window.durationMs
    }
    spec.coalescing = bool()
    spec.rateLimit = maybe {
      RateLimitSpec(requestsPerSecond: $0.double(0.001...1e6), burst: $0.int(1...1000))
    }
    return spec
  }

  mutating func choice<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

  mutating func scenario() -> Scenario {
    let pagination: Pagination = bool() ? .cursor : .offset
    let feed = FeedSpec(
      totalItems: int(0...100_000), pageSize: int(1...10_000), initialPageSize: int(1...10_000),
      pagination: pagination, endSignal: bool() ? .flag : .emptyPage, applyDelayMs: distribution(),
      itemHeightPt: distribution(positive: true), pageBytes: distribution(),
      mediaBytes: maybe { $0.distribution() }, mediaFraction: 1, footerHeightPt: double(0...200),
      placeholderHeightPt: double(1...500), serverMaxPageSize: maybe { $0.int(1...500) },
      shortPageRate: pagination == .cursor && bool() ? double(0...1) : 0)
    var scenarioFeed = feed
    if feed.mediaBytes != nil { scenarioFeed.mediaFraction = double(0...1) }
    var strategies: [StrategySpec] = []
    for index in 0..<int(0...4) {
      var parameters: [String: ParameterValue] = [:]
      for key in ["ratio", "guard_in_flight", "mode"].prefix(int(0...3)) {
        parameters[key] = choice([.number(double(-10...10)), .bool(bool()), .string(text(0...4))])
      }
      strategies.append(StrategySpec(name: "strategy_\(index)", parameters: parameters))
    }
    return Scenario(
      name: text(0...20), description: freeText(0...60),
      durationUs: maybe { Int64($0.int(1...1_000_000_000)) },
      seed: UInt64(int(0...(1 << 53) - 1)), patienceUs: Int64(int(1...1_000_000_000)),
      viewport: ViewportSpec(heightPt: double(1...10_000), frameRateHz: int(1...240)), feed: scenarioFeed,
      network: network(), scroll: scroll(totalItems: feed.totalItems), strategies: strategies,
      sourcePath: "random/\(rng.state).json",
      cache: maybe {
        CacheSpec(
          memoryBytes: Int64($0.int(0...(1 << 40))), diskBytes: Int64($0.int(0...(1 << 40))),
          cacheDurationMs: $0.double(0.001...1e9), diskReadMs: $0.distribution(), ignoreCache: $0.bool())
      },
      render: maybe { RenderSpec(timeMs: $0.distribution(), workers: $0.int(1...1024)) },
      radio: radioSpec())
  }

  /// A radio; the promotion flag is drawn for every model (the same draws as before the loader
  /// refused it without a radio) but kept only where there is a radio to promote.
  mutating func radioSpec() -> RadioSpec {
    let model = choice(RadioSpec.Model.allCases)
    let delays = bool()
    return RadioSpec(model: model, promotionDelaysRequests: delays && model != .none)
  }
}
