/// A binary min-heap ordered by `Element`'s `<`.
///
/// Push and pop are O(log n), `min` is O(1). Ties are broken by whatever `<` says, so callers that
/// need a stable order put a sequence number in the element (the engine's event queue orders by
/// time, then priority, then sequence).
public struct MinHeap<Element: Comparable>: Sendable where Element: Sendable {
  @usableFromInline var storage: [Element] = []

  public init() {}

  public var isEmpty: Bool { storage.isEmpty }
  public var count: Int { storage.count }
  /// The smallest element, or nil when empty.
  public var min: Element? { storage.first }

  public mutating func push(_ element: Element) {
    storage.append(element)
    var child = storage.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      if !(storage[child] < storage[parent]) { break }
      storage.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the smallest element, or nil when empty.
  @discardableResult
  public mutating func pop() -> Element? {
    guard let first = storage.first else { return nil }
    let last = storage.removeLast()
    if !storage.isEmpty {
      storage[0] = last
      siftDown(from: 0)
    }
    return first
  }

  public mutating func removeAll() { storage.removeAll(keepingCapacity: true) }

  /// Removes every element `shouldRemove` selects and restores the heap order. O(n).
  public mutating func removeAll(where shouldRemove: (Element) -> Bool) {
    storage.removeAll(where: shouldRemove)
    var parent = storage.count / 2 - 1
    while parent >= 0 {
      siftDown(from: parent)
      parent -= 1
    }
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    let n = storage.count
    while true {
      let left = 2 * parent + 1
      if left >= n { return }
      let right = left + 1
      var smallest = left
      if right < n && storage[right] < storage[left] { smallest = right }
      if !(storage[smallest] < storage[parent]) { return }
      storage.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
