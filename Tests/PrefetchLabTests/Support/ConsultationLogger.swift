@testable import PrefetchLab

/// Wraps a strategy and writes down every consultation: when, why, and what the context showed.
struct ConsultationLogger<Inner: PrefetchStrategy>: PrefetchStrategy {
  struct Consultation: Sendable {
    var timeUs: Int64
    var event: StrategyEvent
    var phase: ScrollPhase
    var viewportOffsetPt: Double
    var projectedTargetOffsetPt: Double
  }

  final class Log: @unchecked Sendable {
    var consultations: [Consultation] = []
  }

  let log = Log()
  var inner: Inner

  init(parameters: StrategyParameters) { inner = Inner(parameters: parameters) }

  /// The built-in `name` (which must be of type `Inner`) with `parameters` over its defaults.
  init(_ name: String, _ parameters: [String: ParameterValue] = [:]) {
    self.init(parameters: TestScenarios.configured(name, parameters).parameters)
  }

  mutating func update(_ event: StrategyEvent, in context: some StrategyContext) -> Wake {
    log.consultations.append(
      Consultation(
        timeUs: context.nowUs, event: event, phase: context.phase, viewportOffsetPt: context.viewportOffsetPt,
        projectedTargetOffsetPt: context.projectedTargetOffsetPt))
    return inner.update(event, in: context)
  }
}
