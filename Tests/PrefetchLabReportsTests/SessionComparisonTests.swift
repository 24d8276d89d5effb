import Foundation
import Testing

@testable import PrefetchLab
@testable import PrefetchLabReports

/// The two-sample Kolmogorov–Smirnov distance and the fit report's quantities, by hand.
@Suite struct SessionComparisonTests {
  @Test func ksDistanceIsTheLargestGapBetweenTheStepFunctions() {
    #expect(TwoSampleKolmogorovSmirnov.distance([1, 2, 3], [3, 2, 1]) == 0)
    #expect(TwoSampleKolmogorovSmirnov.distance([1, 2, 3], [4, 5]) == 1)
    // At 2: 2/4 of the first sample, none of the second.
    #expect(TwoSampleKolmogorovSmirnov.distance([1, 2, 3, 4], [3, 4, 5, 6]) == 0.5)
    // Ties step together: at 1, 2/3 against 1/2.
    #expect(abs(TwoSampleKolmogorovSmirnov.distance([1, 1, 2], [1, 2])! - 1.0 / 6) < 1e-12)
    #expect(TwoSampleKolmogorovSmirnov.distance([], [1]) == nil)
    // 1.3581 × √(200 / 10 000).
    #expect(abs(TwoSampleKolmogorovSmirnov.criticalDistance(100, 100) - 0.1920645) < 1e-6)
  }

  /// Two phased sessions: one drag of 1 s at 100 pt/s then still to 60 s, and the same drag
  /// going back and then on again.
  @Test func quantitiesPerSampleGestureAndSession() throws {
    func session(_ directions: [Double]) -> RecordedSession {
      var samples = [RecordedSession.Sample(timeMs: 0, offsetPt: 500, phase: .idle)]
      var offset = 500.0
      var t = 0.0
      for direction in directions {
        for _ in 0..<10 {
          t += 100
          offset += 10 * direction
          samples.append(.init(timeMs: t, offsetPt: offset, phase: .dragging))
        }
        t += 1000
        samples.append(.init(timeMs: t, offsetPt: offset, phase: .idle))
      }
      samples.append(.init(timeMs: 60_000, offsetPt: offset, phase: .idle))
      return RecordedSession(samples: samples, sourcePath: "s")
    }
    let comparison = SessionComparison(recorded: [session([1])], synthetic: [session([-1, 1])])
    let rows = Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.quantity, $0) })
    #expect(rows["velocity_pt_s"]?.recorded == Array(repeating: 100, count: 10))
    #expect(rows["drag_velocity_pt_s"]?.synthetic == [100, 100])
    // 100 pt in a 60 s session; 200 pt.
    #expect(rows["distance_pt_per_min"]?.recorded == [100] && rows["distance_pt_per_min"]?.synthetic == [200])
    #expect(
      rows["reversal_rate"]?.recorded == [] && rows["reversal_rate"]?.synthetic == [1],
      "\(rows["reversal_rate"]!.synthetic)")
    // Dwell from the lift (halfway between 1000 and 2000 ms) to the next touch (halfway between
    // 2000 and 2100 ms).
    #expect(rows["dwell_ms"]?.synthetic == [550])
    #expect(rows["velocity_pt_s"]?.ksDistance == 0 && rows["distance_pt_per_min"]?.ksDistance == 1)
    #expect(comparison.text.contains("distance_pt_per_min"))
  }
}
