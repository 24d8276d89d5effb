/// A range rule for a number: bounds, whether it must be an integer, and how it is stated.
public struct NumberRule: Sendable, Equatable {
  public enum Bound: Sendable, Equatable {
    case inclusive(Double)
    case exclusive(Double)

    public var value: Double {
      switch self {
      case .inclusive(let value), .exclusive(let value): return value
      }
    }
  }

  public var lower: Bound?
  /// Inclusive: every rule with an upper end allows the end itself.
  public var upper: Double?
  public var isInteger = false
  /// State the whole range (`in 1...240`) instead of the violated side only (`>= 0`): for ranges
  /// whose two ends are both part of the rule rather than a safety cap.
  var statesRange = false

  /// See `InputLimits.maxExactInteger`.
  static let maxExactInteger = InputLimits.maxExactInteger
  /// See `InputLimits.maxMilliseconds`.
  static let maxMilliseconds = InputLimits.maxMilliseconds

  /// Any finite number.
  static let any = NumberRule()

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
      return "must be in \(DecimalFormat.readable(lower.value))...\(Self.boundText(upper))"
    }
    if belowLower, let lower {
      switch lower {
      case .inclusive(let bound): return "must be >= \(DecimalFormat.readable(bound))"
      case .exclusive(let bound): return "must be > \(DecimalFormat.readable(bound))"
      }
    }
    return upper.map { "must be <= \(Self.boundText($0))" }
  }

  /// An upper bound as a message states it: the cap of counts, seeds and byte totals as
  /// `2^53 − 1 (9007199254740991)`, which says where its sixteen digits come from; any other
  /// bound as `DecimalFormat.readable` writes it.
  static func boundText(_ bound: Double) -> String {
    bound == maxExactInteger ? "2^53 − 1 (9007199254740991)" : DecimalFormat.readable(bound)
  }

  /// `value` as a message about this rule quotes it: on the same side of each bound as it is, and
  /// not a whole number when it is not one (`DecimalFormat.readable`).
  func quoted(_ value: Double) -> String {
    DecimalFormat.readable(value, against: [lower?.value, upper].compactMap { $0 }, mustBeInteger: isInteger)
  }

  /// The rule as the docs state it: `1…240`, `> 0 and <= 1000000000`, `>= 0`, `any number`.
  public var text: String {
    let upperText = upper.map { DecimalFormat.readable($0) }
    switch (lower, upperText) {
    case (.inclusive(let low)?, let high?): return "\(DecimalFormat.readable(low))…\(high)"
    case (.exclusive(let low)?, let high?): return "> \(DecimalFormat.readable(low)) and <= \(high)"
    case (.inclusive(let low)?, nil): return ">= \(DecimalFormat.readable(low))"
    case (.exclusive(let low)?, nil): return "> \(DecimalFormat.readable(low))"
    case (nil, let high?): return "<= \(high)"
    case (nil, nil): return isInteger ? "any integer" : "any number"
    }
  }

  /// JSON Schema keywords for the rule (`minimum`, `exclusiveMinimum`, `maximum`).
  var schemaKeywords: [(key: String, value: JSONValue)] {
    var keywords: [(key: String, value: JSONValue)] = []
    switch lower {
    case .inclusive(let bound): keywords.append(("minimum", JSONValue(bound)))
    case .exclusive(let bound): keywords.append(("exclusiveMinimum", JSONValue(bound)))
    case nil: break
    }
    if let upper { keywords.append(("maximum", JSONValue(upper))) }
    return keywords
  }
}
