// Strings: escapes, surrogate pairs and UTF-8 validation.

extension JSONParser {
  mutating func parseString() throws(JSONSyntaxError) -> String {
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

  /// Length of the well-formed UTF-8 sequence starting at `offset` (Unicode 15, table 3-7), or
  /// nil: rejects overlong forms, surrogates and values above U+10FFFF.
  func utf8SequenceLength(at offset: Int) -> Int? {
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

}
