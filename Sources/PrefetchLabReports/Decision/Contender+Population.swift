import PrefetchLab

extension Contender {
  /// The strategies of a population run, one contender each: a seed's value is the population's
  /// for that seed, Σ share × the segment's value (comparable values, `Contest`), over the seeds
  /// every segment ran with a value — so contenders pair by seed as within a scenario. Strategies
  /// missing from a segment are left out. In order of first appearance in `rows`.
  public static func population(_ record: PopulationRecord, rows: [RunRow]) -> [Contender] {
    var labels: [String] = []
    var byKey: [String: [UInt64: RunRow]] = [:]
    var names: [String: String] = [:]
    for row in rows {
      let label = row.key.strategyLabel
      if names[label] == nil {
        labels.append(label)
        names[label] = row.key.strategy
      }
      byKey["\(row.key.scenario)\u{0}\(label)", default: [:]][row.key.seed] = row
    }
    let shares = record.shares
    return labels.compactMap { label in
      let perSegment = record.segments.map { byKey["\($0.scenario)\u{0}\(label)"] ?? [:] }
      guard perSegment.allSatisfy({ !$0.isEmpty }) else { return nil }
      let seeds = perSegment.reduce(Set(perSegment[0].keys)) { $0.intersection($1.keys) }.sorted()
      func weighted(_ value: @escaping @Sendable (RunRow, String) -> Double?)
        -> @Sendable (String) -> [(
          key: UInt64, value: Double
        )]
      {
        { metric in
          seeds.compactMap { seed in
            var total = 0.0
            for (segment, share) in zip(perSegment, shares) {
              guard let row = segment[seed], let value = value(row, metric) else { return nil }
              total += share * value
            }
            return (seed, total)
          }
        }
      }
      let strategy = names[label]!
      return Contender(
        label: label, strategy: strategy, isReference: Contest.isReference(strategy),
        comparable: weighted { Contest.comparableValue($0, $1) }, raw: weighted { $0.value($1) })
    }
  }
}
