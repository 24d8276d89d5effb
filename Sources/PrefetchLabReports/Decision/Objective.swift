import Foundation
import PrefetchLab

/// What a recommendation optimises: metrics in priority order, each judged by its polarity and by
/// significance (`Contest`), under limits on means.
public struct Objective: Sendable, Equatable {
  /// A bound on a strategy's mean of one metric (as summary.csv gives it, per session).
  public struct Limit: Sendable, Equatable, CustomStringConvertible {
    public var metric: String
    /// true for `METRIC<=VALUE`, false for `METRIC>=VALUE`.
    public var atMost: Bool
    public var value: Double

    public var description: String { metric + (atMost ? "<=" : ">=") + DecimalFormat.shortest(value) }

    /// Whether `mean` keeps the limit.
    public func admits(_ mean: Double) -> Bool { atMost ? mean <= value : mean >= value }
  }

  /// Priority order; each must be a catalogued metric with a better direction.
  public var metrics: [String]
  public var limits: [Limit]

  /// Stall first, then blank time (docs/reports.md, "Recommendations"): a stall blocks the user,
  /// blank rows only show them less.
  public static let standard = Objective(
    metrics: [MetricDefinition.stallMs.column, MetricDefinition.blankMs.column], limits: [])

  public init(metrics: [String], limits: [Limit]) {
    self.metrics = metrics
    self.limits = limits
  }

  /// The metrics a recommendation states its cost on: the objective's own first, then stall,
  /// blank time, wasted data and abandonment.
  public var headline: [String] {
    var list = metrics
    for metric in [
      MetricDefinition.stallMs, .blankMs, .wastedBytes, .abandoned,
    ].map(\.column) where !list.contains(metric) {
      list.append(metric)
    }
    return list
  }

  /// Reads `M1,M2,…` (`--minimize`).
  /// - Throws: `ObjectiveError` naming an unknown metric or one without a better direction.
  public static func metrics(_ text: String) throws(ObjectiveError) -> [String] {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
    guard !names.isEmpty, !names.contains(where: \.isEmpty) else { throw .malformed(text, "M1,M2,…") }
    for name in names { try check(name) }
    return names
  }

  /// Reads `METRIC<=VALUE` or `METRIC>=VALUE` (`--limit`).
  public static func limit(_ text: String) throws(ObjectiveError) -> Limit {
    for (symbol, atMost) in [("<=", true), (">=", false)] {
      guard let range = text.range(of: symbol) else { continue }
      let metric = String(text[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
      let number = String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces)
      guard MetricCatalogue.definition(metric) != nil else { throw .unknownMetric(metric) }
      guard let value = Double(number), value.isFinite else { throw .malformed(text, "METRIC<=VALUE") }
      return Limit(metric: metric, atMost: atMost, value: value)
    }
    throw .malformed(text, "METRIC<=VALUE or METRIC>=VALUE")
  }

  static func check(_ name: String) throws(ObjectiveError) {
    guard let definition = MetricCatalogue.definition(name) else { throw .unknownMetric(name) }
    guard definition.polarity != .neutral else { throw .neutral(name) }
  }
}

/// A `--minimize` or `--limit` that names no usable metric.
public enum ObjectiveError: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownMetric(String)
  case neutral(String)
  case malformed(String, String)

  public var description: String {
    switch self {
    case .unknownMetric(let name):
      return "no metric '\(name)' (prefetchlab metrics lists them)"
    case .neutral(let name):
      return "'\(name)' describes a run and has no better direction: it cannot be an objective"
    case .malformed(let text, let form):
      return "'\(text)' is not of the form \(form)"
    }
  }
}
