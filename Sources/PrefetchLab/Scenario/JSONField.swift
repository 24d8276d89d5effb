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

  func array() throws(InputError) -> [JSONField] {
    guard case .array(let elements) = value else { throw typeError(expected: "an array") }
    return elements.enumerated().map { JSONField(value: $1, path: path.appending(index: $0), file: file) }
  }

  func string() throws(InputError) -> String {
    guard case .string(let text) = value else { throw typeError(expected: "a string") }
    return text
  }

  /// A string obeying `rule`.
  func text(_ rule: TextRule) throws(InputError) -> String {
    let text = try string()
    if let violation = rule.violation(by: text) {
      if case .name(let maximumLength) = rule, text.count > maximumLength {
        throw error(violation, got: "\(text.count) characters")
      }
      throw error(violation, got: ValueText.string(text))
    }
    return text
  }

  /// A string with at least one non-space character and no control characters.
  func nonBlankString() throws(InputError) -> String {
    try text(.name(maximumLength: .max))
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
      throw error(violation, got: rule.quoted(number))
    }
    return number
  }

  /// An integer: any JSON number with an integral value (`20`, `20.0`, `2e1`), since RFC 8259
  /// has one number type and generators differ in how they spell whole numbers. The rule's
  /// upper bound must not exceed `InputLimits.maxExactInteger`, which keeps the conversion exact.
  func integer(_ rule: NumberRule) throws(InputError) -> Int {
    var rule = rule
    rule.isInteger = true
    let number = try number(rule)
    return Int(number)
  }

  /// One of `names`, suggesting the closest on a typo (`"iOS"` → `"ios"`).
  func choice(among names: [String]) throws(InputError) -> String {
    guard case .string(let text) = value else {
      throw typeError(expected: "one of " + ValueText.list(names))
    }
    guard names.contains(text) else {
      throw error(
        "must be one of " + ValueText.list(names),
        got: ValueText.string(text) + ValueText.suggestion(for: text, among: names, quote: "\""))
    }
    return text
  }

  /// One of an enumeration's raw values, e.g. `cursor` or `offset`.
  func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(InputError) -> Choice
  where Choice.RawValue == String {
    let names = Choice.allCases.map(\.rawValue)
    let text = try choice(among: names)
    return Choice(rawValue: text)!
  }
}
