import Testing

@testable import PrefetchLab

/// The rules of `scroll` (scripts, recordings, synthetic users) and `strategies`, one broken rule
/// per case (see `ScenarioLoaderRuleTests`).
extension ScenarioLoaderRuleTests {
  static func script(_ gestures: String) -> String { #"{"script": ["# + gestures + "]}" }
  static let wait = #"{"wait": {"duration_ms": 1}}"#

  static let scrollCases: [ScenarioRuleCase] = [
    ScenarioRuleCase(
      "scroll", #"{"modle": "reader"}"#,
      "scroll: unknown key 'modle' (did you mean 'model'?); valid keys: physics, stop_threshold_pt, script, trace, model, at_end"
    ),
    ScenarioRuleCase(
      "scroll", #"{"physics": "ios"}"#, "scroll: needs exactly one of script, trace, model, got none"),
    ScenarioRuleCase(
      "scroll", #"{"script": [], "trace": {"path": "u.csv", "format": "offset_csv"}}"#,
      "scroll: needs exactly one of script, trace, model, got script, trace"),
    ScenarioRuleCase(
      "scroll", #"{"physics": "iOS", "script": []}"#,
      #"scroll.physics: must be one of ios, ios_fast, android, got "iOS" (did you mean "ios"?)"#),
    ScenarioRuleCase(
      "scroll", #"{"script": []}"#,
      "scroll.script: must list at least one gesture (drag, fling, wait, jump, refresh or swipe), got []"),
    ScenarioRuleCase("scroll", #"{"script": {}}"#, "scroll.script: must be an array, got object {}"),
    ScenarioRuleCase(
      "scroll", script(wait + ", " + wait + #", {"drag": {"velocity_pt_s": 2e6, "duration_ms": 100}}"#),
      "scroll.script[2].drag.velocity_pt_s: must be in -1000000...1000000, got 2000000"),
    ScenarioRuleCase(
      "scroll", script(#"{"drag": {"velocity_pt_s": 400, "duration_ms": 0}}"#),
      "scroll.script[0].drag.duration_ms: must be > 0, got 0"),
    ScenarioRuleCase(
      "scroll", script(#"{"drag": {"velocity_pt_s": 400}}"#),
      "scroll.script[0].drag: missing required key 'duration_ms'"),
    ScenarioRuleCase(
      "scroll", script(#"{"drag": {"velocity": 400, "duration_ms": 10}}"#),
      "scroll.script[0].drag: unknown key 'velocity' (did you mean 'velocity_pt_s'?); valid keys: velocity_pt_s, duration_ms"
    ),
    ScenarioRuleCase(
      "scroll", script(#"{"refresh": {"delay_ms": 10}}"#),
      "scroll.script[0].refresh: unknown key 'delay_ms'; valid keys: $comment only (this object takes no "
        + "parameters: write {})"),
    ScenarioRuleCase(
      "scroll", script(#"{"pinch": {}}"#),
      "scroll.script[0]: unknown key 'pinch'; valid keys: drag, fling, wait, jump, refresh, swipe, repeat"),
    ScenarioRuleCase(
      "scroll", script(#"{"drag": {"velocity_pt_s": 1, "duration_ms": 1}, "wait": {"duration_ms": 1}}"#),
      "scroll.script[0]: needs exactly one of drag, fling, wait, jump, refresh, swipe, repeat, got drag, wait"
    ),
    ScenarioRuleCase(
      "scroll", script(#""drag""#), #"scroll.script[0]: must be an object, got string "drag""#),
    ScenarioRuleCase(
      "scroll", script(#"{"fling": {"velocity_pt_s": "fast"}}"#),
      #"scroll.script[0].fling.velocity_pt_s: must be a number, got string "fast""#),
    ScenarioRuleCase(
      "scroll", script(wait + #", {"wait": {"duration_ms": -1}}"#),
      "scroll.script[1].wait.duration_ms: must be > 0, got -1"),
    ScenarioRuleCase(
      "scroll", script(#"{"wait": {"duration_ms": 2e9}}"#),
      "scroll.script[0].wait.duration_ms: must be <= 1000000000, got 2000000000"),
    ScenarioRuleCase(
      "scroll", script(#"{"jump": {"to_pt": -1}}"#), "scroll.script[0].jump.to_pt: must be >= 0, got -1"),
    ScenarioRuleCase(
      "scroll", script(#"{"jump": {"to_item": 1.5}}"#),
      "scroll.script[0].jump.to_item: must be an integer, got 1.5"),
    ScenarioRuleCase(
      "scroll", script(#"{"jump": {"to_item": 1000}}"#),
      "scroll.script[0].jump.to_item: must be < feed.total_items (1000), got 1000"),
    ScenarioRuleCase(
      "scroll", script(#"{"jump": {}}"#),
      "scroll.script[0].jump: needs exactly one of to_pt, to_item, got none"),
    ScenarioRuleCase(
      "scroll", script(#"{"jump": {"to_pt": 1, "to_item": 1}}"#),
      "scroll.script[0].jump: needs exactly one of to_pt, to_item, got to_pt, to_item"),
    ScenarioRuleCase(
      "scroll", #"{"trace": {"path": "u.csv", "format": "json"}}"#,
      #"scroll.trace.format: must be one of offset_csv, touch_csv, got "json""#),
    ScenarioRuleCase(
      "scroll", #"{"trace": {"path": "u.csv", "format": "offset_csv"}}"#,
      "scroll.trace.path: file not found: u.csv"),
    ScenarioRuleCase(
      "scroll", #"{"trace": {"path": "u.csv", "format": "offset_csv", "loop": true}}"#,
      "scroll.trace: unknown key 'loop'; valid keys: path, format, density"),
    ScenarioRuleCase(
      "scroll", #"{"at_end": "hold", "script": [{"wait": {"duration_ms": 1}}]}"#,
      #"scroll.at_end: must be one of wait, press, got "hold""#),
    ScenarioRuleCase(
      "scroll", #"{"at_end": "press", "model": "reader"}"#,
      #"scroll.at_end: "press" needs scroll.script (drag and wait gestures): a pressing finger is not defined for a recorded or synthetic user, got scroll.model"#
    ),
    ScenarioRuleCase(
      "scroll",
      #"{"at_end": "press", "script": [{"repeat": {"count": 2, "script": [{"wait": {"duration_ms": 1}}, {"fling": {"velocity_pt_s": 900}}]}}]}"#,
      #"scroll.at_end: "press" takes drag and wait gestures only (a fling or jump into the end has no pressing finger), got a fling as gesture 2 of the expanded script"#
    ),
  ]

  static let strategyCases: [ScenarioRuleCase] = [
    ScenarioRuleCase(
      "strategies", #""infinite_scroll""#, #"strategies: must be an array, got string "infinite_scroll""#),
    ScenarioRuleCase("strategies", #"[""]"#, #"strategies[0]: must not be empty or blank, got """#),
    ScenarioRuleCase(
      "strategies", #"["a", 5]"#,
      #"strategies[1]: must be a strategy name or an object with "name" and parameters, got number 5"#
    ),
    ScenarioRuleCase("strategies", #"[{"ratio": 0.7}]"#, "strategies[0]: missing required key 'name'"),
    ScenarioRuleCase("strategies", #"[{"name": 7}]"#, "strategies[0].name: must be a string, got number 7"),
    ScenarioRuleCase(
      "strategies", #"[{"name": "fixed_threshold", "ratio": [1]}]"#,
      "strategies[0].ratio: must be a number, true, false or a string, got array [1]"),
    ScenarioRuleCase(
      "strategies", #"[{"name": "fixed_threshold", "ratio": null}]"#,
      "strategies[0].ratio: must be a number, true, false or a string, got null"),
    ScenarioRuleCase(
      "strategies", #"["a", {"name": "a"}]"#,
      "strategies[1]: repeats strategies[0] (same name and parameters)"),
  ]

  static let behaviorKeys =
    "dwell_ms, reread_dwell_ms, stroke_ms, drag_velocity_pt_s, fling_fraction, fling_velocity_pt_s, reversal_fraction, jump_fraction, jump_to_top_fraction, jump_max_item, refresh_fraction, swipe_fraction, swipe_distance_pt"

  static let modelCases: [ScenarioRuleCase] = [
    ScenarioRuleCase(
      "scroll", #"{"model": "doomscroller"}"#,
      #"scroll.model: must be one of reader, skimmer, flinger, searcher, jumper, mixed, got "doomscroller""#),
    ScenarioRuleCase(
      "scroll", #"{"model": 3}"#,
      "scroll.model: must be one of reader, skimmer, flinger, searcher, jumper, mixed, got number 3"),
    ScenarioRuleCase(
      "scroll", #"{"model": "reader", "dwel_ms": 4000}"#,
      "scroll: unknown key 'dwel_ms' (did you mean 'dwell_ms'?); valid keys: physics, stop_threshold_pt, script, trace, model, at_end, \(behaviorKeys)"
    ),
    ScenarioRuleCase(
      "scroll", #"{"model": "reader", "stay_probability": 0.5}"#,
      "scroll: unknown key 'stay_probability'; valid keys: physics, stop_threshold_pt, script, trace, model, at_end, \(behaviorKeys)"
    ),
    ScenarioRuleCase(
      "scroll", #"{"script": [{"wait": {"duration_ms": 1}}], "dwell_ms": 4000}"#,
      "scroll: unknown key 'dwell_ms'; valid keys: physics, stop_threshold_pt, script, trace, model, at_end"),
    ScenarioRuleCase(
      "scroll", #"{"model": "skimmer", "script": []}"#,
      "scroll: needs exactly one of script, trace, model, got script, model"),
    ScenarioRuleCase(
      "scroll", #"{"model": "skimmer", "fling_fraction": 1.2}"#,
      "scroll.fling_fraction: must be in 0...1, got 1.2"),
    ScenarioRuleCase(
      "scroll", #"{"model": "searcher", "reversal_fraction": 0.6}"#,
      "scroll.reversal_fraction: must be in 0...0.5, got 0.6"),
    ScenarioRuleCase(
      "scroll", #"{"model": "reader", "dwell_ms": {"lognormal": {"median": 0, "sigma": 1}}}"#,
      "scroll.dwell_ms: lognormal.median must be > 0, got 0"),
    ScenarioRuleCase(
      "scroll", #"{"model": "flinger", "fling_velocity_pt_s": -3000}"#,
      "scroll.fling_velocity_pt_s: must be >= 0, got -3000"),
    ScenarioRuleCase(
      "scroll", #"{"model": "jumper", "jump_max_item": 0}"#, "scroll.jump_max_item: must be >= 1, got 0"),
    ScenarioRuleCase(
      "scroll", #"{"model": "mixed", "stay_probability": 2}"#,
      "scroll.stay_probability: must be in 0...1, got 2"),
    ScenarioRuleCase(
      "scroll", #"{"model": "mixed", "reader": {"dwell": 1}}"#,
      "scroll.reader: unknown key 'dwell' (did you mean 'dwell_ms'?); valid keys: \(behaviorKeys)"),
    ScenarioRuleCase(
      "scroll", #"{"model": "mixed", "dwell_ms": 1000}"#,
      "scroll: unknown key 'dwell_ms'; valid keys: physics, stop_threshold_pt, script, trace, model, at_end, stay_probability, reader, skimmer, flinger, searcher, jumper"
    ),
    ScenarioRuleCase(
      "scroll", #"{"model": "mixed", "flinger": {"stroke_ms": "fast"}}"#,
      #"scroll.flinger.stroke_ms: must be a number or a distribution object (constant, uniform, normal, lognormal, pareto, empirical), got string "fast""#
    ),
  ]
}
