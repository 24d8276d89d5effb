/// A file or folder of results could not be written, moved or removed.
///
/// `path` is the path involved, as the caller gave it (or derived from it: a temporary or
/// staging name), `reason` says what failed and why, e.g.
/// `results/latest/summary.csv: cannot create temporary file: Not a directory`.
/// Nothing here prints: the CLI prints `description` and exits with status 1.
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `path: reason`.
  public var description: String { "\(path): \(reason)" }
}
