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

  /// A key for counter-based random draws, distinct for every resource.
  var randomKey: UInt64 {
    switch self {
    case .page(let page): return UInt64(page) | (1 << 62)
    case .media(let item): return UInt64(item)
    }
  }
}

/// Queue order when the connection limit is reached: page requests first (they are what a
/// stall waits for), then media by Texture's range priority: visible > display > preload.
public enum FetchPriority: UInt8, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  case page = 0
  case visible = 1
  case display = 2
  case preload = 3

  public static func < (lhs: FetchPriority, rhs: FetchPriority) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String {
    switch self {
    case .page: return "page"
    case .visible: return "visible"
    case .display: return "display"
    case .preload: return "preload"
    }
  }
}

/// Scroll direction along the feed: `down` = towards later items (the tail), `up` = the head.
public enum ScrollDirection: Int8, Sendable, Equatable, CustomStringConvertible {
  case up = -1
  case down = 1

  public var description: String { self == .down ? "down" : "up" }
}
