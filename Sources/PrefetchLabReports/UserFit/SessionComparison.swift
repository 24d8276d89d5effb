import Foundation
import PrefetchLab

/// `fit-users`' report: recorded sessions beside sessions of the fitted users, quantity by
/// quantity, with the two-sample Kolmogorov–Smirnov distance between them.
///
/// Quantities: `velocity_pt_s` (the content's speed over every sample interval in which it
/// moved; with evenly spaced samples, time-weighted), `drag_velocity_pt_s` and
/// `fling_velocity_pt_s` (per touch, as `SessionSegmenter` finds them), `dwell_ms` (per gesture),
/// `distance_pt_per_min` (per session: the distance the content moved ÷ the session's length)
/// and `reversal_rate` (per session: touches against the previous touch's direction ÷ touches
/// with a previous one).
public struct SessionComparison: Sendable {
  public struct Row: Sendable {
    public var quantity: String
    public var recorded: [Double]
    public var synthetic: [Double]
    /// Two-sample KS distance; nil when a side has no values.
    public var ksDistance: Double?
    /// The 5 % critical distance for these sample sizes; nil when a side has no values.
    public var ksCritical: Double?
  }

  public var rows: [Row]

  public init(recorded: [RecordedSession], synthetic: [RecordedSession]) {
    let a = Self.values(recorded)
    let b = Self.values(synthetic)
    rows = a.indices.map { index in
      let (name, left) = a[index]
      let right = b[index].1
      let both = !left.isEmpty && !right.isEmpty
      return Row(
        quantity: name, recorded: left, synthetic: right,
        ksDistance: TwoSampleKolmogorovSmirnov.distance(left, right),
        ksCritical: both ? TwoSampleKolmogorovSmirnov.criticalDistance(left.count, right.count) : nil)
    }
  }

  static func values(_ sessions: [RecordedSession]) -> [(String, [Double])] {
    var speeds: [Double] = []
    var drags: [Double] = []
    var flings: [Double] = []
    var dwells: [Double] = []
    var distances: [Double] = []
    var reversals: [Double] = []
    for session in sessions {
      var distance = 0.0
      for (before, after) in zip(session.samples, session.samples.dropFirst()) {
        let moved = abs(after.offsetPt - before.offsetPt)
        distance += moved
        let dt = after.timeMs - before.timeMs
        if moved > 1e-3 && dt > 0 { speeds.append(moved / dt * 1000) }
      }
      if session.durationMs > 0 { distances.append(distance / session.durationMs * 60_000) }
      let gestures = SessionSegmenter.gestures(session)
      drags += gestures.compactMap(\.dragSpeedPtS)
      flings += gestures.compactMap(\.flingSpeedPtS)
      dwells += gestures.compactMap(\.dwellMs)
      let counted = FittedUser.reversals(gestures)
      if counted.pairs > 0 { reversals.append(Double(counted.reversals) / Double(counted.pairs)) }
    }
    return [
      ("velocity_pt_s", speeds), ("drag_velocity_pt_s", drags), ("fling_velocity_pt_s", flings),
      ("dwell_ms", dwells), ("distance_pt_per_min", distances), ("reversal_rate", reversals),
    ]
  }

  /// The rows as a text table: sample sizes, p50 and p90 of each side, D and its 5 % critical
  /// value.
  public var text: String {
    func quantile(_ values: [Double], _ p: Double) -> String {
      guard let value = WeightedPercentile.of(values.map { ($0, 1) }, p) else { return "-" }
      return DecimalFormat.readable((value * 1000).rounded() / 1000)
    }
    let header = ["quantity", "n rec", "n syn", "p50 rec", "p50 syn", "p90 rec", "p90 syn", "KS D", "D 5%"]
    let body = rows.map { row in
      [
        row.quantity, String(row.recorded.count), String(row.synthetic.count), quantile(row.recorded, 0.5),
        quantile(row.synthetic, 0.5), quantile(row.recorded, 0.9), quantile(row.synthetic, 0.9),
        row.ksDistance.map { DecimalFormat.readable(($0 * 1000).rounded() / 1000) } ?? "-",
        row.ksCritical.map { DecimalFormat.readable(($0 * 1000).rounded() / 1000) } ?? "-",
      ]
    }
    return TextTable.render([header] + body, rightAligned: Set(1..<header.count))
  }
}
