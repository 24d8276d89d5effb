/// Where loaded media lives (`cache`): memory within a byte budget, evicting the least recently
/// seen off-screen media first, and an optional disk cache that media asked for again is read
/// back from. Without `cache`, memory is unlimited and there is no disk.
///
/// The cache knows items by index and bytes as the coordinator tells them; it does not touch the
/// items' states. Evictions are handed back one at a time (`nextVictim`, then `evicted`) so the
/// coordinator can mark the row incomplete, and are listed until the strategy has been told.
struct MediaCache: Sendable {
  /// Memory holds media within `memoryBudgetBytes` (a `cache` is configured).
  let memoryLimited: Bool
  let memoryBudgetBytes: Int64
  /// Requests skip the disk cache (`cache.ignore_cache`).
  private let ignoreCache: Bool
  private let diskReadMs: Distribution
  private let random: CounterRandom
  /// Bytes of media in memory (loaded items, on screen or not).
  private(set) var memoryUsedBytes: Int64 = 0
  /// Loaded items off screen, least recently seen first: eviction order. Rows on screen are not
  /// listed (a cell holds its image). Used only when memory is limited.
  private var lru = LRUList()
  private var disk: DiskCache?
  /// Disk reads of each item's media so far (keys the next read's latency draw).
  private var diskReads: [UInt32] = []
  /// Items evicted since the strategy was last consulted, oldest first
  /// (`StrategyContext.evictedItems`).
  private(set) var pendingEvictions: [Int] = []

  init(spec: CacheSpec?, random: CounterRandom) {
    memoryLimited = spec != nil
    memoryBudgetBytes = spec?.memoryBytes ?? .max
    ignoreCache = spec?.ignoreCache ?? false
    diskReadMs = spec?.diskReadMs ?? .constant(0)
    self.random = random
    if let spec, spec.diskBytes > 0 {
      disk = DiskCache(
        capacityBytes: spec.diskBytes, validityUs: Int64((spec.cacheDurationMs * 1000).rounded()))
    }
  }

  /// Media asked for at `nowUs` can be read back from the disk instead of fetched.
  mutating func hasValidDiskEntry(item: Int, atUs nowUs: Int64) -> Bool {
    disk != nil && !ignoreCache && disk!.validEntry(item: item, atUs: nowUs)
  }

  /// A network response for `item` completed at `nowUs`: the disk keeps it (if it admits it).
  mutating func storeOnDisk(item: Int, bytes: Int64, atUs nowUs: Int64) {
    disk?.store(item: item, bytes: bytes, completed: true, atUs: nowUs)
  }

  /// How long the next disk read of `item` takes, µs (`cache.disk_read_ms`, drawn per item and read).
  mutating func nextDiskReadUs(item: Int) -> Int64 {
    diskReads.grow(toInclude: item, filling: 0)
    let read = UInt64(diskReads[item])
    diskReads[item] += 1
    let ms = diskReadMs.quantile { random.uniform(.diskRead, key: UInt64(item), attempt: read) }
    return max(0, Int64((ms * 1000).rounded()))
  }

  /// `item`'s media (`bytes`) is now in memory; off screen it joins the eviction order. Returns
  /// the memory in use afterwards (the caller keeps the peak).
  mutating func mediaEntered(item: Int, bytes: Int64, visible: Bool) -> Int64 {
    memoryUsedBytes += bytes
    if memoryLimited && !visible { lru.append(item) }
    return memoryUsedBytes
  }

  /// While memory is limited and over budget, evicts the least recently seen off-screen media
  /// (whose size `bytesOf` tells) and returns its item; nil when within budget or only on-screen
  /// media is left. The item is listed for the strategy.
  @inline(__always)
  mutating func evictNext(bytesOf: (Int) -> Int64) -> Int? {
    guard memoryLimited && memoryUsedBytes > memoryBudgetBytes, let item = lru.leastRecent else { return nil }
    lru.remove(item)
    memoryUsedBytes -= bytesOf(item)
    pendingEvictions.append(item)
    return item
  }

  /// `item`'s media (`bytes`) left memory with its row (its page was dropped): not an eviction,
  /// and not listed for the strategy.
  mutating func mediaReleased(item: Int, bytes: Int64) {
    memoryUsedBytes -= bytes
    if memoryLimited { lru.remove(item) }
  }

  /// A row with media in memory came on screen (its cell holds the image: not evictable).
  @inline(__always)
  mutating func rowShown(_ item: Int) { lru.remove(item) }

  /// A row with media in memory left the screen: it becomes the most recently seen.
  @inline(__always)
  mutating func rowHidden(_ item: Int) { lru.append(item) }

  /// The strategy has been consulted with `pendingEvictions` to read.
  mutating func evictionsTold() { pendingEvictions.removeAll(keepingCapacity: true) }

  /// Debug builds: bytes in memory are never negative; unlimited memory evicts nothing.
  func checkInvariants() {
    assert(memoryUsedBytes >= 0, "negative memory in use")
    assert(memoryLimited || pendingEvictions.isEmpty, "an eviction without a memory budget")
  }
}
