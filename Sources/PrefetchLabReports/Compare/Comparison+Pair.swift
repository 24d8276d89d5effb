import PrefetchLab

extension Comparison {
  /// Two strategies of one results folder compared run by run (`compare RESULTS --pair A B`):
  /// A's and B's runs pair by scenario and seed, so each difference B − A is the two strategies
  /// meeting the same user on the same network. A group per scenario, and first a group pooling
  /// every scenario's pairs when there are several.
  ///
  /// - Parameters:
  ///   - a, b: `NAME` or `NAME:key=value,…`; a strategy the registry knows matches its rows by the
  ///     registry's canonical `params` (defaults left out, declaration order); another (a folder made
  ///     by an app's own build) matches rows whose parameters are the given ones.
  ///   - metricFilter: compare only these metrics, or every metric of the folder.
  /// - Throws: `ComparisonError.samePair` when A and B select the same runs, `.pairAbsent` when
  ///   either selects none, `.unknownMetric`.
  public init(
    folder: ResultsFolder, pair a: StrategySpec, _ b: StrategySpec, registry: StrategyRegistry,
    metrics metricFilter: [String]? = nil
  ) throws(ComparisonError) {
    let metrics = try Self.select(metricFilter, from: folder.metricColumns)
    let first = StrategySelector(a, registry: registry)
    let second = StrategySelector(b, registry: registry)
    guard first.label != second.label else { throw .samePair(first.label) }
    let aRows = folder.rows.filter { first.matches($0.key) }
    let bRows = folder.rows.filter { second.matches($0.key) }
    struct Slot: Hashable {
      var scenario: String
      var seed: UInt64
    }
    if aRows.isEmpty || bRows.isEmpty {
      throw .pairAbsent(Self.whyNothingPairs(first, aRows, second, bRows, folder: folder))
    }
    var bBySlot: [Slot: RunRow] = [:]
    for row in bRows { bBySlot[Slot(scenario: row.key.scenario, seed: row.key.seed)] = row }
    var pairs: [(base: RunRow, new: RunRow)] = []
    var used = Set<Slot>()
    var onlyA: [RunKey] = []
    for row in aRows {
      let slot = Slot(scenario: row.key.scenario, seed: row.key.seed)
      if let partner = bBySlot[slot] {
        pairs.append((row, partner))
        used.insert(slot)
      } else {
        onlyA.append(row.key)
      }
    }
    var groups = Self.groups(pairs, metrics: metrics, contest: true)
    var notes: [String] = []
    // A population's segments count by their weights, as on its leaderboard: pooling every pair
    // alike would weigh each segment by its number of seeds instead.
    var pooledLeaving = Self.abandonmentTest(pairs)
    if groups.count > 1, let template = groups.first {
      let population = folder.manifest?.population
      if let population,
        let weighted = Self.populationPooled(
          template, record: population, a: aRows, b: bRows, metrics: metrics)
      {
        groups.insert(weighted.group, at: 0)
        pooledLeaving = weighted.leaving
      } else {
        var pooled = template
        pooled.scenario = Self.allScenarios
        pooled.seeds = pairs.map(\.base.key.seed).sorted()
        pooled.pairs = pairs.count
        pooled.changes = Self.contestChanges(metrics, pairs: pairs)
        groups.insert(pooled, at: 0)
        if let population {
          notes.append(
            "\(Self.allScenarios) pools every pair alike, not by the weights of population \(population.name): "
              + "'\(first.label)' or '\(second.label)' did not run in every segment")
        }
      }
    }
    // Say where one side's users leave more: its gains there were voided.
    var byScenario: [String: [(base: RunRow, new: RunRow)]] = [:]
    var scenarioOrder: [String] = []
    for pair in pairs {
      if byScenario[pair.base.key.scenario] == nil { scenarioOrder.append(pair.base.key.scenario) }
      byScenario[pair.base.key.scenario, default: []].append(pair)
    }
    for scenario in (groups.count > 1 ? [Self.allScenarios] : []) + scenarioOrder {
      let test =
        scenario == Self.allScenarios ? pooledLeaving : Self.abandonmentTest(byScenario[scenario] ?? [])
      guard test.isSignificant, let mean = test.difference.mean, mean != 0 else { continue }
      let (more, less) = mean > 0 ? (second.label, first.label) : (first.label, second.label)
      notes.append(
        "\(scenario): users of \(more) abandon significantly more than those of \(less) "
          + "(abandoned \(mean > 0 ? "+" : "")\(DecimalFormat.fixed(mean, places: 2)) per session): none of \(more)'s "
          + "gains counts there (docs/metrics.md, Comparisons and abandonment)")
    }
    var why: String? = nil
    if pairs.isEmpty {
      why = Self.whyNothingPairs(first, aRows, second, bRows, folder: folder)
    }
    self.init(
      basePath: folder.path, newPath: folder.path, metrics: metrics, groups: groups, onlyInBase: onlyA,
      onlyInNew: bRows.map(\.key).filter { !used.contains(Slot(scenario: $0.scenario, seed: $0.seed)) },
      notes: notes, pair: (first.label, second.label), whyNothingPaired: why)
  }

