/// The empirical distribution of times to content of one strategy's items seen, censored items
/// included: share(t) = (items complete within t ms) / (items seen). Items never complete while
/// seen count in the total only, so the curve ends below 1.
struct ContentCDF: Equatable {
  /// Times to content of the items that completed, ascending (ms).
  let valuesMs: [Double]
  /// Items seen, complete or not (≥ valuesMs.count).
  let total: Int

  init(_ rows: [TimeToContentRow]) {
    valuesMs = rows.filter(\.complete).map(\.ttcMs).sorted()
    total = rows.count
  }

  /// The share of items seen with content within `timeMs` (right-continuous step); O(log n).
  func share(atOrBelow timeMs: Double) -> Double {
    guard total > 0 else { return 0 }
    var low = 0
    var high = valuesMs.count
    while low < high {
      let middle = (low + high) / 2
      if valuesMs[middle] <= timeMs { low = middle + 1 } else { high = middle }
    }
    return Double(low) / Double(total)
  }

  /// Whether the two curves coincide on a plot: each stays within `timeMs` horizontally or
  /// `share` vertically of the other everywhere (a Lévy-type distance with separate tolerances:
  /// F(t − timeMs) − share ≤ G(t) ≤ F(t + timeMs) + share for all t, and the same with F and G
  /// swapped). Both are non-decreasing steps, so the bounds are checked only where one of them
  /// steps. O((m + n) log(m + n)).
  func coincides(with other: ContentCDF, timeMs: Double, share: Double) -> Bool {
    Self.within(self, other, timeMs: timeMs, share: share)
      && Self.within(other, self, timeMs: timeMs, share: share)
  }

  /// G(t) ≤ F(t + dt) + ds and F(t − dt) − ds ≤ G(t) for all t. The first can only fail just
  /// where G steps up (t = a value of G); the second just where F(t − dt) steps up
  /// (t = a value of F + dt).
  private static func within(_ f: ContentCDF, _ g: ContentCDF, timeMs: Double, share: Double) -> Bool {
    for value in g.valuesMs where g.share(atOrBelow: value) > f.share(atOrBelow: value + timeMs) + share {
      return false
    }
    for value in f.valuesMs where f.share(atOrBelow: value) - share > g.share(atOrBelow: value + timeMs) {
      return false
    }
    return true
  }

  /// Strategies grouped by coinciding curves, in order of their first member: each curve joins
  /// the first group whose first curve it coincides with.
  static func groups(_ curves: [ContentCDF], timeMs: Double, share: Double) -> [[Int]] {
    var groups: [[Int]] = []
    for (index, curve) in curves.enumerated() {
      if let group = groups.firstIndex(where: {
        curves[$0[0]].coincides(with: curve, timeMs: timeMs, share: share)
      }) {
        groups[group].append(index)
      } else {
        groups.append([index])
      }
    }
    return groups
  }
}
