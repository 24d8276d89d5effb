import Testing

@testable import PrefetchLab

/// The media policies against a hand-set context, through infinite_scroll's `media` parameter:
/// 100 pt rows, a 400 pt viewport, 5 pages of 10 loaded, every row with an image.
@Suite struct ImagePrefetcherTests {
  static func context() -> StrategyContextDouble {
    let context = StrategyContextDouble(viewportHeightPt: 400, pageSize: 10, totalItems: 50, appliedPages: 5)
    context.giveEveryItemMedia()
    context.endOfFeedKnown = true
    return context
  }

  static func strategy(_ values: [String: ParameterValue]) -> InfiniteScroll {
    InfiniteScroll(parameters: TestScenarios.configured("infinite_scroll", values).parameters)
  }

  static func prefetches(_ context: StrategyContextDouble) -> [Int] {
    context.actions.compactMap {
      if case .requestMedia(let item, .preload) = $0 { return item } else { return nil }
    }
  }

  /// Caps: SDWebImage 3, Kingfisher 5, Nuke 2 prefetches at once, nearest row first (rows 4… below
  /// the viewport's rows 0…3); visibility none.
  @Test(arguments: [
    ("visibility", [Int]()), ("sdwebimage", [4, 5, 6]), ("kingfisher", [4, 5, 6, 7, 8]), ("nuke", [4, 5]),
  ])
  func prefetchCaps(library: String, expected: [Int]) {
    let context = Self.context()
    var strategy = Self.strategy(["media": .string(library)])
    context.note(strategy.update(.start, in: context))
    #expect(Self.prefetches(context) == expected)
  }

  /// A finished prefetch frees a place: the next row ahead goes out.
  @Test func aFinishedPrefetchFreesAPlace() {
    let context = Self.context()
    var strategy = Self.strategy(["media": .string("nuke")])
    context.note(strategy.update(.start, in: context))
    context.mediaInFlight.remove(4)
    context.mediaLoaded.insert(4)
    _ = context.takeActions()
    context.note(strategy.update(.fetchCompleted(.media(item: 4)), in: context))
    #expect(Self.prefetches(context) == [6])
  }

  /// On a turn SDWebImage cancels its whole batch (rows 4…6 below, now behind); Nuke keeps rows
  /// still in its window and stops only those that left it.
  @Test func aTurnCancelsTheBatchForSDWebImageOnly() {
    for (library, cancelled) in [("sdwebimage", [4, 5, 6]), ("nuke", [4, 5])] {
      let context = Self.context()
      context.viewportOffsetPt = 1000
      var strategy = Self.strategy(["media": .string(library)])
      context.note(strategy.update(.start, in: context))
      _ = context.takeActions()
      context.scrollDirection = .up
      context.viewportOffsetPt = 990
      context.note(strategy.update(.frame, in: context))
      let cancels = context.actions.compactMap {
        if case .cancelMedia(let item) = $0 { return item } else { return nil }
      }
      #expect(cancels.filter { $0 >= 14 }.sorted() == cancelled.map { $0 + 10 }, "\(library)")
    }
  }

  /// `media`'s help (what `list` and docs/constants.md print) names every loader, each once, in
  /// the order the words are listed, with its prefetch cap where it has one.
  @Test func mediaHelpNamesEveryLoader() {
    let help = MediaLibrary.parameter.declaration.help
    var rest = Substring(help)
    for library in MediaLibrary.allCases {
      let entry = "\(library.rawValue) ("
      #expect(help.components(separatedBy: entry).count == 2, "\(library)")
      guard let found = rest.range(of: entry) else {
        Issue.record("\(library) missing or out of order in \(help)")
        continue
      }
      rest = rest[found.upperBound...]
    }
    #expect(help.contains("sdwebimage (3 prefetches)") && help.contains("kingfisher (5 prefetches)"))
    #expect(help.contains("nuke (2 prefetches, "))
  }

  /// low_priority_max_connections is handed to the engine at the first update.
  @Test func connectionReservationIsSetOnce() {
    let context = Self.context()
    var strategy = Self.strategy(["low_priority_max_connections": .number(3)])
    context.note(strategy.update(.start, in: context))
    context.note(strategy.update(.frame, in: context))
    #expect(context.actions.filter { $0 == .limitLowPriorityConnections(3) }.count == 1)
  }
}
