/// Thins a sampled trajectory for a plot by time, not by rows: the picture then depends on the
/// trajectory, not on how many rows a run table wrote of it.
///
/// The time span from the first to the last sample is cut into `buckets` equal buckets. Per
/// bucket [t₀, t₁] the candidates are the trajectory at t₀ and at t₁ (linear between samples, as
/// a plot's lines draw it) and the samples strictly inside; for each value column the candidates
/// with the least and the greatest value are found (ties to the earliest). Kept: the point at each
/// bucket's start, the inside samples that are such an extreme (so a fling keeps its peak and
/// every turn survives), and the point at the end. At most 1 + buckets × (1 + 2 × columns)
/// points, whatever the number of samples.
///
/// A sample that lies on the straight line between its neighbours (a row written during a rest
/// or a steady drag) changes nothing: it is never an extreme that an earlier candidate does not
/// tie, and the points at bucket edges are where the line puts them. So two samplings of the same
/// piecewise-linear trajectory give the same points, up to the rounding of the interpolation.
///
/// Times must not decrease (repeats are allowed: trace time pauses while a stall blocks the
/// user); at a repeated time the first sample stands for the trajectory. Complexity: O(n + buckets
/// × columns).
enum TimeBucketThinning {
  /// The number of buckets the scroll-trace plot uses: 200 across a 960 px wide plot.
  static let scrollTraceBuckets = 200

  /// - Parameters:
  ///   - points: rows [time, value, …], all of one length ≥ 2, times ascending.
  ///   - buckets: ≥ 1.
  /// - Returns: the kept points in time order; `points` itself when it spans no time.
  static func thinned(_ points: [[Double]], buckets: Int) -> [[Double]] {
    guard let first = points.first, let last = points.last, last[0] > first[0], buckets >= 1 else {
      return points
    }
    let start = first[0]
    let span = last[0] - start
    let columns = first.count
    // `next` is the first sample at or after the time asked: times only grow, so one pass.
    var next = 0
    func trajectory(at time: Double) -> [Double] {
      while next < points.count && points[next][0] < time { next += 1 }
      if next == points.count { return last }
      if points[next][0] == time || next == 0 { return points[next] }
      let (a, b) = (points[next - 1], points[next])
      let share = (time - a[0]) / (b[0] - a[0])
      return [time] + (1..<columns).map { a[$0] + (b[$0] - a[$0]) * share }
    }
    var kept: [[Double]] = []
    var left = trajectory(at: start)
    for bucket in 0..<buckets {
      let end = bucket == buckets - 1 ? last[0] : start + span * Double(bucket + 1) / Double(buckets)
      // The inside samples: after the left edge's sample, strictly before the right edge.
      var inside: [[Double]] = []
      var index = next
      while index < points.count && points[index][0] <= left[0] { index += 1 }
      while index < points.count && points[index][0] < end {
        inside.append(points[index])
        index += 1
      }
      let right = trajectory(at: end)
      let candidates = [left] + inside + [right]
      var extremes = Set<Int>()
      for column in 1..<columns {
        var low = 0
        var high = 0
        for position in candidates.indices {
          if candidates[position][column] < candidates[low][column] { low = position }
          if candidates[position][column] > candidates[high][column] { high = position }
        }
        extremes.insert(low)
        extremes.insert(high)
      }
      kept.append(left)
      for position in extremes.sorted() where position > 0 && position < candidates.count - 1 {
        kept.append(candidates[position])
      }
      left = right
    }
    kept.append(left)
    return kept
  }
}
