extension ScenarioDefinitions {
  static let velocityRule = NumberRule.within(-InputLimits.maxVelocityPtS...InputLimits.maxVelocityPtS)
  /// Screen densities (pixels per pt) accepted for `touch_csv`: 0.5…10 covers every phone and
  /// tablet (Android ldpi 0.75 to xxxhdpi 4, iPhones 2–3), with room for odd recordings.
  static let densityRange = 0.5...10.0
  /// Stop thresholds that mean something physically: 0.01 pt is far below a pixel at 3× (1/3 pt),
  /// so a smaller one only lengthens the invisible tail of the deceleration (1e-300 pt would keep
  /// a fling going for minutes); 10 pt is over a line of body text, so a larger one cuts a
  /// visible part of the fling short (100 pt would stop a 201 pt/s fling within a frame).
  public static let stopThresholdRangePt = 0.01...10.0

  /// `scroll`: the keys every user has, then what `model` users add. Which of the model keys are
  /// allowed depends on the model (`behavior` for a single model, `mixed` for `mixed`).
  public static let scroll = ObjectDefinition(
    "scroll",
    keys: [
      KeyDefinition(
        "physics", .choice(ScrollPhysics.allCases.map(\.rawValue)), default: "ios",
        summary: "Fling deceleration: ios, ios_fast or android.",
        note:
          "`\"ios\"` (velocity × 0.998 per ms, `UIScrollView.DecelerationRate.normal`), `\"ios_fast\"` (× 0.99, `.fast`), `\"android\"` (OverScroller spline fling, below)"
      ),
      KeyDefinition(
        "stop_threshold_pt", .number(.within(stopThresholdRangePt)), unit: "pt",
        default: JSONValue(IOSDecelerationCurve.defaultStopThresholdPt),
        defaultText:
          "`0.5`: the deceleration threshold of I. Lobanov's reverse-engineered UIScrollView (super-ultra/ScrollMechanics, `SimpleScrollView.swift`); Apple documents none",
        summary: "An ios or ios_fast fling ends when less than this remains to go.",
        note:
          "`ios` and `ios_fast` only; 0.01 pt is far below a pixel at 3×, 10 pt is over a line of text; see [Physics and edges](#physics-and-edges)"
      ),
      KeyDefinition(
        "script", .script, summary: "A scripted user: drag, fling, wait, jump and repeat gestures.",
        note: "at least one gesture; see [gestures](#scrollscript-gestures)"),
      KeyDefinition(
        "trace", .object(scrollTrace), summary: "A recorded user.", note: "a recorded user, below"),
      KeyDefinition(
        "model", .choice(UserModelName.allCases.map(\.rawValue)),
        summary: "A synthetic user; its parameters sit beside it in scroll.",
        note:
          "a synthetic user: `reader`, `skimmer`, `flinger`, `searcher`, `jumper` or `mixed`; its parameters sit beside it in `scroll` (below)"
      ),
      KeyDefinition(
        "at_end", .choice(ScrollAtEnd.allCases.map(\.rawValue)), default: "wait",
        summary: "The user at the end of loaded content: wait (τ pauses) or press (τ runs on).",
        note:
          "`\"wait\"`: the pause model; `\"press\"`: a finger that keeps pressing against the end, trace time running on (`script` of `drag` and `wait` gestures only); see [the user at the end](#the-user-at-the-end-of-loaded-content)"
      ),
    ], exactlyOneOf: [["script", "trace", "model"]])

