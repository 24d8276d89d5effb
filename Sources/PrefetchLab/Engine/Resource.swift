/// Something a strategy can fetch: a page of the feed (by page index), one item's media, or one
/// carousel sub-item's image.
public enum Resource: Hashable, Sendable, CustomStringConvertible {
  case page(Int)
  case media(item: Int)
  /// The image of sub-item `sub` of carousel row `item` (`feed.carousel`).
  case subItemMedia(item: Int, sub: Int)

  public var description: String {
    switch self {
    case .page(let page): return "page \(page)"
    case .media(let item): return "media \(item)"
    case .subItemMedia(let item, let sub): return "media \(item).\(sub)"
    }
  }

  /// An item's media (not a page).
  var isMedia: Bool {
    switch self {
    case .page: return false
    case .media, .subItemMedia: return true
    }
  }

  /// A key for counter-based random draws, distinct for every resource.
  var randomKey: UInt64 {
    switch self {
    case .page(let page): return UInt64(page) | (1 << 62)
    case .media(let item): return UInt64(item)
    case .subItemMedia(let item, let sub): return UInt64(item) | (UInt64(sub + 1) << 40) | (1 << 61)
    }
  }

  /// The resource as strategies hear of it: a carousel sub-item's image as its row's media (a
  /// strategy asks for and tracks a row's media; the engine maps it to the sub-items).
  var asSeenByStrategies: Resource {
    if case .subItemMedia(let item, _) = self { return .media(item: item) }
    return self
  }
}
