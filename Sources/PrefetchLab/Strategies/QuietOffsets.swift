/// Bands of offsets for a `Wake` checked against the strategy's own test. A
/// strategy whose frame decision stays quiet on an interval of offsets (its test is monotone in
/// the offset, in floating point too: sums and comparisons of the offset with constants)
/// estimates where the interval ends in real numbers; `extent` checks the estimate with the test
/// itself, so a declared band is never wider than the test allows, whatever the rounding.
enum QuietOffsets {
  /// Halvings at most before settling on the farthest end found (a double has 64 bits).
  static let maximumHalvings = 64

  /// The end of the quiet interval around `currentPt` towards `candidatePt` (finite): the
  /// candidate when `holds` is true there, else the farthest offset found by halving between
  /// `currentPt` and it, `currentPt` itself at worst. `holds` must be true at `currentPt` and on
  /// an interval of offsets: every offset between `currentPt` and the answer is then quiet.
  /// O(evaluations of `holds`): 1 when the estimate holds, at most `maximumHalvings` + 1 else.
  static func extent(from currentPt: Double, toward candidatePt: Double, holds: (Double) -> Bool) -> Double {
    guard candidatePt.isFinite, currentPt.isFinite, candidatePt != currentPt else { return currentPt }
    if holds(candidatePt) { return candidatePt }
    var good = currentPt
    var bad = candidatePt
    for _ in 0..<maximumHalvings {
      let middle = good + (bad - good) / 2
      guard middle != good, middle != bad, middle.isFinite else { break }
      if holds(middle) { good = middle } else { bad = middle }
    }
    return good
  }
}