  public static let scrollTrace = ObjectDefinition(
    "scroll.trace",
    keys: [
      KeyDefinition(
        "path", .text(.path), required: true,
        summary: "The recording, relative to the scenario file's folder.",
        note: "a readable regular file; relative to the scenario file's folder"),
      KeyDefinition(
        "format", .choice(RecordedScrollFormat.allCases.map(\.rawValue)), required: true,
        summary: "offset_csv (t_ms,offset_pt rows) or touch_csv (raw touches).",
        note: "`\"offset_csv\"`: `t_ms,offset_pt` rows; `\"touch_csv\"`: raw touches, below"),
      KeyDefinition(
        "density", .number(.within(densityRange)), unit: "px/pt",
        defaultText: "**required** for `touch_csv`, not allowed otherwise",
        summary: "Pixels per pt of the recording's y_px (touch_csv only).",
        note: "3 on a 3× iPhone; Android's `DisplayMetrics.density`"),
    ])

  /// Parameters every single model accepts (`UserBehavior`), beside `physics` and `model`.
  public static let behavior = ObjectDefinition(
    "scroll (model)",
    keys: [
      KeyDefinition("dwell_ms", .distribution(timeMs), unit: "ms", summary: "Lift to next touch."),
      KeyDefinition(
        "reread_dwell_ms", .distribution(timeMs), unit: "ms", summary: "Dwell after a touch that went back."),
      KeyDefinition("stroke_ms", .distribution(timeMs), unit: "ms", summary: "Finger down to up."),
      KeyDefinition(
        "drag_velocity_pt_s", .distribution(speedPtS), unit: "pt/s", summary: "Finger speed while dragging."),
      KeyDefinition("fling_fraction", .number(fraction), summary: "Share of touches released into a fling."),
      KeyDefinition(
        "fling_velocity_pt_s", .distribution(speedPtS), unit: "pt/s", summary: "Release velocity of a fling."),
      KeyDefinition(
        "reversal_fraction", .number(.within(0...0.5)),
        summary: "Share of touches going the other way than the previous one."),
      KeyDefinition("jump_fraction", .number(fraction), summary: "Share of gestures that are jumps."),
      KeyDefinition(
        "jump_to_top_fraction", .number(fraction), summary: "Share of jumps to the top (else to an item)."),
      KeyDefinition(
        "jump_max_item", .integer(.integer(atLeast: 1)),
        summary: "Jumps to items pick one of the first this many."),
      KeyDefinition(
        "refresh_fraction", .number(fraction), default: 0,
        summary: "Share of jumps to the top followed by a pull to refresh."),
      KeyDefinition(
        "swipe_fraction", .number(fraction), default: 0,
        summary: "Share of stops after a touch that begin with a swipe of the first carousel row on screen."),
      KeyDefinition(
        "swipe_distance_pt", .distribution(swipeDistancePt), unit: "pt",
        default: UserBehavior.defaultSwipeDistancePt.json,
        defaultText: "`{\"uniform\": {\"min\": 150, \"max\": 450}}` (a judgement: one to three 150 pt cards)",
        summary: "Distance of a swipe towards later cells; its duration is a stroke_ms draw."),
    ])

  /// Synthetic users' swipe distances: towards later cells, at most a carousel's largest width.
  static let swipeDistancePt = DrawRule(
    name: "swipe_pt", support: .nonNegative, maximum: InputLimits.maxCarouselWidthPt)

  /// `mixed`'s own keys: the switching probability and an optional override per behaviour.
  public static let mixed = ObjectDefinition(
    "scroll (mixed)",
    keys: [
      KeyDefinition(
        "stay_probability", .number(fraction), default: 0.9,
        summary: "Chance of keeping the current behaviour for the next gesture.")
    ]
      + UserModelName.behaviours.map {
        KeyDefinition(
          $0.rawValue, .object(behavior), summary: "Overrides of the \($0.rawValue) behaviour's parameters.")
      })

