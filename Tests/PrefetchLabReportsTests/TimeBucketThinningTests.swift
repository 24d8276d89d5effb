import Foundation
import PrefetchLab
import Testing

@testable import PrefetchLabReports

/// The scroll trace is thinned by time buckets, so how many timeline rows a run wrote does not
/// change its picture.
@Suite struct TimeBucketThinningTests {
  /// A rest, a drag at 1000 pt/s, a fling peaking at 4000 pt/s that coasts to rest, a rest, a
  /// drag back, a rest: (s, offset_pt, velocity_pt_s) at its corners.
  static let corners: [[Double]] = [
    [0, 0, 0], [1, 0, 0], [1.5, 250, 1000], [3, 1750, 1000], [3.25, 2000, 4000], [5, 3000, 0],
    [6, 3000, 0], [7, 2500, -500], [8, 2500, 0],
  ]

  /// The same trajectory with a sample every `step` s between corners, on the straight line
  /// between them (as the run tables' rows lie on it when more are written).
  static func sampled(every step: Double) -> [[Double]] {
    var points: [[Double]] = []
    for (a, b) in zip(corners, corners.dropFirst()) {
      points.append(a)
      var time = a[0] + step
      while time < b[0] - 1e-9 {
        let share = (time - a[0]) / (b[0] - a[0])
        points.append([time, a[1] + (b[1] - a[1]) * share, a[2] + (b[2] - a[2]) * share])
        time += step
      }
    }
    return points + [corners.last!]
  }

  static func timeline(_ points: [[Double]]) -> [TimelineRow] {
    points.map {
      TimelineRow(
        timeMs: $0[0] * 1000, traceMs: $0[0] * 1000, offsetPt: $0[1], velocityPtS: $0[2],
        contentHeightPt: 10_000, blankFraction: 0, inFlight: 0, stalled: false)
    }
  }

  /// Two timelines of one trajectory, 9 rows and about 500, give the same plot data; thinning by
  /// rows gave the dense one's buckets other points than the sparse one's.
  @Test func rowDensityDoesNotChangeThePlotData() throws {
    let sparse = Self.sampled(every: 10)
    let dense = Self.sampled(every: 1.0 / 64)
    #expect(sparse.count == 9 && dense.count > 500)
    let scenario = PlotFixtures.scenario("s", [("a", [["stall_ms": 0]])])
    func data(_ points: [[Double]]) throws -> String {
      let key = scenario.strategies[0].rows[0].key
      let figure = try #require(PlotBuilder.scrollTrace(scenario, timelines: [key: Self.timeline(points)]))
      return figure.data
    }
    let sparseData = try data(sparse)
    #expect(sparseData == (try data(dense)))
    // The fling's peak is kept.
    #expect(sparseData.contains("\n3.25 2000 4000\n"), "\(sparseData)")
  }

  /// Hand-worked: 4 buckets over 0–8 s of the corners. Bucket [0, 2]: the start (0, 0, 0); the
  /// corner (1, 0, 0) ties it, later; (1.5, 250, 1000) is the greatest velocity, tied later by the
  /// right edge (2, 583.3…, 1000), which has the greatest offset and starts the next bucket.
  /// Bucket [2, 4]: (3, 1750, 1000) is no extreme, (3.25, 2000, 4000) is the peak velocity.
  /// Bucket [4, 6]: (5, 3000, 0) has the greatest offset and the least velocity. Bucket [6, 8]:
  /// (7, 2500, −500) the least of both.
  @Test func handWorkedBuckets() {
    let kept = TimeBucketThinning.thinned(Self.corners, buckets: 4)
    #expect(kept.map { $0[0] } == [0, 1.5, 2, 3.25, 4, 5, 6, 7, 8])
    #expect(kept[3] == [3.25, 2000, 4000])
    #expect(abs(kept[4][1] - (2000 + 1000 * 0.75 / 1.75)) < 1e-9)
    #expect(abs(kept[4][2] - (4000 - 4000 * 0.75 / 1.75)) < 1e-9)
    // At most 1 + buckets × 5 points, however many samples.
    let dense = Self.sampled(every: 1.0 / 256)
    #expect(TimeBucketThinning.thinned(dense, buckets: 4).count <= 21)
  }

  @Test func aTraceSpanningNoTimeIsKeptAsItIs() {
    #expect(TimeBucketThinning.thinned([[1, 5, 0], [1, 6, 0]], buckets: 10) == [[1, 5, 0], [1, 6, 0]])
    #expect(TimeBucketThinning.thinned([], buckets: 10).isEmpty)
  }
}
