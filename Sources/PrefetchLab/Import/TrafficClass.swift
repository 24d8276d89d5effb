/// Which requests of a HAR are the feed's pages and which its media: by URL patterns when given
/// (`--pages`, `--media`, Swift `Regex` syntax, matched anywhere in the URL), else by MIME type
/// (JSON for pages, `image/*` for media). A class given by pattern is not also taken by MIME type.
public struct TrafficClass: @unchecked Sendable {
  /// The patterns as written, for the scenario's comment.
  public let pagesPattern: String?
  public let mediaPattern: String?
  let pages: Regex<AnyRegexOutput>?
  let media: Regex<AnyRegexOutput>?

  /// - Throws: the pattern's syntax error, when one is not a regular expression.
  public init(pages: String?, media: String?) throws {
    pagesPattern = pages
    mediaPattern = media
    self.pages = try pages.map { try Regex($0) }
    self.media = try media.map { try Regex($0) }
  }

  public enum Kind: Sendable { case page, media, other }

  public func kind(of entry: HAREntry) -> Kind {
    if let pages, Self.matches(pages, entry.url) { return .page }
    if let media, Self.matches(media, entry.url) { return .media }
    if pages == nil && Self.isJSON(entry.mimeType) { return .page }
    if media == nil && entry.mimeType.hasPrefix("image/") { return .media }
    return .other
  }

  /// How the classes were told apart, for the scenario's comment.
  public var rule: String {
    let pagesRule = pagesPattern.map { "URLs matching /\($0)/" } ?? "JSON responses (MIME type)"
    let mediaRule = mediaPattern.map { "URLs matching /\($0)/" } ?? "image/* responses (MIME type)"
    return "pages are \(pagesRule), media \(mediaRule)"
  }

  static func isJSON(_ mime: String) -> Bool {
    mime == "application/json" || mime == "text/json" || mime.hasSuffix("+json")
  }

  static func matches(_ pattern: Regex<AnyRegexOutput>, _ text: String) -> Bool {
    (try? pattern.firstMatch(in: text)) != nil
  }
}
