/// Item indices in least- to most-recently-used order, as a doubly linked list stored in arrays
/// indexed by item: append, remove and "least recent" are O(1), with no allocation per
/// operation once the arrays have grown to the largest item touched.
struct LRUList: Sendable {
  private var previous: [Int32] = []
  private var next: [Int32] = []
  private var member: [Bool] = []
  private var head: Int32 = -1
  private var tail: Int32 = -1

  /// The least recently used item, or nil when the list is empty.
  var leastRecent: Int? { head >= 0 ? Int(head) : nil }

  func contains(_ item: Int) -> Bool { item < member.count && member[item] }

  /// Puts `item` at the most recent end (moving it there if it is already listed).
  mutating func append(_ item: Int) {
    if item >= member.count {
      let extra = max(item + 1, member.count * 2) - member.count
      previous.append(contentsOf: repeatElement(-1, count: extra))
      next.append(contentsOf: repeatElement(-1, count: extra))
      member.append(contentsOf: repeatElement(false, count: extra))
    }
    if member[item] { remove(item) }
    member[item] = true
    previous[item] = tail
    next[item] = -1
    if tail >= 0 { next[Int(tail)] = Int32(item) } else { head = Int32(item) }
    tail = Int32(item)
  }

  /// Takes `item` out of the list; nothing happens if it is not listed.
  mutating func remove(_ item: Int) {
    guard contains(item) else { return }
    let before = previous[item]
    let after = next[item]
    if before >= 0 { next[Int(before)] = after } else { head = after }
    if after >= 0 { previous[Int(after)] = before } else { tail = before }
    member[item] = false
  }
}
