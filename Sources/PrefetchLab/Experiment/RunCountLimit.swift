/// Thrown by `Experiment.init` when the runs it would plan (scenarios × strategies × parameter
/// settings × seeds) pass its `runLimit`, before any run is planned: each factor has a limit of
/// its own, but their product did not, and a sweep of 1001 settings × 100000 seeds aborted
/// trying to allocate 30 GB for its plan.
public struct RunCountLimit: Error, Sendable, Equatable {
  /// The runs asked for; nil when their count does not fit in an `Int`.
  public let planned: Int?
  public let limit: Int

  /// The runs of `strategyCounts` (strategies, or settings, per scenario) times `seedCount`
  /// seeds each, or nil when the product or the sum overflows.
  public static func plannedRuns(strategyCounts: [Int], seedCount: Int) -> Int? {
    plannedRuns(strategyCounts: strategyCounts, seedCounts: strategyCounts.map { _ in seedCount })
  }

  /// The same with each scenario's own number of seeds (`seedCounts[i]` for `strategyCounts[i]`).
  public static func plannedRuns(strategyCounts: [Int], seedCounts: [Int]) -> Int? {
    var total = 0
    for (count, seedCount) in zip(strategyCounts, seedCounts) {
      let (runs, productOverflow) = count.multipliedReportingOverflow(by: seedCount)
      let (sum, sumOverflow) = total.addingReportingOverflow(runs)
      if productOverflow || sumOverflow { return nil }
      total = sum
    }
    return total
  }

  /// The runs asked for, as a number a person can read (or "more than Int.max").
  public var plannedText: String {
    planned.map(String.init) ?? "more than \(Int.max)"
  }
}
