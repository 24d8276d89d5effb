import Testing

@testable import PrefetchLab

/// The three answers to a repeated page call, against a context with a page out.
@Suite struct PageRepeatTests {
  @Test func eachPolicyActsAsItsSourceDoes() {
    let expected: [(PageRepeat, [StrategyContextDouble.Action])] = [
      (.guard, [.requestPage(.down, guardInFlight: true)]),
      (.duplicate, [.requestPage(.down, guardInFlight: false)]),
      (.cancelAndRestart, [.cancelPage(.down), .requestPage(.down, guardInFlight: true)]),
    ]
    for (policy, actions) in expected {
      let context = StrategyContextDouble(
        viewportHeightPt: 400, pageSize: 10, totalItems: 100, appliedPages: 1)
      context.pagesInFlight.insert(.down)
      let sent = policy.requestPage(.down, in: context)
      #expect(context.actions == actions)
      // guard sends nothing while one is out; the others send.
      #expect(sent == (policy != .guard))
    }
  }
}
