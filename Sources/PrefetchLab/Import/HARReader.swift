import Foundation

/// Reads HAR files (HAR 1.2: `log.entries[]` with `request`, `response`, `timings`) into
/// `HAREntry` values. Quirks of real exports handled: timings of -1, missing `_transferSize`,
/// base64 bodies, cache hits (304, status 0, `_fromCache`), HTTP/2's reused connections (no
/// `connect`), several pages in one file.
///
/// A malformed file throws `InputError` naming the file and the JSON path of what is wrong
/// (`log.entries[3].timings.wait: must be a number, got "x"`). The library never prints.
public enum HARReader {
  /// HAR files may be large (bodies included); larger ones are refused.
  public static let maximumFileBytes = 1 << 30

  /// The largest timing an entry the import fits may give, ms (`InputLimits.maxMilliseconds`):
  /// a fitted round trip must be a time the scenario holds, so a larger one is refused at the
  /// entry that gives it rather than at the fitted key (`HAREntry.unrepresentableValue`). Entries
  /// and fields the import does not fit may hold anything.
  public static let maximumMs = InputLimits.maxMilliseconds
  /// The largest size an entry the import fits may give, bytes (`InputLimits.maxResponseBytes`,
  /// the largest response a scenario holds); as for `maximumMs`, only the size it fits counts.
  public static let maximumBytes = InputLimits.maxResponseBytes
  // Derived from the limits, so the message follows them.
  static let msRule =
    "\(Int(maximumMs)) ms (\(DecimalFormat.fixed(maximumMs / 86_400_000, places: 1)) days, the longest time a scenario holds)"
  static let bytesRule =
    "\(Int(maximumBytes)) bytes (\(DecimalFormat.fixed(maximumBytes / 1e9, places: 1)) GB, the largest response a scenario holds)"

  /// The entries of the HAR file at `path` (a readable regular file of at most
  /// `maximumFileBytes`).
  public static func entries(contentsOf path: String) throws(InputError) -> [HAREntry] {
    try entries(bytes: FileCheck.readRegularFile(path, limit: maximumFileBytes), file: path)
  }

  /// The entries of the HAR text `bytes` read from `file`, in file order, `startMs` still the
  /// epoch ms of `startedDateTime` (the importer rebases it).
  ///
  /// Memory: the entries are read one at a time (`JSONElementStream`), so beside `bytes` only
  /// one entry's JSON tree and the `HAREntry` values are held, not the whole file's tree (about
  /// three times the file). A file that is not valid JSON or has no `log.entries` array is parsed
  /// whole for the message, so errors read as before: a syntax error anywhere first, then the
  /// first entry in file order that is wrong.
  public static func entries(bytes: [UInt8], file: String) throws(InputError) -> [HAREntry] {
    var entries: [HAREntry] = []
    var firstError: InputError? = nil
    let outcome = JSONElementStream.forEachElement(of: ["log", "entries"], in: bytes) { index, item in
      guard firstError == nil else { return }
      do throws(InputError) {
        entries.append(try entry(item, file: file, location: "log.entries[\(index)]"))
      } catch {
        firstError = error
      }
    }
    guard outcome == .streamed else { return try entriesOfWholeTree(bytes: bytes, file: file) }
    if let firstError { throw firstError }
    return entries
  }

