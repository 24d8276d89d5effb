@testable import PrefetchLab

/// Wraps a strategy and calls `observe` after each of its consultations with the event and the
/// engine as the strategy left it: a test's probe of the run between steps. Forwards what the
/// engine asks before the run (`initialLoadSize`, `enablePlaceholders`,
/// `loadsVisiblePlaceholderPages`).
struct ObservingStrategy<Inner: PrefetchStrategy>: PrefetchStrategy {
  var inner: Inner
  let observe: @Sendable (StrategyEvent, any StrategyContext) -> Void

  init(parameters: StrategyParameters) { fatalError("built with init(_:observe:)") }

  init(_ inner: Inner, observe: @escaping @Sendable (StrategyEvent, any StrategyContext) -> Void) {
    self.inner = inner
    self.observe = observe
  }

  func initialLoadSize(pageSize: Int) -> Int? { inner.initialLoadSize(pageSize: pageSize) }
  var enablePlaceholders: Bool { inner.enablePlaceholders }
  var loadsVisiblePlaceholderPages: Bool { inner.loadsVisiblePlaceholderPages }

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    let wake = inner.update(event, in: context)
    observe(event, context)
    return wake
  }
}