  /// One element of a script: an object with exactly one gesture.
  public static let gesture = ObjectDefinition(
    "scroll.script[]",
    keys: [
      KeyDefinition("drag", .object(drag), summary: "Finger down moving content at a constant velocity."),
      KeyDefinition("fling", .object(fling), summary: "Release at a velocity; the physics decelerates it."),
      KeyDefinition("wait", .object(wait), summary: "No touch for a while."),
      KeyDefinition("jump", .object(jump), summary: "Instant programmatic scroll to a point or an item."),
      KeyDefinition(
        "refresh", .object(refresh), summary: "Pull to refresh: to the top at once, then the feed reloads."),
      KeyDefinition(
        "swipe", .object(swipe),
        summary: "A horizontal swipe of a carousel row; the list stays put meanwhile."),
      KeyDefinition("repeat", .object(repeatBlock), summary: "An inner script repeated count times."),
    ], exactlyOneOf: [["drag", "fling", "wait", "jump", "refresh", "swipe", "repeat"]])

  public static let drag = ObjectDefinition(
    "drag",
    keys: [
      KeyDefinition(
        "velocity_pt_s", .number(velocityRule), unit: "pt/s", required: true,
        summary: "Content velocity; positive = towards the feed's end."),
      KeyDefinition(
        "duration_ms", .number(msRule), unit: "ms", required: true, summary: "How long the finger drags."),
    ])

  public static let fling = ObjectDefinition(
    "fling",
    keys: [
      KeyDefinition(
        "velocity_pt_s", .number(velocityRule), unit: "pt/s", required: true,
        summary: "Release velocity; positive = towards the feed's end.")
    ])

  public static let wait = ObjectDefinition(
    "wait",
    keys: [
      KeyDefinition(
        "duration_ms", .number(msRule), unit: "ms", required: true, summary: "How long nothing touches.")
    ])

  public static let jump = ObjectDefinition(
    "jump",
    keys: [
      KeyDefinition(
        "to_pt", .number(.atLeast(0, atMost: InputLimits.maxPositionPt)), unit: "pt",
        summary: "Offset of the viewport's top to jump to."),
      KeyDefinition(
        "to_item", .integer(.integer(atLeast: 0)), unit: "item",
        summary: "Item to jump to (< feed.total_items)."),
    ], exactlyOneOf: [["to_pt", "to_item"]])

  /// A pull to refresh takes no parameters: `{ "refresh": {} }`.
  public static let refresh = ObjectDefinition("refresh", keys: [])

  /// `{ "swipe": { "item": n, "distance_pt": d, "duration_ms": t } }` (`CarouselSwipe`).
  public static let swipe = ObjectDefinition(
    "swipe",
    keys: [
      KeyDefinition(
        "item", .integer(.integer(atLeast: 0)), unit: "item",
        defaultText: "the first loaded carousel row at least half on screen",
        summary:
          "Row to swipe (< feed.total_items); a swipe that finds no carousel row on screen does nothing."),
      KeyDefinition(
        "distance_pt", .number(.within(-InputLimits.maxCarouselWidthPt...InputLimits.maxCarouselWidthPt)),
        unit: "pt", required: true,
        summary: "How far the row's content moves; positive brings later cells in. Clamped to the row."),
      KeyDefinition(
        "duration_ms", .number(.atLeast(0, atMost: InputLimits.maxMilliseconds)), unit: "ms", required: true,
        summary: "How long the finger moves the row (linearly); 0 moves it at once."),
    ])

  public static let repeatBlock = ObjectDefinition(
    "repeat",
    keys: [
      KeyDefinition(
        "count", .integer(.integer(atLeast: 1, atMost: Double(InputLimits.maxGestures))), required: true,
        summary: "How many times the inner script runs."),
      KeyDefinition("script", .script, required: true, summary: "The gestures to repeat."),
    ])

  /// The objects the docs' key tables list, in the docs' order.
  public static let documentedObjects: [ObjectDefinition] = [
    root, viewport, feed, feedChanges, feedCarousel, network, mediaNetwork, bandwidthTrace, retry, outage,
    rateLimit,
    scroll,
    scrollTrace,
    gesture,
    drag,
    fling, wait, jump, swipe, repeatBlock, behavior, mixed, cache, render, radio,
  ]
}
