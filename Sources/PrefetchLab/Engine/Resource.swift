/// Something a strategy can fetch: a page of the feed (by page index) or one item's media.
public enum Resource: Hashable, Sendable, CustomStringConvertible {
  case page(Int)
  case media(item: Int)

  public var description: String {
    switch self {
    case .page(let page): return "page \(page)"
    case .media(let item): return "media \(item)"
    }
  }

  /// An item's media (not a page).
  var isMedia: Bool {
    if case .media = self { return true }
    return false
  }

  /// A key for counter-based random draws, distinct for every resource.
  var randomKey: UInt64 {
    switch self {
    case .page(let page): return UInt64(page) | (1 << 62)
    case .media(let item): return UInt64(item)
    }
  }
}
