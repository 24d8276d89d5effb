/// Where a value sits in a scenario file, for error messages.
///
/// Components normally go into the error's location (`scroll.script[2].drag.velocity_pt_s`).
/// Below a distribution they are folded into the message instead, as DESIGN.md §4's example
/// `network.rtt_ms: lognormal.sigma must be >= 0, got -1` does: the location names the field the
/// user set, the message names the parameter inside it.
struct JSONPath: Sendable, Equatable {
  private(set) var location = ""
  private(set) var detail = ""
  private var foldsIntoDetail = false

  static let root = JSONPath()

  func appending(key: String) -> JSONPath {
    var path = self
    if foldsIntoDetail {
      path.detail = detail.isEmpty ? key : detail + "." + key
    } else {
      path.location = location.isEmpty ? key : location + "." + key
    }
    return path
  }

  func appending(index: Int) -> JSONPath {
    var path = self
    if foldsIntoDetail {
      path.detail += "[\(index)]"
    } else {
      path.location += "[\(index)]"
    }
    return path
  }

  /// Later components are named in the message, not the location.
  func foldingIntoDetail() -> JSONPath {
    var path = self
    path.foldsIntoDetail = true
    return path
  }

  /// How a member `key` of this position is named inside a message: `page_size` in `feed`,
  /// `uniform.max` below a distribution.
  func messageName(ofKey key: String) -> String {
    detail.isEmpty ? key : detail + "." + key
  }

  /// How this position itself is named to another field's message: `feed.total_items`.
  var fullName: String {
    if detail.isEmpty { return location }
    return location.isEmpty ? detail : location + ": " + detail
  }
}

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
  var upper: Bound?
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
    NumberRule(lower: .inclusive(minimum), upper: maximum.map { .inclusive($0) })
  }

  static func greaterThan(_ minimum: Double, atMost maximum: Double? = nil) -> NumberRule {
    NumberRule(lower: .exclusive(minimum), upper: maximum.map { .inclusive($0) })
  }

  static func within(_ range: ClosedRange<Double>) -> NumberRule {
    NumberRule(lower: .inclusive(range.lowerBound), upper: .inclusive(range.upperBound), statesRange: true)
  }

  /// An integer >= `minimum`, capped at the largest exactly representable one.
  static func integer(atLeast minimum: Double, atMost maximum: Double = maxExactInteger) -> NumberRule {
    NumberRule(lower: .inclusive(minimum), upper: .inclusive(maximum), isInteger: true)
  }

  static func integer(in range: ClosedRange<Double>) -> NumberRule {
    NumberRule(
      lower: .inclusive(range.lowerBound), upper: .inclusive(range.upperBound), isInteger: true,
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
    let aboveUpper: Bool
    switch upper {
    case .inclusive(let bound): aboveUpper = value > bound
    case .exclusive(let bound): aboveUpper = value >= bound
    case nil: aboveUpper = false
    }
    guard belowLower || aboveUpper else { return nil }
    if statesRange, let lower, let upper {
      return "must be in \(ValueText.number(lower.value))...\(ValueText.number(upper.value))"
    }
    if belowLower, let lower {
      switch lower {
      case .inclusive(let bound): return "must be >= \(ValueText.number(bound))"
      case .exclusive(let bound): return "must be > \(ValueText.number(bound))"
      }
    }
    switch upper {
    case .inclusive(let bound)?: return "must be <= \(ValueText.number(bound))"
    case .exclusive(let bound)?: return "must be < \(ValueText.number(bound))"
    case nil: return nil
    }
  }
}

