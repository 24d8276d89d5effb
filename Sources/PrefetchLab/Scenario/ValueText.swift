/// How values are quoted inside error messages (numbers: `DecimalFormat.readable`).
enum ValueText {
  /// A string as a JSON literal, cut to 60 characters, with every control, separator and
  /// bidirectional-override character escaped (`\u001b`), so a message can be printed as it is.
  static func string(_ value: String) -> String {
    let shown = value.count > 60 ? String(value.prefix(60)) + "…" : value
    return escapingUnsafe(JSONValue.string(shown).serialized())
  }

  /// A name or path quoted in single quotes, escaped like `string`.
  static func quoted(_ value: String) -> String {
    "'" + escapingUnsafe(value) + "'"
  }

  /// `text` with the characters `TextRule` keeps out of names written as `\uXXXX`.
  static func escapingUnsafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: TextRule.isUnsafeInName) else { return text }
    var output = ""
    for scalar in text.unicodeScalars {
      if TextRule.isUnsafeInName(scalar) {
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// A value with its JSON type, for type errors: `string "20"`, `number 2.5`, `null`,
  /// `array [1,2]` (cut to 60 characters).
  static func typed(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return "boolean \(flag)"
    case .number(let amount, _): return "number \(DecimalFormat.readable(amount))"
    case .string(let text): return "string \(string(text))"
    case .array, .object:
      let text = escapingUnsafe(value.serialized())
      return "\(value.typeName) " + (text.count > 60 ? String(text.prefix(60)) + "…" : text)
    }
  }

  /// A list of names for messages: `a, b, c`.
  static func list(_ names: [String]) -> String { names.joined(separator: ", ") }

  /// ` (did you mean 'page_size'?)` when one of `candidates` is a likely correction of `typed`.
  static func suggestion(for typed: String, among candidates: [String], quote: String = "'") -> String {
    guard let closest = Suggestion.closest(to: typed, among: candidates) else { return "" }
    return " (did you mean \(quote)\(closest)\(quote)?)"
  }
}
