import PrefetchLab

/// One leaderboard for a user population: each strategy over every session (run) of every
/// segment, each session weighted by its segment's share split evenly over the segment's
/// sessions, so a segment counts as much as its weight whatever its number of seeds.
///
/// Per strategy: the weighted mean (= Σ share × the segment's mean) and the per-session p50 and
/// p95 (`WeightedPercentile`) of stall and of blank time per minute, and the weighted
/// mean of wasted data per minute: the figures the ranking compares
/// (`Contest.comparableValue`), not session totals that a session cut short would make smaller.
/// Ranked by the recommendation's objective with significance (`Recommendation.select` over a
/// `Contest` of the population's contenders, which pair by seed: stall first, then blank time per
/// minute); strategies the seeds cannot tell apart share a rank (`2=`). The oracle is
/// shown as the bound and never ranked; strategies whose users abandon significantly more are
/// listed after the ranked ones, unranked. Only strategies that ran in every segment appear; the
/// others are named in `incomplete`.
public struct PopulationLeaderboard: Sendable {
  public struct Figures: Sendable, Equatable {
    public var mean: Double
    public var p50: Double
    public var p95: Double
  }

  public struct Entry: Sendable {
    /// `1`, `2=` (a rank shared with strategies the seeds cannot tell apart), `bound` (the oracle)
    /// or `ruled out` (users abandon significantly more).
    public var rank: String = ""
    /// `fixed_threshold` or `fixed_threshold:ratio=0.5`.
    public var strategy: String
    public var sessions: Int
    public var stall: Figures
    /// Blank time per minute (ms per min).
    public var blank: Figures
    /// Weighted mean of wasted_bytes per minute; nil when no session has a value.
    public var wastedBytes: Double?
  }

  public let record: PopulationRecord
  /// Ranked.
  public let entries: [Entry]
  /// Strategies missing from some segment (or without stall or blank values), by label.
  public let incomplete: [String]
  /// Sessions per segment, in segment order (those of the first ranked strategy).
  public let sessionsPerSegment: [Int]

  static let stall = MetricDefinition.stallMs.column
  static let blank = MetricDefinition.blankMs.column
  static let waste = MetricDefinition.wastedBytes.column

  public init(record: PopulationRecord, rows: [RunRow]) {
    self.record = record
    var labels: [String] = []
    var byKey: [String: [RunRow]] = [:]
    for row in rows {
      let label = row.key.strategyLabel
      if byKey["\(row.key.scenario)\u{0}\(label)"] == nil && !labels.contains(label) { labels.append(label) }
      byKey["\(row.key.scenario)\u{0}\(label)", default: []].append(row)
    }
    let shares = record.shares
    var entries: [Entry] = []
    var incomplete: [String] = []
    var sessionCounts: [Int] = []
    for label in labels {
      let perSegment = record.segments.map { byKey["\($0.scenario)\u{0}\(label)"] ?? [] }
      guard perSegment.allSatisfy({ !$0.isEmpty }) else {
        incomplete.append(label)
        continue
      }
      func sessions(_ metric: String) -> [(value: Double, weight: Double)] {
        zip(perSegment, shares).flatMap { rows, share in
          let values = rows.compactMap { Contest.comparableValue($0, metric) }
          return values.map { ($0, share / Double(values.count)) }
        }
      }
      func figures(_ metric: String) -> Figures? {
        let weighted = sessions(metric)
        let total = weighted.reduce(0) { $0 + $1.weight }
        guard total > 0, let p50 = WeightedPercentile.of(weighted, 0.5),
          let p95 = WeightedPercentile.of(weighted, 0.95)
        else { return nil }
        return Figures(mean: weighted.reduce(0) { $0 + $1.value * $1.weight } / total, p50: p50, p95: p95)
      }
      guard let stall = figures(Self.stall), let blank = figures(Self.blank) else {
        incomplete.append(label)
        continue
      }
      let waste = sessions(Self.waste)
      let wasteTotal = waste.reduce(0) { $0 + $1.weight }
      if sessionCounts.isEmpty { sessionCounts = perSegment.map(\.count) }
      entries.append(
        Entry(
          strategy: label, sessions: perSegment.reduce(0) { $0 + $1.count }, stall: stall, blank: blank,
          wastedBytes: wasteTotal > 0 ? waste.reduce(0) { $0 + $1.value * $1.weight } / wasteTotal : nil))
    }
    self.entries = Self.ranked(entries, Contest(Contender.population(record, rows: rows)))
    self.incomplete = incomplete
    sessionsPerSegment = sessionCounts
  }

