import PrefetchLab

extension Report {
  /// How to get the runs the headroom line needs. A sweep runs its strategy alone unless given
  /// others with `--reference` (refused for the swept strategy, whose default setting must then be
  /// in the grid), and its `--strategy` names the swept strategy only.
  private func advice(_ missing: [String]) -> String {
    guard let sweep = data.folder.manifest?.sweep else {
      return "add them to its strategies or pass --strategy"
    }
    var steps: [String] = []
    let others = missing.filter { $0 != sweep.strategy.name }
    if !others.isEmpty {
      steps.append(
        "adding " + others.map { "--reference " + $0 }.joined(separator: " ") + " (default parameters)")
    }
    if missing.contains(sweep.strategy.name) {
      steps.append(
        "with each varied parameter's default among its --vary values"
          + (sweep.strategy.parameters.isEmpty ? "" : " and no parameter fixed in --strategy"))
    }
    return "run the sweep again " + steps.joined(separator: ", and ")
  }

  /// The scenario's headroom line (see `Headroom`), and a note when the oracle flags its bound.
  func headroom(_ scenario: ScenarioResults) -> [ReportDocument.Block] {
    guard let lines = Headroom.lines(scenario) else {
      // Say why the line is missing rather than leave the reader to wonder.
      let missing = [Headroom.floorStrategy, Headroom.ceilingStrategy].filter { name in
        !scenario.strategies.contains { $0.label == name }
      }
      guard !missing.isEmpty else { return [] }
      return [
        .paragraph([
          .strong("Headroom"),
          .text(
            ": not computed; it needs runs of \(Headroom.floorStrategy) (no look-ahead) and \(Headroom.ceilingStrategy) "
              + "(the clairvoyant bound) with default parameters, and this scenario has none of "
              + missing.joined(separator: " or ") + " (" + advice(missing) + ")."),
        ])
      ]
    }
    var inlines: [ReportDocument.Inline] = [
      .strong("Headroom"),
      .text(
        " (share of the gap from \(Headroom.floorStrategy), no look-ahead, to \(Headroom.ceilingStrategy), "
          + "the clairvoyant bound, that each strategy closes; 100 % = the oracle's, 0 % = infinite scroll's):"
      ),
    ]
    for line in lines {
      let from = Report.format(line.floorMean, line.metric)
      let to = Report.format(line.ceilingMean, line.metric)
      inlines.append(.text(" "))
      inlines.append(.code(line.metric))
      if MetricCatalogue.accumulates(line.metric) { inlines.append(.text(" per minute")) }
      if line.gap > 0 {
        let shares = line.shares.map { "\($0.label) \(Report.percent($0.share))" }.joined(separator: ", ")
        inlines.append(.text(" (\(from) → \(to)): " + (shares.isEmpty ? "–" : shares) + "."))
      } else if line.gap == 0 {
        inlines.append(.text(": no gap (\(Headroom.floorStrategy) already at the oracle's \(to))."))
      } else {
        inlines.append(
          .text(
            ": no gap to close (\(Headroom.ceilingStrategy) \(to) is above \(Headroom.floorStrategy) \(from))."
          ))
      }
    }
    var blocks: [ReportDocument.Block] = [.paragraph(inlines)]
    let flagged = Headroom.flaggedSeeds(scenario)
    if !flagged.isEmpty { blocks.append(.paragraph([.text(Self.caveatText(flagged))])) }
    return blocks
  }

  /// The sentence under the headroom line for seeds whose oracle run flags its bound: the
  /// metrics on which it is no bound there (`BoundCaveats.unboundMetrics`), the caveats, and why
  /// where the name does not say it.
  static func caveatText(_ flagged: [(seed: UInt64, caveats: BoundCaveats)]) -> String {
    let caveats = flagged.reduce(BoundCaveats()) { $0.union($1.caveats) }
    let metrics = caveats.unboundMetrics
    let named =
      metrics.count <= 2
      ? metrics.joined(separator: " or ")
      : metrics.dropLast().joined(separator: ", ") + " or " + metrics.last!
    return "The oracle is not guaranteed to be a lower bound on " + named + " for seed"
      + (flagged.count == 1 ? " " : "s ") + SeedText.ranges(flagged.map(\.seed))
      + " (bound_caveats: " + caveats.description
      + caveats.reasons.map { "; " + $0 }.joined()
      + "; see docs/model.md, The oracle bound); its blank time is never a bound."
  }

  /// A share as a percentage with one decimal: `87.5 %`.
  static func percent(_ share: Double) -> String { DecimalFormat.fixed(share * 100, places: 1) + " %" }
}
