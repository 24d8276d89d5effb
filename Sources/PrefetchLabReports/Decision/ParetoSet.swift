import PrefetchLab

/// The Pareto-optimal contenders of a `Contest` on two metrics, and how stable that set is over
/// seeds.
///
/// Optimality is on the comparable means (`Contest.comparableValue`), each metric oriented by
/// its polarity, among the competing contenders only: references and contenders ruled out for
/// abandonment are never on the frontier.
///
/// Stability: `resamples` bootstrap resamples of the seeds (drawn with replacement from the seeds
/// every competing contender has both values for, by a fixed generator so outputs repeat); in
/// each, the frontier of the resampled means. A member's stability is the share of resamples in
/// which it is on that frontier (Efron & Tibshirani, *An Introduction to the Bootstrap*, 1993,
/// ch. 6: resampling the units of replication, here the seeds). With fewer than two such seeds
/// there is none. Complexity: O(resamples · (n · c + c²)) for c contenders and n seeds.
public struct ParetoSet: Sendable {
  /// Indices into the contest's contenders, in input order.
  public let members: [Int]
  /// Per member (same order), its share of resamples on the frontier, 0…1; empty when there is
  /// no resampling.
  public let stability: [Double]

  /// Resamples drawn: enough that a share's standard error is at most 2.5 points.
  public static let resamples = 400

  public init(_ contest: Contest, x: String, y: String, among pool: [Int]? = nil) {
    let pool = (pool ?? contest.competing).filter { contest.competing.contains($0) }
    func cost(_ metric: String, _ value: Double) -> Double {
      MetricPolarity.of(metric) == .higherIsBetter ? -value : value
    }
    let present = pool.compactMap { index -> (Int, (x: Double, y: Double))? in
      guard let mx = contest.estimate(index, x).mean, let my = contest.estimate(index, y).mean else {
        return nil
      }
      return (index, (cost(x, mx), cost(y, my)))
    }
    members = ParetoFrontier.optimalIndices(present.map(\.1)).map { present[$0].0 }
    // Per contender, its (x, y) costs by seed; only seeds all of them share are resampled.
    var bySeed: [[UInt64: (x: Double, y: Double)]] = []
    for (index, _) in present {
      let xs = Dictionary(contest.contenders[index].comparable(x).map { ($0.key, $0.value) }) { a, _ in a }
      var pairs: [UInt64: (x: Double, y: Double)] = [:]
      for (key, value) in contest.contenders[index].comparable(y) {
        if let xv = xs[key] { pairs[key] = (cost(x, xv), cost(y, value)) }
      }
      bySeed.append(pairs)
    }
    let shared = (bySeed.first.map { Set($0.keys) } ?? []).filter { key in
      bySeed.allSatisfy { $0[key] != nil }
    }
    .sorted()
    guard shared.count >= 2, !members.isEmpty else {
      stability = []
      return
    }
    var generator = SplitMix64(seed: 0x9A4E_70C5)
    var hits = Array(repeating: 0, count: present.count)
    for _ in 0..<Self.resamples {
      var sums = Array(repeating: (x: 0.0, y: 0.0), count: present.count)
      for _ in shared.indices {
        let key = shared[Int(generator.next() % UInt64(shared.count))]
        for position in present.indices {
          let value = bySeed[position][key]!
          sums[position].x += value.x
          sums[position].y += value.y
        }
      }
      for position in ParetoFrontier.optimalIndices(sums) { hits[position] += 1 }
    }
    stability = members.map { member in
      Double(hits[present.firstIndex { $0.0 == member }!]) / Double(Self.resamples)
    }
  }

  /// `a (97 %), b (41 %)`, or the labels alone without resampling; `–` when empty.
  public func text(_ labels: [String]) -> String {
    guard !members.isEmpty else { return "–" }
    return members.enumerated().map { position, member in
      stability.isEmpty
        ? labels[member]
        : labels[member] + " (" + DecimalFormat.fixed(stability[position] * 100, places: 0) + " %)"
    }.joined(separator: ", ")
  }
}
