/// A range rule for a number: bounds, whether it must be an integer, and how it is stated.
struct NumberRule: Sendable {
  enum Bound: Sendable {
    case inclusive(Double)
    case exclusive(Double)

    var value: Double {
      switch self {
      case .inclusive(let value), .exclusive(let value): return value
      }
    }
  }

  var lower: Bound?
  /// Inclusive: every rule with an upper end allows the end itself.
  var upper: Double?
  var isInteger = false
  /// State the whole range (`in 1...240`) instead of the violated side only (`>= 0`): for ranges
  /// whose two ends are both part of the rule rather than a safety cap.
  var statesRange = false

  /// The largest integer a JSON number (a Double) holds exactly (RFC 8259 §6).
  static let maxExactInteger = 9_007_199_254_740_991.0
  /// Times in ms are capped at 10^9 ms (11.6 days), far beyond any session, so that converting to
  /// the engine's Int64 µs clock and summing many of them can never overflow.
  static let maxMilliseconds = 1e9

  static func atLeast(_ minimum: Double, atMost maximum: Double? = nil) -> NumberRule {
    NumberRule(lower: .inclusive(minimum), upper: maximum)
  }

  static func greaterThan(_ minimum: Double, atMost maximum: Double? = nil) -> NumberRule {
    NumberRule(lower: .exclusive(minimum), upper: maximum)
  }

  static func within(_ range: ClosedRange<Double>) -> NumberRule {
    NumberRule(lower: .inclusive(range.lowerBound), upper: range.upperBound, statesRange: true)
  }

  /// An integer >= `minimum`, capped at the largest exactly representable one.
  static func integer(atLeast minimum: Double, atMost maximum: Double = maxExactInteger) -> NumberRule {
    NumberRule(lower: .inclusive(minimum), upper: maximum, isInteger: true)
  }

  static func integer(in range: ClosedRange<Double>) -> NumberRule {
    NumberRule(
      lower: .inclusive(range.lowerBound), upper: range.upperBound, isInteger: true,
      statesRange: true)
  }

  /// The broken rule, e.g. `must be > 0`, or nil when `value` satisfies every rule.
  func violation(by value: Double) -> String? {
    if isInteger && value.rounded(.towardZero) != value { return "must be an integer" }
    let belowLower: Bool
    switch lower {
    case .inclusive(let bound): belowLower = value < bound
    case .exclusive(let bound): belowLower = value <= bound
    case nil: belowLower = false
    }
    let aboveUpper = upper.map { value > $0 } ?? false
    guard belowLower || aboveUpper else { return nil }
    if statesRange, let lower, let upper {
      return "must be in \(ValueText.number(lower.value))...\(ValueText.number(upper))"
    }
    if belowLower, let lower {
      switch lower {
      case .inclusive(let bound): return "must be >= \(ValueText.number(bound))"
      case .exclusive(let bound): return "must be > \(ValueText.number(bound))"
      }
    }
    return upper.map { "must be <= \(ValueText.number($0))" }
  }
}
