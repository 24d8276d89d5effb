extension Array {
  /// Appends `value` until `index` is a valid index, at least doubling the size when it grows
  /// (amortised O(1) per element). For per-item or per-page columns that only some runs use, so
  /// that runs which never touch them pay nothing.
  @inline(__always)
  mutating func grow(toInclude index: Int, filling value: Element) {
    guard index >= count else { return }
    append(contentsOf: repeatElement(value, count: Swift.max(index + 1, count * 2) - count))
  }

  /// Empties the array keeping its storage, as `removeAll(keepingCapacity: true)` does, which
  /// goes through the generic `replaceSubrange` (about 60 instructions) even for the single
  /// element the engine's per-event buffers mostly hold; `removeLast` takes that one directly.
  @inline(__always)
  mutating func removeAllKeepingCapacity() {
    if count == 1 {
      removeLast()
    } else if !isEmpty {
      removeAll(keepingCapacity: true)
    }
  }
}
