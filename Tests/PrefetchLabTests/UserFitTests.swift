import Foundation
import Testing

@testable import PrefetchLab

/// The pieces of `fit-users` on sessions small enough to work out by hand.
@Suite struct UserFitTests {
  typealias Sample = RecordedSession.Sample

  /// iOS-like deceleration: v(t) = v₀·0.998^t (t in ms), offset x(t) = x₀ + v₀·(0.998^t − 1)/(1000·ln 0.998).
  static func glide(from x0: Double, v0: Double, afterMs t: Double) -> Double {
    x0 + v0 * (pow(0.998, t) - 1) / (1000 * log(0.998))
  }

  /// Every 10 ms: still at 0 until 100 ms; a drag at 500 pt/s from 110 to 200 ms (rows at 110…200,
  /// 5 pt per row, reaching 50 pt); a fling released at the lift, 205 ms, at 3000 pt/s, rows
  /// 210…600; still until 990 ms; a drag back at 300 pt/s over rows 1000…1100; still; then a
  /// jump to the top between 1500 and 1510 ms; still to 1600 ms.
  static func session(phases: Bool) -> RecordedSession {
    var samples: [Sample] = []
    func add(_ t: Double, _ x: Double, _ phase: ScrollPhase) {
      samples.append(Sample(timeMs: t, offsetPt: x, phase: phases ? phase : nil))
    }
    for t in stride(from: 0.0, through: 100, by: 10) { add(t, 0, .idle) }
    for t in stride(from: 110.0, through: 200, by: 10) { add(t, (t - 100) * 0.5, .dragging) }
    // The offset at the lift (205 ms), the drag carried on for half a row.
    let lift = 52.5
    for t in stride(from: 210.0, through: 600, by: 10) {
      add(t, glide(from: lift, v0: 3000, afterMs: t - 205), .decelerating)
    }
    let rest = glide(from: lift, v0: 3000, afterMs: 395)
    for t in stride(from: 610.0, through: 990, by: 10) { add(t, rest, .idle) }
    for t in stride(from: 1000.0, through: 1100, by: 10) { add(t, rest - (t - 995) * 0.3, .dragging) }
    let back = rest - 105 * 0.3
    for t in stride(from: 1110.0, through: 1500, by: 10) { add(t, back, .idle) }
    for t in stride(from: 1510.0, through: 1600, by: 10) { add(t, 0, .idle) }
    return RecordedSession(samples: samples, sourcePath: "hand.csv")
  }

  @Test func phasesCutTouchesFlingsDwellsAndJumps() throws {
    let gestures = SessionSegmenter.gestures(Self.session(phases: true))
    try #require(gestures.count == 3, "\(gestures)")
    let (onwards, backwards, jump) = (gestures[0], gestures[1], gestures[2])
    // Touch 1: down halfway between 100 and 110, up halfway between 200 and 210.
    #expect(onwards.kind == .touch && onwards.startMs == 105 && onwards.strokeMs == 100)
    #expect(onwards.direction == 1 && abs(onwards.dragSpeedPtS! - 500) < 1e-9)
    // The release speed, extrapolated from the mean speeds over 210…220 and 220…230 ms: the mean
    // of an exponential over 10 ms is its value 5 ms in to 1 part in 10⁵.
    #expect(onwards.flung && abs(onwards.flingSpeedPtS! / 3000 - 1) < 1e-4, "\(onwards)")
    // Dwell: from the lift (205) to the next touch (995).
    #expect(onwards.dwellMs == 790)
    #expect(backwards.direction == -1 && !backwards.flung && backwards.strokeMs == 110)
    #expect(abs(backwards.dragSpeedPtS! - 300) < 1e-9)
    // The lift at 1105 ms, the jump seen at 1510 ms.
    #expect(backwards.dwellMs == 405)
    #expect(jump.kind == .jumpToTop && jump.startMs == 1510 && jump.dwellMs == nil)
  }

