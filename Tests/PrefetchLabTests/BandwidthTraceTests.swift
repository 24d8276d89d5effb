import Testing

@testable import PrefetchLab

@Suite struct BandwidthTraceTests {
  typealias Segment = BandwidthTrace.Segment

  @Test func constantKbpsIs125BytesPerSecondPerKbps() throws {
    let trace = try BandwidthTrace.constant(kbps: 800)
    #expect(trace.capacityBytesPerSecond(atUs: 0) == 100_000)
    #expect(trace.capacityBytesPerSecond(atUs: 3_600_000_000) == 100_000)
    #expect(trace.bytesDelivered(fromUs: 0, toUs: 1_000_000) == 100_000)
    #expect(trace.timeToDeliver(bytes: 100_000, fromUs: 0) == 1_000_000)
    #expect(trace.latencyMs(atUs: 0) == nil)
    #expect(!trace.isUnlimited)
  }

  @Test(arguments: [0.0, -1.0, .nan])
  func constantRejectsNonPositiveKbps(kbps: Double) {
    #expect(throws: BandwidthTraceError.self) { try BandwidthTrace.constant(kbps: kbps) }
  }

  @Test func infiniteKbpsIsUnlimited() throws {
    let trace = try BandwidthTrace.constant(kbps: .infinity)
    #expect(trace.isUnlimited)
    #expect(trace.capacityBytesPerSecond(atUs: 5) == .infinity)
    #expect(trace.timeToDeliver(bytes: 1e12, fromUs: 7) == 7)
    #expect(trace.periodUs == 0)
  }

  @Test func segmentsReadBackWithoutEmptyOnes() throws {
    let trace = try BandwidthTrace(
      segments: [
        Segment(durationUs: 1000, bytesPerSecond: 5, latencyMs: 100),
        Segment(durationUs: 0, bytesPerSecond: 9, latencyMs: 1),
        Segment(durationUs: 2000, bytesPerSecond: 0, latencyMs: 20),
      ], loop: true)
    #expect(
      trace.segments == [
        Segment(durationUs: 1000, bytesPerSecond: 5, latencyMs: 100),
        Segment(durationUs: 2000, bytesPerSecond: 0, latencyMs: 20),
      ])
    #expect(trace.periodUs == 3000)
    #expect(trace.periodBytes == 0.005)
  }

  @Test func capacityAndLatencyFollowSegmentsAndLoop() throws {
    let segments = [
      Segment(durationUs: 1_000_000, bytesPerSecond: 100_000, latencyMs: 100),
      Segment(durationUs: 500_000, bytesPerSecond: 0, latencyMs: 20),
    ]
    let looping = try BandwidthTrace(segments: segments, loop: true)
    #expect(looping.capacityBytesPerSecond(atUs: 999_999) == 100_000)
    #expect(looping.capacityBytesPerSecond(atUs: 1_000_000) == 0)
    #expect(looping.latencyMs(atUs: 1_200_000) == 20)
    #expect(looping.latencyMs(atUs: 1_500_000) == 100)  // second lap
    #expect(looping.capacityBytesPerSecond(atUs: 2_600_000) == 0)
    let holding = try BandwidthTrace(segments: segments, loop: false)
    #expect(holding.latencyMs(atUs: 1_500_000) == 20)
    #expect(holding.capacityBytesPerSecond(atUs: 100_000_000) == 0)
  }

  @Test func integralsCrossSegmentsAndLaps() throws {
    // 0.2 s at 100 000 B/s, then 0.8 s at 0: 20 000 bytes per 1-s lap.
    let segments = [
      Segment(durationUs: 200_000, bytesPerSecond: 100_000),
      Segment(durationUs: 800_000, bytesPerSecond: 0),
    ]
    let looping = try BandwidthTrace(segments: segments, loop: true)
    #expect(looping.bytesDelivered(fromUs: 100_000, toUs: 2_150_000) == 10_000 + 20_000 + 15_000)
    #expect(looping.timeToDeliver(bytes: 50_000, fromUs: 0) == 2_100_000)
    // Exactly two laps' bytes are reached at the end of the second lap's busy part.
    #expect(looping.timeToDeliver(bytes: 40_000, fromUs: 0) == 1_200_000)
    #expect(looping.timeToDeliver(bytes: 1, fromUs: 500_000) == 1_000_010)
    #expect(looping.meanBytesPerSecond == 20_000)
    let holding = try BandwidthTrace(segments: segments, loop: false)
    #expect(holding.timeToDeliver(bytes: 20_000, fromUs: 0) == 200_000)
    #expect(holding.timeToDeliver(bytes: 20_001, fromUs: 0) == nil)
    let rising = try BandwidthTrace(segments: segments.reversed(), loop: false)
    #expect(rising.timeToDeliver(bytes: 30_000, fromUs: 0) == 1_100_000)
    #expect(rising.bytesDelivered(fromUs: 0, toUs: 10_000_000) == 920_000)
  }

  @Test func rejectsTraceWithoutCapacity() {
    #expect(throws: BandwidthTraceError.self) {
      try BandwidthTrace(
        segments: [Segment(durationUs: 10, bytesPerSecond: 0), Segment(durationUs: 5, bytesPerSecond: 0)],
        loop: true)
    }
    #expect(throws: BandwidthTraceError.self) { try BandwidthTrace(segments: [], loop: false) }
    #expect(throws: BandwidthTraceError.self) {
      try BandwidthTrace(segments: [Segment(durationUs: 0, bytesPerSecond: 10)], loop: false)
    }
  }

  @Test(arguments: [
    Segment(durationUs: -1, bytesPerSecond: 10),
    Segment(durationUs: 10, bytesPerSecond: -1),
    Segment(durationUs: 10, bytesPerSecond: .infinity),
    Segment(durationUs: 10, bytesPerSecond: .nan),
    Segment(durationUs: 10, bytesPerSecond: 10, latencyMs: -5),
  ])
  func rejectsInvalidSegment(segment: Segment) {
    #expect(throws: BandwidthTraceError.self) {
      try BandwidthTrace(segments: [Segment(durationUs: 10, bytesPerSecond: 1), segment], loop: false)
    }
  }

  @Test func rejectsOverflowingDuration() {
    #expect(throws: BandwidthTraceError.self) {
      try BandwidthTrace(
        segments: [
          Segment(durationUs: .max, bytesPerSecond: 1), Segment(durationUs: 1, bytesPerSecond: 1),
        ], loop: false)
    }
  }
}
