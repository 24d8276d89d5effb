/// Reads a periods trace, `[ {key: number, …}, … ]`, without recursion. Anything else is
/// reported with its location.
///
/// Keys and numbers are read straight from the bytes: a bundled Sabre trace holds a few thousand
/// values, and making a `String` for every key, number and error location was most of the cost
/// of loading one. Text is made only for an error message, for a key that is not one of the
/// three spelled plainly, and for a number the exact fast path cannot convert.
struct PeriodsJSONReader {
  let bytes: [UInt8]
  let file: String
  private var index = 0
  private var line = 1
  /// `BandwidthTrace.periodKeys` as bytes; a key's slot is its index there.
  private let keys: [[UInt8]] = BandwidthTrace.periodKeys.map { Array($0.utf8) }

  /// 10^0 … 10^22: the powers of ten a `Double` holds exactly.
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  mutating func readPeriods() throws(InputError) -> [PeriodRecord] {
    skipWhitespace()
    if index < bytes.count && bytes[index] == 0xEF && index + 2 < bytes.count
      && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF
    {
      index += 3  // UTF-8 byte order mark
      skipWhitespace()
    }
    guard peek() == UInt8(ascii: "[") else {
      throw syntax(
        "a periods trace must be a JSON array of {duration_ms, bandwidth_kbps, latency_ms} objects, got \(describeHere())"
      )
    }
    index += 1
    var periods: [PeriodRecord] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
    } else {
      while true {
        skipWhitespace()
        periods.append(try readPeriod(periods.count))
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: ","):
          index += 1
          continue
        case UInt8(ascii: "]"):
          index += 1
        default:
          throw syntax("expected `,` or `]` after period \(periods.count - 1), got \(describeHere())")
        }
        break
      }
    }
    skipWhitespace()
    guard index == bytes.count else {
      throw syntax("expected the end of the file after the array, got \(describeHere())")
    }
    return periods
  }

  private mutating func readPeriod(_ position: Int) throws(InputError) -> PeriodRecord {
    guard peek() == UInt8(ascii: "{") else {
      throw InputError(
        file: file, location: "[\(position)]",
        message: "must be an object {duration_ms, bandwidth_kbps, latency_ms}, got \(describeHere())")
    }
    index += 1
    var duration: Double?
    var bandwidth: Double?
    var latency: Double?
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else {
          throw syntax("expected a key in quotes in period \(position), got \(describeHere())")
        }
        let slot = try readKey(position)
        let given = slot == 0 ? duration : slot == 1 ? bandwidth : latency
        guard given == nil else {
          throw InputError(file: file, location: location(position, slot), message: "duplicate key")
        }
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
          throw syntax("expected `:` after \"\(BandwidthTrace.periodKeys[slot])\", got \(describeHere())")
        }
        index += 1
        skipWhitespace()
        guard let value = try readNumber(position, slot) else {
          throw InputError(
            file: file, location: location(position, slot),
            message: "must be a number >= 0, got \(describeHere())")
        }
        guard value >= 0 else {
          throw InputError(
            file: file, location: location(position, slot),
            message: "must be >= 0, got \(DecimalFormat.readable(value, against: [0]))")
        }
        switch slot {
        case 0: duration = value
        case 1: bandwidth = value
        default: latency = value
        }
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: ","):
          index += 1
          continue
        case UInt8(ascii: "}"):
          index += 1
        default:
          throw syntax("expected `,` or `}` in period \(position), got \(describeHere())")
        }
        break
      }
    }
    guard let duration else {
      throw InputError(file: file, location: "[\(position)]", message: "missing duration_ms")
    }
    guard let bandwidth else {
      throw InputError(file: file, location: "[\(position)]", message: "missing bandwidth_kbps")
    }
    return PeriodRecord(durationMs: duration, bandwidthKbps: bandwidth, latencyMs: latency)
  }

  /// The slot of the key at `index` (an opening quote), leaving `index` after its closing quote.
  /// A key written exactly as one of the three names (told apart by their first letters) is
  /// matched in place. Anything else is decoded by `readString` for the error, which is also what
  /// decides that it is unknown: the names hold no character a decoded escape could stand for,
  /// so no escaped spelling matches.
  private mutating func readKey(_ position: Int) throws(InputError) -> Int {
    let start = index + 1
    if start < bytes.count {
      let slot =
        switch bytes[start] {
        case UInt8(ascii: "d"): 0
        case UInt8(ascii: "b"): 1
        case UInt8(ascii: "l"): 2
        default: -1
        }
      if slot >= 0, let end = plainKeyEnd(keys[slot], at: start) {
        index = end + 1
        return slot
      }
    }
    let key = try readString()
    guard let slot = BandwidthTrace.periodKeys.firstIndex(of: key) else {
      throw InputError(
        file: file, location: "[\(position)].\(key)",
        message: "unknown key (expected duration_ms, bandwidth_kbps or latency_ms)")
    }
    return slot
  }

  /// Where the closing quote is when `key` and then a quote are the bytes at `start`; else nil.
  private func plainKeyEnd(_ key: [UInt8], at start: Int) -> Int? {
    let end = start + key.count
    guard end < bytes.count && bytes[end] == UInt8(ascii: "\"") else { return nil }
    var offset = 0
    while offset < key.count {
      guard bytes[start + offset] == key[offset] else { return nil }
      offset += 1
    }
    return end
  }

  /// A JSON string at `index` (which is at the opening quote). Escapes are decoded; the key is
  /// compared to plain ASCII names, so any escape other than `\"`, `\\`, `\/` makes it unknown.
  private mutating func readString() throws(InputError) -> String {
    index += 1
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { break }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
        default: text.append(contentsOf: [UInt8(ascii: "\\"), escaped])
        }
      case UInt8(ascii: "\n"):
        throw syntax("a string must not span lines")
      default:
        text.append(byte)
      }
      if text.count > 200 { throw syntax("a key longer than 200 bytes") }
    }
    throw syntax("unterminated string")
  }

  /// The JSON number at `index`, or nil when the value there is not a number (index unchanged).
  ///
  /// The value is exactly `Double(text)` (correctly rounded). Where the significand has at most
  /// 19 significant digits and is at most 2^53, and the decimal exponent is within ±22, both the
  /// significand and the power of ten are exact doubles, so one multiplication or division rounds
  /// correctly (W. D. Clinger, "How to Read Floating Point Numbers Accurately", PLDI 1990): every
  /// value of the bundled traces takes that path. Any other number is converted from its text.
  private mutating func readNumber(_ position: Int, _ slot: Int) throws(InputError) -> Double? {
    let start = index
    var cursor = index
    let negative = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "-")
    if negative { cursor += 1 }
    var significand: UInt64 = 0
    var significantDigits = 0  // from the first non-zero digit on
    let integerStart = cursor
    while cursor < bytes.count, let digit = Self.digit(bytes[cursor]) {
      Self.accumulate(digit, into: &significand, counting: &significantDigits)
      cursor += 1
    }
    let integerDigits = cursor - integerStart
    guard integerDigits > 0 else { return nil }
    if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
      throw numberError(position, slot, "must be a JSON number (no leading zeros), got", start..<cursor)
    }
    var fractionDigits = 0
    if cursor < bytes.count && bytes[cursor] == UInt8(ascii: ".") {
      cursor += 1
      let fractionStart = cursor
      while cursor < bytes.count, let digit = Self.digit(bytes[cursor]) {
        Self.accumulate(digit, into: &significand, counting: &significantDigits)
        cursor += 1
      }
      fractionDigits = cursor - fractionStart
      guard fractionDigits > 0 else {
        throw numberError(position, slot, "must be a JSON number, got", start..<cursor)
      }
    }
    var exponent = 0
    if cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E")) {
      cursor += 1
      var exponentSign = 1
      if cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-")) {
        if bytes[cursor] == UInt8(ascii: "-") { exponentSign = -1 }
        cursor += 1
      }
      let exponentStart = cursor
      while cursor < bytes.count, let digit = Self.digit(bytes[cursor]) {
        if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }  // beyond: off the fast path
        cursor += 1
      }
      guard cursor > exponentStart else {
        throw numberError(position, slot, "must be a JSON number, got", start..<cursor)
      }
      exponent *= exponentSign
    }
    guard cursor - start <= 400 else {
      throw numberError(position, slot, "must be a finite number, got", start..<cursor)
    }
    let power = exponent - fractionDigits
    let value: Double
    if significantDigits <= 19 && significand <= 1 << 53 && power >= -22 && power <= 22 {
      let magnitude =
        power < 0
        ? Double(significand) / Self.exactPowersOfTen[-power]
        : Double(significand) * Self.exactPowersOfTen[power]
      value = negative ? -magnitude : magnitude
    } else if let parsed = Double(String(decoding: bytes[start..<cursor], as: UTF8.self)) {
      value = parsed
    } else {
      throw numberError(position, slot, "must be a finite number, got", start..<cursor)
    }
    guard value.isFinite else {
      throw numberError(position, slot, "must be a finite number, got", start..<cursor)
    }
    // A value of 0 with a non-zero digit before the exponent underflowed (`1e-400`).
    guard value != 0 || significantDigits == 0 else {
      throw numberError(
        position, slot, "is too small to represent (it would round to 0), got", start..<cursor)
    }
    index = cursor
    return value
  }

  @inline(__always) private static func digit(_ byte: UInt8) -> UInt64? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? UInt64(byte &- UInt8(ascii: "0")) : nil
  }

  /// Appends a digit to the significand while it has at most 19 significant digits (which
  /// cannot overflow 64 bits); leading zeros are not counted.
  @inline(__always) private static func accumulate(
    _ digit: UInt64, into significand: inout UInt64, counting significantDigits: inout Int
  ) {
    if digit != 0 || significantDigits > 0 { significantDigits += 1 }
    if significantDigits <= 19 { significand = significand &* 10 &+ digit }
  }

  private func location(_ position: Int, _ slot: Int) -> String {
    "[\(position)].\(BandwidthTrace.periodKeys[slot])"
  }

  private func numberError(_ position: Int, _ slot: Int, _ rule: String, _ range: Range<Int>) -> InputError {
    InputError(
      file: file, location: location(position, slot), message: "\(rule) \(TraceText.quoted(bytes, range))")
  }

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"): line += 1
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
      default: return
      }
      index += 1
    }
  }

  /// What is at `index`, for messages: the kind of JSON value or a quoted snippet.
  private func describeHere() -> String {
    guard let byte = peek() else { return "the end of the file" }
    switch byte {
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      if bytes[index...].starts(with: Array("true".utf8)) || bytes[index...].starts(with: Array("false".utf8))
      {
        return "a boolean"
      }
    case UInt8(ascii: "n"):
      if bytes[index...].starts(with: Array("null".utf8)) { return "null" }
    default: break
    }
    var end = index
    while end < bytes.count && end - index < 20 && bytes[end] != UInt8(ascii: "\n") { end += 1 }
    return TraceText.quoted(bytes, index..<end)
  }

  private func syntax(_ message: String) -> InputError {
    InputError(file: file, location: "line \(line)", message: message)
  }
}
