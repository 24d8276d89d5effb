/// Number and text helpers shared by the bandwidth trace formats.
enum TraceText {
  /// `bytes[range]` quoted for an error message, shortened to 40 characters, invalid UTF-8
  /// replaced.
  static func quoted(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    let text = String(decoding: bytes[range], as: UTF8.self)
    let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
    return "\"" + ValueText.escapingUnsafe(short) + "\""
  }

  /// A plain decimal number (digits, at most one point, an optional exponent; no sign, no `nan`,
  /// `inf` or hex), or nil.
  static func unsignedDecimal(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
    guard !range.isEmpty, range.count <= 64 else { return nil }
    var sawDigit = false
    var sawPoint = false
    var sawExponent = false
    var position = range.lowerBound
    while position < range.upperBound {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        sawDigit = true
      case UInt8(ascii: "."):
        if sawPoint || sawExponent { return nil }
        sawPoint = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        if sawExponent || !sawDigit { return nil }
        sawExponent = true
        if position + 1 < range.upperBound
          && (bytes[position + 1] == UInt8(ascii: "+") || bytes[position + 1] == UInt8(ascii: "-"))
        {
          position += 1
        }
        guard position + 1 < range.upperBound else { return nil }
      default:
        return nil
      }
      position += 1
    }
    guard sawDigit, let value = Double(String(decoding: bytes[range], as: UTF8.self)),
      value.isFinite
    else { return nil }
    return value
  }

  /// Seconds (or ms, with `scale` 1000) to whole µs, or nil when out of the clock's range.
  static func microseconds(_ value: Double, scale: Double) -> Int64? {
    let micros = (value * scale).rounded()
    guard micros.isFinite, micros >= 0, micros < 9.0e18 else { return nil }
    return Int64(micros)
  }
}
