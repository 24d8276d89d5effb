extension ScenarioLoader {
  /// `radio`: a model name (`"lte"`, `"3g"`, `"none"`) or
  /// `{model, profile, promotion_delays_requests}`. With `model` `none`, `profile` and
  /// `promotion_delays_requests: true` are refused: a profile or a promotion needs a radio model.
  static func radioSpec(from field: JSONField, diagnostics: Diagnostics) -> RadioSpec? {
    if case .string = field.value {
      return diagnostics.attempt { () throws(InputError) in
        RadioSpec(model: try field.choice(RadioSpec.Model.self))
      }
    }
    guard case .object = field.value else {
      diagnostics.record(
        field.typeError(
          expected: "one of lte, 3g, none or an object {model, profile, promotion_delays_requests}"))
      return nil
    }
    guard let radio = JSONObjectReader(field, ScenarioDefinitions.radio, diagnostics: diagnostics) else {
      return nil
    }
    var spec = RadioSpec()
    if let model = radio.choice("model", RadioSpec.Model.self) { spec.model = model }
    if let profile = radio.choice("profile", RadioSpec.Profile.self) { spec.profile = profile }
    if let delays = radio.bool("promotion_delays_requests") { spec.promotionDelaysRequests = delays }
    // Without a radio there is no measurement to choose and no promotion to wait for: a setting
    // that could not change anything is a mistake in the file. `promotion_delays_requests: false`
    // stays accepted: it is the default, and resolved scenarios (`Scenario.json`) always write it.
    if spec.model == .none {
      if let member = radio.member("profile") {
        diagnostics.record(member.plainError("needs a radio model (lte or 3g); radio.model is none"))
      }
      if spec.promotionDelaysRequests, let member = radio.member("promotion_delays_requests") {
        diagnostics.record(member.plainError("true needs a radio model (lte or 3g); radio.model is none"))
      }
    }
    return spec
  }
}
