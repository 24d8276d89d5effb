/// Reads the elements of one array inside a JSON document one at a time, so a caller that turns
/// each into something smaller never holds the whole document's tree: reading `log.entries` of a
/// 230 MB HAR this way keeps one entry's tree at a time instead of about 700 MB of them.
///
/// The array is the one at `path`, a chain of object keys from the root (`["log", "entries"]`).
/// Everything else in the document is parsed (and checked) as `JSONValue(parsing:)` would and
/// dropped. The same rules hold as for `JSONValue(parsing:)` (`JSONParser`): strict syntax,
/// duplicate keys refused, the same nesting limit counted from the root.
///
/// The stream never reports an error itself: a document that is not valid JSON, or whose `path`
/// does not lead to an array, gives `.notStreamed` (possibly after some elements were handed
/// over), and the caller parses the whole document to say what is wrong, with the exact line,
/// column and path `JSONValue(parsing:)` gives. Only invalid documents pay for that second parse.
enum JSONElementStream {
  enum Outcome: Equatable, Sendable {
    /// The document is valid JSON and `path` leads to an array: every element was handed over
    /// in order.
    case streamed
    /// The document is not valid JSON, or `path` does not lead to an array: discard what was
    /// handed over and parse the document whole.
    case notStreamed
  }

  /// The problem that stops the stream; what it is does not matter (see the type's comment).
  private struct Stop: Error {}

  /// Calls `body` with the index and value of each element of the array at `path` in `bytes`
  /// (UTF-8, a leading byte order mark skipped), in order. O(bytes.count) time; memory of one
  /// element's tree at a time, beyond what `body` keeps.
  static func forEachElement(
    of path: [String], in bytes: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth,
    _ body: (Int, JSONValue) -> Void
  ) -> Outcome {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      parser.index = 3
      parser.textStart = 3
    }
    do {
      parser.skipWhitespace()
      let opensPath =
        parser.index < bytes.count
        && bytes[parser.index] == (path.isEmpty ? JSONParser.ASCII.openBracket : JSONParser.ASCII.openBrace)
      guard opensPath else { return .notStreamed }
      let found = try walk(&parser, path: path, level: 0, maximumDepth: maximumDepth, body)
      parser.skipWhitespace()
      return found && parser.index == bytes.count ? .streamed : .notStreamed
    } catch {
      return .notStreamed
    }
  }

  /// Reads the container at the parser's index (its opening bracket), which `path[level...]`
  /// descends into: an object at the levels above the array, the array itself at `level ==
  /// path.count`. Returns whether the array was found inside.
  private static func walk(
    _ parser: inout JSONParser, path: [String], level: Int, maximumDepth: Int,
    _ body: (Int, JSONValue) -> Void
  ) throws -> Bool {
    let bytes = parser.bytes
    let isArrayLevel = level == path.count
    let close = isArrayLevel ? JSONParser.ASCII.closeBracket : JSONParser.ASCII.closeBrace
    // `level` containers are open around this one, as the whole-document parser counts them.
    guard level < maximumDepth else { throw Stop() }
    parser.index += 1
    parser.skipWhitespace()
    guard parser.index < bytes.count else { throw Stop() }
    if bytes[parser.index] == close {
      parser.index += 1
      return isArrayLevel
    }
    var found = isArrayLevel
    var keys: Set<[UInt8]> = []
    var count = 0
    while true {
      parser.maximumDepth = maximumDepth - (level + 1)
      if isArrayLevel {
        body(count, try parser.parseValue())
      } else {
        guard parser.index < bytes.count, bytes[parser.index] == JSONParser.ASCII.quote else { throw Stop() }
        let key = try parser.parseString()
        guard keys.insert(Array(key.utf8)).inserted else { throw Stop() }
        parser.skipWhitespace()
        guard parser.index < bytes.count, bytes[parser.index] == JSONParser.ASCII.colon else { throw Stop() }
        parser.index += 1
        parser.skipWhitespace()
        let next = level + 1 == path.count ? JSONParser.ASCII.openBracket : JSONParser.ASCII.openBrace
        if key == path[level], parser.index < bytes.count, bytes[parser.index] == next {
          found = try walk(&parser, path: path, level: level + 1, maximumDepth: maximumDepth, body)
        } else {
          _ = try parser.parseValue()
        }
      }
      count += 1
      parser.skipWhitespace()
      guard parser.index < bytes.count else { throw Stop() }
      if bytes[parser.index] == close {
        parser.index += 1
        return found
      }
      guard bytes[parser.index] == JSONParser.ASCII.comma else { throw Stop() }
      parser.index += 1
      parser.skipWhitespace()
      guard parser.index < bytes.count, bytes[parser.index] != close else { throw Stop() }
    }
  }
}
