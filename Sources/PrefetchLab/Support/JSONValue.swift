/// A JSON value (RFC 8259), as read from scenario files and written to `manifest.json`.
///
/// Objects keep their members in document order so that serializing is deterministic and a file
/// reads back as written. Numbers are `Double`s; `isInteger` records whether the literal had no
/// fraction and no exponent (`20`, not `20.0` or `2e1`), so serializing preserves that spelling.
///
/// Parse with `JSONValue(parsing:)`, write with `serialized(pretty:)`.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  /// A finite number. Non-finite values built in code serialize as `null` (as JavaScript's
  /// `JSON.stringify` does), because JSON has no spelling for them.
  case number(Double, isInteger: Bool)
  case string(String)
  case array([JSONValue])
  /// Members in order. Parsed objects never repeat a key (a duplicate is a syntax error); objects
  /// built in code should not either, as the serializer writes members as given.
  case object([(key: String, value: JSONValue)])
}

// MARK: - Convenience

extension JSONValue {
  /// An integer number.
  public init(_ value: Int) { self = .number(Double(value), isInteger: true) }

  /// A number; integral values below 2^53 in magnitude count as integers, so `JSONValue(2.0)`
  /// serializes as `2`.
  public init(_ value: Double) {
    self = .number(value, isInteger: value.rounded(.towardZero) == value && abs(value) < 0x1p53)
  }

  /// The JSON type name used in error messages: null, boolean, number, string, array or object.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// The value of the member named `key` when this is an object holding one; nil otherwise.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.key == key })?.value
  }

  /// The number, when this is one.
  public var doubleValue: Double? {
    if case .number(let value, _) = self { return value }
    return nil
  }

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The boolean, when this is one.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members in order, when this is an object.
  public var objectMembers: [(key: String, value: JSONValue)]? {
    if case .object(let value) = self { return value }
    return nil
  }
}

