import Testing

@testable import PrefetchLab

/// Radio energy (`radio`): the RRC state machine of Huang et al. (MobiSys 2012).
@Suite struct EngineEnergyTests {
  /// One request and nothing else: a one-page feed (24 000 bytes) on a 960 kbit/s link
  /// (120 000 B/s: 200 ms of transfer) with a 100 ms RTT; the user rests 20 s, long enough for
  /// the whole tail.
  static func isolatedRequest(_ radio: RadioSpec) -> PreparedScenario {
    TestScenarios.modified(
      TestScenarios.steadyDrag(
        rttMs: 100, totalItems: 20, bandwidthKbps: 960, gestures: [.wait(durationMs: 20_000)])
    ) { $0.radio = radio }
  }

  static let megabits = 24_000.0 * 8 / 1_000_000

  /// LTE with the promotion delaying the request: promotion 260.1 ms at 1210.7 mW, then 100 ms of
  /// RTT and 200 ms of transfer connected at β = 1288.04 mW plus α_d = 51.97 mJ per Mbit, then the
  /// 11 576 ms tail at 1060 mW.
  @Test func oneIsolatedLTERequestCostsPromotionTransferAndTail() {
    let summary = TestScenarios.run(
      Self.isolatedRequest(RadioSpec(model: .lte, promotionDelaysRequests: true)), "infinite_scroll"
    ).summary
    #expect(summary.firstContentUs == 560_100)
    let expected = 1.2107 * 0.2601 + 1.28804 * 0.300 + 0.05197 * Self.megabits + 1.060 * 11.576
    #expect(abs((summary.energyJ ?? 0) - expected) < 1e-9)
    #expect(abs(expected - 12.981853) < 1e-6)
    #expect(summary.radioActiveUs == Int64(260_100 + 300_000 + 11_576_000))
  }

  /// By default the radio does not change timing: the request (0…300 ms) overlaps the promotion
  /// (0…260.1 ms), so only 39.9 ms are charged at β; the tail starts at 300 ms.
  @Test func byDefaultTheRadioIsReportedWithoutChangingTiming() {
    let summary = TestScenarios.run(Self.isolatedRequest(RadioSpec()), "infinite_scroll").summary
    #expect(summary.firstContentUs == 300_000)
    let expected = 1.2107 * 0.2601 + 1.28804 * 0.0399 + 0.05197 * Self.megabits + 1.060 * 11.576
    #expect(abs((summary.energyJ ?? 0) - expected) < 1e-9)
    #expect(summary.radioActiveUs == Int64(300_000 + 11_576_000))
  }

  /// 3G: promotion 582.1 ms at 659.4 mW, 300 ms at β = 817.88 mW plus 122.12 mJ per Mbit, DCH tail
  /// 8088.2 ms at 803.9 mW, FACH tail 824.2 ms at 601.3 mW.
  @Test func oneIsolated3GRequestCostsPromotionTransferAndBothTails() {
    let summary = TestScenarios.run(
      Self.isolatedRequest(RadioSpec(model: .threeG, promotionDelaysRequests: true)), "infinite_scroll"
    ).summary
    #expect(summary.firstContentUs == 882_100)
    let expected =
      0.6594 * 0.5821 + 0.81788 * 0.300 + 0.12212 * Self.megabits + 0.8039 * 8.0882 + 0.6013 * 0.8242
    #expect(abs((summary.energyJ ?? 0) - expected) < 1e-9)
    #expect(summary.radioActiveUs == Int64(582_100 + 300_000 + 8_088_200 + 824_200))
  }

  @Test func withoutARadioModelTheColumnsAreEmpty() {
    let summary = TestScenarios.run(Self.isolatedRequest(RadioSpec(model: .none)), "infinite_scroll").summary
    #expect(summary.energyJ == nil)
    #expect(summary.radioActiveUs == nil)
  }

  /// A tail that outlasts the session is counted in full: the battery pays for it.
  @Test func theTailAfterTheSessionIsCounted() {
    let short = TestScenarios.modified(Self.isolatedRequest(RadioSpec())) {
      $0.scroll = ScrollSpec(source: .script([.wait(durationMs: 1000)]))
    }
    let summary = TestScenarios.run(short, "infinite_scroll").summary
    #expect(summary.sessionUs == 1_300_000)
    #expect(summary.radioActiveUs == Int64(300_000 + 11_576_000))
  }

