/// Generates a synthetic user's gestures (see `UserBehavior` for the steps) and turns them into a
/// `ScriptedScroll`. A pure function of (spec, physics, feed size, seed, duration): the same seed
/// gives the same trace, and every gesture consumes the same number of draws whatever its outcome,
/// so changing one parameter does not reshuffle the draws of the others.
public enum SyntheticUser {
  /// One generated gesture, for inspection and statistics.
  public struct GestureRecord: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
      case touch
      case jumpToTop
      case jumpToItem(Int)
    }
    public var kind: Kind
    /// Index into `UserModelSpec.behaviors` of the behaviour that made it.
    public var behavior: Int
    public var startUs: Int64
    /// +1 onwards (down), −1 back (up); touches only.
    public var direction: Double
    /// The touch's direction differs from the previous touch's.
    public var reversed: Bool
    public var strokeUs: Int64
    /// Finger speed while dragging, pt/s (unsigned).
    public var dragSpeedPtS: Double
    /// Release speed of the fling, pt/s (unsigned); nil when the touch lifted without one.
    public var flingSpeedPtS: Double?
    /// Time from the lift (or the jump) to the next gesture, µs.
    public var dwellUs: Int64
    /// A jump to the top after which the user pulls to refresh (`UserBehavior.refreshFraction`).
    public var pullsToRefresh = false
    /// The stop after this touch begins with a carousel swipe of this distance, pt
    /// (`UserBehavior.swipeFraction`); nil for none.
    public var swipeDistancePt: Double?
    /// How long the finger would move the swiped row, µs (cut at the next touch).
    public var swipeUs: Int64 = 0
  }

  /// Uniform draws per gesture (fixed, whatever the gesture turns out to be).
  static let drawsPerGesture = 10

  /// A session holds at most this many gestures (`InputLimits.maxGestures`, the cap on scripts);
  /// a user whose gestures are so short that more would fit rests after the last. Parameters whose
  /// gestures take no time at all (jumps with dwells of 0) would otherwise never reach the end.
  public static let maxGestures = InputLimits.maxGestures

  /// The gestures of a `durationUs` session (the last one may run past it), at most
  /// `maxGestures`.
  public static func gestures(
    _ spec: UserModelSpec, totalItems: Int, seed: UInt64, durationUs: Int64, maxGestures: Int = maxGestures
  ) -> [GestureRecord] {
    var random = SplitMix64(seed: seed, stream: .scroll)
    let keyedRandom = CounterRandom(seed: seed)
    var records: [GestureRecord] = []
    var clockUs: Int64 = 0
    var direction = 1.0
    var state = -1
    let behaviorCount = spec.behaviors.count
    while clockUs < durationUs && records.count < maxGestures {
      var u = [Double](repeating: 0, count: drawsPerGesture)
      for index in u.indices { u[index] = random.nextUnit() }
      // Behaviour: a Markov chain for `mixed`, else the single one.
      if behaviorCount > 1 {
        if state < 0 {
          state = min(behaviorCount - 1, Int(u[0] * Double(behaviorCount)))
        } else if u[0] >= spec.stayProbability {
          let other = min(behaviorCount - 2, Int(u[1] * Double(behaviorCount - 1)))
          state = other >= state ? other + 1 : other
        }
      } else {
        state = 0
      }
      let behavior = spec.behaviors[state]
      var record = GestureRecord(
        kind: .touch, behavior: state, startUs: clockUs, direction: direction, reversed: false, strokeUs: 0,
        dragSpeedPtS: 0, flingSpeedPtS: nil, dwellUs: 0)
      if u[2] < behavior.jumpFraction {
        let items = min(behavior.jumpMaxItem, totalItems)
        if u[3] < behavior.jumpToTopFraction || items < 1 {
          record.kind = .jumpToTop
          record.pullsToRefresh =
            behavior.refreshFraction > 0
            && keyedRandom.uniform(.pullToRefresh, key: UInt64(records.count)) < behavior.refreshFraction
        } else {
          record.kind = .jumpToItem(min(items - 1, Int(u[4] * Double(items))))
        }
        record.dwellUs = micros(behavior.dwellMs.quantile(u[9]))
      } else {
        let newDirection: Double = u[5] < behavior.backProbability ? -1 : 1
        record.reversed = newDirection != direction
        direction = newDirection
        record.direction = direction
        record.strokeUs = max(1000, micros(behavior.strokeMs.quantile(u[6])))
        record.dragSpeedPtS = min(maxSpeedPtS, behavior.dragVelocityPtS.quantile(u[7]))
        if u[8] < behavior.flingFraction {
          record.flingSpeedPtS = min(maxSpeedPtS, behavior.flingVelocityPtS.quantile(u[3]))
        }
        let dwell = direction < 0 ? behavior.rereadDwellMs : behavior.dwellMs
        record.dwellUs = micros(dwell.quantile(u[9]))
        let key = UInt64(records.count)
        if behavior.swipeFraction > 0
          && keyedRandom.uniform(.carouselSwipe, key: key) < behavior.swipeFraction
        {
          let limit = InputLimits.maxCarouselWidthPt
          record.swipeDistancePt = min(
            limit,
            max(
              0, behavior.swipeDistancePt.quantile(keyedRandom.uniform(.carouselSwipe, key: key, attempt: 1)))
          )
          record.swipeUs = max(
            1000,
            micros(behavior.strokeMs.quantile(keyedRandom.uniform(.carouselSwipe, key: key, attempt: 2))))
        }
        clockUs += record.strokeUs
      }
      clockUs += record.dwellUs
      records.append(record)
    }
    return records
  }

  /// The user as a scroll source: drags, flings (cut by the next touch), waits and jumps; an iOS
  /// fling ends `iosStopThresholdPt` short of its rest (`ScrollSpec.iosStopThresholdPt`).
  public static func scroll(
    _ spec: UserModelSpec, physics: ScrollPhysics, totalItems: Int, seed: UInt64, durationUs: Int64,
    iosStopThresholdPt: Double = IOSDecelerationCurve.defaultStopThresholdPt
  ) -> ScriptedScroll {
    var builder = ScrollScriptBuilder()
    for gesture in gestures(spec, totalItems: totalItems, seed: seed, durationUs: durationUs) {
      switch gesture.kind {
      case .jumpToTop: if gesture.pullsToRefresh { builder.refresh() } else { builder.jump(.offsetPt(0)) }
      case .jumpToItem(let item): builder.jump(.item(item))
      case .touch:
        builder.drag(velocityPtS: gesture.direction * gesture.dragSpeedPtS, durationUs: gesture.strokeUs)
        if let speed = gesture.flingSpeedPtS {
          let flung = builder.fling(
            physics.flingCurve(
              velocityPtS: gesture.direction * speed, iosStopThresholdPt: iosStopThresholdPt),
            maxDurationUs: gesture.dwellUs)
          builder.wait(
            durationUs: gesture.dwellUs - swipe(gesture, builder: &builder, afterUs: flung) - flung)
          continue
        }
        builder.wait(durationUs: gesture.dwellUs - swipe(gesture, builder: &builder, afterUs: 0))
        continue
      }
      builder.wait(durationUs: gesture.dwellUs)
    }
    return builder.build(durationUs: durationUs)
  }

  /// The swipe that begins the stop after `gesture`, `afterUs` into it (once a fling is over),
  /// cut at the next touch; returns the trace time it takes, µs (0: none, or no time left).
  private static func swipe(_ gesture: GestureRecord, builder: inout ScrollScriptBuilder, afterUs: Int64)
    -> Int64
  {
    guard let distance = gesture.swipeDistancePt else { return 0 }
    let durationUs = min(gesture.swipeUs, gesture.dwellUs - afterUs)
    guard durationUs > 0 else { return 0 }
    builder.swipe(
      CarouselSwipe(row: .firstOnScreen, distancePt: distance, durationMs: Double(durationUs) / 1000),
      durationUs: durationUs)
    return durationUs
  }

  /// Velocities are capped like script velocities (`ScenarioLoader.maxVelocityPtS`).
  static let maxSpeedPtS = 1e6

  private static func micros(_ ms: Double) -> Int64 {
    Int64((min(ms, NumberRule.maxMilliseconds) * 1000).rounded())
  }
}
