@testable import PrefetchLab

/// The oracle's two claims checked on one scenario and seed against every other registered
/// strategy (docs/model.md, "The oracle bound"):
/// - stall: the oracle's `stall_ms` is at most each other strategy's, unless that strategy's
///   user abandoned (its stall is cut short) or the oracle flags the run (`bound_caveats` ≠ 0);
///   within less than one frame per oracle pause (the frame grid: a page landing between the
///   user's arrival at the end and the next frame spares a pause);
/// - waste: no media fetch is wasted; a wasted page fetch is one pagination forces: one the
///   engine asked for itself under every strategy (the first page; with offset pagination a page
///   whose placeholder was on screen), with cursor pagination a page none of whose rows was ever
///   on screen (passed over on the way to a later page, or the empty page that ends the feed),
///   and bytes of failed page attempts.
enum OracleBoundCheck {
  struct Result {
    /// Claims broken in a run the oracle does not flag.
    var violations: [String] = []
    /// Stall comparisons lost in runs the oracle flags (`bound_caveats` ≠ 0): allowed, counted.
    var flaggedLosses: [String] = []
    var caveats: BoundCaveats = []
    /// Pairs where the oracle stalled longer than another strategy, by less than a frame per pause.
    var withinFrameGrid = 0
    /// Pairs compared (the other strategy's user did not abandon).
    var pairs = 0
    /// Some other strategy stalled (the comparison had something to lose).
    var othersStalled = false
    var oracle = SummaryMetrics()
  }

  static func check(_ prepared: PreparedScenario, seed: UInt64, label: String) -> Result {
    var result = Result()
    let registry = StrategyRegistry.builtIn
    let frameUs =
      (1_000_000 + Int64(prepared.scenario.viewport.frameRateHz) - 1)
      / Int64(prepared.scenario.viewport.frameRateHz)
    // The oracle of the scenario's own pages, and (made on demand) of a first request resized the
    // way a strategy resizes it (Paging 3's initial_load_size): the bound holds between runs
    // that fetch the same pages.
    var oracles: [Int: (summary: SummaryMetrics, caveats: BoundCaveats)] = [:]
    func oracle(initialPageSize: Int) -> (summary: SummaryMetrics, caveats: BoundCaveats) {
      if let known = oracles[initialPageSize] { return known }
      var scenario = prepared.scenario
      scenario.feed.initialPageSize = initialPageSize
      let resized =
        initialPageSize == prepared.scenario.feed.initialPageSize ? prepared : try! PreparedScenario(scenario)
      let simulation = Simulator.makeSimulation(
        resized, seed: seed, options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false))
      let summary = Oracle.definition.run(
        { simulation }, RunLookahead(scenario: resized, seed: seed), StrategyParameters([:])
      ).summary
      let sizeLabel =
        resized.scenario.feed.initialPageSize == prepared.scenario.feed.initialPageSize
        ? label : "\(label) (first request \(initialPageSize) items)"
      result.violations += wasteViolations(simulation, label: sizeLabel)
      oracles[initialPageSize] = (summary, BoundCaveats(rawValue: UInt32(summary.boundCaveats)))
      return oracles[initialPageSize]!
    }
    (result.oracle, result.caveats) = oracle(initialPageSize: prepared.scenario.feed.initialPageSize)
    for definition in registry.definitions where !definition.isClairvoyant {
      let configured = try! registry.configure(StrategySpec(name: definition.name))
      let firstRequest =
        configured.makeStrategy().initialLoadSize(pageSize: prepared.scenario.feed.pageSize)
        ?? prepared.scenario.feed.initialPageSize
      let (summary, caveats) = oracle(initialPageSize: firstRequest)
      let other = Simulator.run(
        prepared, strategy: configured, seed: seed,
        options: SimulationOptions(timelineIntervalUs: 0, recordEvents: false)
      ).summary
      guard !other.abandoned else { continue }
      result.pairs += 1
      if other.stallUs > 0 { result.othersStalled = true }
      guard summary.stallUs > other.stallUs else { continue }
      let loss = "\(label): oracle stalled \(summary.stallUs) µs, \(definition.name) \(other.stallUs) µs"
      if !caveats.isEmpty {
        result.flaggedLosses.append(loss)
      } else if summary.stallUs <= other.stallUs + Int64(summary.stallCount) * frameUs {
        result.withinFrameGrid += 1
      } else {
        result.violations.append(loss)
      }
    }
    return result
  }

  /// The carousel cells with an image that were on screen in `simulation`'s run, as (row, cell).
  static func cellsShownWithImages(_ simulation: Simulation) -> [(item: Int, subItem: Int)] {
    let cells = simulation.feed.carousels.subItems
    return (0..<cells.count).compactMap { flat in
      guard cells.firstVisibleUs[flat] >= 0, cells.mediaBytes[flat] > 0 else { return nil }
      let item = simulation.feed.carousels.ownerOf(flat)
      return (item, flat - simulation.feed.carousels.firstSubItem(ofItem: item))
    }
  }

  /// Some request of `simulation`'s run asked for the image of `cell`.
  static func requested(_ cell: (item: Int, subItem: Int), in simulation: Simulation) -> Bool {
    simulation.ledger.requests.contains { $0.resource == .subItemMedia(item: cell.item, sub: cell.subItem) }
  }

  /// Wasted fetches of the oracle's run that pagination does not force.
  static func wasteViolations(_ simulation: Simulation, label: String) -> [String] {
    var violations: [String] = []
    let cursor = !simulation.feed.isOffsetPagination
    func seen(_ item: Int) -> Bool {
      item < simulation.feed.items.count && simulation.feed.items.firstVisibleUs[item] >= 0
    }
    for request in simulation.ledger.requests where !request.fromDisk {
      let unused = request.state == .completed && !request.used
      let failedBytes =
        (request.state == .failed && request.bytesMoved > 0)
        || (request.state == .completed && request.bytesMoved > request.bytes)
      guard unused || failedBytes || request.state == .cancelled else { continue }
      switch request.resource {
      case .media(let item):
        violations.append("\(label): media of item \(item) wasted (\(request.state), used \(request.used))")
      case .subItemMedia(let item, let sub):
        violations.append("\(label): image of sub-item \(sub) of row \(item) wasted (\(request.state))")
      case .page(let page):
        if request.state == .cancelled {
          violations.append("\(label): page \(page) cancelled")
        } else if unused && !request.automatic
          && !(cursor && !simulation.feed.plan.items(ofPage: page).contains(where: seen))
        {
          violations.append("\(label): page \(page) fetched and not seen")
        }
      }
    }
    return violations
  }
}
