/// One request of a HAR file (W3C Web Performance WG's HAR 1.2 draft, `log.entries[]`), with what
/// `import har` reads of it. Timings of -1 (HAR: "does not apply") read as absent.
public struct HAREntry: Sendable, Equatable {
  /// The file it came from and its JSON path (`log.entries[3]`), for notes.
  public var file: String
  public var location: String
  public var url: String
  /// `scheme://host[:port]` of `url`.
  public var origin: String
  /// `response.content.mimeType` without parameters, lower-cased ("" when absent).
  public var mimeType: String
  /// `response.status`; 0 for a request that got no response (or a cached one in some browsers).
  public var status: Int
  /// `startedDateTime`, ms since the earliest entry of all files (set by the importer).
  public var startMs: Double
  /// `timings.wait`, ms (time to first byte after the request was sent).
  public var waitMs: Double
  /// `timings.connect`, ms, when this request opened a connection (it includes `ssl`, per HAR
  /// 1.2); 0 for a reused connection (HTTP/2, keep-alive).
  public var connectMs: Double
  /// `timings.receive`, ms.
  public var receiveMs: Double
  /// Body bytes as received: `response._transferSize` minus `response.headersSize` where both are
  /// given, else `response.bodySize`, else `response.content.size`; nil when none is known.
  public var bodyBytes: Double?
  /// The field `bodyBytes` was read from (`response._transferSize`, `response.bodySize` or
  /// `response.content.size`) and the number it holds, for the message refusing a size no
  /// scenario holds; nil when `bodyBytes` is.
  public var bodyBytesField: String? = nil
  public var bodyBytesFieldValue: Double? = nil
  /// The decoded body text (`response.content.text`, base64-decoded when `encoding` says so).
  public var bodyText: String?
  /// Served from a cache: status 304, `_fromCache`, or (Chrome) `_transferSize` 0 with a body.
  public var fromCache: Bool
  /// `connection` (Chrome's connection id), when given.
  public var connectionID: String?
  /// The request's `User-Agent` header (`request.headers[]`), "" when absent.
  public var userAgent: String = ""

  /// `file log.entries[i]`, as warnings name an entry.
  public var source: String { "\(file) \(location)" }

  /// Time to first byte, ms: `wait`, plus `connect` where a new connection was opened.
  public var firstByteMs: Double { waitMs + connectMs }

  /// 3xx other than 304: a redirect, whose body is not the resource.
  public var isRedirect: Bool { (300...399).contains(status) && status != 304 }

  /// An error response (5xx, 4xx) or none at all (status 0 not from a cache).
  public var isFailure: Bool { status >= 400 || (status == 0 && !fromCache) }
}
