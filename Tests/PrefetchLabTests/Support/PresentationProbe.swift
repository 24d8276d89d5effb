@testable import PrefetchLab

/// Wraps a strategy and writes down, at every consultation, what the list presented just before
/// and just after the strategy acted: content height, viewport offset, rows on screen, loaded
/// rows. Forwards what the engine asks before the run (`initialLoadSize`, `enablePlaceholders`,
/// `loadsVisiblePlaceholderPages`).
struct PresentationProbe<Inner: PrefetchStrategy>: PrefetchStrategy {
  struct Sample: Sendable {
    var timeUs: Int64
    var event: StrategyEvent
    var contentBeforePt: Double
    var contentAfterPt: Double
    var offsetBeforePt: Double
    var offsetAfterPt: Double
    var visibleBefore: Range<Int>
    var visibleAfter: Range<Int>
    /// Rows whose page is applied, after the strategy acted.
    var loadedRows: Int
    /// Every row on screen is loaded (after the strategy acted).
    var visibleAllLoaded: Bool
    /// A PREPEND (a page request towards the head) is out, after the strategy acted.
    var prependOut: Bool
  }

  final class Log: @unchecked Sendable {
    var samples: [Sample] = []
  }

  let log = Log()
  var inner: Inner

  init(parameters: StrategyParameters) { inner = Inner(parameters: parameters) }

  /// The built-in `name` (which must be of type `Inner`) with `parameters` over its defaults.
  init(_ name: String, _ parameters: [String: ParameterValue] = [:]) {
    self.init(parameters: TestScenarios.configured(name, parameters).parameters)
  }

  func initialLoadSize(pageSize: Int) -> Int? { inner.initialLoadSize(pageSize: pageSize) }
  var enablePlaceholders: Bool { inner.enablePlaceholders }
  var loadsVisiblePlaceholderPages: Bool { inner.loadsVisiblePlaceholderPages }

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    let contentBefore = context.contentHeightPt
    let offsetBefore = context.viewportOffsetPt
    let visibleBefore = context.visibleItems
    let wake = inner.update(event, in: context)
    let visible = context.visibleItems
    log.samples.append(
      Sample(
        timeUs: context.nowUs, event: event, contentBeforePt: contentBefore,
        contentAfterPt: context.contentHeightPt,
        offsetBeforePt: offsetBefore, offsetAfterPt: context.viewportOffsetPt, visibleBefore: visibleBefore,
        visibleAfter: visible, loadedRows: (0..<context.rowCount).count { context.isLoaded(item: $0) },
        visibleAllLoaded: visible.allSatisfy { context.isLoaded(item: $0) },
        prependOut: context.isPageInFlight(.up)))
    return wake
  }
}
