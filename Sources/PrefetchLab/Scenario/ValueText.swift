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
