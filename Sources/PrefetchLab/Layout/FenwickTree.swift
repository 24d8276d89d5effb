/// A Fenwick (binary indexed) tree of non-negative `Double` values with prefix sums, point
/// updates and a "first index whose prefix sum exceeds x" search, each O(log n). It grows on
/// demand (amortised O(1) per appended element) so a cursor-paginated feed pays only for the
/// items it has loaded.
///
/// Layout heights are multiples of 1/64 pt (see `FeedLayout`), so every sum here is exact in
/// binary floating point and the answer does not depend on the order of updates.
struct FenwickTree: Sendable {
  private var tree: [Double]  // 1-based; tree[0] unused
  private var values: [Double]

  init(count: Int = 0, value: Double = 0) {
    values = Array(repeating: value, count: count)
    tree = [0] + values
    // O(n) construction: push each node's sum to its parent.
    var i = 1
    while i <= count {
      let parent = i + (i & -i)
      if parent <= count { tree[parent] += tree[i] }
      i += 1
    }
  }

  var count: Int { values.count }

  func value(at index: Int) -> Double { values[index] }

  /// Appends one element. Amortised O(log n).
  mutating func append(_ value: Double) {
    values.append(value)
    let i = values.count
    // Node i covers (i - lowbit(i), i]; sum the already-complete children below it.
    var sum = value
    var child = i - 1
    let low = i - (i & -i)
    while child > low {
      sum += tree[child]
      child -= child & -child
    }
    tree.append(sum)
  }

  /// Sets element `index` to `newValue`. O(log n).
  mutating func set(_ index: Int, to newValue: Double) {
    let delta = newValue - values[index]
    values[index] = newValue
    if delta == 0 { return }
    var i = index + 1
    while i < tree.count {
      tree[i] += delta
      i += i & -i
    }
  }

  /// Sum of elements [0, end). O(log n).
  func prefixSum(_ end: Int) -> Double {
    var sum = 0.0
    var i = end
    while i > 0 {
      sum += tree[i]
      i -= i & -i
    }
    return sum
  }

  var total: Double { prefixSum(values.count) }

  /// The smallest index i with prefixSum(i + 1) > x, i.e. the element covering position x when
  /// elements are laid end to end; `count` when x >= total. O(log n).
  func index(containing x: Double) -> Int {
    var position = 0
    var remaining = x
    var step = 1
    while step * 2 <= values.count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next <= values.count && tree[next] <= remaining {
        position = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return position
  }
}
