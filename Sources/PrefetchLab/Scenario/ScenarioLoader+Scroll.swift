extension ScenarioLoader {
  static var scrollKeys: [String] { ScenarioDefinitions.scroll.keyNames }
  static let gestureNames = ScenarioDefinitions.gesture.keyNames
  /// Parameters every single model accepts (`UserBehavior`), beside `physics` and `model`.
  static var behaviorKeys: [String] { ScenarioDefinitions.behavior.keyNames }
  /// `mixed` takes its own switching parameter and optional overrides per behaviour.
  static var mixedKeys: [String] { ScenarioDefinitions.mixed.keyNames }
  /// A script expands to at most this many gestures (after `repeat`), so a typo in a count
  /// cannot exhaust memory.
  static let maxGestures = InputLimits.maxGestures
  static let densityRange = ScenarioDefinitions.densityRange
  static let maxVelocityPtS = InputLimits.maxVelocityPtS

  /// `scroll`; nil after recording its problems. `durationUs` is the scenario's `duration_s`.
  static func scrollSpec(from field: JSONField, feed: FeedSpec, durationUs: Int64?, context: Context)
    -> ScrollSpec?
  {
    let diagnostics = context.diagnostics
    // The keys a model accepts depend on the model, so look for it before checking keys.
    var modelName: UserModelName? = nil
    if case .object(let members) = field.value, let model = members.first(where: { $0.key == "model" }),
      let name = try? field.member("model", model.value).choice(UserModelName.self)
    {
      modelName = name
    }
    let definition = ObjectDefinition(
      "scroll",
      keys: ScenarioDefinitions.scroll.keys
        + (modelName == .mixed
          ? ScenarioDefinitions.mixed.keys : modelName != nil ? ScenarioDefinitions.behavior.keys : []))
    guard let scroll = JSONObjectReader(field, definition, diagnostics: diagnostics) else { return nil }
    let physics = scroll.choice("physics", ScrollPhysics.self) ?? .ios
    var stopThresholdPt = IOSDecelerationCurve.defaultStopThresholdPt
    if let threshold = scroll.member("stop_threshold_pt") {
      if physics == .android {
        diagnostics.record(threshold.plainError("applies to physics ios and ios_fast only"))
      } else if let value = scroll.number("stop_threshold_pt") {
        stopThresholdPt = value
      }
    }
    let atEnd = scroll.choice("at_end", ScrollAtEnd.self) ?? .wait
    guard let source = scroll.exactlyOne(of: ["script", "trace", "model"]) else { return nil }
    if atEnd == .press && source.key != "script", let field = scroll.member("at_end") {
      diagnostics.record(
        field.error(
          "\"press\" needs scroll.script (drag and wait gestures): a pressing finger is not defined for a recorded or synthetic user",
          got: "scroll.\(source.key)"))
      return nil
    }
    switch source.key {
    case "script":
      guard let gestures = script(from: source.field, feed: feed, diagnostics: diagnostics) else {
        return nil
      }
      if durationUs == nil {
        checkScriptLength(
          gestures, physics: physics, stopThresholdPt: stopThresholdPt, at: source.field,
          diagnostics: diagnostics)
      }
      if atEnd == .press, let field = scroll.member("at_end"), let refused = gestureRefusedByPress(gestures) {
        diagnostics.record(
          field.error(
            "\"press\" takes drag and wait gestures only (a fling or jump into the end has no pressing finger)",
            got: refused))
        return nil
      }
      return ScrollSpec(
        physics: physics, source: .script(gestures), iosStopThresholdPt: stopThresholdPt, atEnd: atEnd)
    case "model":
      guard let modelName = scroll.choice("model", UserModelName.self) else { return nil }
      return ScrollSpec(
        physics: physics, source: .model(userModel(modelName, from: scroll)),
        iosStopThresholdPt: stopThresholdPt)
    default:
      guard let trace = scroll.object("trace") else { return nil }
      let format = trace.choice("format", RecordedScrollFormat.self)
      let path = trace.required("path").flatMap { pathField in
        diagnostics.attempt { () throws(InputError) in try existingFile(pathField, context: context) }
      }
      guard let format, let path else { return nil }
      switch format {
      case .offsetCSV:
        if let density = trace.member("density") {
          diagnostics.record(density.plainError("applies to format touch_csv only"))
          return nil
        }
        return ScrollSpec(
          physics: physics, source: .recorded(path: path, format: format), iosStopThresholdPt: stopThresholdPt
        )
      case .touchCSV:
        guard trace.contains("density") else {
          diagnostics.record(
            source.field.plainError("missing required key 'density' (pixels per pt) for format touch_csv"))
          return nil
        }
        guard let density = trace.number("density") else { return nil }
        return ScrollSpec(
          physics: physics, source: .touch(path: path, density: density), iosStopThresholdPt: stopThresholdPt)
      }
    }
  }

  /// The first gesture a pressing user cannot play (a fling or a jump), described; nil if none.
  static func gestureRefusedByPress(_ gestures: [Gesture]) -> String? {
    for (index, gesture) in gestures.enumerated() {
      switch gesture {
      case .drag, .wait: continue
      case .fling: return "a fling as gesture \(index + 1) of the expanded script"
      case .jump: return "a jump as gesture \(index + 1) of the expanded script"
      case .refresh: return "a refresh as gesture \(index + 1) of the expanded script"
      case .swipe: return "a swipe as gesture \(index + 1) of the expanded script"
      }
    }
    return nil
  }

  /// A script without `duration_s` lasts as long as its gestures: at most a session (10^6 s).
  static func checkScriptLength(
    _ gestures: [Gesture], physics: ScrollPhysics, stopThresholdPt: Double, at field: JSONField,
    diagnostics: Diagnostics
  ) {
    var totalUs: Int64 = 0
    for gesture in gestures {
      switch gesture {
      case .drag(_, let ms), .wait(let ms): totalUs += Int64((ms * 1000).rounded())
      case .swipe(let swipe): totalUs += Int64((swipe.durationMs * 1000).rounded())
      case .fling(let velocity):
        totalUs += physics.flingCurve(velocityPtS: velocity, iosStopThresholdPt: stopThresholdPt).durationUs
      case .jump, .refresh: break
      }
    }
    if totalUs > InputLimits.maxSessionUs {
      diagnostics.record(
        field.error(
          "must last at most \(DecimalFormat.readable(InputLimits.maxSessionSeconds)) s in all (the longest session);"
            + " set duration_s to cut it",
          got: DecimalFormat.readable(Double(totalUs) / 1_000_000, against: [InputLimits.maxSessionSeconds])
            + " s"))
    }
  }

  /// `{"model": NAME, …parameters}`: every parameter optional, defaulting to the model's own.
  static func userModel(_ name: UserModelName, from scroll: JSONObjectReader) -> UserModelSpec {
    guard name == .mixed else {
      return UserModelSpec(name: name, behaviors: [behavior(UserBehavior.defaults(for: name), from: scroll)])
    }
    var behaviors: [UserBehavior] = []
    for model in UserModelName.behaviours {
      let defaults = UserBehavior.defaults(for: model)
      if let overrides = scroll.object(model.rawValue, ScenarioDefinitions.behavior) {
        behaviors.append(behavior(defaults, from: overrides))
      } else {
        behaviors.append(defaults)
      }
    }
    let stay = scroll.number("stay_probability") ?? 0.9
    return UserModelSpec(name: .mixed, behaviors: behaviors, stayProbability: stay)
  }

  static func behavior(_ defaults: UserBehavior, from object: JSONObjectReader) -> UserBehavior {
    var behavior = defaults
    behavior.dwellMs = object.distribution("dwell_ms") ?? behavior.dwellMs
    // Re-reading dwells follow the dwell unless set (or the model sets them apart).
    let rereadDefault = defaults.rereadDwellMs == defaults.dwellMs ? behavior.dwellMs : defaults.rereadDwellMs
    behavior.rereadDwellMs = object.distribution("reread_dwell_ms") ?? rereadDefault
    behavior.strokeMs = object.distribution("stroke_ms") ?? behavior.strokeMs
    behavior.dragVelocityPtS = object.distribution("drag_velocity_pt_s") ?? behavior.dragVelocityPtS
    behavior.flingFraction = object.number("fling_fraction") ?? behavior.flingFraction
    behavior.flingVelocityPtS = object.distribution("fling_velocity_pt_s") ?? behavior.flingVelocityPtS
    behavior.reversalFraction = object.number("reversal_fraction") ?? behavior.reversalFraction
    behavior.jumpFraction = object.number("jump_fraction") ?? behavior.jumpFraction
    behavior.jumpToTopFraction = object.number("jump_to_top_fraction") ?? behavior.jumpToTopFraction
    behavior.jumpMaxItem = object.integer("jump_max_item") ?? behavior.jumpMaxItem
    behavior.refreshFraction = object.number("refresh_fraction") ?? behavior.refreshFraction
    behavior.swipeFraction = object.number("swipe_fraction") ?? behavior.swipeFraction
    behavior.swipeDistancePt = object.distribution("swipe_distance_pt") ?? behavior.swipeDistancePt
    return behavior
  }

  /// The gestures of a script (with every `repeat` expanded); nil after recording its problems.
  static func script(from field: JSONField, feed: FeedSpec, diagnostics: Diagnostics) -> [Gesture]? {
    guard let elements = diagnostics.attempt({ () throws(InputError) in try field.array() }) else {
      return nil
    }
    // An empty script is almost certainly a mistake; a user who does nothing is a `wait`.
    guard !elements.isEmpty else {
      diagnostics.record(
        field.error("must list at least one gesture (drag, fling, wait, jump, refresh or swipe)", got: "[]"))
      return nil
    }
    var gestures: [Gesture] = []
    gestures.reserveCapacity(elements.count)
    var failed = false
    for (position, element) in elements.enumerated() {
      guard let expanded = gesture(from: element, feed: feed, diagnostics: diagnostics) else {
        failed = true
        continue
      }
      gestures += expanded
      guard gestures.count <= maxGestures else {
        // The count shown is the one that broke the rule: the total once this element is added.
        diagnostics.record(
          field.error(
            "must expand to at most \(maxGestures) gestures", got: "\(gestures.count) through [\(position)]"))
        return nil
      }
    }
    return failed ? nil : gestures
  }

  /// One script element: a gesture, or a `repeat` block expanded (`{"repeat": {"count": n,
  /// "script": [...]}}`: the inner script n times in a row, so a reader who pages every few
  /// seconds for minutes needs three lines, not three hundred).
  static func gesture(from field: JSONField, feed: FeedSpec, diagnostics: Diagnostics) -> [Gesture]? {
    guard let element = JSONObjectReader(field, ScenarioDefinitions.gesture, diagnostics: diagnostics),
      let kind = element.exactlyOne(of: gestureNames)
    else { return nil }
    switch kind.key {
    case "drag":
      guard let drag = element.object("drag"), let velocity = drag.number("velocity_pt_s"),
        let duration = drag.number("duration_ms")
      else { return nil }
      return [.drag(velocityPtS: velocity, durationMs: duration)]
    case "fling":
      guard let velocity = element.object("fling")?.number("velocity_pt_s") else { return nil }
      return [.fling(velocityPtS: velocity)]
    case "wait":
      guard let duration = element.object("wait")?.number("duration_ms") else { return nil }
      return [.wait(durationMs: duration)]
    case "refresh":
      guard element.object("refresh") != nil else { return nil }
      return [.refresh]
    case "swipe":
      return swipe(from: element, kind: kind.field, feed: feed, diagnostics: diagnostics)
    case "jump":
      guard let jump = element.object("jump"), let target = jump.exactlyOne(of: ["to_pt", "to_item"]) else {
        return nil
      }
      if target.key == "to_pt" {
        return jump.number("to_pt").map { [.jump(.offsetPt($0))] }
      }
      guard let item = jump.integer("to_item") else { return nil }
      guard item < feed.totalItems else {
        diagnostics.record(
          target.field.error("must be < feed.total_items (\(feed.totalItems))", got: String(item)))
        return nil
      }
      return [.jump(.item(item))]
    default:
      guard let body = element.object("repeat"), let count = body.integer("count"),
        let innerField = body.required("script"),
        let inner = script(from: innerField, feed: feed, diagnostics: diagnostics)
      else { return nil }
      let largest = maxGestures / max(1, inner.count)
      guard count <= largest else {
        // State the rule on the expansion and what this count makes of it, so the count refused
        // (not the gesture total) is never read as breaking "at most 1000000 gestures".
        let each = inner.count == 1 ? "1 gesture" : "\(inner.count) gestures"
        diagnostics.record(
          body.member("count")!.error(
            "must be <= \(largest): count × its script's \(each) must be at most \(maxGestures) gestures",
            got: "\(count) (\(count * inner.count) gestures)"))
        return nil
      }
      return Array([[Gesture]](repeating: inner, count: count).joined())
    }
  }

  /// `{"swipe": {...}}`: a carousel swipe; refused without `feed.carousel` (no row to swipe) and
  /// for an item past the feed.
  private static func swipe(
    from element: JSONObjectReader, kind: JSONField, feed: FeedSpec, diagnostics: Diagnostics
  ) -> [Gesture]? {
    guard let body = element.object("swipe"), let distance = body.number("distance_pt"),
      let duration = body.number("duration_ms")
    else { return nil }
    guard feed.carousel != nil else {
      diagnostics.recordShared(
        kind.plainError("needs feed.carousel (a swipe moves a carousel row)"), cause: "swipe without carousel"
      )
      return nil
    }
    var row = CarouselSwipe.Row.firstOnScreen
    if body.contains("item") {
      guard let item = body.integer("item") else { return nil }
      guard item < feed.totalItems else {
        diagnostics.record(
          body.member("item")!.error("must be < feed.total_items (\(feed.totalItems))", got: String(item)))
        return nil
      }
      row = .item(item)
    }
    return [.swipe(CarouselSwipe(row: row, distancePt: distance, durationMs: duration))]
  }
}
