import PrefetchLab

/// Numbers written as bytes the way `DecimalFormat` writes them, without a `String` per number:
/// the fast path for the per-run CSVs and for plot datablocks, which hold most of the numbers a
/// run writes. `fixed` is byte for byte `DecimalFormat.fixed(value, places:)`.
enum DecimalBytes {
  /// Most bytes `write` produces: 20 digits, `.`, 9 decimals, `-` and a leading `,`.
  static let maximumBytes = 32

  /// `DecimalFormat.fixed(value, places:)`, appended to `bytes` (after a `,` when `comma`):
  /// rounded half away from zero, trailing zeros dropped, no exponent; nothing for non-finite
  /// values. `places` must be 0...9. O(digits).
  static func fixed(_ value: Double, places: Int, to bytes: inout [UInt8], comma: Bool = false) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumBytes) { buffer in
      if let count = fixed(value, places: places, comma: comma, into: buffer.baseAddress!) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: count))
      } else {
        if comma { bytes.append(UInt8(ascii: ",")) }
        bytes += DecimalFormat.shortest(value).utf8
      }
    }
  }

  /// `fixed` written at `target` (room for `maximumBytes`); the bytes written, or nil for a
  /// magnitude beyond 9e18 / 10^places, which `DecimalFormat.shortest` writes instead.
  @inline(__always)
  static func fixed(_ value: Double, places: Int, comma: Bool, into target: UnsafeMutablePointer<UInt8>)
    -> Int?
  {
    guard value.isFinite else {
      if comma { target[0] = UInt8(ascii: ",") }
      return comma ? 1 : 0
    }
    precondition((0...9).contains(places), "places must be 0...9")
    let unit = powerOfTen(places)
    let scaled = (abs(value) * Double(unit)).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9.0e18 else { return nil }
    let integer = UInt64(scaled)
    return write(
      whole: integer / unit, fraction: integer % unit, places: places, negative: value < 0 && integer != 0,
      comma: comma, into: target)
  }

  /// Writes `[,][-]whole[.fraction]` at `target` (room for `maximumBytes`): `fraction`
  /// (< 10^places) with `places` digits less its trailing zeros, no `.` when it is 0. Returns the
  /// bytes written.
  @inline(__always)
  static func write(
    whole: UInt64, fraction: UInt64, places: Int, negative: Bool, comma: Bool,
    into target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var rest = fraction
    var width = 0
    if rest != 0 {
      width = places
      while rest % 10 == 0 {
        rest /= 10
        width -= 1
      }
    }
    var wholeDigits = 1
    var shifted = whole
    while shifted >= 10 {
      shifted /= 10
      wholeDigits += 1
    }
    let count = (comma ? 1 : 0) + (negative ? 1 : 0) + wholeDigits + (width > 0 ? width + 1 : 0)
    var position = count
    for _ in 0..<width {
      position -= 1
      target[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    if width > 0 {
      position -= 1
      target[position] = UInt8(ascii: ".")
    }
    rest = whole
    for _ in 0..<wholeDigits {
      position -= 1
      target[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    if negative {
      position -= 1
      target[position] = UInt8(ascii: "-")
    }
    if comma { target[0] = UInt8(ascii: ",") }
    return count
  }

  /// 10^`power` for `power` in 0...19 (computed: a static table costs a lazy-initialisation
  /// check per number).
  @inline(__always)
  static func powerOfTen(_ power: Int) -> UInt64 {
    var value: UInt64 = 1
    for _ in 0..<power { value &*= 10 }
    return value
  }
}
