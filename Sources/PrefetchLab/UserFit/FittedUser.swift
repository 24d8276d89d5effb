import Foundation

/// The synthetic user model's parameters (`UserBehavior`) estimated from observed gestures, each
/// with the number of observations behind it. A parameter with too few observations is nil: the
/// model's default stands in for it.
///
/// Estimators (maximum likelihood for what `SyntheticUser` draws):
/// - `dwell_ms`, `stroke_ms`, `drag_velocity_pt_s`, `fling_velocity_pt_s`: lognormal, median =
///   exp(mean of ln x), sigma = the root mean square of ln x about that mean (the MLE, divisor n),
///   from at least `minimumSamples` positive observations;
/// - `reread_dwell_ms`: the same over dwells after touches that went back, fitted on its own from
///   at least `minimumRereadSamples` of them; with fewer, dwells after every gesture give
///   `dwell_ms` and `reread_dwell_ms` is left equal to it;
/// - `fling_fraction`: flings ÷ touches; `reversal_fraction`: touches whose direction differs
///   from the previous touch's ÷ touches with a previous touch (both directions known; drags held
///   at an edge have none), capped at 0.5 as the model allows; `jump_fraction`: jumps ÷ gestures;
///   `jump_to_top_fraction`: jumps to offset 0 ÷ jumps (nil without jumps).
/// `jump_max_item` needs item positions a recording does not have: never fitted.
public struct FittedUser: Sendable, Equatable {
  /// Observations behind a lognormal fit.
  public struct Lognormal: Sendable, Equatable {
    public var median: Double
    public var sigma: Double
    public var count: Int

    public var distribution: Distribution { .lognormal(median: median, sigma: sigma) }
  }

  public var dwellMs: Lognormal?
  public var rereadDwellMs: Lognormal?
  public var strokeMs: Lognormal?
  public var dragVelocityPtS: Lognormal?
  public var flingVelocityPtS: Lognormal?
  public var flingFraction: Double?
  public var reversalFraction: Double?
  public var jumpFraction: Double?
  public var jumpToTopFraction: Double?
  /// Touches and all gestures seen.
  public var touchCount: Int
  public var gestureCount: Int
  /// Touches with a previous touch, both of known direction: the reversal fraction's denominator.
  public var directedPairCount = 0

  /// Fewest observations for a lognormal fit (2 would give a sigma, 5 one worth using).
  public static let minimumSamples = 5
  /// Fewest dwells after back-going touches for `reread_dwell_ms` to be fitted apart.
  public static let minimumRereadSamples = 20

  /// Fits the parameters to the gestures of one or more sessions (each session's list in time
  /// order, so reversals are counted within sessions). O(gestures).
  public static func fit(_ sessions: [[ObservedGesture]]) -> FittedUser {
    var dwells: [Double] = []
    var rereads: [Double] = []
    var strokes: [Double] = []
    var drags: [Double] = []
    var flings: [Double] = []
    var touches = 0
    var flung = 0
    var reversals = 0
    var directedPairs = 0
    var jumps = 0
    var toTop = 0
    var gestures = 0
    for session in sessions {
      let counted = Self.reversals(session)
      reversals += counted.reversals
      directedPairs += counted.pairs
      for gesture in session {
        gestures += 1
        guard gesture.kind == .touch else {
          jumps += 1
          if gesture.kind == .jumpToTop { toTop += 1 }
          if let dwell = gesture.dwellMs { dwells.append(dwell) }
          continue
        }
        touches += 1
        if gesture.flung { flung += 1 }
        strokes.append(gesture.strokeMs)
        if let speed = gesture.dragSpeedPtS { drags.append(speed) }
        if let speed = gesture.flingSpeedPtS { flings.append(speed) }
        if let dwell = gesture.dwellMs {
          if gesture.direction < 0 { rereads.append(dwell) } else { dwells.append(dwell) }
        }
      }
    }
    var fitted = FittedUser(touchCount: touches, gestureCount: gestures)
    if rereads.count >= minimumRereadSamples {
      fitted.dwellMs = lognormal(dwells)
      fitted.rereadDwellMs = lognormal(rereads)
    } else {
      fitted.dwellMs = lognormal(dwells + rereads)
    }
    fitted.strokeMs = lognormal(strokes)
    fitted.dragVelocityPtS = lognormal(drags)
    fitted.flingVelocityPtS = lognormal(flings)
    if touches > 0 { fitted.flingFraction = Double(flung) / Double(touches) }
    fitted.directedPairCount = directedPairs
    if directedPairs > 0 { fitted.reversalFraction = min(0.5, Double(reversals) / Double(directedPairs)) }
    if gestures > 0 { fitted.jumpFraction = Double(jumps) / Double(gestures) }
    if jumps > 0 { fitted.jumpToTopFraction = Double(toTop) / Double(jumps) }
    return fitted
  }

  /// Touches of `session` against the previous touch's direction, and touches with a previous
  /// touch (both directions known: a drag held at an edge has none).
  public static func reversals(_ session: [ObservedGesture]) -> (reversals: Int, pairs: Int) {
    var previousDirection = 0.0
    var reversals = 0
    var pairs = 0
    for gesture in session where gesture.kind == .touch && gesture.direction != 0 {
      if previousDirection != 0 {
        pairs += 1
        if gesture.direction != previousDirection { reversals += 1 }
      }
      previousDirection = gesture.direction
    }
    return (reversals, pairs)
  }

  /// The lognormal MLE of the positive values, nil with fewer than `minimumSamples` of them.
  public static func lognormal(_ values: [Double]) -> Lognormal? {
    let logs = values.filter { $0 > 0 && $0.isFinite }.map { log($0) }
    guard logs.count >= minimumSamples else { return nil }
    let mean = logs.reduce(0, +) / Double(logs.count)
    let variance = logs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(logs.count)
    return Lognormal(median: exp(mean), sigma: variance.squareRoot(), count: logs.count)
  }

  /// `base` with every fitted parameter in place of its own.
  public func behavior(over base: UserBehavior) -> UserBehavior {
    var behavior = base
    if let dwellMs {
      behavior.dwellMs = dwellMs.distribution
      behavior.rereadDwellMs = rereadDwellMs?.distribution ?? dwellMs.distribution
    }
    if let strokeMs { behavior.strokeMs = strokeMs.distribution }
    if let dragVelocityPtS { behavior.dragVelocityPtS = dragVelocityPtS.distribution }
    if let flingVelocityPtS { behavior.flingVelocityPtS = flingVelocityPtS.distribution }
    if let flingFraction { behavior.flingFraction = flingFraction }
    if let reversalFraction { behavior.reversalFraction = reversalFraction }
    if let jumpFraction { behavior.jumpFraction = jumpFraction }
    if let jumpToTopFraction { behavior.jumpToTopFraction = jumpToTopFraction }
    return behavior
  }
}
