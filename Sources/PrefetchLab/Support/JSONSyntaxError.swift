/// A JSON text that does not follow RFC 8259, with the 1-based line and column (in Unicode
/// characters) where the problem was found.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  /// What was expected or found, e.g. `expected ',' or '}' after object member`.
  public var message: String
  /// Where in the document the problem is, as scenario messages name places
  /// (`feed.carousel.row_fraction`, `scroll.script[3].fling.velocity_pt_s`), for a number or
  /// literal that does not parse inside an object or array (`NaN`, `Infinity`, `01`, `tru`); nil
  /// at the top level and for the other problems.
  public var path: String? = nil

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line 3, column 14: expected ',' or '}' after object member`.
  public var description: String { "line \(line), column \(column): \(message)" }

  /// Equal when line, column and message are: in one document the path follows from the place.
  public static func == (lhs: JSONSyntaxError, rhs: JSONSyntaxError) -> Bool {
    lhs.line == rhs.line && lhs.column == rhs.column && lhs.message == rhs.message
  }

  /// The `line L, column C` part alone, for error types that report it as a location.
  public var location: String { "line \(line), column \(column)" }
}