  @Test func withoutPhasesTheFallingSpeedsAreTheFling() throws {
    let gestures = SessionSegmenter.gestures(Self.session(phases: false))
    try #require(gestures.count == 3, "\(gestures)")
    // Down halfway through the first moving interval (100→110 ms); the speed rises into the
    // fling over 200→210 ms, which holds the lift: up at 205 ms. The release as with phases.
    #expect(gestures[0].flung && gestures[0].startMs == 105 && gestures[0].strokeMs == 100)
    #expect(abs(gestures[0].dragSpeedPtS! - 500) < 1e-9)
    #expect(abs(gestures[0].flingSpeedPtS! / 3000 - 1) < 1e-4, "\(gestures[0])")
    // The drag back: down within 990→1000, up within its last moving interval, 1090→1100.
    #expect(!gestures[1].flung && gestures[1].direction == -1)
    #expect(
      gestures[1].startMs == 995 && gestures[1].strokeMs == 100 && abs(gestures[1].dragSpeedPtS! - 300) < 1e-9
    )
    #expect(gestures[0].dwellMs == 790 && gestures[1].dwellMs == 415)
    #expect(gestures[2].kind == .jumpToTop && gestures[2].startMs == 1510)
  }

  @Test func lognormalIsTheMaximumLikelihoodFit() throws {
    // ln x = 0, 1, 2, 1, 1: mean 1, squared deviations 1 + 0 + 1 + 0 + 0 over n = 5.
    let fit = try #require(FittedUser.lognormal([1, M_E, M_E * M_E, M_E, M_E]))
    #expect(abs(fit.median - M_E) < 1e-12 && abs(fit.sigma - (0.4).squareRoot()) < 1e-12 && fit.count == 5)
    // Zeros and non-finite values are no observations; four are too few.
    #expect(FittedUser.lognormal([1, 2, 3, 4, 0, .infinity]) == nil)
  }

  @Test func fractionsCountTouchesReversalsAndJumps() {
    func touch(_ direction: Double, flung: Bool) -> ObservedGesture {
      ObservedGesture(kind: .touch, startMs: 0, strokeMs: 100, direction: direction, flung: flung)
    }
    let session = [
      touch(1, flung: true), touch(1, flung: false), touch(-1, flung: true), touch(0, flung: false),
      touch(1, flung: true), ObservedGesture(kind: .jumpToTop, startMs: 0),
      ObservedGesture(kind: .jumpElsewhere, startMs: 0), touch(1, flung: false),
    ]
    let fit = FittedUser.fit([session])
    #expect(fit.touchCount == 6 && fit.gestureCount == 8)
    #expect(fit.flingFraction == 0.5)
    // Directed pairs (the held drag skipped): 1→1, 1→−1, −1→1, 1→1: two reversals in four.
    #expect(fit.directedPairCount == 4 && fit.reversalFraction == 0.5)
    #expect(fit.jumpFraction == 0.25 && fit.jumpToTopFraction == 0.5)
    // Strokes of 100 ms six times: median 100, sigma 0 (to rounding).
    let stroke = fit.strokeMs
    #expect(abs((stroke?.median ?? 0) - 100) < 1e-9 && (stroke?.sigma ?? 1) < 1e-9 && stroke?.count == 6)
  }

  static func fit(dwell: Double, stroke: Double, drag: Double, fling: Double, reversal: Double) -> FittedUser
  {
    var fit = FittedUser(touchCount: 100, gestureCount: 100)
    fit.dwellMs = .init(median: dwell, sigma: 0.5, count: 100)
    fit.strokeMs = .init(median: stroke, sigma: 0.3, count: 100)
    fit.dragVelocityPtS = .init(median: drag, sigma: 0.3, count: 100)
    fit.flingFraction = fling
    fit.reversalFraction = reversal
    fit.jumpFraction = 0
    return fit
  }

  @Test func groupingNamesNearestModelsAndClusters() {
    let fits = [
      Self.fit(dwell: 2200, stroke: 1100, drag: 480, fling: 0.02, reversal: 0.06),
      Self.fit(dwell: 620, stroke: 110, drag: 1400, fling: 0.9, reversal: 0.02),
      Self.fit(dwell: 2400, stroke: 1300, drag: 430, fling: 0, reversal: 0.04),
      Self.fit(dwell: 580, stroke: 130, drag: 1600, fling: 0.97, reversal: 0.04),
      Self.fit(dwell: 1800, stroke: 700, drag: 600, fling: 0.55, reversal: 0.13),
    ]
    let named = SessionGrouping.named.groups(fits)
    #expect(named.map(\.model) == [.reader, .skimmer, .flinger])
    #expect(named.map(\.sessions) == [[0, 2], [4], [1, 3]])
    // Three clusters: the two readers, the skimmer alone, the two flingers (each pair's members
    // are closer to each other than to anything else on every feature), named after distinct
    // models, in the models' order.
    let clusters = SessionGrouping.clusters(3).groups(fits)
    #expect(clusters.map(\.sessions) == [[0, 2], [4], [1, 3]])
    #expect(clusters.map(\.model) == [.reader, .skimmer, .flinger])
    // One cluster holds everything, named after the model nearest its mean.
    let one = SessionGrouping.clusters(1).groups(fits)
    #expect(one.map(\.sessions) == [[0, 1, 2, 3, 4]])
  }

  @Test func aSessionFileNamesItsBadRow() {
    let text = "t_ms,offset_pt,phase\n0,0,idle\n16,4,flying\n"
    #expect(throws: InputError.self) { try RecordedSession.parse(text, file: "s.csv") }
    do {
      _ = try RecordedSession.parse(text, file: "s.csv")
    } catch {
      #expect(
        error.description == "s.csv: line 3: phase must be one of idle, dragging, decelerating, got 'flying'")
    }
    let plain = try? RecordedSession.parse("100,0\n116,4\n", file: "p.csv")
    #expect(plain?.samples.map(\.timeMs) == [0, 16] && plain?.hasPhases == false)
  }

  @Test func rowsSharingATimeKeepTheLastAndAZeroSpanIsRefused() throws {
    // Two offsets in one millisecond (coalesced input events): the later one is where the list
    // was, so the steps stay 14 pt per 16 ms (875 pt/s) instead of a 0 ms step and a halved one.
    let session = try RecordedSession.parse("t_ms,offset_pt\n0,0\n16,7\n16,14\n32,28\n", file: "d.csv")
    #expect(session.samples.map(\.timeMs) == [0, 16, 32])
    #expect(session.samples.map(\.offsetPt) == [0, 14, 28])
    do {
      _ = try RecordedSession.parse("5,0\n5,10\n5,20\n", file: "z.csv")
      Issue.record("a session spanning 0 ms was accepted")
    } catch {
      #expect(error.description.hasPrefix("z.csv"))
      #expect(error.description.contains("spans 0 ms"))
    }
  }

  @Test func theTouchAxisComesFromGeteventLp() throws {
    let text = """
      add device 1: /dev/input/event4
        name:     "fts_ts"
        events:
          ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                      ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
                      ABS_MT_POSITION_Y     : value 0, min 0, max 4799, fuzz 0, flat 0, resolution 0
      """
    let axis = try GeteventLog.axis(text, file: "p.txt")
    #expect(axis == GeteventLog.Axis(minimum: 0, maximum: 4799))
    #expect(throws: InputError.self) { try GeteventLog.axis("nothing", file: "p.txt") }
  }
}
