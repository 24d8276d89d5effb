extension JSONValue {
  /// Deterministic JSON text: members in stored order, numbers via `DecimalFormat.shortest`
  /// (never an exponent; a non-integer literal that happens to be integral keeps a `.0`, so it
  /// reads back equal), strings as UTF-8 with only `"`, `\` and control characters escaped.
  /// Non-finite numbers become `null`.
  ///
  /// `pretty` puts each member and element on its own line indented by two spaces per level,
  /// with `": "` after keys; empty containers stay `{}` and `[]`. No trailing newline.
  public func serialized(pretty: Bool = false) -> String {
    var output: [UInt8] = []
    write(into: &output, pretty: pretty, indent: 0)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the UTF-8 text to `output`. Bytes rather than a `String`: appending to a `String`
  /// piece by piece cost most of the time of writing `manifest.json`.
  func write(into output: inout [UInt8], pretty: Bool, indent: Int) {
    switch self {
    case .null:
      output += "null".utf8
    case .bool(let value):
      output += (value ? "true" : "false").utf8
    case .number(let value, let isInteger):
      guard value.isFinite else {
        output += "null".utf8
        return
      }
      var text = DecimalFormat.shortest(value)
      // `shortest` keeps Swift's ".0" on integral values in [1e15, 1e16); drop it so that the
      // integer flag alone decides, and the text reads back with the same flag.
      if text.hasSuffix(".0") { text.removeLast(2) }
      output += text.utf8
      // Searched as bytes: `contains(".")` on a String went through Foundation's search.
      if !isInteger && !text.utf8.contains(UInt8(ascii: ".")) { output += ".0".utf8 }
    case .string(let value):
      JSONValue.writeString(value, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]".utf8
        return
      }
      output.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { JSONValue.newline(into: &output, indent: indent + 1) }
        element.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { JSONValue.newline(into: &output, indent: indent) }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}".utf8
        return
      }
      output.append(UInt8(ascii: "{"))
      for (offset, member) in members.enumerated() {
        if offset > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { JSONValue.newline(into: &output, indent: indent + 1) }
        JSONValue.writeString(member.key, into: &output)
        output += (pretty ? ": " : ":").utf8
        member.value.write(into: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { JSONValue.newline(into: &output, indent: indent) }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(into output: inout [UInt8], indent: Int) {
    output.append(UInt8(ascii: "\n"))
    for _ in 0..<indent { output += "  ".utf8 }
  }

  static func writeString(_ value: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Most strings (names, paths, keys) need no escape: appended whole, not scalar by scalar.
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      output += value.utf8
      output.append(UInt8(ascii: "\""))
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\"".utf8
      case "\\": output += "\\\\".utf8
      case "\n": output += "\\n".utf8
      case "\r": output += "\\r".utf8
      case "\t": output += "\\t".utf8
      case "\u{08}": output += "\\b".utf8
      case "\u{0C}": output += "\\f".utf8
      case "\u{00}"..."\u{1F}":
        let digits = String(scalar.value, radix: 16)
        output += ("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).utf8
      default:
        output += String(scalar).utf8
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
