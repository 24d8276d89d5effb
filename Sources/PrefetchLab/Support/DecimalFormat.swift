import Foundation

/// Locale-independent number formatting for CSV, JSON, reports and error messages: always `.` as
/// the decimal separator; for files never an exponent, never `nan`/`inf` (callers turn those into
/// empty cells); for messages (`readable`) an exponent only for magnitudes no one reads digit by
/// digit.
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

  /// A number as an error message quotes it, for a person to read: integers below 10^16 in full
  /// (2^53 − 1, the largest exact one, is a limit messages state); other values from 10^-6 to
  /// 10^16 as plain decimals of at most 15 significant digits, so the noise of binary sums goes
  /// (0.1 + 0.2 → "0.3") while every decimal a person types with up to 15 digits, which a Double
  /// holds exactly, reads back as typed; beyond, JSON's exponent form with 6 significant digits
  /// ("3.60288e18", "1e-300"), since past 2^53 the digits are not even exact.
  ///
  /// A message compares its value with others (a rule's bounds, an earlier row's time): given as
  /// `references`, digits are added until the text lies on the same side of each as the value
  /// does, so "must be <= 1000000, got 1000000.0000001" never reads "got 1000000".
  /// `mustBeInteger`: the rule wants a whole number, so a value that is not one is also kept apart
  /// from the integers either side of it and never reads as one ("got 1000000000000000.5").
  /// Non-finite input gives Swift's "inf" or "nan" (JSON cannot write them).
  public static func readable(_ value: Double, against references: [Double] = [], mustBeInteger: Bool = false)
    -> String
  {
    guard value.isFinite else { return "\(value)" }
    var references = references
    if mustBeInteger && value != value.rounded() { references += [value.rounded(.down), value.rounded(.up)] }
    let magnitude = abs(value)
    if value == value.rounded() && magnitude < 1e16 { return String(Int64(value)) }
    let plain = magnitude >= 1e-6 && magnitude < 1e16
    var digits = plain ? 15 : 6
    while true {
      let (text, shown) = significant(value, digits: digits, plain: plain)
      // 17 significant digits name every Double exactly: there every side is kept.
      if digits == 17
        || references.allSatisfy({ (shown < $0) == (value < $0) && (shown > $0) == (value > $0) })
      {
        return text
      }
      digits += 1
    }
  }

  /// `value` rounded to `digits` significant digits (1...17), trailing zeros removed, as plain
  /// decimals or in exponent form (`3.6e18`), with the Double the text reads back as.
  private static func significant(_ value: Double, digits: Int, plain: Bool) -> (String, Double) {
    // %e rounds correctly, and with no locale given it always writes '.'.
    let scientific = String(format: "%.\(digits - 1)e", value)
    let shown = Double(scientific) ?? value
    guard let e = scientific.firstIndex(of: "e"),
      let exponent = Int(scientific[scientific.index(after: e)...])
    else { return (scientific, shown) }
    let negative = scientific.hasPrefix("-")
    var mantissa = scientific[..<e].filter(\.isNumber)
    while mantissa.count > 1 && mantissa.hasSuffix("0") { mantissa.removeLast() }
    let sign = negative ? "-" : ""
    guard plain else {
      let fraction = mantissa.dropFirst()
      return (
        sign + String(mantissa.prefix(1)) + (fraction.isEmpty ? "" : "." + fraction) + "e\(exponent)", shown
      )
    }
    let point = 1 + exponent
    let text: String
    if point <= 0 {
      text = "0." + String(repeating: "0", count: -point) + mantissa
    } else if point >= mantissa.count {
      text = mantissa + String(repeating: "0", count: point - mantissa.count)
    } else {
      text = String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point))
    }
    return (sign + text, shown)
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
