/// The knee of a trade-off curve: where giving up more of one cost stops buying much of the other.
///
/// Kneedle (Satopää, Albrecht, Irwin & Raghavan, "Finding a 'Kneedle' in a Haystack: Detecting
/// Knee Points in System Behavior", ICDCS Workshops 2011, §III), applied offline to the points of
/// a Pareto frontier where both coordinates are minimised (x ascending, y descending):
/// 1. scale both coordinates to [0, 1] over the frontier (x̂, ŷ);
/// 2. turn the curve into the paper's concave increasing form, ŷ′ = 1 − ŷ, and take the
///    difference curve d = ŷ′ − x̂ = 1 − x̂ − ŷ: how far a point lies below the straight line from
///    the frontier's first point to its last;
/// 3. the knee is the point with the largest d, if that is above 0 (the first of equal maxima).
///
/// The paper's sensitivity threshold S serves online detection (declaring a knee before later
/// points arrive); with every point known the maximum of the difference curve is the knee it
/// converges to. With fewer than three points, or a frontier that is straight or bends the other
/// way (d ≤ 0 everywhere), there is no knee.
public enum KneePoint {
  /// The position in `points` (sorted by x ascending, y non-increasing) of the knee, nil when
  /// there is none. O(n).
  public static func kneedle(_ points: [(x: Double, y: Double)]) -> Int? {
    guard points.count >= 3, let first = points.first, let last = points.last else { return nil }
    let ys = points.map(\.y)
    let (yLow, yHigh) = (ys.min()!, ys.max()!)
    let xSpan = last.x - first.x
    guard xSpan > 0, yHigh > yLow else { return nil }
    // Differences within rounding (10⁻¹²) of each other are equal, and the first wins; within
    // rounding of 0 the point is on the line.
    let tolerance = 1e-12
    var best: (index: Int, difference: Double)? = nil
    for (index, point) in points.enumerated() {
      let x = (point.x - first.x) / xSpan
      let y = (point.y - yLow) / (yHigh - yLow)
      let difference = 1 - x - y
      if difference > (best?.difference ?? 0) + tolerance { best = (index, difference) }
    }
    return best?.index
  }
}
