import Foundation

/// When the server's list changes: the instants of the inserts and the deletions of
/// `feed.changes` for one seed, on the engine's clock (µs from the first page request).
///
/// Each kind is a stream of arrivals at its rate: with `.regular` arrival k (1-based) comes at
/// round(k × 6 × 10⁷ / rate) µs; with `.poisson` the gap before arrival k is an exponential draw
/// of mean 6 × 10⁷ / rate µs, keyed by (seed, `feedChanges`, k) — the inserts on attempt 0, the
/// deletions on attempt 1 — so both streams are pure functions of the seed, whatever a strategy
/// does. A gap is at least 1 µs.
///
/// `count(atUs:)` walks forward from the last instant asked for: O(arrivals since), and O(all
/// arrivals up to the instant) when asked for an earlier one.
public struct FeedChangeSchedule: Sendable {
  public enum Kind: UInt64, Sendable {
    case insert = 0
    case delete = 1
  }

  private let kind: Kind
  private let arrivals: ChangeArrivals
  private let random: CounterRandom
  /// Mean gap between arrivals, µs; nil for a rate of 0 (no arrival, ever).
  private let meanGapUs: Double?
  /// Arrivals counted so far, the instant of the next one and the last instant asked for.
  private var counted: Int64 = 0
  private var nextUs: Int64 = .max
  private var lastAskedUs: Int64 = 0

  /// The arrivals of `kind` under `spec` for `seed`.
  public init(_ kind: Kind, spec: FeedChangeSpec, seed: UInt64) {
    self.kind = kind
    arrivals = spec.arrivals
    random = CounterRandom(seed: seed)
    let rate = kind == .insert ? spec.insertsPerMin : spec.deletesPerMin
    meanGapUs = rate > 0 ? 60_000_000 / rate : nil
    nextUs = arrivalUs(1, after: 0)
  }

  /// Arrivals at or before `timeUs`.
  public mutating func count(atUs timeUs: Int64) -> Int64 {
    if timeUs < lastAskedUs { self = FeedChangeSchedule(restarting: self) }
    lastAskedUs = timeUs
    // `.max` is "never": no arrival, or one past what the clock can hold.
    while nextUs <= timeUs && nextUs != .max {
      counted += 1
      nextUs = arrivalUs(counted + 1, after: nextUs)
    }
    return counted
  }

  private init(restarting schedule: FeedChangeSchedule) {
    self = schedule
    counted = 0
    lastAskedUs = 0
    nextUs = arrivalUs(1, after: 0)
  }

  /// The instant of arrival `index` (1-based), the previous one having come at `previousUs`.
  private func arrivalUs(_ index: Int64, after previousUs: Int64) -> Int64 {
    guard let meanGapUs else { return .max }
    switch arrivals {
    case .regular:
      let atUs = (Double(index) * meanGapUs).rounded()
      return atUs >= Double(Int64.max) ? .max : Int64(atUs)
    case .poisson:
      let u = random.uniform(.feedChanges, key: UInt64(index), attempt: kind.rawValue)
      let gapUs = max(1, Int64(min(9e18, (-log(1 - u) * meanGapUs).rounded())))
      return previousUs > Int64.max - gapUs ? .max : previousUs + gapUs
    }
  }
}
