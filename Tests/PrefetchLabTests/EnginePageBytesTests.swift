import Testing

@testable import PrefetchLab

/// A page response's size grows with the items it holds: `page_bytes` is for a full page of
/// `page_size` items, and a response of n items costs n / `page_size` of it.
@Suite struct EnginePageBytesTests {
  /// The bytes of every page request issued, by page.
  static func pageBytes(_ outcome: RunOutcome) -> [Int: Int64] {
    var bytes: [Int: Int64] = [:]
    for event in outcome.events where event.kind == .issued {
      if case .page(let page) = event.resource { bytes[page] = event.bytes }
    }
    return bytes
  }

  /// The issue's example: a first page of 611 items against pages of 150 at 1 200 B per item.
  /// 180 000 B per full page ⇒ the first response is 611 × 1 200 = 733 200 B. At 8 000 kbit/s
  /// (1 000 000 B/s) after a 100 ms round trip it lands at 100 + 733.2 = 833.2 ms, first content
  /// with apply delay 0; a first page of 150 items (180 000 B) lands at 100 + 180 = 280 ms.
  @Test func aLargerFirstPageCostsMoreBytesAndTime() {
    func run(initial: Int) -> RunOutcome {
      let prepared = TestScenarios.modified(
        TestScenarios.steadyDrag(velocityPtS: 1000, rttMs: 100, totalItems: 2000, bandwidthKbps: 8000)
      ) {
        $0.feed.pageSize = 150
        $0.feed.initialPageSize = initial
        $0.feed.pageBytes = .constant(180_000)
      }
      return TestScenarios.run(prepared, "infinite_scroll")
    }
    let large = run(initial: 611)
    #expect(Self.pageBytes(large)[0] == 733_200)
    #expect(large.summary.firstContentUs == 833_200)
    let small = run(initial: 150)
    #expect(Self.pageBytes(small)[0] == 180_000)
    #expect(Self.pageBytes(small)[1] == 180_000)
    #expect(small.summary.firstContentUs == 280_000)
  }

  /// 24 000 B per 20-item page (1 200 B per item). 203 items: a first page of 60 capped by the
  /// server at 50 holds 50 items (60 000 B), the full pages 20 (24 000 B), and the last page
  /// items 190…202, 13 items (15 600 B).
  @Test(arguments: allStrategies)
  func cappedFirstPagesAndTheLastPageFollowTheirItems(strategy: String) {
    let prepared = TestScenarios.modified(
      TestScenarios.steadyDrag(velocityPtS: 2000, durationMs: 20_000, rttMs: 100, totalItems: 203)
    ) {
      $0.feed.initialPageSize = 60
      $0.feed.serverMaxPageSize = 50
    }
    let outcome = TestScenarios.run(prepared, strategy)
    let bytes = Self.pageBytes(outcome)
    #expect(bytes[0] == 60_000)
    for page in 1...7 { #expect(bytes[page] == 24_000) }
    #expect(bytes[8] == 15_600)
    #expect(bytes.count == 9)
    #expect(outcome.summary.bytesFetched == 60_000 + 7 * 24_000 + 15_600)
  }

  /// With `end_signal` "empty_page" the response past the last item holds nothing: no body, only
  /// its round trip. 200 items in pages of 20: page 10 is empty.
  @Test func anEmptyPageHasNoBody() {
    let prepared = TestScenarios.steadyDrag(rttMs: 100, endSignal: .emptyPage)
    let outcome = TestScenarios.run(prepared, "infinite_scroll")
    let bytes = Self.pageBytes(outcome)
    #expect(bytes[10] == 0)
    #expect(outcome.summary.pageRequests == 11)
    #expect(outcome.summary.bytesFetched == 10 * 24_000)
  }

  /// A server that shortens pages: every response costs 1 200 B per item it really holds, and the
  /// responses together cost exactly the feed's 500 items.
  @Test func shortPagesCostTheirItems() {
    let prepared = EngineServerPagingTests.feed(initial: 20, cap: nil, shortPageRate: 0.5)
    let (simulation, outcome) = EngineServerPagingTests.simulate(prepared, "fixed_threshold")
    let bytes = Self.pageBytes(outcome)
    let plan = simulation.feed.plan
    var shortPages = 0
    for (page, size) in bytes {
      #expect(size == Int64(1200 * plan.itemCount(ofPage: page)))
      if plan.itemCount(ofPage: page) < 20 { shortPages += 1 }
    }
    #expect(shortPages > 5)
    #expect(bytes.values.reduce(0, +) == 500 * 1200)
  }

  /// Offset pagination with a server cap of 8 items on pages of 20: every response holds 8
  /// items, 9 600 B.
  @Test func offsetPagesCappedByTheServer() {
    let prepared = TestScenarios.modified(TestScenarios.steadyDrag(rttMs: 100, pagination: .offset)) {
      $0.feed.serverMaxPageSize = 8
    }
    let bytes = Self.pageBytes(TestScenarios.run(prepared, "dynamic_threshold"))
    #expect(!bytes.isEmpty)
    #expect(bytes.values.allSatisfy { $0 == 9_600 })
  }

  /// The default `page_bytes` is 1 200 B per item of `page_size`.
  @Test func theDefaultIsPerItem() throws {
    let text = ScenarioFixture.text([("feed", #"{"page_size": 30}"#)])
    #expect(try ScenarioFixture.load(text).feed.pageBytes == .constant(36_000))
    #expect(try ScenarioFixture.load(ScenarioFixture.text()).feed.pageBytes == .constant(24_000))
  }
}
