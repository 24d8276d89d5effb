import Testing

@testable import PrefetchLab

/// The measurements adaptive sizes its lead from, computed by hand.
@Suite struct AdaptiveEstimatorTests {
  static func transfer(_ resource: Resource, bytes: Int64, ttfbUs: Int64, bodyUs: Int64) -> TransferRecord {
    TransferRecord(
      resource: resource, bytes: bytes, issuedUs: 0, attemptStartUs: 1000, firstByteUs: 1000 + ttfbUs,
      completedUs: 1000 + ttfbUs + bodyUs)
  }

  /// Rates 0.1 and 0.3 bytes/µs: harmonic mean 2 / (10 + 10/3) = 0.15. A 30 000-byte page then
  /// takes (100 + 300) / 2 ms to first byte + 200 ms of body + the 40 ms apply delay = 440 ms.
  @Test func throughputIsTheHarmonicMeanAndFetchTimeAddsItsParts() throws {
    var estimator = TransferEstimator(window: 5)
    estimator.record(Self.transfer(.page(1), bytes: 30_000, ttfbUs: 100_000, bodyUs: 300_000))
    estimator.record(Self.transfer(.media(item: 3), bytes: 30_000, ttfbUs: 300_000, bodyUs: 100_000))
    estimator.recordApplyDelay(40_000)
    #expect(abs(try #require(estimator.throughputBytesPerUs) - 0.15) < 1e-12)
    #expect(abs(estimator.pageFetchUs - 440_000) < 1e-6)
    // Media: 30 000 bytes too: 200 ms + 200 ms.
    #expect(abs(estimator.mediaFetchUs - 400_000) < 1e-6)
  }

  /// The window keeps the last samples only: with a window of 1, the second transfer alone counts.
  @Test func theWindowForgetsOlderSamples() throws {
    var estimator = TransferEstimator(window: 1)
    estimator.record(Self.transfer(.page(1), bytes: 10_000, ttfbUs: 50_000, bodyUs: 100_000))
    estimator.record(Self.transfer(.page(2), bytes: 40_000, ttfbUs: 20_000, bodyUs: 100_000))
    #expect(try #require(estimator.throughputBytesPerUs) == 0.4)
    #expect(estimator.pageFetchUs == 20_000 + 100_000)
  }

  /// A link without a capacity limit moves bodies in no time: no throughput sample, and transfers
  /// cost their time to first byte only. Nothing measured yet: 0.
  @Test func instantaneousBodiesSayNothingAboutThroughput() {
    var estimator = TransferEstimator(window: 5)
    #expect(estimator.pageFetchUs == 0)
    estimator.record(Self.transfer(.page(1), bytes: 24_000, ttfbUs: 80_000, bodyUs: 0))
    #expect(estimator.throughputBytesPerUs == nil)
    #expect(estimator.pageFetchUs == 80_000)
  }

  /// Down 500 pt in the first second, up 200 pt in the next: 700 pt travelled in 2 s = 350 pt/s
  /// over a 4 s window, with a net 300 pt: steadiness 3/7. Over a 1 s window only the last second
  /// counts: 200 pt/s, all one way.
  @Test func speedIsDistanceTravelledOverTheWindow() {
    var wide = SpeedEstimator(windowUs: 4_000_000)
    var narrow = SpeedEstimator(windowUs: 1_000_000)
    for (timeUs, offset) in [(Int64(0), 0.0), (1_000_000, 500), (2_000_000, 300)] {
      wide.note(offsetPt: offset, atUs: timeUs)
      narrow.note(offsetPt: offset, atUs: timeUs)
    }
    #expect(abs(wide.speedPtS(atUs: 2_000_000) - 350) < 1e-9)
    #expect(abs(wide.steadiness - 3.0 / 7) < 1e-12)
    #expect(abs(narrow.speedPtS(atUs: 2_000_000) - 200) < 1e-9)
    #expect(narrow.steadiness == 1)
  }

  /// The median time to first byte: four samples of 200 ms and one of 8.2 s (an outage) give
  /// 200 ms where the mean gives 1.8 s; an even count takes the middle two's mean (100 and
  /// 300 ms: 200 ms); none, 0.
  @Test func theMedianFirstByteIgnoresAnOutage() {
    var estimator = TransferEstimator(window: 5)
    #expect(estimator.firstByteMedianUs == 0)
    for ttfbUs: Int64 in [200_000, 200_000, 8_200_000, 200_000, 200_000] {
      estimator.record(Self.transfer(.media(item: 1), bytes: 1000, ttfbUs: ttfbUs, bodyUs: 1000))
    }
    #expect(estimator.firstByteMedianUs == 200_000)
    #expect(estimator.firstByteMeanUs == 1_800_000)
    var even = TransferEstimator(window: 5)
    for ttfbUs: Int64 in [300_000, 100_000] {
      even.record(Self.transfer(.media(item: 1), bytes: 1000, ttfbUs: ttfbUs, bodyUs: 1000))
    }
    #expect(even.firstByteMedianUs == 200_000)
  }
}
