extension JSONValue {
  /// Deterministic JSON text: members in stored order, numbers via `DecimalFormat.shortest`
  /// (never an exponent; a non-integer literal that happens to be integral keeps a `.0`, so it
  /// reads back equal), strings as UTF-8 with only `"`, `\` and control characters escaped.
  /// Non-finite numbers become `null`.
  ///
  /// `pretty` puts each member and element on its own line indented by two spaces per level,
  /// with `": "` after keys; empty containers stay `{}` and `[]`. No trailing newline.
  public func serialized(pretty: Bool = false) -> String {
    var output = ""
    write(into: &output, pretty: pretty, indent: 0)
    return output
  }

  func write(into output: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null:
      output += "null"
    case .bool(let value):
      output += value ? "true" : "false"
    case .number(let value, let isInteger):
      guard value.isFinite else {
        output += "null"
        return
      }
      var text = DecimalFormat.shortest(value)
      // `shortest` keeps Swift's ".0" on integral values in [1e15, 1e16); drop it so that the
      // integer flag alone decides, and the text reads back with the same flag.
      if text.hasSuffix(".0") { text.removeLast(2) }
      output += text
      // Searched as bytes: `contains(".")` on a String went through Foundation's search.
      if !isInteger && !text.utf8.contains(UInt8(ascii: ".")) { output += ".0" }
    case .string(let value):
      JSONValue.writeString(value, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output += "," }
        if pretty { JSONValue.newline(into: &output, indent: indent + 1) }
        element.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { JSONValue.newline(into: &output, indent: indent) }
      output += "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (offset, member) in members.enumerated() {
        if offset > 0 { output += "," }
        if pretty { JSONValue.newline(into: &output, indent: indent + 1) }
        JSONValue.writeString(member.key, into: &output)
        output += pretty ? ": " : ":"
        member.value.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { JSONValue.newline(into: &output, indent: indent) }
      output += "}"
    }
  }

  private static func newline(into output: inout String, indent: Int) {
    output += "\n"
    output += String(repeating: "  ", count: indent)
  }

  static func writeString(_ value: String, into output: inout String) {
    output += "\""
    // Most strings (names, paths, keys) need no escape: appended whole, not scalar by scalar.
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      output += value
      output += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}":
        let digits = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
