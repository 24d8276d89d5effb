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
    // An element no smaller than its parent stays at the leaf (the engine's timeouts, due after
    // everything else): the first comparison of the walk below, without its second uniqueness
    // check.
    if storage.isEmpty || !(element < storage[(storage.count - 1) / 2]) {
      storage.append(element)
      return
    }
    storage.append(element)
    // The element moves once, into the hole its larger ancestors leave as they move down: one
    // write a level instead of a swap's two, and one uniqueness check for the whole walk.
    storage.withUnsafeMutableBufferPointer { buffer in
      var child = buffer.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        if !(element < buffer[parent]) { break }
        buffer[child] = buffer[parent]
        child = parent
      }
      buffer[child] = element
    }
  }

  /// Removes and returns the smallest element, or nil when empty.
  @discardableResult
  public mutating func pop() -> Element? {
    guard let first = storage.first else { return nil }
    let last = storage.removeLast()
    if !storage.isEmpty { siftDown(last, from: 0) }
    return first
  }

  public mutating func removeAll() { storage.removeAll(keepingCapacity: true) }

  /// Removes every element `shouldRemove` selects and restores the heap order. O(n).
  public mutating func removeAll(where shouldRemove: (Element) -> Bool) {
    storage.removeAll(where: shouldRemove)
    var parent = storage.count / 2 - 1
    while parent >= 0 {
      siftDown(storage[parent], from: parent)
      parent -= 1
    }
  }

  /// Places `element` at the hole `start`, moving smaller children up until it is no larger than
  /// either of its own (the same places a walk of swaps reaches, with half the writes).
  private mutating func siftDown(_ element: Element, from start: Int) {
    storage.withUnsafeMutableBufferPointer { buffer in
      let n = buffer.count
      var parent = start
      while true {
        let left = 2 * parent + 1
        if left >= n { break }
        let right = left + 1
        var smallest = left
        if right < n && buffer[right] < buffer[left] { smallest = right }
        if !(buffer[smallest] < element) { break }
        buffer[parent] = buffer[smallest]
        parent = smallest
      }
      buffer[parent] = element
    }
  }
}
