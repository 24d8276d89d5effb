// The `scroll` object of a scenario written back (see `Scenario.json(tracePath:)`).
extension ScrollSpec {
  func json(tracePath: (String) -> String) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("physics", .string(physics.rawValue))]
    if iosStopThresholdPt != IOSDecelerationCurve.defaultStopThresholdPt {
      members.append(("stop_threshold_pt", JSONValue(iosStopThresholdPt)))
    }
    if atEnd != .wait { members.append(("at_end", .string(atEnd.rawValue))) }
    switch source {
    case .script(let gestures):
      members.append(("script", .array(Self.scriptJSON(gestures))))
    case .recorded(let path, let format):
      members.append(
        ("trace", .object([("path", .string(tracePath(path))), ("format", .string(format.rawValue))])))
    case .touch(let path, let density):
      members.append(
        (
          "trace",
          .object([
            ("path", .string(tracePath(path))), ("format", .string(RecordedScrollFormat.touchCSV.rawValue)),
            ("density", JSONValue(density)),
          ])
        ))
    case .model(let model):
      members.append(("model", .string(model.name.rawValue)))
      if model.name == .mixed {
        members.append(("stay_probability", JSONValue(model.stayProbability)))
        for (name, behavior) in zip(UserModelName.behaviours, model.behaviors) {
          members.append((name.rawValue, .object(behavior.jsonMembers)))
        }
      } else if let behavior = model.behaviors.first {
        members += behavior.jsonMembers
      }
    }
    return .object(members)
  }

  /// The gestures, or one `repeat` of the shortest block they repeat (a reader who turns a page
  /// every 4 s for 2 minutes is 2 gestures 30 times, not 60 lines).
  static func scriptJSON(_ gestures: [Gesture]) -> [JSONValue] {
    let count = gestures.count
    for period in 1..<max(1, count) where count % period == 0 {
      guard (period..<count).allSatisfy({ gestures[$0] == gestures[$0 % period] }) else { continue }
      let block = gestures[..<period].map(\.json)
      return [
        .object([("repeat", .object([("count", JSONValue(count / period)), ("script", .array(block))]))])
      ]
    }
    return gestures.map(\.json)
  }
}

extension Gesture {
  var json: JSONValue {
    switch self {
    case .drag(let velocity, let duration):
      return .object([
        ("drag", .object([("velocity_pt_s", JSONValue(velocity)), ("duration_ms", JSONValue(duration))]))
      ])
    case .fling(let velocity):
      return .object([("fling", .object([("velocity_pt_s", JSONValue(velocity))]))])
    case .wait(let duration):
      return .object([("wait", .object([("duration_ms", JSONValue(duration))]))])
    case .jump(.offsetPt(let offset)):
      return .object([("jump", .object([("to_pt", JSONValue(offset))]))])
    case .jump(.item(let item)):
      return .object([("jump", .object([("to_item", JSONValue(item))]))])
    case .refresh:
      return .object([("refresh", .object([]))])
    case .swipe(let swipe):
      var members: [(key: String, value: JSONValue)] = []
      if case .item(let item) = swipe.row { members.append(("item", JSONValue(item))) }
      members += [("distance_pt", JSONValue(swipe.distancePt)), ("duration_ms", JSONValue(swipe.durationMs))]
      return .object([("swipe", .object(members))])
    }
  }
}

extension UserBehavior {
  /// Every behaviour parameter, in the loader's order.
  var jsonMembers: [(key: String, value: JSONValue)] {
    // A user who never refreshes is written as before the key existed.
    let refresh: [(key: String, value: JSONValue)] =
      refreshFraction > 0 ? [("refresh_fraction", JSONValue(refreshFraction))] : []
    // Likewise a user who never swipes a carousel.
    let swipe: [(key: String, value: JSONValue)] =
      swipeFraction > 0
      ? [("swipe_fraction", JSONValue(swipeFraction)), ("swipe_distance_pt", swipeDistancePt.json)] : []
    return [
      ("dwell_ms", dwellMs.json), ("reread_dwell_ms", rereadDwellMs.json), ("stroke_ms", strokeMs.json),
      ("drag_velocity_pt_s", dragVelocityPtS.json), ("fling_fraction", JSONValue(flingFraction)),
      ("fling_velocity_pt_s", flingVelocityPtS.json), ("reversal_fraction", JSONValue(reversalFraction)),
      ("jump_fraction", JSONValue(jumpFraction)), ("jump_to_top_fraction", JSONValue(jumpToTopFraction)),
      ("jump_max_item", JSONValue(jumpMaxItem)),
    ] + refresh + swipe
  }
}
