import PrefetchLab

/// Numbers appended to a byte buffer as `DecimalFormat` writes them, without a `String` per
/// number: the fast path for the per-run CSVs and for plot datablocks, which hold most of the
/// numbers a run writes. `fixed` is byte for byte `DecimalFormat.fixed(value, places:)`.
enum DecimalBytes {
  /// `DecimalFormat.fixed(value, places:)`: rounded half away from zero, trailing zeros dropped,
  /// no exponent; nothing for non-finite values. `places` must be 0...9. O(digits).
  static func fixed(_ value: Double, places: Int, to bytes: inout [UInt8]) {
    guard value.isFinite else { return }
    precondition((0...9).contains(places), "places must be 0...9")
    let unit = powersOfTen[places]
    let scaled = (abs(value) * Double(unit)).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9.0e18 else {
      bytes += DecimalFormat.shortest(value).utf8
      return
    }
    let integer = UInt64(scaled)
    if value < 0 && integer != 0 { bytes.append(UInt8(ascii: "-")) }
    digits(integer / unit, to: &bytes)
    if places > 0 { fraction(integer % unit, places: places, to: &bytes) }
  }

  /// 10^0 ... 10^9.
  static let powersOfTen: [UInt64] = (0...9).map { power in
    var value: UInt64 = 1
    for _ in 0..<power { value *= 10 }
    return value
  }

  /// The decimal digits of `value`, no sign, no leading zeros ("0" for 0).
  static func digits(_ value: UInt64, to bytes: inout [UInt8]) {
    if value < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      while rest > 0 {
        buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      }
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
    }
  }

  /// `.` and the `places` digits of `fraction` (< 10^places) without trailing zeros; nothing
  /// when 0.
  static func fraction(_ fraction: UInt64, places: Int, to bytes: inout [UInt8]) {
    guard fraction != 0 else { return }
    var value = fraction
    var width = places
    while value % 10 == 0 {
      value /= 10
      width -= 1
    }
    bytes.append(UInt8(ascii: "."))
    var divisor = powersOfTen[width - 1]
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(value / divisor))
      value %= divisor
      divisor /= 10
    }
  }
}
