extension ScenarioLoader {
  /// `render {time_ms, workers}`: `time_ms` is required (no render time suits every feed).
  static func renderSpec(from render: JSONObjectReader) -> RenderSpec {
    var spec = RenderSpec(timeMs: render.distribution("time_ms") ?? .constant(0))
    if let workers = render.integer("workers") { spec.workers = workers }
    return spec
  }
}
