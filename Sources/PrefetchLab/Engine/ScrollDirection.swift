/// Scroll direction along the feed: `down` = towards later items (the tail), `up` = the head.
public enum ScrollDirection: Int8, Sendable, Equatable, CustomStringConvertible {
  case up = -1
  case down = 1

  public var description: String { self == .down ? "down" : "up" }
}
