import Foundation

/// What the content does when the user's intent goes past an edge of the scrollable range.
public enum EdgeBehavior: Sendable, Equatable {
  /// iOS (`UIScrollView.bounces`, on by default): a drag past the edge moves the content with
  /// rubber-band resistance, and released content springs back; a fling that reaches the edge
  /// overshoots and springs back. See `EdgeBounce`.
  case rubberBand
  /// The content stops at the edge. Android's `RecyclerView` draws its edge effect (glow, or the
  /// stretch of Android 12) without moving the scroll position, and a recorded `offset_csv`
  /// already holds where the content was.
  case clamp
}

extension ScrollPhysics {
  /// `rubberBand` for `ios` and `ios_fast`, `clamp` for `android`.
  public var edgeBehavior: EdgeBehavior { self == .android ? .clamp : .rubberBand }
}

/// iOS edges: maps the user's intent (which may run past the content's bounds) to where the
/// content is shown, frame after frame. A value type with a few scalars of state: no allocation.
///
/// - While a finger drags past an edge by x pt, the content is shown past it by
///   b = (1 − 1 / (x·c / d + 1)) · d, with d the viewport height and c = 0.55. Apple does not
///   document this; the formula and constant were reverse-engineered from UIScrollView and posted
///   by Grant Paul (@chpwn, 2013, as recorded in "Analysis of Apple's rubber band scrolling",
///   squareb.wordpress.com, 6 Jan 2013) and are used by I. Lobanov's UIScrollView re-implementation
///   (github.com/super-ultra/ScrollMechanics, `RubberBand.swift`).
/// - Released content past an edge, and content that a fling carries across an edge, follows a
///   critically damped spring towards the edge (mass 1, stiffness 100, damping ratio 1, so
///   ω = 10 /s: x(t) = (x₀ + (v₀ + ω x₀) t) e^(−ωt)), starting from the shown overscroll and the
///   outward velocity. These are Lobanov's parameters (ScrollMechanics
///   `SimpleScrollView.bounce`), fitted by eye to UIScrollView: reverse-engineered, as
///   `ConstantCatalogue.springWording` says; Apple's are undocumented. The spring ends when it is within `restThresholdPt` of the edge: half a pixel at 3×,
///   as ScrollMechanics' bounce uses `0.5 / UIScreen.main.scale` (its deceleration stops at
///   0.5 pt instead, see `IOSDecelerationCurve`).
/// - Once settled while the intent is still past the edge (a fling whose intent keeps going), the
///   content stays at the edge until the intent comes back or a drag starts.
/// - A new motion that moves inside the bounds (a fling away from the edge) takes over from a
///   spring at once; a drag always does (the finger catches the content); so does a jump to an
///   offset inside the bounds more than `restThresholdPt` from the spring's edge (UIKit's
///   `setContentOffset` ends the bounce and shows the new offset at once). A jump to
///   the spring's own edge cannot be told from the intent resting there after a release, and
///   lets the spring finish: the two differ only by the remaining spring.
///
/// The bottom edge exists only once the end of the feed is known (or with offset pagination):
/// while more content may come, the engine's pause model stops the viewport at the end of loaded
/// content and defers the rest of the intent instead, so no rubber band is shown at a stall (it
/// would show motion the pause model replays later).
public struct EdgeBounce: Sendable, Equatable {
  /// The reverse-engineered UIScrollView rubber-band constant.
  public static let rubberBandConstant = 0.55
  /// ω = √(stiffness / mass) = √(100 / 1) rad/s (Lobanov's bounce spring).
  public static let springAngularFrequency = 10.0
  /// Half a pixel on a 3× display, pt (ScrollMechanics, `SimpleScrollView.swift`, `bounce`:
  /// `0.5 / UIScreen.main.scale`, at the 3× scale of current iPhones).
  public static let restThresholdPt = 1.0 / 6

  /// Overscroll shown for a finger `excessPt` >= 0 past the edge of a `dimensionPt` viewport.
  @inline(__always)
  public static func rubberBandPt(excessPt: Double, dimensionPt: Double) -> Double {
    guard dimensionPt > 0 else { return 0 }
    return (1 - 1 / (excessPt * rubberBandConstant / dimensionPt + 1)) * dimensionPt
  }