  /// Why two strategies of one folder have no pair.
  static func whyNothingPairs(
    _ a: StrategySelector, _ aRows: [RunRow], _ b: StrategySelector, _ bRows: [RunRow], folder: ResultsFolder
  ) -> String {
    let missing = [(a, aRows), (b, bRows)].filter { $0.1.isEmpty }.map { "'\($0.0.label)'" }
    if !missing.isEmpty {
      var labels: [String] = []
      for row in folder.rows where !labels.contains(row.key.strategyLabel) {
        labels.append(row.key.strategyLabel)
      }
      return "no runs of \(missing.joined(separator: " or ")) in \(folder.path) (its strategies: "
        + (labels.isEmpty ? "none" : labels.joined(separator: ", ")) + ")"
    }
    return "'\(a.label)' and '\(b.label)' never ran on the same scenario and seed: '\(a.label)' ran on "
      + runsText(aRows) + "; '\(b.label)' on " + runsText(bRows)
  }

  /// Why no row of `base` has a partner in `new`: what the two sides do not share.
  static func whyNothingPairs(base: [RunRow], new: [RunRow]) -> String {
    if base.isEmpty || new.isEmpty {
      return base.isEmpty ? "the base folder has no runs" : "the new folder has no runs"
    }
    func names(_ rows: [RunRow], _ part: (RunKey) -> String) -> [String] {
      var seen: [String] = []
      for row in rows where !seen.contains(part(row.key)) { seen.append(part(row.key)) }
      return seen
    }
    let baseScenarios = names(base) { $0.scenario }
    let newScenarios = names(new) { $0.scenario }
    let shared = Set(baseScenarios).intersection(newScenarios)
    if shared.isEmpty {
      return "no scenario in common: base has " + baseScenarios.joined(separator: ", ") + "; new has "
        + newScenarios.joined(separator: ", ")
    }
    let baseStrategies = names(base.filter { shared.contains($0.key.scenario) }) { $0.strategy }
    let newStrategies = names(new.filter { shared.contains($0.key.scenario) }) { $0.strategy }
    if Set(baseStrategies).isDisjoint(with: newStrategies) {
      return "no strategy in common on the shared scenarios: base ran "
        + baseStrategies.joined(separator: ", ")
        + "; new ran " + newStrategies.joined(separator: ", ")
    }
    let baseSeeds = Set(base.map(\.key.seed)).sorted()
    let newSeeds = Set(new.map(\.key.seed)).sorted()
    return "no scenario, strategy and seed in common: base has seeds " + SeedText.ranges(baseSeeds)
      + ", new has seeds " + SeedText.ranges(newSeeds)
      + " (runs whose parameters differ pair only when the match is unambiguous)"
  }

  /// `reader-lte (seeds 1-3), slow-3g (seed 2)`.
  static func runsText(_ rows: [RunRow]) -> String {
    var order: [String] = []
    var seeds: [String: [UInt64]] = [:]
    for row in rows {
      if seeds[row.key.scenario] == nil { order.append(row.key.scenario) }
      seeds[row.key.scenario, default: []].append(row.key.seed)
    }
    return order.map { name in
      let list = Set(seeds[name] ?? []).sorted()
      return "\(name) (seed\(list.count == 1 ? "" : "s") \(SeedText.ranges(list)))"
    }.joined(separator: ", ")
  }
}

/// One side of `compare --pair`: which rows of a folder a `NAME[:key=value,…]` names.
struct StrategySelector {
  let name: String
  let parameters: [String: ParameterValue]
  /// The `params` cell the registry writes for these parameters; nil when the registry does not
  /// know the strategy or refuses the parameters.
  let canonical: String?

  init(_ spec: StrategySpec, registry: StrategyRegistry) {
    name = spec.name
    parameters = spec.parameters
    canonical = try? registry.configure(spec).paramsText
  }

  /// `directional_ranges` or `fixed_threshold:ratio=0.5` (the summary's own spelling when known).
  var label: String {
    if let canonical { return canonical.isEmpty ? name : "\(name):\(canonical)" }
    let given = parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: ",")
    return given.isEmpty ? name : "\(name):\(given)"
  }

  func matches(_ key: RunKey) -> Bool {
    guard key.strategy == name else { return false }
    if let canonical { return key.params == canonical }
    if key.params.isEmpty { return parameters.isEmpty }
    guard let spec = try? StrategyRegistry.parseSpec(name + ":" + key.params) else { return false }
    return spec.parameters == parameters
  }
}