  /// Direct state machine checks: a request inside the tail reuses the connection (no new
  /// promotion); one after the tail pays a second promotion and a second tail. 3G data in the
  /// FACH stage is promoted again.
  @Test func requestsWithinTheTailSkipThePromotion() {
    let lte = RadioPowerModel.huang2012LTE
    var close = RadioStateMachine(model: lte)
    close.setBusy(true, atUs: 0)
    close.setBusy(false, atUs: 1_000_000)
    close.setBusy(true, atUs: 6_000_000)
    close.setBusy(false, atUs: 7_000_000)
    close.finish(atUs: 7_000_000)
    // Promotion, 0.7399 s + 1 s connected, 5 s of tail, then a full tail.
    let expectedClose = 1.2107 * 0.2601 + 1.28804 * (0.7399 + 1) + 1.060 * (5 + 11.576)
    #expect(abs(close.energyJoules(downloadedBytes: 0) - expectedClose) < 1e-9)

    var apart = RadioStateMachine(model: lte)
    apart.setBusy(true, atUs: 0)
    apart.setBusy(false, atUs: 1_000_000)
    apart.setBusy(true, atUs: 20_000_000)
    apart.setBusy(false, atUs: 21_000_000)
    apart.finish(atUs: 21_000_000)
    let expectedApart = 2 * (1.2107 * 0.2601 + 1.28804 * 0.7399 + 1.060 * 11.576)
    #expect(abs(apart.energyJoules(downloadedBytes: 0) - expectedApart) < 1e-9)
    #expect(expectedApart > expectedClose)

    var fach = RadioStateMachine(model: .huang2012ThreeG)
    fach.setBusy(true, atUs: 0)
    fach.setBusy(false, atUs: 1_000_000)
    fach.setBusy(true, atUs: 1_000_000 + 8_500_000)
    #expect(fach.phase == .promoting(untilUs: 9_500_000 + 582_100))
  }

  /// A reader who pauses longer than the LTE tail: loading a page at each footer pays a promotion
  /// and a full tail per page, while keeping a page request in flight all the time
  /// (fixed_threshold, ratio 0) loads the feed in one burst and pays them once — the radio's
  /// tail, not the bytes, dominates.
  @Test func batchedFetchesShareOneTail() {
    let reader: [Gesture] = [.drag(velocityPtS: 1600, durationMs: 500), .wait(durationMs: 15_000)]
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(rttMs: 100, gestures: Array(repeating: reader, count: 8).flatMap { $0 })
    ) { $0.feed.totalItems = 2000 }
    let eager = TestScenarios.run(scenario, "fixed_threshold", ["ratio": .number(0)]).summary
    let lazy = TestScenarios.run(scenario, "infinite_scroll").summary
    #expect(eager.pageRequests > lazy.pageRequests)
    #expect((eager.energyJ ?? 0) < (lazy.energyJ ?? 0))
    #expect((eager.radioActiveUs ?? 0) < (lazy.radioActiveUs ?? 0))
  }

  /// Bytes cost energy of their own: on an unlimited link (timing unchanged) ten times the page
  /// bytes cost exactly α_d = 51.97 mJ per extra megabit.
  @Test func everyMegabitCostsItsDownlinkEnergy() {
    let small = TestScenarios.steadyDrag(rttMs: 100)
    let large = TestScenarios.modified(small) { $0.feed.pageBytes = .constant(240_000) }
    let a = TestScenarios.run(small, "infinite_scroll").summary
    let b = TestScenarios.run(large, "infinite_scroll").summary
    #expect(a.radioActiveUs == b.radioActiveUs)
    let extraMegabits = Double(b.bytesFetched - a.bytesFetched) * 8 / 1_000_000
    #expect(abs((b.energyJ ?? 0) - (a.energyJ ?? 0) - 0.05197 * extraMegabits) < 1e-9)
  }
}