  /// A spring towards an edge; `outward` is −1 past the top, +1 past the bottom.
  struct Spring: Sendable, Equatable {
    var outward: Double
    var startUs: Int64
    var x0: Double
    var v0: Double
    var settleUs: Int64

    init(outward: Double, startUs: Int64, x0: Double, v0: Double) {
      self.outward = outward
      self.startUs = startUs
      self.x0 = x0
      self.v0 = v0
      settleUs = Self.settleDuration(x0: x0, v0: v0)
    }

    /// Overscroll (pt, outward positive) and its rate (pt/s) after `seconds`.
    @inline(__always)
    func state(afterS seconds: Double) -> (x: Double, v: Double) {
      let omega = EdgeBounce.springAngularFrequency
      let b = v0 + omega * x0
      let decay = exp(-omega * seconds)
      return ((x0 + b * seconds) * decay, (v0 - omega * b * seconds) * decay)
    }

    /// Time until the overscroll falls to the rest threshold for good (after any outward peak), µs.
    static func settleDuration(x0: Double, v0: Double) -> Int64 {
      let omega = EdgeBounce.springAngularFrequency
      let threshold = EdgeBounce.restThresholdPt
      let b = v0 + omega * x0
      func x(_ t: Double) -> Double { (x0 + b * t) * exp(-omega * t) }
      // After the peak (x' = 0 at t = v0 / (ω b) when both are positive) x only decreases.
      var low = v0 > 0 && b > 0 ? v0 / (omega * b) : 0
      guard x(low) > threshold else { return Int64((low * 1_000_000).rounded(.up)) }
      var high = low + 0.1
      while x(high) > threshold { high *= 2 }
      for _ in 0..<64 {
        let middle = (low + high) / 2
        if x(middle) > threshold { low = middle } else { high = middle }
      }
      return Int64((high * 1_000_000).rounded(.up))
    }
  }

  enum State: Sendable, Equatable {
    case free
    case springing(Spring)
    /// Settled at the edge while the intent is still past it.
    case pinned(outward: Double)
  }

  private(set) var state = State.free
  private var lastTraceUs = Int64.min
  private var lastIntentPt = 0.0
  private var lastVelocityPtS = 0.0
  /// Overscroll shown on the last frame of a drag past an edge (0 = none), and its side.
  private var dragShownPt = 0.0
  private var dragOutward = 0.0

  public init() {}

  /// True while content springs back: frames must keep running even if the intent rests.
  public var isSpringing: Bool {
    if case .springing = state { return true }
    return false
  }

  /// True when `resolve` takes its fast path for any intent inside the bounds: nothing springs,
  /// is pinned or is held by a drag past an edge.
  public var isFree: Bool {
    if case .free = state, dragShownPt == 0 { return true }
    return false
  }

  /// Forgets any overscroll (the intent became unknown, e.g. waiting for a jump's target).
  public mutating func reset() { self = EdgeBounce() }

  /// Where the content is shown for the intent at `traceUs`, and its velocity.
  ///
  /// - Parameters:
  ///   - intentPt: the user's intent (finite), pt; may lie past either edge.
  ///   - velocityPtS: d(intent)/dt, pt/s.
  ///   - maxOffsetPt: the bottom edge (the largest resting offset, >= 0) when it is known, else nil.
  ///   - dimensionPt: the viewport's height (the rubber band's `d`), pt.
  /// - Returns: the shown offset (pt; below 0 or above `maxOffsetPt` while overscrolled) and its
  ///   velocity (pt/s). Calls must come with non-decreasing `traceUs`.
  @inline(__always)
  public mutating func resolve(
    intentPt: Double, velocityPtS: Double, phase: ScrollPhase, atTraceUs traceUs: Int64, maxOffsetPt: Double?,
    dimensionPt: Double
  ) -> (offsetPt: Double, velocityPtS: Double) {
    // Fast path, nearly every frame: inside the bounds with nothing springing.
    if case .free = state, dragShownPt == 0, intentPt >= 0, intentPt <= (maxOffsetPt ?? .infinity) {
      lastTraceUs = traceUs
      lastIntentPt = intentPt
      lastVelocityPtS = velocityPtS
      return (intentPt, velocityPtS)
    }
    return resolveAtEdge(
      intentPt: intentPt, velocityPtS: velocityPtS, phase: phase, atTraceUs: traceUs,
      maxOffsetPt: maxOffsetPt,
      dimensionPt: dimensionPt)
  }

