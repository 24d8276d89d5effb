/// A JSON text that does not follow RFC 8259, with the 1-based line and column (in Unicode
/// characters) where the problem was found.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  /// What was expected or found, e.g. `expected ',' or '}' after object member`.
  public var message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line 3, column 14: expected ',' or '}' after object member`.
  public var description: String { "line \(line), column \(column): \(message)" }

  /// The `line L, column C` part alone, for error types that report it as a location.
  public var location: String { "line \(line), column \(column)" }
}
