import PrefetchLab
import PrefetchLabReports

extension BenchmarkReport {
  /// The event engine's speed-up on one case × strategy, paired per repetition: event session
  /// frames per CPU-second ÷ stepped session frames per CPU-second, both of repetition r.
  ///
  /// The suite runs repetition r of both engines back to back (`BenchmarkSuite.schedule`), and
  /// this machine's speed drifts between states lasting seconds: a ratio of two samples run back
  /// to back sees one state, where the ratio of the two rows' medians compares samples run at
  /// other times, and moves with the drift.
  struct PairedRatio: Equatable {
    var caseLabel: String
    var strategy: String
    /// Per repetition r, in the order measured: event rate r ÷ stepped rate r (dimensionless,
    /// > 1 when the event engine is faster).
    var sessionFramesPerSecondRatios: [Double]

    var spread: Spread { Spread(sessionFramesPerSecondRatios) }
  }

  /// One per case × strategy with a stepped row and an event row of as many samples, in the order
  /// of the stepped rows. None when only one engine was measured. (Rows read from a file that a
  /// bench before the interleaving wrote pair samples that did not run back to back; reports
  /// never read it back from files.)
  var pairedRatios: [PairedRatio] {
    let stepped = SimulationEngine.stepped.rawValue
    let event = SimulationEngine.event.rawValue
    struct Key: Hashable {
      var caseLabel: String
      var strategy: String
    }
    let eventRows = Dictionary(
      rows.filter { $0.engine == event }.map { (Key(caseLabel: $0.caseLabel, strategy: $0.strategy), $0) },
      uniquingKeysWith: { first, _ in first })
    return rows.filter { $0.engine == stepped }.compactMap { row in
      guard let other = eventRows[Key(caseLabel: row.caseLabel, strategy: row.strategy)],
        other.cpuSeconds.count == row.cpuSeconds.count
      else { return nil }
      return PairedRatio(
        caseLabel: row.caseLabel, strategy: row.strategy,
        sessionFramesPerSecondRatios: zip(other.sessionFramesPerSecond, row.sessionFramesPerSecond).map {
          $0 / max($1, 1e-9)
        })
    }
  }

  /// The section after the table: one line per `pairedRatios` entry, "" when there is none.
  var pairedRatiosText: String {
    let pairs = pairedRatios
    guard !pairs.isEmpty else { return "" }
    var table = [
      ["case", "strategy", "event ÷ stepped session frames/s, paired per repetition (min / median / max)"]
    ]
    for pair in pairs {
      let spread = pair.spread
      let figures = [spread.min, spread.median, spread.max].map { DecimalFormat.fixed($0, places: 2) }
      table.append([pair.caseLabel, pair.strategy, figures.joined(separator: " / ") + " ×"])
    }
    return "\n" + TextTable.render(table, rightAligned: [2])
  }

  /// JSON `event_over_stepped`: `pairedRatios`, each as `{"case", "strategy",
  /// "session_frames_per_s_ratios": [one per repetition], "session_frames_per_s_ratio": {"min",
  /// "median", "max"}}`, ratios to 6 decimals. Derived from the rows' `cpu_s`, so a reader
  /// recomputes it and files without it (written before it existed) load the same.
  var pairedRatiosJSON: JSONValue {
    func ratio(_ value: Double) -> JSONValue { JSONValue((value * 1e6).rounded() / 1e6) }
    return .array(
      pairedRatios.map { pair in
        let spread = pair.spread
        return [
          "case": .string(pair.caseLabel), "strategy": .string(pair.strategy),
          "session_frames_per_s_ratios": .array(pair.sessionFramesPerSecondRatios.map(ratio)),
          "session_frames_per_s_ratio": [
            "min": ratio(spread.min), "median": ratio(spread.median), "max": ratio(spread.max),
          ],
        ]
      })
  }
}
