/// Deterministic random numbers for the simulator: a counter-based generator for draws that must
/// not depend on the order in which a strategy asks for things (request latency, failures, item
/// heights, media sizes) and a sequential generator for streams that are consumed in a fixed
/// order (synthetic scroll users).
///
/// Both are built on the SplitMix64 finaliser (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014), a 64-bit bijective mixer whose output passes
/// BigCrush when fed a counter. Counter-based keying follows the idea of Salmon et al.,
/// "Parallel random numbers: as easy as 1, 2, 3" (SC 2011): the draw is a pure function of its key.

/// Named subsystems of the seed, so that changing how one subsystem draws numbers never shifts
/// another's ("common random numbers" across strategies: docs/model.md, "Determinism and common
/// random numbers").
public enum RandomStream: UInt64, Sendable, CaseIterable {
  case itemHeight = 1
  case mediaBytes = 2
  case mediaPresence = 3
  case pageBytes = 4
  case applyDelay = 5
  case latency = 6
  case failure = 7
  case scroll = 8
  case retryJitter = 9
  case renderTime = 10
  case serverPageSize = 11
  case diskRead = 12
  /// `feed.changes`: the gaps between server-side inserts and deletions.
  case feedChanges = 16
  /// Synthetic users: whether a jump to the top ends in a pull to refresh.
  case pullToRefresh = 17
  /// `feed.carousel`: which rows are carousels, their heights, their sub-items' images.
  case carouselRow = 18
  case carouselRowHeight = 19
  case carouselMedia = 20
  case carouselMediaPresence = 21
  /// Synthetic users: whether a stop begins with a carousel swipe, its distance and its duration.
  case carouselSwipe = 22
}

/// A pure function from (seed, stream, key, attempt) to 64 random bits.
///
/// Complexity O(1); no state, so any number of threads may draw concurrently.
public struct CounterRandom: Sendable, Equatable {
  public let seed: UInt64

  public init(seed: UInt64) { self.seed = seed }

  /// 64 random bits for the given key. `key` is typically a resource id (item index, page
  /// start index); `attempt` distinguishes retries of the same request (0-based).
  @inlinable
  public func bits(_ stream: RandomStream, key: UInt64, attempt: UInt64 = 0) -> UInt64 {
    var h = SplitMix64.mix(seed &+ 0x9E37_79B9_7F4A_7C15)
    h = SplitMix64.mix(h ^ (stream.rawValue &* 0xD1B5_4A32_D192_ED03))
    h = SplitMix64.mix(h ^ key)
    return SplitMix64.mix(h ^ (attempt &* 0xA24B_AED4_963E_E407))
  }

  /// A uniform draw in the open interval (0, 1): never exactly 0 or 1, so inverse-CDF sampling
  /// of unbounded distributions never returns an infinity.
  @inlinable
  public func uniform(_ stream: RandomStream, key: UInt64, attempt: UInt64 = 0) -> Double {
    SplitMix64.unitOpen(bits(stream, key: key, attempt: attempt))
  }
}

/// SplitMix64: a sequential generator, used for streams consumed in a fixed order.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// A generator for one subsystem of a seed, independent of every other subsystem's.
  public init(seed: UInt64, stream: RandomStream) {
    state = CounterRandom(seed: seed).bits(stream, key: 0x5EED)
  }

  @inlinable
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return SplitMix64.mix(state)
  }

  /// Uniform in (0, 1).
  @inlinable
  public mutating func nextUnit() -> Double { SplitMix64.unitOpen(next()) }

  /// The SplitMix64 output function (a bijection on 64-bit integers).
  @inlinable
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Maps 64 bits to (0, 1) using the top 52 bits, offset by half an ulp so 0 is impossible.
  @inlinable
  public static func unitOpen(_ bits: UInt64) -> Double {
    (Double(bits >> 12) + 0.5) * 0x1p-52
  }
}
