/// Iterative (not recursive) so that nesting depth costs heap, not stack: the depth limit is a
/// policy, not a guard against crashing.
struct JSONParser {
  let bytes: [UInt8]
  /// Containers open at once, at most; `JSONElementStream` lowers it for the values it reads
  /// below the levels it walks itself, so the document's limit holds.
  var maximumDepth: Int
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
    /// Keys seen so far as UTF-8 bytes, once the object has `linearKeyLimit` members (smaller
    /// objects, nearly all of them, compare with `members` directly): RFC 8259 compares names
    /// code unit by code unit, whereas `String` equality would merge canonically equivalent
    /// spellings.
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

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    var stack: [Container] = []
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw endOfInput("; expected a value") }
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
            container.pendingKey = try parseMemberKey(of: &container)
          }
          stack.append(container)
          continue
        }
      case ASCII.quote:
        value = .string(try parseString())
      case ASCII.minus, ASCII.zero...ASCII.nine:
        do throws(JSONSyntaxError) { value = try parseNumber() } catch { throw Self.placed(error, in: stack) }
      default:
        do throws(JSONSyntaxError) { value = try parseLiteral() } catch {
          throw Self.placed(error, in: stack)
        }
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
          let expected =
            isObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element"
          throw index < bytes.count ? error(expected) : endOfInput("; " + expected)
        }
        if bytes[index] == ASCII.comma {
          let commaIndex = index
          index += 1
          skipWhitespace()
          if index < bytes.count && bytes[index] == close {
            throw error("trailing comma before '\(isObject ? "}" : "]")'", at: commaIndex)
          }
          if isObject {
            stack[top].pendingKey = try parseMemberKey(of: &stack[top])
          }
          break attach
        }
        index += 1
        let container = stack.removeLast()
        value = container.isObject ? .object(container.members) : .array(container.elements)
      }
    }
  }

  /// `error` with the path of the value being read (`JSONSyntaxError.path`): the key each open
  /// object is reading and the index each open array is at.
  private static func placed(_ error: JSONSyntaxError, in stack: [Container]) -> JSONSyntaxError {
    guard !stack.isEmpty else { return error }
    var path = ""
    for container in stack {
      if container.isObject {
        path += (path.isEmpty ? "" : ".") + container.pendingKey
      } else {
        path += "[\(container.elements.count)]"
      }
    }
    var placed = error
    placed.path = path
    return placed
  }

  /// Objects with fewer members than this look for a duplicate key by comparing with each;
  /// larger ones through a set, so that a huge object stays O(n).
  static let linearKeyLimit = 16

  /// Parses `"key" :` of the next member of `container` (checking that no earlier member has
  /// that key) and leaves the index at the member's value.
  private mutating func parseMemberKey(of container: inout Container) throws(JSONSyntaxError) -> String {
    guard index < bytes.count else { throw endOfInput("; expected a double-quoted object key") }
    guard bytes[index] == ASCII.quote else { throw error("expected a double-quoted object key") }
    let keyStart = index
    let key = try parseString()
    let isDuplicate: Bool
    if container.members.count < Self.linearKeyLimit {
      isDuplicate = container.members.contains { $0.key.utf8.elementsEqual(key.utf8) }
    } else {
      if container.keys.isEmpty { container.keys = Set(container.members.map { Array($0.key.utf8) }) }
      isDuplicate = !container.keys.insert(Array(key.utf8)).inserted
    }
    guard !isDuplicate else {
      throw error("duplicate key '\(key)' in object", at: keyStart)
    }
    skipWhitespace()
    guard index < bytes.count else { throw endOfInput("; expected ':' after object key") }
    guard bytes[index] == ASCII.colon else { throw error("expected ':' after object key") }
    index += 1
    return key
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
    try expectDigit("expected a digit after '-'")
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
      try expectDigit("expected a digit after the decimal point")
      skipDigits()
    }
    if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      isInteger = false
      index += 1
      if index < bytes.count && (bytes[index] == ASCII.plus || bytes[index] == ASCII.minus) {
        index += 1
      }
      try expectDigit("expected a digit in the exponent")
      skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // Swift's parser rounds correctly; overflow gives ±infinity, which JSON cannot mean.
    guard let value = Double(text), value.isFinite else {
      throw error("number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is too large", at: start)
    }
    // A non-zero literal below the smallest Double would silently become 0: `1e-400` must not
    // pass as 0 where an integer or a bound is meant.
    if value == 0 && !Self.hasZeroMantissa(text) {
      throw error(
        "number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is too small to represent"
          + " (it would round to 0); write 0 or a larger number",
        at: start)
    }
    return .number(value, isInteger: isInteger)
  }

  /// Whether the digits before any exponent are all zeros (`0.000e5` is 0, not an underflow).
  static func hasZeroMantissa(_ text: String) -> Bool {
    let mantissa = text.prefix { $0 != "e" && $0 != "E" }
    return !mantissa.contains(where: { $0 >= "1" && $0 <= "9" })
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
    if index == bytes.count,
      let literal = ["true", "false", "null"].first(where: { $0 != word && $0.hasPrefix(word) })
    {
      throw endOfInput(" in '\(word)'; expected \(literal)")
    }
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

  /// Throws `expected` unless a digit is at `index` (an end-of-input error at the end).
  private func expectDigit(_ expected: String) throws(JSONSyntaxError) {
    guard index < bytes.count else { throw endOfInput("; " + expected) }
    guard ASCII.isDigit(bytes[index]) else { throw error(expected) }
  }

  private mutating func skipDigits() {
    while index < bytes.count && ASCII.isDigit(bytes[index]) { index += 1 }
  }

  mutating func skipWhitespace() {
    while index < bytes.count && ASCII.isWhitespace(bytes[index]) { index += 1 }
  }
}

extension JSONParser {
  /// The bytes the grammar names.
  enum ASCII {
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
}
