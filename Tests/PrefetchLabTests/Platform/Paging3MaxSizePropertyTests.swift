import Testing

@testable import PrefetchLab

/// `max_size` over random feeds, viewports and gestures: the loaded items never exceed
/// `max_size` plus the page just loaded, whatever the pagination, placeholders, prefetch distance,
/// jumps and flings.
@Suite struct Paging3MaxSizePropertyTests {
  /// The most items loaded after any consultation of the wrapped `paging3`.
  final class Peak: @unchecked Sendable {
    var items = 0
  }

  /// `paging3` as the engine runs it, counting the applied pages' items after each update.
  static func probe(_ inner: Paging3, _ peak: Peak) -> ObservingStrategy<Paging3> {
    ObservingStrategy(inner) { _, context in
      let loaded = (0..<context.pageCount).filter { context.isPageApplied($0) }.reduce(0) {
        $0 + context.items(ofPage: $1).count
      }
      peak.items = max(peak.items, loaded)
    }
  }

  /// 100 pt rows, 800 pt viewport (8 rows on screen, 9 spanned). `max_size` is drawn from at
  /// least PagingConfig's least and a screenful plus 2 pages: the engine never drops a row on
  /// screen, so a smaller bound cannot hold while the screen spans more pages than it allows.
  @Test func loadedItemsNeverExceedMaxSizePlusAPage() {
    var bounded = 0
    for seed in 0..<60 as Range<UInt64> {
      var random = SplitMix64(seed: seed)
      let pageSize = Int.random(in: 5...20, using: &random)
      let placeholders = Bool.random(using: &random)
      let pagination: Pagination = Bool.random(using: &random) ? .offset : .cursor
      let distance = Int.random(in: (placeholders ? 0 : 1)...pageSize, using: &random)
      let least = max(pageSize + 2 * distance, 9 + 2 * pageSize)
      let maxSize = Int.random(in: least...(least + 2 * pageSize), using: &random)
      var gestures: [Gesture] = []
      for _ in 0..<6 {
        switch Int.random(in: 0...3, using: &random) {
        case 0:
          gestures.append(.drag(velocityPtS: Double.random(in: 300...3000, using: &random), durationMs: 1500))
        case 1:
          gestures.append(
            .drag(velocityPtS: -Double.random(in: 300...3000, using: &random), durationMs: 1500))
        case 2: gestures.append(.fling(velocityPtS: Double.random(in: -4000...4000, using: &random)))
        default: gestures.append(.jump(.item(Int.random(in: 0...299, using: &random))))
        }
        gestures.append(.wait(durationMs: Double.random(in: 100...1500, using: &random)))
      }
      let scenario = TestScenarios.steadyDrag(
        rttMs: Double.random(in: 20...600, using: &random), totalItems: 300, pageSize: pageSize,
        gestures: gestures, pagination: pagination)
      var values: [String: ParameterValue] = [
        "initial_load_size": .number(Double(pageSize)), "prefetch_distance": .number(Double(distance)),
        "max_size": .number(Double(maxSize)), "enable_placeholders": .bool(placeholders),
      ]
      if Bool.random(using: &random) {
        values["jump_threshold"] = .number(Double(Int.random(in: 20...80, using: &random)))
      }
      let peak = Peak()
      let probe = Self.probe(
        Paging3(parameters: TestScenarios.configured("paging3", values).parameters), peak)
      let outcome = Simulator.run(scenario, strategy: probe, seed: 1)
      #expect(
        peak.items <= maxSize + pageSize,
        "seed \(seed): \(peak.items) items, max_size \(maxSize), page \(pageSize)")
      if outcome.summary.pageRequests * pageSize > maxSize + pageSize { bounded += 1 }
    }
    // Not vacuous: most runs ask for more than max_size plus a page in all.
    #expect(bounded > 30)
  }
}
