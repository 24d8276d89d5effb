// Error positions (line and column in characters) and how bytes are named in messages.

extension JSONParser {
  func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
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

  /// The input ends where more was due: `unexpected end of input` and then `detail` (`; expected
  /// a value`, ` in 'tru'; expected true`), placed at the end of the input, wherever the
  /// unfinished value began, so a truncated file always reads as one.
  func endOfInput(_ detail: String) -> JSONSyntaxError {
    error("unexpected end of input" + detail, at: bytes.count)
  }

  func describeByte(at offset: Int) -> String {
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

  func describeCharacter(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : unicodeName(UInt32(byte))
  }

  func unicodeName(_ value: UInt32) -> String { "U+\(hex(value, width: 4))" }

  func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
  }
}
