/// A tunable parameter of a strategy, as listed by `prefetchlab list` and accepted in scenario
/// files (`{"name": "fixed_threshold", "ratio": 0.5}`) and on the command line
/// (`--strategy fixed_threshold:ratio=0.5`).
///
/// A strategy declares each parameter once, as a typed handle (`StrategyParameter.Number`,
/// `.Integer`, `.Flag`) in a `static let`, lists the handles in its `StrategyDefinition` and reads
/// the value with the same handle (`parameters[Self.ratio]`): the name is written once.
public struct StrategyParameter: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// A real number in the closed range.
    case number(ClosedRange<Double>)
    /// An integer in the closed range.
    case integer(ClosedRange<Int>)
    case bool
    /// One of the listed words (`"guard"`, `"duplicate"`, …), in the order `list` shows them.
    case choice([String])
    /// An integer in the closed range, or `keyword`: a default that depends on the run (the
    /// feed's page size, say) or a feature left off (`"off"`, `"unbounded"`).
    case integerOrKeyword(ClosedRange<Int>, keyword: String)
    /// A real number in the closed range, or `keyword` (a documented fallback such as `"unset"`).
    case numberOrKeyword(ClosedRange<Double>, keyword: String)
  }

  /// Lowercase letters, digits and `_`.
  public let name: String
  public let kind: Kind
  public let defaultValue: ParameterValue
  /// One line: meaning, unit and where the default comes from.
  public let help: String

  public init(name: String, kind: Kind, defaultValue: ParameterValue, help: String) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.help = help
  }

  /// `guard_in_flight` (default true): skip the page trigger while a page request is in flight,
  /// as careful client code does; false reproduces naive code that fires on every scroll callback
  /// and sends duplicates.
  public static let guardInFlight = Flag(
    "guard_in_flight", default: true,
    help:
      "Skip the trigger while a page request is in flight (false = naive code that fires on every scroll callback)."
  )

  /// Checks `value` against the kind and range; returns the canonical value or a message.
  func validate(_ value: ParameterValue) -> Result<ParameterValue, StrategyError.Reason> {
    switch (kind, value) {
    case (.number(let range), .number(let x)):
      guard x.isFinite, range.contains(x) else {
        return .failure(.outOfRange(range: requirementText, got: quoted(x)))
      }
      return .success(value)
    case (.integer(let range), .number(let x)):
      guard x.isFinite, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
        return .failure(.outOfRange(range: requirementText, got: quoted(x)))
      }
      return .success(value)
    case (.bool, .bool):
      return .success(value)
    case (.choice(let options), .string(let text)) where options.contains(text):
      return .success(value)
    case (.integerOrKeyword(_, let keyword), .string(let text)) where text == keyword,
      (.numberOrKeyword(_, let keyword), .string(let text)) where text == keyword:
      return .success(value)
    case (.numberOrKeyword(let range, _), .number(let x)):
      guard x.isFinite, range.contains(x) else {
        return .failure(.outOfRange(range: requirementText, got: quoted(x)))
      }
      return .success(value)
    case (.integerOrKeyword(let range, _), .number(let x)):
      guard x.isFinite, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
        return .failure(.outOfRange(range: requirementText, got: quoted(x)))
      }
      return .success(value)
    case (.choice, _), (.integerOrKeyword, .string), (.numberOrKeyword, .string):
      return .failure(.outOfRange(range: requirementText, got: value.description))
    case (_, .string(let text)):
      return .failure(.wrongType(expected: typeName, got: "text \"\(text)\""))
    default:
      return .failure(.wrongType(expected: typeName, got: value.description))
    }
  }

  /// A number refused by `validate`, as its message quotes it: on the same side of each end of
  /// the range as it is, and not whole when it is not (`DecimalFormat.readable`).
  private func quoted(_ x: Double) -> String {
    // A spec's "nan" or "inf" reads as a Double; Swift's "nan" alone does not say what is wrong.
    guard x.isFinite else {
      return x.isNaN ? "NaN, which is not a number" : (x < 0 ? "-infinity" : "infinity")
    }
    switch kind {
    case .number(let range), .numberOrKeyword(let range, _):
      return DecimalFormat.readable(x, against: [range.lowerBound, range.upperBound])
    case .integer(let range), .integerOrKeyword(let range, _):
      return DecimalFormat.readable(
        x, against: [Double(range.lowerBound), Double(range.upperBound)], mustBeInteger: true)
    case .bool, .choice: return DecimalFormat.readable(x)
    }
  }

  /// The numbers the parameter takes, whole or not, whether or not a keyword stands beside them
  /// (`lazy_threshold_pt`: 0…1 000 000 or `auto`); nil for flags and words. What `sweep` steps a
  /// START:STOP:STEP range over, so every numeric parameter is sweepable.
  public var numberRange: ClosedRange<Double>? {
    switch kind {
    case .number(let range), .numberOrKeyword(let range, _): return range
    case .integer(let range), .integerOrKeyword(let range, _):
      return Double(range.lowerBound)...Double(range.upperBound)
    case .bool, .choice: return nil
    }
  }

  /// "a number", "an integer", "true or false".
  public var typeName: String {
    switch kind {
    case .number: return "a number"
    case .integer: return "an integer"
    case .bool: return "true or false"
    case .choice: return "one of the words"
    case .integerOrKeyword(_, let keyword): return "an integer or \"\(keyword)\""
    case .numberOrKeyword(_, let keyword): return "a number or \"\(keyword)\""
    }
  }

  /// "a number in 0...1", "an integer in 0...100", "true or false".
  public var kindText: String {
    switch kind {
    case .number: return "a number in \(rangeText)"
    case .integer: return "an integer in \(rangeText)"
    case .bool: return typeName
    case .choice: return "one of \(rangeText)"
    case .integerOrKeyword(_, let keyword): return "an integer in \(rangeText) or \"\(keyword)\""
    case .numberOrKeyword(_, let keyword): return "a number in \(rangeText) or \"\(keyword)\""
    }
  }

  /// "in 0...1" or "an integer in 0...100", for out-of-range messages.
  var requirementText: String {
    switch kind {
    case .integer: return "an integer in \(rangeText)"
    case .choice: return "one of \(rangeText)"
    case .integerOrKeyword(_, let keyword): return "an integer in \(rangeText) or \"\(keyword)\""
    case .numberOrKeyword(_, let keyword): return "in \(rangeText) or \"\(keyword)\""
    default: return "in \(rangeText)"
    }
  }

  public var rangeText: String {
    switch kind {
    case .number(let range), .numberOrKeyword(let range, _):
      return "\(DecimalFormat.readable(range.lowerBound))...\(DecimalFormat.readable(range.upperBound))"
    case .integer(let range), .integerOrKeyword(let range, _):
      return "\(range.lowerBound)...\(range.upperBound)"
    case .bool: return "true or false"
    case .choice(let options): return options.joined(separator: "|")
    }
  }
}