/// Equality is structural: objects are equal when they hold equal members in the same order, and
/// numbers when both value and `isInteger` match.
extension JSONValue: Equatable {
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a, let aInteger), .number(let b, let bInteger)): return a == b && aInteger == bInteger
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self.init(value) }
  /// Like `init(_: Double)`: `2.0` in code is the integer 2.
  public init(floatLiteral value: Double) { self.init(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// Members in the order written.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact serialization.
  public var description: String { serialized() }
}

// MARK: - Parsing

/// A JSON text that does not follow RFC 8259, with the 1-based line and column (in Unicode
/// characters) where the problem was found.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  /// What was expected or found, e.g. `expected ',' or '}' after object member`.
  public var message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line 3, column 14: expected ',' or '}' after object member`.
  public var description: String { "line \(line), column \(column): \(message)" }

  /// The `line L, column C` part alone, for error types that report it as a location.
  public var location: String { "line \(line), column \(column)" }
}

extension JSONValue {
  /// Containers nested deeper than this are rejected: hostile input must not exhaust memory or
  /// the stack of whoever walks the result recursively.
  public static let defaultMaximumDepth = 512

  /// Parses one JSON text from UTF-8 bytes (a leading byte order mark is skipped, as RFC 8259 §8.1
  /// allows).
  ///
  /// Strict: rejects duplicate keys within an object, trailing commas, comments, leading zeros,
  /// `NaN`/`Infinity`, numbers that overflow a `Double`, unescaped control characters in strings,
  /// unpaired UTF-16 surrogate escapes, invalid UTF-8 and containers nested deeper than
  /// `maximumDepth`. Runs in O(n) time; never traps on any input.
  ///
  /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
  public init(parsing bytes: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth)
    throws(JSONSyntaxError)
  {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
    self = try parser.parseDocument()
  }

  /// Parses one JSON text. See `init(parsing:maximumDepth:)` for the rules.
  public init(parsing text: String, maximumDepth: Int = JSONValue.defaultMaximumDepth) throws(JSONSyntaxError)
  {
    try self.init(parsing: Array(text.utf8), maximumDepth: maximumDepth)
  }
}

private enum ASCII {
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let comma = UInt8(ascii: ",")
  static let colon = UInt8(ascii: ":")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let dot = UInt8(ascii: ".")
  static let zero = UInt8(ascii: "0")
  static let nine = UInt8(ascii: "9")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")

  static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == lineFeed || byte == carriageReturn
  }
  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case zero...nine: return UInt32(byte - zero)
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }
}

/// Iterative (not recursive) so that nesting depth costs heap, not stack: the depth limit is a
/// policy, not a guard against crashing.
private struct JSONParser {
  let bytes: [UInt8]
  let maximumDepth: Int
  var index = 0
  /// Offset where line 1 starts for column counting (after a byte order mark).
  var textStart = 0

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  /// An object or array being filled. Mutated in place through the stack's subscript, so
  /// appending stays amortised O(1).
  private struct Container {
    let isObject: Bool
    var elements: [JSONValue] = []
    var members: [(key: String, value: JSONValue)] = []
    /// Keys seen so far as UTF-8 bytes: RFC 8259 compares names code unit by code unit, whereas
    /// `String` equality would merge canonically equivalent spellings.
    var keys: Set<[UInt8]> = []
    var pendingKey = ""

    init(isObject: Bool) { self.isObject = isObject }
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      index = 3
      textStart = 3
    }
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw error("unexpected \(describeByte(at: index)) after the JSON value")
    }
    return value
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    var stack: [Container] = []
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input; expected a value") }
      var value: JSONValue
      switch bytes[index] {
      case ASCII.openBrace, ASCII.openBracket:
        let isObject = bytes[index] == ASCII.openBrace
        guard stack.count < maximumDepth else {
          throw error("nesting deeper than \(maximumDepth) levels")
        }
        index += 1
        skipWhitespace()
        let close = isObject ? ASCII.closeBrace : ASCII.closeBracket
        if index < bytes.count && bytes[index] == close {
          index += 1
          value = isObject ? .object([]) : .array([])
        } else {
          var container = Container(isObject: isObject)
          if isObject {
            container.pendingKey = try parseMemberKey(into: &container.keys)
          }
          stack.append(container)
          continue
        }
      case ASCII.quote:
        value = .string(try parseString())
      case ASCII.minus, ASCII.zero...ASCII.nine:
        value = try parseNumber()
      default:
        value = try parseLiteral()
      }

      // Attach the finished value to its container; a closing bracket finishes that container
      // in turn, so one pass can close several levels.
      attach: while true {
        guard !stack.isEmpty else { return value }
        let top = stack.count - 1
        let isObject = stack[top].isObject
        if isObject {
          stack[top].members.append((key: stack[top].pendingKey, value: value))
        } else {
          stack[top].elements.append(value)
        }
        skipWhitespace()
        let close = isObject ? ASCII.closeBrace : ASCII.closeBracket
        guard index < bytes.count && (bytes[index] == ASCII.comma || bytes[index] == close) else {
          throw error(
            isObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element")
        }
        if bytes[index] == ASCII.comma {
          let commaIndex = index
          index += 1
          skipWhitespace()
          if index < bytes.count && bytes[index] == close {
            throw error("trailing comma before '\(isObject ? "}" : "]")'", at: commaIndex)
          }
          if isObject {
            stack[top].pendingKey = try parseMemberKey(into: &stack[top].keys)
          }
          break attach
        }
        index += 1
        let container = stack.removeLast()
        value = container.isObject ? .object(container.members) : .array(container.elements)
      }
    }
  }

  /// Parses `"key" :` and leaves the index at the member's value.
  private mutating func parseMemberKey(into keys: inout Set<[UInt8]>) throws(JSONSyntaxError) -> String {
    guard index < bytes.count && bytes[index] == ASCII.quote else {
      throw error("expected a double-quoted object key")
    }
    let keyStart = index
    let key = try parseString()
    guard keys.insert(Array(key.utf8)).inserted else {
      throw error("duplicate key '\(key)' in object", at: keyStart)
    }
    skipWhitespace()
    guard index < bytes.count && bytes[index] == ASCII.colon else {
      throw error("expected ':' after object key")
    }
    index += 1
    return key
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let openingQuote = index
    index += 1
    var buffer: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("unterminated string", at: openingQuote) }
      let byte = bytes[index]
      switch byte {
      case ASCII.quote:
        index += 1
        // Every byte appended was validated as UTF-8 (or encoded from a scalar), so decoding
        // never substitutes replacement characters.
        return String(decoding: buffer, as: UTF8.self)
      case ASCII.backslash:
        try parseEscape(into: &buffer)
      case 0x00..<0x20:
        throw error("control character \(unicodeName(UInt32(byte))) must be escaped in a string")
      case 0x20..<0x80:
        buffer.append(byte)
        index += 1
      default:
        guard let length = utf8SequenceLength(at: index) else {
          throw error("invalid UTF-8 byte 0x\(hex(UInt32(byte), width: 2)) in string")
        }
        buffer.append(contentsOf: bytes[index..<index + length])
        index += length
      }
    }
  }

  private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else { throw error("unterminated string") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case ASCII.quote: buffer.append(ASCII.quote)
    case ASCII.backslash: buffer.append(ASCII.backslash)
    case ASCII.slash: buffer.append(ASCII.slash)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(ASCII.lineFeed)
    case UInt8(ascii: "r"): buffer.append(ASCII.carriageReturn)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      let first = try parseHex4(escapeStart: escapeStart)
      var scalarValue = first
      if (0xD800...0xDBFF).contains(first) {
        // A high surrogate is only meaningful with the low surrogate that completes the pair.
        let secondStart = index
        guard
          index + 1 < bytes.count && bytes[index] == ASCII.backslash && bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw error(
            "unpaired surrogate \\u\(hex(first, width: 4)) (a high surrogate must be followed by a \\uDC00-\\uDFFF escape)",
            at: escapeStart)
        }
        index += 2
        let second = try parseHex4(escapeStart: secondStart)
        guard (0xDC00...0xDFFF).contains(second) else {
          throw error(
            "unpaired surrogate \\u\(hex(first, width: 4)) (a high surrogate must be followed by a \\uDC00-\\uDFFF escape)",
            at: escapeStart)
        }
        scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(first) {
        throw error(
          "unpaired surrogate \\u\(hex(first, width: 4)) (a low surrogate must follow a high one)",
          at: escapeStart)
      }
      guard let scalar = Unicode.Scalar(scalarValue) else {
        throw error("invalid escape \\u\(hex(first, width: 4))", at: escapeStart)
      }
      buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      throw error("invalid escape '\\\(describeCharacter(byte))' in string", at: escapeStart)
    }
  }

  private mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = ASCII.hexValue(bytes[index]) else {
        throw error("expected 4 hexadecimal digits after \\u", at: escapeStart)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if bytes[index] == ASCII.minus {
      index += 1
      if index < bytes.count && ASCII.isLetter(bytes[index]) {
        let word = readWord()
        if word == "Infinity" || word == "inf" || word == "infinity" {
          throw error("NaN and Infinity are not JSON numbers", at: start)
        }
        throw error("expected a digit after '-'", at: start + 1)
      }
    }
    guard index < bytes.count && ASCII.isDigit(bytes[index]) else {
      throw error("expected a digit after '-'")
    }
    if bytes[index] == ASCII.zero {
      index += 1
      if index < bytes.count && ASCII.isDigit(bytes[index]) {
        throw error("leading zeros are not allowed in numbers", at: index - 1)
      }
    } else {
      skipDigits()
    }
    var isInteger = true
    if index < bytes.count && bytes[index] == ASCII.dot {
      isInteger = false
      index += 1
      guard index < bytes.count && ASCII.isDigit(bytes[index]) else {
        throw error("expected a digit after the decimal point")
      }
      skipDigits()
    }
    if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      isInteger = false
      index += 1
      if index < bytes.count && (bytes[index] == ASCII.plus || bytes[index] == ASCII.minus) {
        index += 1
      }
      guard index < bytes.count && ASCII.isDigit(bytes[index]) else {
        throw error("expected a digit in the exponent")
      }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // Swift's parser rounds correctly; overflow gives ±infinity, which JSON cannot mean.
    guard let value = Double(text), value.isFinite else {
      throw error("number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is too large", at: start)
    }
    return .number(value, isInteger: isInteger)
  }

  private mutating func parseLiteral() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    let byte = bytes[index]
    guard ASCII.isLetter(byte) else {
      switch byte {
      case UInt8(ascii: "'"): throw error("strings must be enclosed in double quotes")
      case ASCII.slash: throw error("comments are not allowed in JSON")
      case ASCII.comma, ASCII.closeBracket, ASCII.closeBrace, ASCII.colon:
        throw error("unexpected '\(describeCharacter(byte))'; expected a value")
      default: throw error("unexpected \(describeByte(at: index)); expected a value")
      }
    }
    let word = readWord()
    switch word {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    case "NaN", "nan", "Infinity", "infinity", "inf":
      throw error("NaN and Infinity are not JSON numbers", at: start)
    default:
      let shown = word.count > 40 ? String(word.prefix(40)) + "…" : word
      throw error(
        "unexpected '\(shown)'; expected a value (true, false, null, a number, a string, [ or {)", at: start)
    }
  }

  private mutating func readWord() -> String {
    let start = index
    while index < bytes.count
      && (ASCII.isLetter(bytes[index]) || ASCII.isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "_"))
    {
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func skipDigits() {
    while index < bytes.count && ASCII.isDigit(bytes[index]) { index += 1 }
  }

  private mutating func skipWhitespace() {
    while index < bytes.count && ASCII.isWhitespace(bytes[index]) { index += 1 }
  }

  /// Length of the well-formed UTF-8 sequence starting at `offset` (Unicode 15, table 3-7), or
  /// nil: rejects overlong forms, surrogates and values above U+10FFFF.
  private func utf8SequenceLength(at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return nil
    }
    guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else { return nil }
    for continuation in (offset + 2)..<(offset + length) where !(0x80...0xBF).contains(bytes[continuation]) {
      return nil
    }
    return length
  }

  // MARK: Error reporting

  private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    let target = Swift.min(offset ?? index, bytes.count)
    var line = 1
    var lineStart = textStart
    var position = textStart
    while position < target {
      let byte = bytes[position]
      if byte == ASCII.lineFeed
        || (byte == ASCII.carriageReturn
          && (position + 1 >= bytes.count || bytes[position + 1] != ASCII.lineFeed))
      {
        line += 1
        lineStart = position + 1
      }
      position += 1
    }
    // Columns count characters, not bytes: UTF-8 continuation bytes do not start a character.
    var column = 1
    if lineStart < target {
      for byte in bytes[lineStart..<target] where byte & 0xC0 != 0x80 { column += 1 }
    }
    return JSONSyntaxError(line: line, column: column, message: message)
  }

  private func describeByte(at offset: Int) -> String {
    let byte = bytes[offset]
    if byte >= 0x20 && byte < 0x7F { return "'\(describeCharacter(byte))'" }
    if byte < 0x80 { return "character \(unicodeName(UInt32(byte)))" }
    if let length = utf8SequenceLength(at: offset),
      let scalar = String(decoding: bytes[offset..<offset + length], as: UTF8.self).unicodeScalars.first
    {
      return "character \(unicodeName(scalar.value))"
    }
    return "byte 0x\(hex(UInt32(byte), width: 2)) (not UTF-8)"
  }

  private func describeCharacter(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : unicodeName(UInt32(byte))
  }

  private func unicodeName(_ value: UInt32) -> String { "U+\(hex(value, width: 4))" }

  private func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
  }
}

// MARK: - Serializing

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

  private func write(into output: inout String, pretty: Bool, indent: Int) {
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
      if !isInteger && !text.contains(".") { output += ".0" }
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

  private static func writeString(_ value: String, into output: inout String) {
    output += "\""
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
