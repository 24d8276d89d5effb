import Testing

@testable import PrefetchLab

/// The sliding-window maximum of speeds `adaptive`'s mpc planner plans images at rest against.
@Suite struct AdaptivePeakSpeedTests {
  /// A 1 s window. Speeds noted at 0, 0.2, 0.5 and 0.9 s: 3000, −5000 (taken as 5000), 1000,
  /// 2000 pt/s. The peak is 5000 until the 0.2 s sample leaves the window at 1.2 s, then 2000
  /// (the 0.9 s sample: the 0.5 s one is slower and older) until 1.9 s, then nothing: 0.
  @Test func thePeakIsTheFastestSpeedStillInTheWindow() {
    var peak = AdaptivePeakSpeed(windowUs: 1_000_000)
    #expect(peak.speedPtS(atUs: 0) == 0)
    for (timeUs, speed) in [(0, 3000.0), (200_000, -5000), (500_000, 1000), (900_000, 2000)] {
      peak.note(speedPtS: speed, atUs: Int64(timeUs))
    }
    #expect(peak.speedPtS(atUs: 900_000) == 5000)
    #expect(peak.speedPtS(atUs: 1_199_999) == 5000)
    #expect(peak.speedPtS(atUs: 1_200_000) == 2000)
    #expect(peak.speedPtS(atUs: 1_899_999) == 2000)
    #expect(peak.speedPtS(atUs: 1_900_000) == 0)
  }

  /// Over many samples the sliding maximum equals the brute-force maximum of the speeds noted in
  /// (t − window, t]: 1000 pseudo-random speeds of −5000…4999 pt/s, 0…51 ms apart, a 300 ms
  /// window (about a dozen samples in it).
  @Test func itMatchesTheBruteForceMaximum() {
    var peak = AdaptivePeakSpeed(windowUs: 300_000)
    var noted: [(Int64, Double)] = []
    var state: UInt64 = 12_345
    var timeUs: Int64 = 0
    for _ in 0..<1000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      timeUs += Int64(state >> 54) * 50
      let speed = Double((state >> 20) % 10_000) - 5000
      peak.note(speedPtS: speed, atUs: timeUs)
      noted.append((timeUs, abs(speed)))
      let expected = noted.filter { $0.0 > timeUs - 300_000 }.map(\.1).max() ?? 0
      #expect(peak.speedPtS(atUs: timeUs) == expected)
    }
  }

  /// A reset forgets every sample.
  @Test func aResetForgetsTheRecord() {
    var peak = AdaptivePeakSpeed(windowUs: 1_000_000)
    peak.note(speedPtS: 4000, atUs: 0)
    peak.reset()
    #expect(peak.speedPtS(atUs: 1) == 0)
  }
}
