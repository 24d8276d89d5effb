@testable import PrefetchLab

/// The hand-set world both of `adaptive`'s planners are tested in (AdaptiveTests for `lead`,
/// AdaptivePlannerTests for `mpc`): an 800 pt viewport over pages of 20 rows of 100 pt (2000 pt a
/// page), and a first page fetch the strategy has measured.
enum AdaptiveFixture {
  /// `adaptive` with `planner` and any other parameters in `values` (a `planner` there wins).
  static func strategy(_ planner: AdaptivePlanner, _ values: [String: ParameterValue] = [:]) -> Adaptive {
    Adaptive(
      parameters: TestScenarios.configured(
        "adaptive", values.merging(["planner": .string(planner.rawValue)]) { given, _ in given }
      )
      .parameters)
  }

  /// 800 pt viewport, pages of 20 rows of 100 pt, `pages` applied of a `totalItems`-row feed;
  /// every row carries media when `media`.
  static func context(
    pages: Int = 2, totalItems: Int = 1000, pagination: Pagination = .cursor, media: Bool = false
  ) -> StrategyContextDouble {
    let context = StrategyContextDouble(
      viewportHeightPt: 800, pageSize: 20, totalItems: totalItems, pagination: pagination,
      appliedPages: pages)
    if media { context.giveEveryItemMedia() }
    return context
  }

  /// Teaches `strategy` a page fetch of 100 ms to first byte, 20 000 bytes in 100 ms (0.2 bytes
  /// per µs) and a 50 ms apply delay: 250 ms in all, at t = 250 ms, the viewport resting where it
  /// is. Returns the actions the strategy took meanwhile (and clears them from the context).
  @discardableResult
  static func learnPageFetch(
    _ strategy: inout Adaptive, _ context: StrategyContextDouble
  ) -> [StrategyContextDouble.Action] {
    context.nowUs = 200_000
    context.lastTransfer = TransferRecord(
      resource: .page(1), bytes: 20_000, issuedUs: 0, attemptStartUs: 0, firstByteUs: 100_000,
      completedUs: 200_000)
    context.note(strategy.update(.fetchCompleted(.page(1)), in: context))
    context.lastTransfer = nil
    context.nowUs = 250_000
    context.note(strategy.update(.pageApplied(page: 1), in: context))
    return context.takeActions()
  }

  /// `learnPageFetch`, then one 100 000-byte image (row 2's) with its first byte at
  /// `firstByteUs` and its last at `completedUs`, reported at `nowUs`; the first screen's images
  /// (rows 0…7), asked for while the page came, are in and nothing is out.
  static func learnMediaOrigin(
    _ strategy: inout Adaptive, _ context: StrategyContextDouble, firstByteUs: Int64, completedUs: Int64,
    nowUs: Int64
  ) {
    learnPageFetch(&strategy, context)
    context.mediaInFlight.removeAll()
    context.mediaLoaded.formUnion(0..<8)
    context.lastTransfer = TransferRecord(
      resource: .media(item: 2), bytes: 100_000, issuedUs: 0, attemptStartUs: 0, firstByteUs: firstByteUs,
      completedUs: completedUs)
    context.nowUs = nowUs
    context.note(strategy.update(.fetchCompleted(.media(item: 2)), in: context))
    context.lastTransfer = nil
    _ = context.takeActions()
  }
}
