/// The disk cache of media responses (`CacheSpec`): entries keyed by item, valid for
/// `validityUs` after they were stored, the oldest removed first when the bytes exceed the budget
/// (SDWebImage's disk cleanup removes the oldest files first, by modification date).
///
/// The cache condition (AFNetworking and NSURLCache store only successful responses with a body):
/// a failed or empty response is never stored.
struct DiskCache: Sendable {
  let capacityBytes: Int64
  let validityUs: Int64
  private(set) var usedBytes: Int64 = 0
  /// When each item's entry was stored, µs, or -1.
  private var storedUs: [Int64] = []
  private var sizes: [Int64] = []
  private var age = LRUList()

  init(capacityBytes: Int64, validityUs: Int64) {
    self.capacityBytes = capacityBytes
    self.validityUs = validityUs
  }

  /// The cache condition: only a completed response with a body that fits the cache is stored.
  static func admits(bytes: Int64, completed: Bool, capacityBytes: Int64) -> Bool {
    completed && bytes > 0 && bytes <= capacityBytes
  }

  /// Stores `item`'s response of `bytes` at `timeUs` (replacing an older entry), then removes
  /// the oldest entries while over budget. Does nothing for a response the condition refuses.
  /// O(1) amortised plus O(entries removed).
  mutating func store(item: Int, bytes: Int64, completed: Bool, atUs timeUs: Int64) {
    guard Self.admits(bytes: bytes, completed: completed, capacityBytes: capacityBytes) else { return }
    if item >= storedUs.count {
      let extra = max(item + 1, storedUs.count * 2) - storedUs.count
      storedUs.append(contentsOf: repeatElement(-1, count: extra))
      sizes.append(contentsOf: repeatElement(0, count: extra))
    }
    remove(item)
    storedUs[item] = timeUs
    sizes[item] = bytes
    usedBytes += bytes
    age.append(item)
    while usedBytes > capacityBytes, let oldest = age.leastRecent { remove(oldest) }
  }

  /// True when `item` has an entry still valid at `timeUs`; an expired entry is removed.
  mutating func validEntry(item: Int, atUs timeUs: Int64) -> Bool {
    guard item < storedUs.count, storedUs[item] >= 0 else { return false }
    if timeUs - storedUs[item] < validityUs { return true }
    remove(item)
    return false
  }

  func contains(_ item: Int) -> Bool { item < storedUs.count && storedUs[item] >= 0 }

  private mutating func remove(_ item: Int) {
    guard contains(item) else { return }
    usedBytes -= sizes[item]
    storedUs[item] = -1
    age.remove(item)
  }
}
