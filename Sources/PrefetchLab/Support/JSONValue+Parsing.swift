extension JSONValue {
  /// Containers nested deeper than this are rejected: hostile input must not exhaust memory or
  /// the stack of whoever walks the result recursively.
  public static let defaultMaximumDepth = 512

  /// Parses one JSON text from UTF-8 bytes (a leading byte order mark is skipped, as RFC 8259 §8.1
  /// allows).
  ///
  /// Strict: rejects duplicate keys within an object, trailing commas, comments, leading zeros,
  /// `NaN`/`Infinity`, numbers that overflow a `Double`, unescaped control characters in strings,
  /// unpaired UTF-16 surrogate escapes, invalid UTF-8 and containers nested deeper than
  /// `maximumDepth`. Runs in O(n) time; never traps on any input.
  ///
  /// - Throws: `JSONSyntaxError` with the line and column of the first problem. Text that ends
  ///   before its value is complete (in an object, array, string, number or literal) gives
  ///   `unexpected end of input` and what was due, at the end of the text.
  public init(parsing bytes: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth)
    throws(JSONSyntaxError)
  {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
    self = try parser.parseDocument()
  }

  /// Parses one JSON text. See `init(parsing:maximumDepth:)` for the rules.
  public init(parsing text: String, maximumDepth: Int = JSONValue.defaultMaximumDepth) throws(JSONSyntaxError)
  {
    try self.init(parsing: Array(text.utf8), maximumDepth: maximumDepth)
  }
}
