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