/// How values are quoted inside error messages.
enum ValueText {
  /// Plain decimals for everyday magnitudes; Swift's exponent form for extreme ones, so that
  /// `1e300` does not print as 301 digits.
  static func number(_ value: Double) -> String {
    let magnitude = abs(value)
    if magnitude != 0 && (magnitude >= 1e16 || magnitude < 1e-6) { return "\(value)" }
    let text = DecimalFormat.shortest(value)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// A string as a JSON literal, cut to 60 characters.
  static func string(_ value: String) -> String {
    let shown = value.count > 60 ? String(value.prefix(60)) + "…" : value
    return JSONValue.string(shown).serialized()
  }

  /// A value with its JSON type, for type errors: `string "20"`, `number 2.5`, `null`,
  /// `array [1,2]` (cut to 60 characters).
  static func typed(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return "boolean \(flag)"
    case .number(let amount, _): return "number \(number(amount))"
    case .string(let text): return "string \(string(text))"
    case .array, .object:
      let text = value.serialized()
      return "\(value.typeName) " + (text.count > 60 ? String(text.prefix(60)) + "…" : text)
    }
  }

  /// A list of names for messages: `a, b, c`.
  static func list(_ names: [String]) -> String { names.joined(separator: ", ") }
}

/// A JSON value together with where it was found, with typed accessors whose errors name the
/// file, the path, the rule and the value found.
struct JSONField {
  let value: JSONValue
  let path: JSONPath
  let file: String

  /// `file: location: [detail ]rule[, got value]`.
  func error(_ rule: String, got: String? = nil) -> InputError {
    var message = path.detail.isEmpty ? rule : path.detail + " " + rule
    if let got { message += ", got " + got }
    return InputError(file: file, location: path.location, message: message)
  }

  /// An error whose message is given whole (it names any keys itself, via `keyName(_:)`).
  func plainError(_ message: String) -> InputError {
    InputError(file: file, location: path.location, message: message)
  }

  /// How this object's member `key` is named in a message.
  func keyName(_ key: String) -> String { path.messageName(ofKey: key) }

  func typeError(expected: String) -> InputError {
    error("must be \(expected)", got: ValueText.typed(value))
  }

  func member(_ key: String, _ value: JSONValue) -> JSONField {
    JSONField(value: value, path: path.appending(key: key), file: file)
  }

  func object(keys: [String]) throws(InputError) -> JSONObjectReader {
    try JSONObjectReader(self, keys: keys)
  }

  func array() throws(InputError) -> [JSONField] {
    guard case .array(let elements) = value else { throw typeError(expected: "an array") }
    return elements.enumerated().map { JSONField(value: $1, path: path.appending(index: $0), file: file) }
  }

  func string() throws(InputError) -> String {
    guard case .string(let text) = value else { throw typeError(expected: "a string") }
    return text
  }

  /// A string with at least one non-space character.
  func nonBlankString() throws(InputError) -> String {
    let text = try string()
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw error("must not be empty or blank", got: ValueText.string(text))
    }
    return text
  }

  func bool() throws(InputError) -> Bool {
    guard case .bool(let flag) = value else { throw typeError(expected: "true or false") }
    return flag
  }

  func number(_ rule: NumberRule) throws(InputError) -> Double {
    guard case .number(let number, _) = value else {
      throw typeError(expected: rule.isInteger ? "an integer" : "a number")
    }
    if let violation = rule.violation(by: number) {
      throw error(violation, got: ValueText.number(number))
    }
    return number
  }

  /// An integer: any JSON number with an integral value (`20`, `20.0`, `2e1`), since RFC 8259
  /// has one number type and generators differ in how they spell whole numbers. The rule's
  /// upper bound must not exceed `NumberRule.maxExactInteger`, which keeps the conversion exact.
  func integer(_ rule: NumberRule) throws(InputError) -> Int {
    var rule = rule
    rule.isInteger = true
    let number = try number(rule)
    return Int(number)
  }

  /// One of an enumeration's raw values, e.g. `cursor` or `offset`.
  func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(InputError) -> Choice
  where Choice.RawValue == String {
    let names = Choice.allCases.map(\.rawValue)
    guard case .string(let text) = value else {
      throw typeError(expected: "one of " + ValueText.list(names))
    }
    guard let choice = Choice(rawValue: text) else {
      throw error("must be one of " + ValueText.list(names), got: ValueText.string(text))
    }
    return choice
  }
}
