import Testing

@testable import PrefetchLab

/// A JSON text cut short (a file truncated while written or copied) is reported as ending too
/// early, at the end of the input, whatever it was in the middle of: never as a wrong character
/// that is not there.
@Suite struct JSONTruncationTests {
  /// Each place the input can end, with the message: an open object (before a key, after a key,
  /// after the colon, after a member, after a comma), an open array (before an element, after one,
  /// after a comma), a string (plain, in an escape, in a \u escape, between the two halves of a
  /// surrogate pair, inside a multi-byte character), a number (after `-`, the point, the `e`, its
  /// sign) and a literal.
  @Test(arguments: [
    (#"{"name": "x", "feed": {"#, 1, 24, "; expected a double-quoted object key"),
    ("{", 1, 2, "; expected a double-quoted object key"),
    (#"{"a""#, 1, 5, "; expected ':' after object key"),
    (#"{"a" "#, 1, 6, "; expected ':' after object key"),
    (#"{"a":"#, 1, 6, "; expected a value"),
    (#"{"a": 1"#, 1, 8, "; expected ',' or '}' after object member"),
    ("{\"a\": {}\n", 2, 1, "; expected ',' or '}' after object member"),
    (#"{"a": 1,"#, 1, 9, "; expected a double-quoted object key"),
    ("[", 1, 2, "; expected a value"),
    ("[1", 1, 3, "; expected ',' or ']' after array element"),
    ("[[]", 1, 4, "; expected ',' or ']' after array element"),
    ("[1, ", 1, 5, "; expected a value"),
    (#"{"a": "ab"#, 1, 10, " in the string that starts at line 1, column 7"),
    (#"{"a"#, 1, 4, " in the string that starts at line 1, column 2"),
    (#"["x\"#, 1, 5, " in the string that starts at line 1, column 2"),
    (#"["\u00"#, 1, 7, " in the string that starts at line 1, column 2"),
    (#"["\ud83d"#, 1, 9, " in the string that starts at line 1, column 2"),
    (#"["\ud83d\"#, 1, 10, " in the string that starts at line 1, column 2"),
    (#"["\ud83d\u"#, 1, 11, " in the string that starts at line 1, column 2"),
    ("[\n  \"caf\u{E9}\"", 2, 9, "; expected ',' or ']' after array element"),
    ("[-", 1, 3, "; expected a digit after '-'"),
    ("[1.", 1, 4, "; expected a digit after the decimal point"),
    ("[1e", 1, 4, "; expected a digit in the exponent"),
    ("[1E-", 1, 5, "; expected a digit in the exponent"),
    ("-", 1, 2, "; expected a digit after '-'"),
    ("[tru", 1, 5, " in 'tru'; expected true"),
    ("[f", 1, 3, " in 'f'; expected false"),
    ("{\"a\": nul", 1, 10, " in 'nul'; expected null"),
  ])
  func endingEarlySaysSo(text: String, line: Int, column: Int, detail: String) {
    #expect(throws: JSONSyntaxError(line: line, column: column, message: "unexpected end of input" + detail))
    {
      try JSONValue(parsing: text)
    }
  }

  /// A file cut inside a multi-byte character ends early too; the same bytes followed by more
  /// text are invalid UTF-8, said as such.
  @Test func cutInsideACharacterEndsEarly() {
    let euro = Array("[\"\u{20AC}".utf8)  // E2 82 AC
    let cut = Array(euro.dropLast())
    #expect(
      throws: JSONSyntaxError(
        line: 1, column: 4, message: "unexpected end of input in the string that starts at line 1, column 2")
    ) { try JSONValue(parsing: cut) }
    #expect(throws: JSONSyntaxError(line: 1, column: 3, message: "invalid UTF-8 byte 0xE2 in string")) {
      try JSONValue(parsing: cut + Array("\"]".utf8))
    }
    // A byte that cannot continue the character is invalid wherever the input ends.
    #expect(throws: JSONSyntaxError(line: 1, column: 3, message: "invalid UTF-8 byte 0xE2 in string")) {
      try JSONValue(parsing: [0x5B, 0x22, 0xE2, 0x41])
    }
  }

  /// Every proper prefix of a document that uses every construct is refused as ending early, at
  /// its own end (line, and column in characters); the whole document parses.
  @Test func everyPrefixOfADocumentEndsEarly() throws {
    let document = """
      {"name": "caf\u{E9} \u{1F600}", "esc": "a\\n\\u00e9\\ud83d\\ude00\\"",
        "n": [-1.5e+3, 0, 2E-2, 10],
        "flags": [true, false, null], "nested": {"a": [{}, []], "b": {"c": "d"}}}
      """
    let bytes = Array(document.utf8)
    _ = try JSONValue(parsing: bytes)
    for length in 0..<bytes.count {
      let prefix = Array(bytes[0..<length])
      let lastLine = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
      let line = prefix.count { $0 == UInt8(ascii: "\n") } + 1
      let column = prefix[lastLine...].count { $0 & 0xC0 != 0x80 } + 1
      do {
        _ = try JSONValue(parsing: prefix)
        Issue.record("a prefix of \(length) bytes parsed")
      } catch {
        #expect(error.message.hasPrefix("unexpected end of input"), "\(length) bytes: \(error.message)")
        #expect(error.line == line && error.column == column, "\(length) bytes: \(error)")
      }
    }
  }
}
