extension ScenarioLoader {
  /// `radio`: a model name (`"lte"`, `"3g"`, `"none"`) or
  /// `{model, profile, promotion_delays_requests}`.
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
    return spec
  }
}
