// Strings: escapes, surrogate pairs and UTF-8 validation.

extension JSONParser {
  mutating func parseString() throws(JSONSyntaxError) -> String {
    let openingQuote = index
    index += 1
    var buffer: [UInt8] = []
    while true {
      guard index < bytes.count else { throw endOfInput(inStringAt: openingQuote) }
      let byte = bytes[index]
      switch byte {
      case ASCII.quote:
        index += 1
        // Every byte appended was validated as UTF-8 (or encoded from a scalar), so decoding
        // never substitutes replacement characters.
        return String(decoding: buffer, as: UTF8.self)
      case ASCII.backslash:
        try parseEscape(into: &buffer, openingQuote: openingQuote)
      case 0x00..<0x20:
        throw error("control character \(unicodeName(UInt32(byte))) must be escaped in a string")
      case 0x20..<0x80:
        buffer.append(byte)
        index += 1
      default:
        guard let length = utf8SequenceLength(at: index) else {
          if utf8SequenceEndsEarly(at: index) { throw endOfInput(inStringAt: openingQuote) }
          throw error("invalid UTF-8 byte 0x\(hex(UInt32(byte), width: 2)) in string")
        }
        buffer.append(contentsOf: bytes[index..<index + length])
        index += length
      }
    }
  }

  /// An unterminated string: the input ends inside the string opened at `openingQuote`.
  private func endOfInput(inStringAt openingQuote: Int) -> JSONSyntaxError {
    endOfInput(" in the string that starts at \(error("", at: openingQuote).location)")
  }

  private mutating func parseEscape(into buffer: inout [UInt8], openingQuote: Int) throws(JSONSyntaxError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else { throw endOfInput(inStringAt: openingQuote) }
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
      let first = try parseHex4(escapeStart: escapeStart, openingQuote: openingQuote)
      var scalarValue = first
      if (0xD800...0xDBFF).contains(first) {
        // A high surrogate is only meaningful with the low surrogate that completes the pair.
        let secondStart = index
        if index >= bytes.count || (bytes[index] == ASCII.backslash && index + 1 == bytes.count) {
          throw endOfInput(inStringAt: openingQuote)
        }
        guard
          index + 1 < bytes.count && bytes[index] == ASCII.backslash && bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw error(
            "unpaired surrogate \\u\(hex(first, width: 4)) (a high surrogate must be followed by a \\uDC00-\\uDFFF escape)",
            at: escapeStart)
        }
        index += 2
        let second = try parseHex4(escapeStart: secondStart, openingQuote: openingQuote)
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

  private mutating func parseHex4(escapeStart: Int, openingQuote: Int) throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw endOfInput(inStringAt: openingQuote) }
      guard let digit = ASCII.hexValue(bytes[index]) else {
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
    if bytes[offset] < 0x80 { return 1 }
    guard let (length, secondRange) = Self.utf8Lead(bytes[offset]), offset + length <= bytes.count,
      secondRange.contains(bytes[offset + 1])
    else { return nil }
    for continuation in (offset + 2)..<(offset + length) where !(0x80...0xBF).contains(bytes[continuation]) {
      return nil
    }
    return length
  }

  /// Whether the bytes from `offset` to the end of the input begin a well-formed UTF-8 sequence
  /// that the end cuts short (a file truncated inside a character).
  func utf8SequenceEndsEarly(at offset: Int) -> Bool {
    guard let (length, secondRange) = Self.utf8Lead(bytes[offset]), offset + length > bytes.count else {
      return false
    }
    for continuation in (offset + 1)..<bytes.count
    where !(continuation == offset + 1 ? secondRange : 0x80...0xBF).contains(bytes[continuation]) {
      return false
    }
    return true
  }

  /// The length of the sequence a multi-byte lead byte starts and the range its second byte must
  /// be in (Unicode 15, table 3-7); nil for a byte that cannot lead one.
  private static func utf8Lead(_ lead: UInt8) -> (length: Int, secondRange: ClosedRange<UInt8>)? {
    switch lead {
    case 0xC2...0xDF: return (2, 0x80...0xBF)
    case 0xE0: return (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: return (3, 0x80...0xBF)
    case 0xED: return (3, 0x80...0x9F)
    case 0xF0: return (4, 0x90...0xBF)
    case 0xF1...0xF3: return (4, 0x80...0xBF)
    case 0xF4: return (4, 0x80...0x8F)
    default: return nil
    }
  }
}
