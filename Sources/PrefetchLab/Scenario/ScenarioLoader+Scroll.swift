extension ScenarioLoader {
  static let scrollKeys = ["physics", "script", "trace", "model"]
  static let gestureNames = ["drag", "fling", "wait", "jump", "repeat"]
  /// Parameters every single model accepts (`UserBehavior`), beside `physics` and `model`.
  static let behaviorKeys = [
    "dwell_ms", "reread_dwell_ms", "stroke_ms", "drag_velocity_pt_s", "fling_fraction", "fling_velocity_pt_s",
    "reversal_fraction", "jump_fraction", "jump_to_top_fraction", "jump_max_item",
  ]
  /// `mixed` takes its own switching parameter and optional overrides per behaviour.
  static let mixedKeys = ["stay_probability"] + UserModelName.behaviours.map(\.rawValue)
  /// A script expands to at most this many gestures (after `repeat`), so a typo in a count
  /// cannot exhaust memory.
  static let maxGestures = 1_000_000
  /// Screen densities (pixels per pt) accepted for `touch_csv`: 0.5…10 covers every phone and
  /// tablet (Android ldpi 0.75 to xxxhdpi 4, iPhones 2–3), with room for odd recordings.
  static let densityRange = 0.5...10.0

  /// Velocities are capped at 10^6 pt/s, over 100 times the fastest real fling (Android's
  /// ViewConfiguration caps fling velocity at 8000 dp/s), so that offsets stay finite.
  static let maxVelocityPtS = 1e6

  static func scrollSpec(from field: JSONField, feed: FeedSpec, context: Context) throws(InputError)
    -> ScrollSpec
  {
    // The keys a model accepts depend on the model, so look for it before checking keys.
    var keys = scrollKeys
    var modelName: UserModelName? = nil
    if case .object(let members) = field.value, let model = members.first(where: { $0.key == "model" }) {
      modelName = try field.member("model", model.value).choice(UserModelName.self)
      keys += modelName == .mixed ? mixedKeys : behaviorKeys
    }
    let scroll = try field.object(keys: keys)
    let physics = try scroll.optional("physics")?.choice(ScrollPhysics.self) ?? .ios
    let source = try scroll.exactlyOne(of: ["script", "trace", "model"])
    switch source.key {
    case "script":
      return ScrollSpec(physics: physics, source: .script(try script(from: source.field, feed: feed)))
    case "model":
      guard let modelName else { throw source.field.typeError(expected: "a model name") }
      return ScrollSpec(physics: physics, source: .model(try userModel(modelName, from: scroll)))
    default:
      let trace = try source.field.object(keys: ["path", "format", "density"])
      let format = try trace.required("format").choice(RecordedScrollFormat.self)
      let path = try existingFile(trace.required("path"), context: context)
      switch format {
      case .offsetCSV:
        if let density = trace.optional("density") {
          throw density.plainError("applies to format touch_csv only")
        }
        return ScrollSpec(physics: physics, source: .recorded(path: path, format: format))
      case .touchCSV:
        guard let densityField = trace.optional("density") else {
          throw source.field.plainError("missing required key 'density' (pixels per pt) for format touch_csv")
        }
        let density = try densityField.number(.within(densityRange))
        return ScrollSpec(physics: physics, source: .touch(path: path, density: density))
      }
    }
  }

  /// `{"model": NAME, …parameters}`: every parameter optional, defaulting to the model's own.
  static func userModel(_ name: UserModelName, from scroll: JSONObjectReader) throws(InputError)
    -> UserModelSpec
  {
    guard name == .mixed else {
      return UserModelSpec(
        name: name, behaviors: [try behavior(UserBehavior.defaults(for: name), from: scroll)])
    }
    var behaviors: [UserBehavior] = []
    for model in UserModelName.behaviours {
      let defaults = UserBehavior.defaults(for: model)
      if let field = scroll.optional(model.rawValue) {
        behaviors.append(try behavior(defaults, from: field.object(keys: behaviorKeys)))
      } else {
        behaviors.append(defaults)
      }
    }
    let stay = try scroll.optional("stay_probability")?.number(.within(0...1)) ?? 0.9
    return UserModelSpec(name: .mixed, behaviors: behaviors, stayProbability: stay)
  }

  static func behavior(_ defaults: UserBehavior, from object: JSONObjectReader) throws(InputError)
    -> UserBehavior
  {
    var behavior = defaults
    func distribution(_ key: String, _ current: Distribution) throws(InputError) -> Distribution {
      guard let field = object.optional(key) else { return current }
      return try ScenarioLoader.distribution(from: field, support: .nonNegative)
    }
    func fraction(_ key: String, _ current: Double, maximum: Double = 1) throws(InputError) -> Double {
      try object.optional(key)?.number(.within(0...maximum)) ?? current
    }
    behavior.dwellMs = try distribution("dwell_ms", behavior.dwellMs)
    // Re-reading dwells follow the dwell unless set (or the model sets them apart).
    let rereadDefault = defaults.rereadDwellMs == defaults.dwellMs ? behavior.dwellMs : defaults.rereadDwellMs
    behavior.rereadDwellMs = try distribution("reread_dwell_ms", rereadDefault)
    behavior.strokeMs = try distribution("stroke_ms", behavior.strokeMs)
    behavior.dragVelocityPtS = try distribution("drag_velocity_pt_s", behavior.dragVelocityPtS)
    behavior.flingFraction = try fraction("fling_fraction", behavior.flingFraction)
    behavior.flingVelocityPtS = try distribution("fling_velocity_pt_s", behavior.flingVelocityPtS)
    behavior.reversalFraction = try fraction("reversal_fraction", behavior.reversalFraction, maximum: 0.5)
    behavior.jumpFraction = try fraction("jump_fraction", behavior.jumpFraction)
    behavior.jumpToTopFraction = try fraction("jump_to_top_fraction", behavior.jumpToTopFraction)
    if let field = object.optional("jump_max_item") {
      behavior.jumpMaxItem = try field.integer(.integer(atLeast: 1))
    }
    return behavior
  }

  static func script(from field: JSONField, feed: FeedSpec) throws(InputError) -> [Gesture] {
    let elements = try field.array()
    // An empty script is almost certainly a mistake; a user who does nothing is a `wait`.
    guard !elements.isEmpty else {
      throw field.error("must list at least one gesture (drag, fling, wait or jump)", got: "[]")
    }
    var gestures: [Gesture] = []
    gestures.reserveCapacity(elements.count)
    for element in elements {
      if let repeated = try repeatedScript(from: element, feed: feed) {
        gestures += repeated
      } else {
        gestures.append(try gesture(from: element, feed: feed))
      }
      guard gestures.count <= maxGestures else {
        throw field.error("expands to more than \(maxGestures) gestures", got: String(gestures.count))
      }
    }
    return gestures
  }

  /// `{"repeat": {"count": n, "script": [...]}}`: the inner script n times in a row, so a
  /// reader who pages every few seconds for minutes needs three lines, not three hundred.
  static func repeatedScript(from field: JSONField, feed: FeedSpec) throws(InputError) -> [Gesture]? {
    let kind = try field.object(keys: gestureNames).exactlyOne(of: gestureNames)
    guard kind.key == "repeat" else { return nil }
    let body = try kind.field.object(keys: ["count", "script"])
    let count = try body.required("count").integer(.integer(atLeast: 1))
    let inner = try script(from: body.required("script"), feed: feed)
    guard count <= maxGestures / max(1, inner.count) else {
      throw try body.required("count").error(
        "expands to more than \(maxGestures) gestures", got: String(count))
    }
    return Array([[Gesture]](repeating: inner, count: count).joined())
  }

  static func gesture(from field: JSONField, feed: FeedSpec) throws(InputError) -> Gesture {
    let kind = try field.object(keys: gestureNames).exactlyOne(of: gestureNames)
    let velocityRule = NumberRule.within(-maxVelocityPtS...maxVelocityPtS)
    let durationRule = NumberRule.greaterThan(0, atMost: NumberRule.maxMilliseconds)
    switch kind.key {
    case "drag":
      let drag = try kind.field.object(keys: ["velocity_pt_s", "duration_ms"])
      return .drag(
        velocityPtS: try drag.required("velocity_pt_s").number(velocityRule),
        durationMs: try drag.required("duration_ms").number(durationRule))
    case "fling":
      let fling = try kind.field.object(keys: ["velocity_pt_s"])
      return .fling(velocityPtS: try fling.required("velocity_pt_s").number(velocityRule))
    case "wait":
      let wait = try kind.field.object(keys: ["duration_ms"])
      return .wait(durationMs: try wait.required("duration_ms").number(durationRule))
    default:
      let jump = try kind.field.object(keys: ["to_pt", "to_item"])
      let target = try jump.exactlyOne(of: ["to_pt", "to_item"])
      if target.key == "to_pt" {
        return .jump(.offsetPt(try target.field.number(.atLeast(0))))
      }
      let item = try target.field.integer(.integer(atLeast: 0))
      guard item < feed.totalItems else {
        throw target.field.error(
          "must be < feed.total_items (\(feed.totalItems))", got: String(item))
      }
      return .jump(.item(item))
    }
  }
}
