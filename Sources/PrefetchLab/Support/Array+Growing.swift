extension Array {
  /// Appends `value` until `index` is a valid index, at least doubling the size when it grows
  /// (amortised O(1) per element). For per-item or per-page columns that only some runs use, so
  /// that runs which never touch them pay nothing.
  @inline(__always)
  mutating func grow(toInclude index: Int, filling value: Element) {
    guard index >= count else { return }
    append(contentsOf: repeatElement(value, count: Swift.max(index + 1, count * 2) - count))
  }
}
