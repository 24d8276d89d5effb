import Foundation

/// Items per page and the share of them with media, read from page response bodies: a page's
/// items are its largest JSON array (by length, at any depth); an item has media when one of its
/// strings is a media URL of the HAR, matches the media pattern, or names an image file.
struct HARPageBodies {
  let classes: TrafficClass
  let mediaURLs: Set<String>

  static let imageExtensions = [".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif", ".heic"]

  struct Counts: Equatable {
    /// Bodies that held a JSON array.
    var pages: Int
    /// The median length of the largest array, at least 1 and at most 10000 (`page_size`'s range).
    var pageSize: Int
    var mediaFraction: Double
  }

  /// nil when no body parses as JSON holding an array.
  func count(_ bodies: [String]) -> Counts? {
    var lengths: [Double] = []
    var items = 0
    var withMedia = 0
    for body in bodies {
      guard let value = try? JSONValue(parsing: body), let array = Self.largestArray(value), !array.isEmpty
      else { continue }
      lengths.append(Double(array.count))
      items += array.count
      withMedia += array.filter(hasMedia).count
    }
    guard !lengths.isEmpty else { return nil }
    let median = LognormalFit.sampleQuantile(lengths.sorted(), 0.5).rounded()
    return Counts(
      pages: lengths.count, pageSize: Int(min(10_000, max(1, median))),
      mediaFraction: Double(withMedia) / Double(items))
  }

  /// The longest array in `value` (itself or nested), the first found among equals.
  static func largestArray(_ value: JSONValue) -> [JSONValue]? {
    var best: [JSONValue]? = nil
    func visit(_ value: JSONValue) {
      switch value {
      case .array(let elements):
        if elements.count > (best?.count ?? -1) { best = elements }
        elements.forEach(visit)
      case .object(let members): members.forEach { visit($0.value) }
      default: break
      }
    }
    visit(value)
    return best
  }

  func hasMedia(_ value: JSONValue) -> Bool {
    switch value {
    case .string(let text):
      if mediaURLs.contains(text) { return true }
      if let media = classes.media, TrafficClass.matches(media, text) { return true }
      let path = (URLComponents(string: text)?.path ?? text).lowercased()
      return Self.imageExtensions.contains { path.hasSuffix($0) }
    case .array(let elements): return elements.contains(where: hasMedia)
    case .object(let members): return members.contains { hasMedia($0.value) }
    default: return false
    }
  }
}
