import Dispatch
import Foundation
import PrefetchLab

extension PlotBuilder {
  /// Every figure, in a fixed order: per scenario tradeoff, ttc-cdf, metrics, scroll, then its
  /// timelines by strategy and seed (those `timelines` selects). `warnings` name what could not
  /// be drawn and why. Scenarios are built on `parallelism` threads (reading their runs' rows
  /// is most of the work); the result does not depend on it.
  public static func figures(
    for data: ResultsData, timelines selection: TimelineSelection = .standard, parallelism: Int = 1
  ) throws(InputError) -> (figures: [PlotFigure], warnings: [String]) {
    let scenarios = data.scenarios
    let built = ScenarioSlots(count: scenarios.count)
    DispatchQueue.concurrentPerform(iterations: max(1, min(parallelism, scenarios.count))) { _ in
      while let index = built.claimNext() {
        let result = Result { () throws(InputError) in
          try scenarioFigures(scenarios[index], data: data, timelines: selection)
        }
        built.store(result, at: index)
      }
    }
    var figures: [PlotFigure] = []
    var missingRunFiles = 0
    var scenariosWithoutTTC = 0
    for result in built.values() {
      let scenario = try result.get()
      figures += scenario.figures
      missingRunFiles += scenario.missingRunFiles
      if scenario.withoutTTC { scenariosWithoutTTC += 1 }
    }
    var warnings: [String] = []
    if missingRunFiles > 0 || scenariosWithoutTTC > 0 {
      // One line for what is usually one cause: a run made with --timeline-interval-ms 0 or
      // --run-files none.
      var parts: [String] = []
      if missingRunFiles > 0 {
        parts.append(
          "timelines of \(missingRunFiles) run\(missingRunFiles == 1 ? "" : "s")")
      }
      if scenariosWithoutTTC > 0 {
        parts.append(
          "time-to-content plots of \(scenariosWithoutTTC) scenario\(scenariosWithoutTTC == 1 ? "" : "s")")
      }
      warnings.append(
        "no timeline, events or time-to-content rows (--run-files none or --timeline-interval-ms 0 write none): "
          + parts.joined(separator: " and ") + " skipped")
    }
    return (figures, warnings)
  }

  /// One scenario's figures in `figures`' order, the drawn runs whose files are missing, and
  /// whether the time-to-content plot was left out for want of time-to-content rows.
  static func scenarioFigures(
    _ scenario: ScenarioResults, data: ResultsData, timelines selection: TimelineSelection
  )
    throws(InputError) -> (figures: [PlotFigure], missingRunFiles: Int, withoutTTC: Bool)
  {
    var figures: [PlotFigure] = []
    var missingRunFiles = 0
    if let sweep = data.folder.manifest?.sweep {
      figures += sweepFigures(SweepAnalysis(record: sweep, scenario: scenario), seeds: scenario.seeds.count)
    }
    figures.append(tradeoff(scenario))
    var samples: [[TimeToContentRow]] = []
    var complete = true
    for strategy in scenario.strategies {
      var pooled: [TimeToContentRow] = []
      for row in strategy.rows {
        guard let rows = try data.runs.timesToContent(row.key) else {
          complete = false
          continue
        }
        pooled += rows
      }
      samples.append(pooled)
    }
    if complete { figures.append(timeToContent(scenario, samples: samples)) }
    figures.append(metricBars(scenario))
    // The runs to read: those whose timeline is drawn, and per seed the one the scroll trace
    // takes (least stall time among the runs with files).
    let firstSeed = scenario.seeds.first
    let decided = selection == .recommended ? decisionStrategies(scenario) : nil
    var drawn: [RunKey] = []
    for strategy in scenario.strategies where decided?.contains(strategy.label) ?? true {
      for row in strategy.rows where selection == .all || (selection != .none && row.key.seed == firstSeed) {
        drawn.append(row.key)
      }
    }
    var loaded: [RunKey: (timeline: [TimelineRow], events: [EventRow])] = [:]
    func load(_ key: RunKey) throws(InputError) -> (timeline: [TimelineRow], events: [EventRow])? {
      if let known = loaded[key] { return known }
      guard let timeline = try data.runs.timeline(key), let events = try data.runs.events(key)
      else { return nil }
      loaded[key] = (timeline, events)
      return (timeline, events)
    }
    var scrollRuns: [RunKey: [TimelineRow]] = [:]
    for seed in scenario.seeds {
      var candidates: [RunRow] = []
      for strategy in scenario.strategies {
        for row in strategy.rows where row.key.seed == seed {
          if try data.runs.has(.timeline, row.key) {
            candidates.append(row)
            break
          }
        }
      }
      guard
        let best = candidates.min(by: {
          ($0.value(MetricDefinition.stallMs.column) ?? .infinity)
            < ($1.value(MetricDefinition.stallMs.column) ?? .infinity)
        })
      else { continue }
      if let run = try load(best.key) { scrollRuns[best.key] = run.timeline }
    }
    var runFigures: [PlotFigure] = []
    var inFlightMaximum = 1.0
    var runs: [(RunKey, [TimelineRow], [EventRow], RunRow)] = []
    for key in drawn {
      guard let row = scenario.row(key), let run = try load(key) else {
        missingRunFiles += 1
        continue
      }
      inFlightMaximum = max(inFlightMaximum, run.timeline.map(\.inFlight).max() ?? 0)
      runs.append((key, run.timeline, run.events, row))
    }
    for (key, timeline, events, row) in runs {
      let figure = self.timeline(
        key, rows: timeline, events: events,
        viewportHeightPt: scenario.details.scenario?.viewport.heightPt,
        stallSummary: (
          row.value(MetricDefinition.stallCount.column), row.value(MetricDefinition.stallMs.column)
        ), inFlightMaximum: inFlightMaximum, capacity: scenario.details.capacity)
      runFigures.append(figure)
    }
    if let scroll = scrollTrace(scenario, timelines: scrollRuns) { figures.append(scroll) }
    figures += runFigures
    return (figures, missingRunFiles, !complete)
  }
}

/// Per-scenario results stored by worker threads, in scenario order.
private final class ScenarioSlots: @unchecked Sendable {
  typealias Built = (figures: [PlotFigure], missingRunFiles: Int, withoutTTC: Bool)
  private let lock = NSLock()
  private var next = 0
  private var slots: [Result<Built, InputError>?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func claimNext() -> Int? {
    lock.withLock {
      guard next < slots.count else { return nil }
      next += 1
      return next - 1
    }
  }

  func store(_ result: Result<Built, InputError>, at index: Int) {
    lock.withLock { slots[index] = result }
  }

  func values() -> [Result<Built, InputError>] {
    lock.withLock { slots.map { $0! } }
  }

}
