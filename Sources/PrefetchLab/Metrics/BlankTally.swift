/// The blank figures a run sums frame by frame: the time with something blank shown, the time
/// mostly blank, the blank integral (blankness's numerator) and FlashList v1's blank-area tracker.
/// Owned by `MetricsRecorder`; a value of its own so that a stretch of frames whose only change is
/// the blank fraction (a drag's frames that show the loading footer) can be summed on a local
/// copy, by the same operations in the same order as one call per frame, so the sums are the
/// same to the bit (`MetricsRecorder.sumBlankFrames`).
struct BlankTally: Sendable {
  /// Time with a blank fraction above 0, µs.
  private(set) var blankUs: Int64 = 0
  /// Time with a blank fraction of 0.5 or more, µs.
  private(set) var mostlyBlankUs: Int64 = 0
  /// ∫ blank fraction dt after first content, fraction·µs.
  private(set) var integral = 0.0
  /// The largest and the summed blank area of the counted frames (`recordArea`), pt.
  private(set) var areaMaxPt = 0.0
  private(set) var areaSumPt = 0.0

  /// The viewport showed `fraction` (0…1) blank for `duration` µs. O(1).
  @inline(__always)
  mutating func accumulate(fraction: Double, overUs duration: Int64) {
    guard duration > 0, fraction > 0 else { return }
    blankUs += duration
    if fraction >= 0.5 { mostlyBlankUs += duration }
    integral += fraction * Double(duration)
  }

  /// A counted frame showed a blank run of `areaPt` (> 0) at a viewport edge. O(1).
  @inline(__always)
  mutating func recordArea(pt areaPt: Double) {
    areaMaxPt = max(areaMaxPt, areaPt)
    areaSumPt += areaPt
  }
}
