import Testing

@testable import PrefetchLab

/// A media size of 0 bytes is no media: no request, no connection, never blank for want of it.
@Suite struct EngineNoMediaTests {
  /// The analytic feed (800 pt viewport, 100 pt rows, no footer, 1 s round trips, unlimited
  /// bandwidth, apply delay 0) read in strokes: with no media nothing on screen is ever blank, so
  /// blank time is 0; the only requests are for the 10 pages of 24 000 bytes. A 1-byte image per row
  /// (what `"media_bytes": 0` used to become) costs a round trip per row and shows blank
  /// meanwhile.
  @Test(arguments: allStrategies)
  func zeroBytesMeansNoMedia(strategy: String) {
    let zero = TestScenarios.run(
      TestScenarios.steadyDrag(media: .constant(0), gestures: TestScenarios.strokes()), strategy
    ).summary
    #expect(zero.mediaRequests == 0)
    #expect(zero.blankUs == 0)
    // A strategy may size the first request itself (Paging 3's initial_load_size, 3 pages by
    // default): fewer requests for the same 10 pages; the bytes are the same either way.
    let firstRequestPages =
      (TestScenarios.configured(strategy).makeStrategy().initialLoadSize(pageSize: 20) ?? 20) / 20
    #expect(zero.pageRequests == 10 - (firstRequestPages - 1))
    #expect(zero.bytesFetched == 10 * 24_000)
    #expect(zero.peakInFlight == 1)
    #expect(
      zero
        == TestScenarios.run(
          TestScenarios.steadyDrag(media: nil, gestures: TestScenarios.strokes()), strategy
        ).summary)

    let oneByte = TestScenarios.run(
      TestScenarios.steadyDrag(media: .constant(1), gestures: TestScenarios.strokes()), strategy
    ).summary
    #expect(oneByte.mediaRequests > 0)
    #expect(oneByte.blankUs > 0)
  }

  /// Sizes that round to 0 bytes are no media too, and the context says so.
  @Test func drawsBelowHalfAByteAreNoMedia() {
    for media: Distribution in [.constant(0.4), .uniform(min: 0, max: 0.49), .empirical([0, 0.2])] {
      let prepared = TestScenarios.steadyDrag(media: media)
      #expect(!FeedContent(spec: prepared.scenario.feed, seed: 1).canHaveMedia)
      #expect(TestScenarios.run(prepared, "directional_ranges").summary.mediaRequests == 0)
    }
    for media: Distribution in [
      .constant(0.5), .uniform(min: 0, max: 1), .empirical([0, 9]), .normal(mean: 0, sd: 1),
    ] {
      #expect(FeedContent(spec: TestScenarios.steadyDrag(media: media).scenario.feed, seed: 1).canHaveMedia)
    }
  }

  /// A distribution drawing 0 for some rows: those rows are complete as soon as they are loaded
  /// and no request ever names them; the others are fetched with their drawn size.
  @Test func rowsDrawingZeroBytesAreNeverRequested() {
    let prepared = TestScenarios.steadyDrag(media: .empirical([0, 30_000]))
    let content = FeedContent(spec: prepared.scenario.feed, seed: 1)
    let outcome = TestScenarios.run(prepared, "infinite_scroll")
    var requested = Set<Int>()
    for event in outcome.events where event.kind == .issued {
      guard case .media(let item) = event.resource else { continue }
      #expect(event.bytes == 30_000)
      requested.insert(item)
    }
    let withoutMedia = (0..<200).filter { content.mediaBytes(ofItem: $0) == 0 }
    // About half the rows draw 0 (a fair coin per item); all 200 rows are seen in the session.
    #expect(withoutMedia.count > 60 && withoutMedia.count < 140)
    #expect(requested.isDisjoint(with: withoutMedia))
    #expect(requested.count == 200 - withoutMedia.count)
  }
}
