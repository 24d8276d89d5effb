import PrefetchLab

/// How much of what is possible each strategy achieves in one scenario: of the gap between
/// `infinite_scroll` (no look-ahead: every page asked for when its footer shows) and `oracle`
/// (the clairvoyant bound), the share a strategy closes, on mean stall time and on mean blank
/// time over the seeds (docs/reports.md, "Headroom"), each read as comparisons read it
/// (`Contest.comparableValue`: blank time per minute).
///
/// For a metric with means I (infinite_scroll), O (oracle) and X (the strategy), the gap is
/// I − O and the share closed is (I − X) / (I − O): 100 % matches the oracle, 0 % is no better
/// than infinite scroll, below 0 is worse, and above 100 % is better than the oracle (possible for
/// blank time, which the oracle does not bound, for stall where the oracle flags its bound, and
/// for a strategy that sizes its first request itself, as Paging 3 does). Without a gap (I − O ≤ 0) there is no share: the report says so instead.
struct Headroom {
  /// The strategies the gap runs between, by name (their runs with default parameters).
  static let floorStrategy = InfiniteScroll.definition.name
  static let ceilingStrategy = Oracle.definition.name
  /// The metrics shown.
  static let metrics = [MetricDefinition.stallMs.column, MetricDefinition.blankMs.column]

  /// One metric's figure in one scenario.
  struct Line: Equatable {
    var metric: String
    var floorMean: Double
    var ceilingMean: Double
    /// Strategy label and share closed (1 = 100 %), for every strategy but the two ends; empty
    /// when there is no gap.
    var shares: [(label: String, share: Double)]

    static func == (a: Line, b: Line) -> Bool {
      a.metric == b.metric && a.floorMean == b.floorMean && a.ceilingMean == b.ceilingMean
        && a.shares.map(\.label) == b.shares.map(\.label) && a.shares.map(\.share) == b.shares.map(\.share)
    }

    var gap: Double { floorMean - ceilingMean }
  }

  /// The lines of `scenario`, one per metric; nil when the scenario lacks either end (run with
  /// default parameters) or its means.
  static func lines(_ scenario: ScenarioResults) -> [Line]? {
    guard let floor = scenario.strategies.firstIndex(where: { $0.label == floorStrategy }),
      let ceiling = scenario.strategies.firstIndex(where: { $0.label == ceilingStrategy })
    else { return nil }
    // Comparable values: blank time per minute, so sessions that end early close
    // no gap by ending (`Contest`).
    let contest = Contest(scenario.strategies)
    var lines: [Line] = []
    for metric in metrics {
      guard let floorMean = contest.estimate(floor, metric).mean,
        let ceilingMean = contest.estimate(ceiling, metric).mean
      else {
        return nil
      }
      var line = Line(metric: metric, floorMean: floorMean, ceilingMean: ceilingMean, shares: [])
      if line.gap > 0 {
        for (index, strategy) in scenario.strategies.enumerated()
        where strategy.label != floorStrategy && strategy.label != ceilingStrategy {
          guard let mean = contest.estimate(index, metric).mean else { continue }
          line.shares.append((strategy.label, (floorMean - mean) / line.gap))
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// Seeds of the scenario whose oracle run flags its bound (`bound_caveats` ≠ 0), with the
  /// conditions that failed.
  static func flaggedSeeds(_ scenario: ScenarioResults) -> [(seed: UInt64, caveats: BoundCaveats)] {
    guard let ceiling = scenario.strategies.first(where: { $0.label == ceilingStrategy }) else { return [] }
    return ceiling.rows.compactMap { row in
      guard let bits = row.value(MetricDefinition.boundCaveats.column), bits > 0 else { return nil }
      return (row.key.seed, BoundCaveats(rawValue: UInt32(bits)))
    }
  }

  /// A strategy that is a reference, not a contender (a clairvoyant bound): left out of best
  /// marks and Pareto frontiers.
  static func isReference(_ strategy: String) -> Bool { Contest.isReference(strategy) }
}