  /// `entries(bytes:file:)` through the whole document's tree: for the files the stream cannot
  /// read, whose error this gives with its line and column.
  static func entriesOfWholeTree(bytes: [UInt8], file: String) throws(InputError) -> [HAREntry] {
    let root: JSONValue
    do {
      root = try JSONValue(parsing: bytes)
    } catch {
      throw InputError(file: file, location: error.location, message: "not a HAR file: " + error.message)
    }
    guard let log = root["log"], case .object = log else {
      throw InputError(file: file, location: "log", message: "must be an object (a HAR file's 'log')")
    }
    guard case .array(let items)? = log["entries"] else {
      throw InputError(file: file, location: "log.entries", message: "must be an array of requests")
    }
    var entries: [HAREntry] = []
    entries.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      entries.append(try entry(item, file: file, location: "log.entries[\(index)]"))
    }
    return entries
  }

  private static func entry(_ value: JSONValue, file: String, location: String) throws(InputError) -> HAREntry
  {
    func fail(_ path: String, _ rule: String, _ found: JSONValue?) -> InputError {
      let got = found.map { value in
        if case .string(let text) = value {
          return "\"" + ValueText.escapingUnsafe(String(text.prefix(60))) + "\""
        }
        // 1e300 as such, not as its 301 digits.
        if let number = value.doubleValue {
          return abs(number) >= 1e15 ? "\(number)" : DecimalFormat.shortest(number)
        }
        return value.typeName
      }
      return InputError(
        file: file, location: location + (path.isEmpty ? "" : "." + path),
        message: rule + (got.map { ", got " + $0 } ?? ""))
    }
    func object(_ path: String, in parent: JSONValue) throws(InputError) -> JSONValue {
      let key = String(path.split(separator: ".").last ?? "")
      guard let member = parent[key], case .object = member else {
        throw fail(path, "must be an object", parent[key])
      }
      return member
    }
    /// A timing or size: a number >= 0, -1 or absent meaning "does not apply". How large it may
    /// be is judged only for the entries and fields a fit takes (`HAREntry.unrepresentableValue`).
    func optionalNumber(_ path: String, in parent: JSONValue) throws(InputError) -> Double? {
      let key = String(path.split(separator: ".").last ?? "")
      guard let member = parent[key], member != .null else { return nil }
      guard let number = member.doubleValue else { throw fail(path, "must be a number", member) }
      guard number >= 0 else {
        if number == -1 { return nil }
        throw fail(path, "must be >= 0 or -1 (does not apply)", member)
      }
      return number
    }
    func size(_ path: String, in parent: JSONValue) throws(InputError) -> Double? {
      try optionalNumber(path, in: parent)
    }
    func timing(_ key: String) throws(InputError) -> Double {
      try optionalNumber("timings." + key, in: timings) ?? 0
    }
    guard case .object = value else { throw fail("", "must be an object (a request)", value) }
    let request = try object("request", in: value)
    let response = try object("response", in: value)
    let timings = try object("timings", in: value)
    guard let url = request["url"]?.stringValue, !url.isEmpty else {
      throw fail("request.url", "must be a non-empty string", request["url"])
    }
    guard let statusValue = response["status"], let status = statusValue.doubleValue,
      status >= 0, status < 1000, status.rounded() == status
    else { throw fail("response.status", "must be an HTTP status (an integer 0…999)", response["status"]) }
    guard let started = value["startedDateTime"]?.stringValue, let startMs = epochMs(started) else {
      throw fail("startedDateTime", "must be an ISO 8601 date and time", value["startedDateTime"])
    }
    let content = response["content"]
    let transfer = try size("response._transferSize", in: response)
    let headers = try size("response.headersSize", in: response)
    let bodySize = try size("response.bodySize", in: response)
    var contentSize: Double? = nil
    if let content { contentSize = try size("response.content.size", in: content) }
    // On the wire first (what the link carried), then the body as received, then decoded.
    var bodyBytes: Double? = nil
    var sizeField: (name: String, value: Double)? = nil
    if let transfer, transfer > 0 {
      bodyBytes = max(0, transfer - (headers ?? 0))
      sizeField = ("response._transferSize", transfer)
    } else if let bodySize, bodySize > 0 {
      bodyBytes = bodySize
      sizeField = ("response.bodySize", bodySize)
    } else if let contentSize {
      bodyBytes = contentSize
      sizeField = ("response.content.size", contentSize)
    } else {
      bodyBytes = bodySize
      sizeField = bodySize.map { ("response.bodySize", $0) }
    }
    var text: String? = nil
    if let content, let raw = content["text"]?.stringValue {
      if content["encoding"]?.stringValue == "base64" {
        guard let data = Data(base64Encoded: raw, options: .ignoreUnknownCharacters) else {
          throw fail("response.content.text", "must be base64, as response.content.encoding says", nil)
        }
        text = String(decoding: data, as: UTF8.self)
      } else {
        text = raw
      }
    }
    let mime =
      (content?["mimeType"]?.stringValue ?? "").split(separator: ";").first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      } ?? ""
    let fromCacheFlag = value["_fromCache"].map { $0 != .null && $0 != .bool(false) } ?? false
    let fromCache = status == 304 || fromCacheFlag || (transfer == 0 && (bodyBytes ?? 0) > 0 && status != 0)
    let connection: String? = {
      switch value["connection"] {
      case .string(let id)?: return id
      case .number(let id, _)?: return DecimalFormat.shortest(id)
      default: return nil
      }
    }()
    let wait = try timing("wait")
    let connect = try timing("connect")
    let receive = try timing("receive")
    var entry = HAREntry(
      file: file, location: location, url: url, origin: origin(of: url), mimeType: mime, status: Int(status),
      startMs: startMs, waitMs: wait, connectMs: connect, receiveMs: receive, bodyBytes: bodyBytes,
      bodyText: text, fromCache: fromCache, connectionID: connection)
    entry.bodyBytesField = sizeField?.name
    entry.bodyBytesFieldValue = sizeField?.value
    if case .array(let headers)? = request["headers"] {
      entry.userAgent =
        headers.first { $0["name"]?.stringValue?.lowercased() == "user-agent" }?["value"]?.stringValue ?? ""
    }
    return entry
  }

  /// `scheme://host[:port]`, lower-cased; the whole URL when it has no host.
  static func origin(of url: String) -> String {
    guard let components = URLComponents(string: url), let host = components.host,
      let scheme = components.scheme
    else { return url }
    return scheme.lowercased() + "://" + host.lowercased() + (components.port.map { ":\($0)" } ?? "")
  }

  /// ms since 1970 (UTC) of an ISO 8601 date and time as HAR writes it,
  /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else. Read by hand rather than
  /// through a date formatter: the result is a pure function of the text, in any locale.
  static func epochMs(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    func digits(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[start..<(start + count)] {
        guard byte >= 48 && byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    func byte(_ index: Int, is character: Character) -> Bool {
      index < bytes.count && bytes[index] == character.asciiValue!
    }
    guard let year = digits(0, 4), byte(4, is: "-"), let month = digits(5, 2), byte(7, is: "-"),
      let day = digits(8, 2), byte(10, is: "T") || byte(10, is: " "), let hour = digits(11, 2),
      byte(13, is: ":"), let minute = digits(14, 2), byte(16, is: ":"), let second = digits(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var index = 19
    var fraction = 0.0
    if byte(index, is: ".") {
      index += 1
      // As an integer over a power of ten: .250 is exactly 0.25.
      var numerator = 0.0
      var denominator = 1.0
      while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57, denominator < 1e15 {
        numerator = numerator * 10 + Double(bytes[index] - 48)
        denominator *= 10
        index += 1
      }
      fraction = numerator / denominator
    }
    var offsetMinutes = 0
    if byte(index, is: "Z") {
      index += 1
    } else if byte(index, is: "+") || byte(index, is: "-") {
      let sign = byte(index, is: "-") ? -1 : 1
      guard let offsetHour = digits(index + 1, 2), byte(index + 3, is: ":"),
        let offsetMinute = digits(index + 4, 2)
      else { return nil }
      offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
      index += 6
    } else {
      return nil
    }
    guard index == bytes.count else { return nil }
    // Days from 1970-01-01 to the civil date (H. Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60)
    return (seconds + fraction) * 1000
  }
}
