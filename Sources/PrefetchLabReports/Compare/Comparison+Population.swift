import PrefetchLab

extension Comparison {
  /// The pooled group of `compare --pair` on a population folder, weighted as the population
  /// leaderboard and `recommend` weigh it: a seed's value is each side's population value for
  /// that seed (`Contender.population`: Σ share × the segment's value), and the paired difference
  /// B − A per seed is what the interval and the test run over, so n is the number of seeds, not
  /// seeds × segments. With the `leaving` test of `abandoned` weighted alike.
  ///
  /// - Returns: nil when either side did not run in every segment (no population value exists).
  static func populationPooled(
    _ template: Group, record: PopulationRecord, a aRows: [RunRow], b bRows: [RunRow], metrics: [String]
  ) -> (group: Group, leaving: PairedTest)? {
    let aSide = Contender.population(record, rows: aRows)
    let bSide = Contender.population(record, rows: bRows)
    guard aSide.count == 1, bSide.count == 1 else { return nil }
    let (a, b) = (aSide[0], bSide[0])
    /// B's values beside A's over the seeds both have, in A's (ascending seed) order.
    func paired(_ a: [(key: UInt64, value: Double)], _ b: [(key: UInt64, value: Double)])
      -> [(base: Double, new: Double)]
    {
      var other: [UInt64: Double] = [:]
      for item in b { other[item.key] = item.value }
      return a.compactMap { item in other[item.key].map { (item.value, $0) } }
    }
    let abandoned = MetricDefinition.abandoned.column
    let leaving = PairedTest(paired(a.raw(abandoned), b.raw(abandoned)).map { $0.new - $0.base })
    let changes = metrics.map { metric in
      Comparison.change(metric, values: paired(a.comparable(metric), b.comparable(metric)))
    }
    let seeds = Set(Self.populationSeeds(record, aRows)).intersection(Self.populationSeeds(record, bRows))
    var group = template
    group.scenario = allScenarios
    group.seeds = seeds.sorted()
    group.pairs = seeds.count
    group.changes = contestChanges(changes, leaving: leaving)
    group.weighting = "population \(record.name): \(record.sharesText)"
    return (group, leaving)
  }

  /// The seeds on which every segment of `record` has a run among `rows`.
  static func populationSeeds(_ record: PopulationRecord, _ rows: [RunRow]) -> [UInt64] {
    var seeds: [String: Set<UInt64>] = [:]
    for row in rows { seeds[row.key.scenario, default: []].insert(row.key.seed) }
    let perSegment = record.segments.map { seeds[$0.scenario] ?? [] }
    return Array(perSegment.dropFirst().reduce(perSegment.first ?? []) { $0.intersection($1) })
  }
}
