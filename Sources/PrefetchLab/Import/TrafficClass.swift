import Foundation

/// Which requests of a HAR are the feed's pages and which its media: by URL patterns when given
/// (`--pages`, `--media`), else by MIME type (JSON for pages, `image/*` for media).
public struct TrafficClass: @unchecked Sendable {
  public let pages: NSRegularExpression?
  public let media: NSRegularExpression?

  public init(pages: NSRegularExpression?, media: NSRegularExpression?) {
    self.pages = pages
    self.media = media
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
    let pagesRule = pages.map { "URLs matching /\($0.pattern)/" } ?? "JSON responses (MIME type)"
    let mediaRule = media.map { "URLs matching /\($0.pattern)/" } ?? "image/* responses (MIME type)"
    return "pages are \(pagesRule), media \(mediaRule)"
  }

  static func isJSON(_ mime: String) -> Bool {
    mime == "application/json" || mime == "text/json" || mime.hasSuffix("+json")
  }

  static func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool {
    pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }
}