  private mutating func resolveAtEdge(
    intentPt: Double, velocityPtS: Double, phase: ScrollPhase, atTraceUs traceUs: Int64, maxOffsetPt: Double?,
    dimensionPt: Double
  ) -> (offsetPt: Double, velocityPtS: Double) {
    let bottom = maxOffsetPt ?? .infinity
    var edge = 0.0
    var outward = 0.0
    var excess = 0.0
    if intentPt < 0 {
      outward = -1
      excess = -intentPt
    } else if intentPt > bottom {
      edge = bottom
      outward = 1
      excess = intentPt - bottom
    }
    let previousUs = lastTraceUs
    let previousIntentPt = lastIntentPt
    let previousVelocityPtS = lastVelocityPtS
    lastTraceUs = traceUs
    lastIntentPt = intentPt
    lastVelocityPtS = velocityPtS
    if phase == .dragging {
      state = .free
      guard excess > 0 else {
        dragShownPt = 0
        return (intentPt, velocityPtS)
      }
      let shown = Self.rubberBandPt(excessPt: excess, dimensionPt: dimensionPt)
      dragShownPt = shown
      dragOutward = outward
      // db/dx = c d² / (x c + d)²: the content moves slower than the finger.
      let c = Self.rubberBandConstant
      let slope = c * dimensionPt * dimensionPt / ((excess * c + dimensionPt) * (excess * c + dimensionPt))
      return (edge + outward * shown, velocityPtS * slope)
    }
    if dragShownPt > 0 {
      // The finger lifted past an edge: spring back from what was shown, with the release velocity.
      state = .springing(
        Spring(
          outward: dragOutward, startUs: previousUs == .min ? traceUs : previousUs, x0: dragShownPt,
          v0: velocityPtS * dragOutward))
      dragShownPt = 0
    } else if excess > 0 {
      switch state {
      case .pinned(let side) where side == outward:
        return (edge, 0)
      case .springing:
        break
      default:
        // Motion carried the intent across the edge since the last frame: the spring starts at
        // the crossing with the velocity it crossed at, both interpolated between the frames.
        var startUs = traceUs
        var speedOut = velocityPtS * outward
        let previousExcess = (previousIntentPt - edge) * outward
        if previousUs != .min && previousExcess < 0 {
          let fraction = -previousExcess / (excess - previousExcess)
          startUs = previousUs + Int64((Double(traceUs - previousUs) * fraction).rounded(.down))
          speedOut = (previousVelocityPtS + fraction * (velocityPtS - previousVelocityPtS)) * outward
        }
        state = .springing(Spring(outward: outward, startUs: startUs, x0: 0, v0: max(0, speedOut)))
      }
    }
    guard case .springing(let spring) = state else {
      state = .free
      return (intentPt, velocityPtS)
    }
    let springEdge = spring.outward > 0 ? (maxOffsetPt ?? 0) : 0
    if excess == 0 && (velocityPtS != 0 || abs(intentPt - springEdge) > Self.restThresholdPt) {
      // A new motion inside the bounds takes over, and so does an intent at rest away from the
      // spring's edge: only a jump puts it there (a released drag or a fling that ran past the
      // edge rests exactly at it), and setContentOffset cancels UIScrollView's bounce at once.
      state = .free
      return (intentPt, velocityPtS)
    }
    let elapsedUs = traceUs - spring.startUs
    if elapsedUs < spring.settleUs {
      let motion = spring.state(afterS: Double(elapsedUs) / 1_000_000)
      if motion.x > 0 {
        return (springEdge + spring.outward * motion.x, spring.outward * motion.v)
      }
    }
    if excess > 0 {
      state = .pinned(outward: outward)
      return (edge, 0)
    }
    state = .free
    return (intentPt, velocityPtS)
  }
}
