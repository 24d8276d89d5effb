import Testing

@testable import PrefetchLab

/// Records the evictions it is told about.
struct EvictionRecorder: PrefetchStrategy {
  var inner = FixedThreshold(parameters: TestScenarios.configured("fixed_threshold").parameters)
  var evicted: [Int] = []

  init(parameters: StrategyParameters = StrategyParameters([:])) {}

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    evicted += context.evictedItems
    return inner.update(event, in: context)
  }
}

/// The memory and disk cache layer (`cache`).
@Suite struct EngineCacheTests {
  /// Rows of 100 pt with 10 000 bytes of media each, an 800 pt viewport, 100 ms RTT: three times
  /// down one screen (rows 8…15 come into view) and back up (rows 0…7 again), each move 2 s,
  /// with 1 s rests that let every fetch finish.
  static func scrollBack(cache: CacheSpec?) -> PreparedScenario {
    let down = Gesture.drag(velocityPtS: 400, durationMs: 2000)
    let up = Gesture.drag(velocityPtS: -400, durationMs: 2000)
    let rest = Gesture.wait(durationMs: 1000)
    return TestScenarios.modified(
      TestScenarios.steadyDrag(
        rttMs: 100, media: .constant(10_000),
        gestures: Array(repeating: [down, rest, up, rest], count: 3).flatMap { $0 })
    ) {
      $0.cache = cache
      $0.network.maxConcurrentRequests = 100
    }
  }

  /// Without a cache layer memory is unlimited: nothing is evicted or fetched twice, and the
  /// peak is every loaded image (rows 0…15).
  @Test func unlimitedMemoryNeverRefetches() {
    let summary = TestScenarios.run(Self.scrollBack(cache: nil), "fixed_threshold").summary
    #expect(summary.itemsSeen == 16)
    #expect(summary.mediaRequests == 16)
    #expect(summary.redundantFetches == 0)
    #expect(summary.evictions == 0)
    #expect(summary.peakMemoryBytes == 160_000)
  }

  /// A large memory cache never refetches either.
  @Test func aLargeMemoryCacheNeverRefetches() {
    let summary = TestScenarios.run(
      Self.scrollBack(cache: CacheSpec(memoryBytes: 10_000_000)), "fixed_threshold"
    )
    .summary
    #expect(summary.redundantFetches == 0)
    #expect(summary.evictions == 0)
    #expect(summary.diskReads == 0)
  }

  /// A memory cache that holds one image and no disk cache: the eight rows that leave the
  /// viewport on each of the six moves are evicted (48), and every scroll back fetches the rows
  /// coming back again: 8 on each of the 3 moves up and of the 2 later moves down, 40 redundant
  /// fetches. Memory peaks at the 9 rows on screen mid-move.
  @Test func aOneImageMemoryCacheRefetchesOnEveryScrollBack() {
    let outcome = TestScenarios.run(
      Self.scrollBack(cache: CacheSpec(memoryBytes: 10_000, diskBytes: 0)), "fixed_threshold")
    let summary = outcome.summary
    #expect(summary.evictions == 48)
    #expect(summary.redundantFetches == 40)
    #expect(summary.mediaRequests == 16 + 40)
    #expect(summary.diskReads == 0)
    #expect(summary.peakMemoryBytes == 90_000)
    // Each row that came back was fetched once per return.
    var fetches: [Int: Int] = [:]
    for event in outcome.events where event.kind == .issued {
      if case .media(let item) = event.resource { fetches[item, default: 0] += 1 }
    }
    #expect((0..<8).allSatisfy { fetches[$0] == 4 })
    #expect((8..<16).allSatisfy { fetches[$0] == 3 })
  }

  /// With a disk cache behind it the same returns are disk reads (10 ms each), not fetches.
  @Test func theDiskCacheServesEvictedMedia() {
    let summary = TestScenarios.run(Self.scrollBack(cache: CacheSpec(memoryBytes: 10_000)), "fixed_threshold")
      .summary
    #expect(summary.diskReads == 40)
    #expect(summary.redundantFetches == 0)
    #expect(summary.mediaRequests == 16)
    #expect(summary.evictions == 48)
  }

