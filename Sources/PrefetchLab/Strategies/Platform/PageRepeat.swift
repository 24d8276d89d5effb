/// What app code does when it asks for a page while the previous request for it is still out
/// (`on_repeat`). Real bugs come from the two careless answers.
public enum PageRepeat: String, CaseIterable, Sendable {
  /// Careful code: an `isLoading` flag; a repeated call does nothing (the default).
  case `guard`
  /// Naive code: every call sends another request for the same page.
  case duplicate
  /// TanStack Query's `fetchNextPage()` default: it goes through the observer's `fetch`, which
  /// sets `cancelRefetch` to true unless told otherwise (TanStack/query
  /// `packages/query-core/src/queryObserver.ts` @ 6bba9b3d2122; `infiniteQueryObserver.ts`), and
  /// a query already fetching with data then cancels that fetch and starts it over (`query.ts`). Called from a scroll callback on every frame against an API
  /// slower than a frame, the page never arrives while the user scrolls.
  case cancelAndRestart = "cancel_and_restart"

  /// `on_repeat`: the app's answer to a repeated page call (default `guard`).
  public static let parameter = StrategyParameter.Choice(
    "on_repeat", default: PageRepeat.guard,
    help:
      "A page call while one is out: guard (an isLoading flag), duplicate (sends again), "
      + "cancel_and_restart (TanStack Query fetchNextPage's cancelRefetch default).")

  /// Makes the app's page call towards `direction` under this policy.
  /// - Returns: true if a request went out.
  @discardableResult
  @inline(__always)
  public func requestPage(_ direction: ScrollDirection, in context: some StrategyContext) -> Bool {
    switch self {
    case .guard: return context.requestPage(direction)
    case .duplicate: return context.requestPage(.frontier(direction), guardInFlight: false)
    case .cancelAndRestart:
      if context.isPageInFlight(direction) { context.cancelPageRequest(.frontier(direction)) }
      return context.requestPage(direction)
    }
  }

  /// The same call for a page addressed by index (offset pagination): `duplicate` sends the page
  /// again while its request is out (`requestPage(.index(page), guardInFlight: false)`), each
  /// response after the first a redundant fetch.
  @discardableResult
  @inline(__always)
  public func requestPage(index page: Int, in context: some StrategyContext) -> Bool {
    switch self {
    case .guard: return context.requestPage(.index(page))
    case .duplicate: return context.requestPage(.index(page), guardInFlight: false)
    case .cancelAndRestart:
      context.cancelPageRequest(.index(page))
      return context.requestPage(.index(page))
    }
  }
}
