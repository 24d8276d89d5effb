extension ScenarioLoader {
  /// `render {time_ms, workers}`: `time_ms` is required (no render time suits every feed).
  static func renderSpec(from field: JSONField) throws(InputError) -> RenderSpec {
    let render = try field.object(keys: ["time_ms", "workers"])
    let time = try distribution(from: render.required("time_ms"), support: .nonNegative)
    var spec = RenderSpec(timeMs: time)
    if let workers = render.optional("workers") {
      spec.workers = try workers.integer(.integer(atLeast: 1, atMost: 1024))
    }
    return spec
  }
}
