import Testing

@testable import PrefetchLab

/// The arrivals of `feed.changes`: regular ones where the arithmetic puts them, Poisson ones at
/// their rate and the same for a seed whatever order they are asked for in.
@Suite struct FeedChangeScheduleTests {
  /// 12 a minute, regular: one every 5 s, the first at 5 s.
  @Test func regularArrivalsComeEveryGap() {
    var schedule = FeedChangeSchedule(
      .insert, spec: FeedChangeSpec(insertsPerMin: 12, arrivals: .regular), seed: 7)
    #expect(schedule.count(atUs: 4_999_999) == 0)
    #expect(schedule.count(atUs: 5_000_000) == 1)
    #expect(schedule.count(atUs: 59_999_999) == 11)
    #expect(schedule.count(atUs: 60_000_000) == 12)
    // Asked for an earlier instant, it starts again.
    #expect(schedule.count(atUs: 10_000_000) == 2)
  }

  /// A rate of 0 never arrives; deletions use their own rate.
  @Test func aZeroRateNeverArrives() {
    var inserts = FeedChangeSchedule(.insert, spec: FeedChangeSpec(deletesPerMin: 30), seed: 1)
    var deletes = FeedChangeSchedule(.delete, spec: FeedChangeSpec(deletesPerMin: 30), seed: 1)
    #expect(inserts.count(atUs: 3_600_000_000) == 0)
    let hour = deletes.count(atUs: 3_600_000_000)
    // 1800 expected in the hour; a Poisson count's sd is about 42.
    #expect(abs(hour - 1800) < 200)
  }

  /// Poisson arrivals over many seeds: the mean count in 10 minutes at 6 a minute is 60 (the
  /// mean over 200 seeds has an sd of about 0.55), and the counts' variance is near their mean,
  /// as a Poisson count's is.
  @Test func poissonCountsHaveTheRate() {
    var counts: [Double] = []
    for seed in 1...200 {
      var schedule = FeedChangeSchedule(.insert, spec: FeedChangeSpec(insertsPerMin: 6), seed: UInt64(seed))
      counts.append(Double(schedule.count(atUs: 600_000_000)))
    }
    let mean = counts.reduce(0, +) / Double(counts.count)
    let variance = counts.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(counts.count - 1)
    #expect(abs(mean - 60) < 2.5)
    #expect(variance > 40 && variance < 85)
  }

  /// The count at an instant is the same asked at once or step by step, and inserts and
  /// deletions of one seed are different streams.
  @Test func countsDoNotDependOnHowTheyAreAsked() {
    let spec = FeedChangeSpec(insertsPerMin: 20, deletesPerMin: 20)
    var stepped = FeedChangeSchedule(.insert, spec: spec, seed: 3)
    var steps: [Int64] = []
    for second in stride(from: 0, through: 300, by: 7) {
      steps.append(stepped.count(atUs: Int64(second) * 1_000_000))
    }
    var once = FeedChangeSchedule(.insert, spec: spec, seed: 3)
    #expect(once.count(atUs: 294_000_000) == steps.last)
    var deletes = FeedChangeSchedule(.delete, spec: spec, seed: 3)
    var differ = false
    for second in stride(from: 0, through: 300, by: 7) {
      var inserts = FeedChangeSchedule(.insert, spec: spec, seed: 3)
      if inserts.count(atUs: Int64(second) * 1_000_000) != deletes.count(atUs: Int64(second) * 1_000_000) {
        differ = true
      }
    }
    #expect(differ)
  }
}