  /// `entries` in rank order with their rank text: ranked groups, then those ruled out, then the
  /// bound.
  static func ranked(_ entries: [Entry], _ contest: Contest) -> [Entry] {
    let labels = contest.contenders.map(\.label)
    let listed = Set(entries.map(\.strategy))
    var pool = contest.competing.filter { listed.contains(labels[$0]) }
    var order: [(String, String)] = []
    var rank = 1
    while !pool.isEmpty {
      let left = Recommendation.select(contest, pool, .standard).left
      let group = left.isEmpty ? pool : left
      for index in group { order.append((labels[index], group.count > 1 ? "\(rank)=" : "\(rank)")) }
      rank += group.count
      pool.removeAll { group.contains($0) }
    }
    for (index, _) in contest.ruledOut where listed.contains(labels[index]) {
      order.append((labels[index], "ruled out"))
    }
    for (index, contender) in contest.contenders.enumerated()
    where contender.isReference && listed.contains(labels[index]) {
      order.append((labels[index], "bound"))
    }
    let byLabel = Dictionary(entries.map { ($0.strategy, $0) }) { a, _ in a }
    return order.compactMap { label, rank in
      guard var entry = byLabel[label] else { return nil }
      entry.rank = rank
      return entry
    }
  }

  /// The leaderboard as rows of text: rank, strategy, stall mean/p50/p95, blank mean/p50/p95,
  /// wasted kB; numbers with the metrics' shown decimals.
  public var table: [[String]] {
    let decimals = MetricDefinition.stallMs.shownDecimals
    func number(_ value: Double) -> String { DecimalFormat.fixed(value, places: decimals) }
    var rows = [Self.header]
    for entry in entries {
      rows.append(
        [entry.rank, entry.strategy]
          + [
            entry.stall.mean, entry.stall.p50, entry.stall.p95, entry.blank.mean, entry.blank.p50,
            entry.blank.p95,
          ]
          .map(number)
          + [entry.wastedBytes.map { DecimalFormat.fixed($0 / 1000, places: 1) } ?? "–"])
    }
    return rows
  }

  public static let header = [
    "rank", "strategy", "stall_ms mean", "stall_ms p50", "stall_ms p95", "blank_ms per min mean",
    "blank_ms per min p50", "blank_ms per min p95", "wasted_kB per min mean",
  ]

  /// `readers on LTE 60 %, skimmers on Wi-Fi 30 %, flingers on 3G 10 %`.
  public var segmentsText: String { record.sharesText }

  /// The definition, for the report and the terminal.
  public static let definition =
    "Each session (a scenario's run with one seed) weighs its segment's share divided by the segment's "
    + "sessions; means are weighted means; p50 and p95 are weighted percentiles: the smallest session value "
    + "whose cumulative weight reaches 50 % (95 %) of the total (Hyndman & Fan's definition 1 with weights; "
    + "the nearest-rank percentile when weights are equal). Ranked as recommendations are made: stall time first, "
    + "then blank time per minute, each step by significance over seeds (a seed's population value is "
    + "the share-weighted sum of its segments' values); '2=' shares a rank the seeds cannot split. The oracle is "
    + "the bound, never ranked; 'ruled out': users abandon significantly more than another strategy's."
}
