extension ScenarioLoader {
  /// `radio`: a model name (`"lte"`, `"3g"`, `"none"`) or `{model, promotion_delays_requests}`.
  static func radioSpec(from field: JSONField) throws(InputError) -> RadioSpec {
    if case .string = field.value { return RadioSpec(model: try field.choice(RadioSpec.Model.self)) }
    guard case .object = field.value else {
      throw field.typeError(expected: "one of lte, 3g, none or an object {model, promotion_delays_requests}")
    }
    let radio = try field.object(keys: ["model", "promotion_delays_requests"])
    var spec = RadioSpec()
    if let model = radio.optional("model") { spec.model = try model.choice(RadioSpec.Model.self) }
    if let delays = radio.optional("promotion_delays_requests") {
      spec.promotionDelaysRequests = try delays.bool()
    }
    return spec
  }
}