  /// Entries valid for 4 s: returns within 4 s of a row's fetch are disk reads; later ones find
  /// the entry expired and fetch again.
  @Test func expiredDiskEntriesAreFetchedAgain() {
    let summary = TestScenarios.run(
      Self.scrollBack(cache: CacheSpec(memoryBytes: 10_000, cacheDurationMs: 4000)), "fixed_threshold"
    ).summary
    #expect(summary.diskReads > 0)
    #expect(summary.redundantFetches > 0)
    #expect(summary.diskReads + summary.redundantFetches == 40)
  }

  /// `ignore_cache` skips the disk: every return is a fetch.
  @Test func ignoreCacheAlwaysFetches() {
    let summary = TestScenarios.run(
      Self.scrollBack(cache: CacheSpec(memoryBytes: 10_000, ignoreCache: true)), "fixed_threshold"
    ).summary
    #expect(summary.diskReads == 0)
    #expect(summary.redundantFetches == 40)
  }

  /// Strategies hear of every eviction.
  @Test func strategiesAreToldAboutEvictions() {
    let scenario = Self.scrollBack(cache: CacheSpec(memoryBytes: 10_000, diskBytes: 0))
    let simulation = Simulator.makeSimulation(scenario, seed: 1, options: SimulationOptions())
    var recorder = EvictionRecorder()
    let outcome = simulation.run(&recorder)
    #expect(recorder.evicted.count == outcome.summary.evictions)
    #expect(Set(recorder.evicted) == Set(0..<16))
  }

  /// Every strategy keeps working with a cache far too small for its ranges (a reader in
  /// strokes, `TestScenarios.strokes`).
  @Test(arguments: allStrategies)
  func everyStrategyCopesWithATinyCache(strategy: String) {
    let scenario = TestScenarios.modified(
      TestScenarios.steadyDrag(
        rttMs: 200, media: .constant(10_000), bandwidthKbps: 8000, gestures: TestScenarios.strokes())
    ) { $0.cache = CacheSpec(memoryBytes: 30_000, diskBytes: 50_000, diskReadMs: .constant(5)) }
    let summary = TestScenarios.run(scenario, strategy).summary
    #expect(!summary.abandoned)
    #expect(summary.itemsLoaded == 200)
    #expect(summary.peakMemoryBytes <= 30_000 + 10 * 10_000)
  }

  @Test func theDiskCacheStoresOnlyCompletedResponsesWithABody() {
    var disk = DiskCache(capacityBytes: 100, validityUs: 1000)
    disk.store(item: 1, bytes: 0, completed: true, atUs: 0)
    disk.store(item: 2, bytes: 50, completed: false, atUs: 0)
    disk.store(item: 3, bytes: 101, completed: true, atUs: 0)
    #expect(!disk.contains(1) && !disk.contains(2) && !disk.contains(3))
    disk.store(item: 4, bytes: 60, completed: true, atUs: 0)
    let fresh = disk.validEntry(item: 4, atUs: 999)
    let expired = disk.validEntry(item: 4, atUs: 1000)
    #expect(fresh && !expired)
    #expect(!disk.contains(4))
    #expect(disk.usedBytes == 0)
  }

  /// Over budget, the oldest entries go first.
  @Test func theDiskCacheRemovesTheOldestFirst() {
    var disk = DiskCache(capacityBytes: 100, validityUs: 1_000_000)
    disk.store(item: 1, bytes: 40, completed: true, atUs: 0)
    disk.store(item: 2, bytes: 40, completed: true, atUs: 1)
    disk.store(item: 3, bytes: 40, completed: true, atUs: 2)
    #expect(!disk.contains(1) && disk.contains(2) && disk.contains(3))
    #expect(disk.usedBytes == 80)
  }

  @Test func theLRUListKeepsRecencyOrder() {
    var list = LRUList()
    for item in [5, 2, 9] { list.append(item) }
    list.append(5)
    #expect(list.leastRecent == 2)
    list.remove(2)
    #expect(list.leastRecent == 9)
    list.remove(9)
    list.remove(5)
    #expect(list.leastRecent == nil)
    list.append(100)
    #expect(list.leastRecent == 100 && list.contains(100) && !list.contains(5))
  }
}
