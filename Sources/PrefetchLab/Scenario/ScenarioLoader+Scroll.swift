extension ScenarioLoader {
  /// `model` (synthetic users) is not supported yet and is rejected as an unknown key.
  static let scrollKeys = ["physics", "script", "trace"]
  static let gestureNames = ["drag", "fling", "wait", "jump", "repeat"]
  /// A script expands to at most this many gestures (after `repeat`), so a typo in a count
  /// cannot exhaust memory.
  static let maxGestures = 1_000_000

  /// Velocities are capped at 10^6 pt/s, over 100 times the fastest real fling (Android's
  /// ViewConfiguration caps fling velocity at 8000 dp/s), so that offsets stay finite.
  static let maxVelocityPtS = 1e6

  static func scrollSpec(from field: JSONField, feed: FeedSpec, context: Context) throws(InputError)
    -> ScrollSpec
  {
    let scroll = try field.object(keys: scrollKeys)
    let physics = try scroll.optional("physics")?.choice(ScrollPhysics.self) ?? .ios
    let source = try scroll.exactlyOne(of: ["script", "trace"])
    switch source.key {
    case "script":
      return ScrollSpec(physics: physics, source: .script(try script(from: source.field, feed: feed)))
    default:
      let trace = try source.field.object(keys: ["path", "format"])
      let format = try trace.required("format").choice(RecordedScrollFormat.self)
      let path = try existingFile(trace.required("path"), context: context)
      return ScrollSpec(physics: physics, source: .recorded(path: path, format: format))
    }
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
