/// Pareto optimality when both coordinates are to be minimised (stall time and wasted bytes):
/// a point is on the frontier when no other point is at least as good on both and strictly
/// better on one. Equal points are all on the frontier (neither dominates the other).
public enum ParetoFrontier {
  /// Indices of the Pareto-optimal points, in input order. O(n²), n = strategies per scenario.
  public static func optimalIndices(_ points: [(x: Double, y: Double)]) -> [Int] {
    points.indices.filter { i in
      !points.indices.contains { j in dominates(points[j], points[i]) }
    }
  }

  /// `a` dominates `b`: no worse on both coordinates, better on at least one.
  public static func dominates(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
    a.x <= b.x && a.y <= b.y && (a.x < b.x || a.y < b.y)
  }
}
