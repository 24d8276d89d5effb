import Foundation

/// Locale-independent number formatting for CSV, JSON and reports: always `.` as the decimal
/// separator, never an exponent, never `nan`/`inf` (callers turn those into empty cells).
public enum DecimalFormat {
  /// Microseconds as milliseconds with at most three decimals and no trailing zeros:
  /// 1_000_000 → "1000", 16_667 → "16.667", -500 → "-0.5".
  public static func milliseconds(_ micros: Int64) -> String {
    let negative = micros < 0
    let magnitude = micros.magnitude
    let whole = magnitude / 1000
    let fraction = magnitude % 1000
    var text = negative ? "-" : ""
    text += String(whole)
    if fraction != 0 {
      var digits = String(fraction)
      digits = String(repeating: "0", count: 3 - digits.count) + digits
      while digits.hasSuffix("0") { digits.removeLast() }
      text += "." + digits
    }
    return text
  }

  /// A finite value rounded half away from zero to `places` decimals (0...9), trailing zeros
  /// removed: fixed(0.123456789, 6) → "0.123457", fixed(2.5, 3) → "2.5", fixed(-0.0000001, 3) → "0".
  /// Non-finite input gives "" (an empty CSV cell).
  public static func fixed(_ value: Double, places: Int = 6) -> String {
    guard value.isFinite else { return "" }
    precondition((0...9).contains(places), "places must be 0...9")
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9.0e18 else { return shortest(value) }
    let integer = UInt64(scaled)
    let unit = UInt64(scale)
    let whole = integer / unit
    let fraction = integer % unit
    var text = (value < 0 && integer != 0) ? "-" : ""
    text += String(whole)
    if places > 0 && fraction != 0 {
      var digits = String(fraction)
      digits = String(repeating: "0", count: places - digits.count) + digits
      while digits.hasSuffix("0") { digits.removeLast() }
      text += "." + digits
    }
    return text
  }

  /// The shortest text that reads back as the same Double, without exponent for the magnitudes
  /// scenario files use (1e-6 ... 1e15); integers print without ".0".
  public static func shortest(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    if value == value.rounded() && abs(value) < 9e18 {
      return String(Int64(value))
    }
    let text = "\(value)"
    guard let exponentIndex = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
    // Expand Swift's exponent form (e.g. "1e-05") into plain decimals.
    let mantissa = String(text[..<exponentIndex])
    guard let exponent = Int(text[text.index(after: exponentIndex)...]) else { return text }
    let negative = mantissa.hasPrefix("-")
    let digitsOnly = mantissa.replacingOccurrences(of: "-", with: "")
    let parts = digitsOnly.split(separator: ".", omittingEmptySubsequences: false)
    let intPart = String(parts[0])
    let fracPart = parts.count > 1 ? String(parts[1]) : ""
    var digits = intPart + fracPart
    var pointPosition = intPart.count + exponent
    if pointPosition <= 0 {
      digits = String(repeating: "0", count: -pointPosition + 1) + digits
      pointPosition = 1
    } else if pointPosition > digits.count {
      digits += String(repeating: "0", count: pointPosition - digits.count)
    }
    var result = String(digits.prefix(pointPosition))
    var fraction = String(digits.dropFirst(pointPosition))
    while fraction.hasSuffix("0") { fraction.removeLast() }
    if !fraction.isEmpty { result += "." + fraction }
    return (negative ? "-" : "") + result
  }
}
