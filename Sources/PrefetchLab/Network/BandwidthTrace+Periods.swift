extension BandwidthTrace {
  /// The keys a periods object may have.
  static let periodKeys = ["duration_ms", "bandwidth_kbps", "latency_ms"]

  /// Reads a periods trace: Sabre's network file format (Sabre `src/sabre.py`).
  ///
  /// Format: a JSON array of objects `{"duration_ms": number, "bandwidth_kbps": number,
  /// "latency_ms": number}`, played in order. `duration_ms` and `bandwidth_kbps` are required;
  /// `latency_ms` must be given in every period or in none. Values are JSON numbers >= 0:
  /// durations and latencies at most 10^9 ms (durations rounded to whole µs), bandwidths at most
  /// 10^8 kbit/s (`InputLimits`). Any other key is an error (a typo must not pass
  /// silently), as is a duplicate key, a non-number value, or anything after the array.
  ///
  /// Model (as `src/sabre.py`): each period is one segment of `duration_ms` at `bandwidth_kbps`
  /// kbit/s (= bits/ms; 1 kbit/s = 125 bytes/s), which may be 0; the period's `latency_ms` is the
  /// time to first byte of a request issued during it and replaces `network.rtt_ms`
  /// (`latencyMs(atUs:)`). Zero-length periods are dropped. Sabre wraps to the first period when
  /// the trace ends (looping).
  ///
  /// The JSON is read by a small non-recursive reader of this one shape, so hostile input (deep
  /// nesting, huge numbers, invalid UTF-8) gives an error, never a crash.
  ///
  /// - Throws: `InputError` whose `location` is `line N` for malformed JSON and the JSON index
  ///   (`[12]`, `[12].bandwidth_kbps`) for a bad period, with the rule and what was found.
  /// - Complexity: O(file size).
  public static func periods(bytes: [UInt8], file: String, loop: Bool) throws(InputError)
    -> BandwidthTrace
  {
    var reader = PeriodsJSONReader(bytes: bytes, file: file)
    let periods = try reader.readPeriods()
    guard !periods.isEmpty else {
      throw InputError(file: file, location: "", message: "a periods trace needs at least one period, got []")
    }
    let withLatency = periods[0].latencyMs != nil
    var segments: [Segment] = []
    segments.reserveCapacity(periods.count)
    for (index, period) in periods.enumerated() {
      guard (period.latencyMs != nil) == withLatency else {
        throw InputError(
          file: file, location: "[\(index)]",
          message: withLatency
            ? "latency_ms must be given in every period or none: period 0 has it, this one does not"
            : "latency_ms must be given in every period or none: period 0 has none, this one has it")
      }
      guard period.durationMs <= InputLimits.maxMilliseconds,
        let durationUs = TraceText.microseconds(period.durationMs, scale: 1000)
      else {
        throw InputError(
          file: file, location: "[\(index)].duration_ms",
          message: "must be at most 1000000000, got \(ValueText.number(period.durationMs))")
      }
      guard period.bandwidthKbps <= InputLimits.bandwidthKbps.upperBound else {
        throw InputError(
          file: file, location: "[\(index)].bandwidth_kbps",
          message: "must be at most 100000000, got \(ValueText.number(period.bandwidthKbps))")
      }
      if let latency = period.latencyMs, latency > InputLimits.maxMilliseconds {
        throw InputError(
          file: file, location: "[\(index)].latency_ms",
          message: "must be at most 1000000000, got \(ValueText.number(latency))")
      }
      segments.append(
        Segment(
          durationUs: durationUs, bytesPerSecond: period.bandwidthKbps * 125,
          latencyMs: period.latencyMs))
    }
    do {
      return try BandwidthTrace(segments: segments, loop: loop)
    } catch {
      throw InputError(file: file, location: "", message: error.message)
    }
  }
}

/// One decoded period, values as in the file.
struct PeriodRecord {
  var durationMs: Double
  var bandwidthKbps: Double
  var latencyMs: Double?
}

/// Reads `[ {key: number, …}, … ]` without recursion. Anything else is reported with its
/// location.
struct PeriodsJSONReader {
  let bytes: [UInt8]
  let file: String
  private var index = 0
  private var line = 1

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
    var values: [Double?] = [nil, nil, nil]
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else {
          throw syntax("expected a key in quotes in period \(position), got \(describeHere())")
        }
        let key = try readString()
        guard let slot = BandwidthTrace.periodKeys.firstIndex(of: key) else {
          throw InputError(
            file: file, location: "[\(position)].\(key)",
            message: "unknown key (expected duration_ms, bandwidth_kbps or latency_ms)")
        }
        guard values[slot] == nil else {
          throw InputError(file: file, location: "[\(position)].\(key)", message: "duplicate key")
        }
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
          throw syntax("expected `:` after \"\(key)\", got \(describeHere())")
        }
        index += 1
        skipWhitespace()
        let location = "[\(position)].\(key)"
        guard let value = try readNumber(location: location) else {
          throw InputError(
            file: file, location: location, message: "must be a number >= 0, got \(describeHere())")
        }
        guard value >= 0 else {
          throw InputError(
            file: file, location: location,
            message: "must be >= 0, got \(DecimalFormat.shortest(value))")
        }
        values[slot] = value
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
    guard let duration = values[0] else {
      throw InputError(file: file, location: "[\(position)]", message: "missing duration_ms")
    }
    guard let bandwidth = values[1] else {
      throw InputError(file: file, location: "[\(position)]", message: "missing bandwidth_kbps")
    }
    return PeriodRecord(durationMs: duration, bandwidthKbps: bandwidth, latencyMs: values[2])
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

  /// A JSON number at `index`, or nil when the value there is not a number (index unchanged).
  private mutating func readNumber(location: String) throws(InputError) -> Double? {
    let start = index
    var position = index
    if position < bytes.count && bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    while position < bytes.count && isDigit(bytes[position]) { position += 1 }
    let integerDigits = position - integerStart
    guard integerDigits > 0 else { return nil }
    if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
      throw InputError(
        file: file, location: location,
        message: "must be a JSON number (no leading zeros), got \(TraceText.quoted(bytes, start..<position))")
    }
    if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
      position += 1
      let fractionStart = position
      while position < bytes.count && isDigit(bytes[position]) { position += 1 }
      guard position > fractionStart else {
        throw InputError(
          file: file, location: location,
          message: "must be a JSON number, got \(TraceText.quoted(bytes, start..<position))")
      }
    }
    if position < bytes.count
      && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E"))
    {
      position += 1
      if position < bytes.count
        && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      let exponentStart = position
      while position < bytes.count && isDigit(bytes[position]) { position += 1 }
      guard position > exponentStart else {
        throw InputError(
          file: file, location: location,
          message: "must be a JSON number, got \(TraceText.quoted(bytes, start..<position))")
      }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard position - start <= 400, let value = Double(text), value.isFinite else {
      throw InputError(
        file: file, location: location,
        message: "must be a finite number, got \(TraceText.quoted(bytes, start..<position))")
    }
    guard value != 0 || JSONParser.hasZeroMantissa(text) else {
      throw InputError(
        file: file, location: location,
        message:
          "is too small to represent (it would round to 0), got \(TraceText.quoted(bytes, start..<position))")
    }
    index = position
    return value
  }

  @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
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
