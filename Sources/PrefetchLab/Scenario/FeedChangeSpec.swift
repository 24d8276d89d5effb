/// `feed.changes`: the server's list changing while the user scrolls. New items arrive at the top
/// and items already served are deleted, each as a stream of arrivals on the simulation clock
/// (from t = 0, when the app asks for the first page), seeded by the run's seed so that every
/// strategy meets the same changes. What they do to what the client shows depends on the feed's
/// pagination: see `FeedChangeTracker` and "Feeds that change" in docs/model.md.
public struct FeedChangeSpec: Sendable, Equatable {
  /// [feed.changes.inserts_per_min] 0…`maxRatePerMin` items published at the top per minute.
  /// Default 0.
  public var insertsPerMin: Double
  /// [feed.changes.deletes_per_min] 0…`maxRatePerMin` items already served removed per minute.
  /// Default 0.
  public var deletesPerMin: Double
  /// [feed.changes.arrivals] How the changes are spread in time. Default `.poisson`.
  public var arrivals: ChangeArrivals

  /// 6000 changes a minute (100 a second) at most, for each kind: far above any feed's
  /// publishing rate, and it keeps a day-long session's change count (8.64 × 10⁶) small beside
  /// the engine's integer counters.
  public static let maxRatePerMin = 6000.0

  public init(insertsPerMin: Double = 0, deletesPerMin: Double = 0, arrivals: ChangeArrivals = .poisson) {
    self.insertsPerMin = insertsPerMin
    self.deletesPerMin = deletesPerMin
    self.arrivals = arrivals
  }
}

/// How the arrivals of `feed.changes` are spread in time.
public enum ChangeArrivals: String, Sendable, Equatable, CaseIterable {
  /// A Poisson process at the rate: exponential gaps drawn per arrival (keyed by its index).
  case poisson
  /// One arrival every 60 000 / rate ms, the first one such a gap after t = 0: the form a hand
  /// computation can follow.
  case regular
}
