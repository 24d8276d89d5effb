import Testing

@testable import PrefetchLab

@Suite struct JSONValueParsingTests {
  @Test func parsesEveryKindOfValueKeepingMemberOrder() throws {
    let value = try JSONValue(
      parsing: #"{"z": null, "a": [true, false, -0.5e1, 20, "x"], "m": {}, "e": []}"#)
    let expected: JSONValue = [
      "z": .null,
      "a": [true, false, .number(-5, isInteger: false), .number(20, isInteger: true), "x"],
      "m": .object([]),
      "e": [],
    ]
    #expect(value == expected)
    #expect(value.objectMembers?.map(\.key) == ["z", "a", "m", "e"])
  }

  @Test(arguments: [
    ("0", 0.0, true), ("-0", 0.0, true), ("20", 20, true), ("20.0", 20, false), ("2e1", 20, false),
    ("-1.25", -1.25, false), ("1E+2", 100, false), ("1e-2", 0.01, false),
    ("123456789012345678901234567890", 1.2345678901234568e29, true),
    ("0.1", 0.1, false), ("0e-400", 0, false), ("5e-324", .leastNonzeroMagnitude, false),
  ])
  func parsesNumbers(text: String, value: Double, isInteger: Bool) throws {
    #expect(try JSONValue(parsing: text) == .number(value, isInteger: isInteger))
  }

  @Test(arguments: [
    (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
    (#""\u0041\u00e9\u4e2d""#, "Aé中"),
    (#""\ud83d\ude00""#, "😀"),
    (#""\uD834\uDD1E clef""#, "𝄞 clef"),
    (#""\u0000""#, "\u{0}"),
    ("\"héllo 😀\"", "héllo 😀"),
  ])
  func decodesStringEscapesAndUTF8(text: String, expected: String) throws {
    #expect(try JSONValue(parsing: text) == .string(expected))
  }

  @Test func acceptsScalarsAtTopLevelAndSurroundingWhitespace() throws {
    #expect(try JSONValue(parsing: " \t\r\n true \n") == .bool(true))
    #expect(try JSONValue(parsing: "null") == .null)
    #expect(try JSONValue(parsing: #""s""#) == .string("s"))
  }

  @Test func skipsAByteOrderMark() throws {
    #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
  }

  @Test func keysThatAreOnlyCanonicallyEquivalentAreDistinct() throws {
    // "é" precomposed and "e" + combining acute: different code points, so not duplicates.
    let value = try JSONValue(parsing: "{\"\u{E9}\": 1, \"e\u{301}\": 2}")
    #expect(value.objectMembers?.count == 2)
  }

  /// Small objects compare each key with the earlier ones, large ones use a set: both find a
  /// duplicate wherever it is (before, at and after the switch) and only byte-equal keys.
  @Test(arguments: [2, 15, 16, 17, 40])
  func duplicateKeysAreFoundInObjectsOfAnySize(members: Int) throws {
    let distinct = (0..<members).map { "\"k\($0)\": \($0)" }
    let value = try JSONValue(
      parsing: "{" + (distinct + ["\"\u{E9}\": 1", "\"e\u{301}\": 2"]).joined(separator: ",") + "}")
    #expect(value.objectMembers?.count == members + 2)
    for repeated in [0, members - 1] {
      let text = "{" + (distinct + ["\"k\(repeated)\": 0"]).joined(separator: ",") + "}"
      do {
        _ = try JSONValue(parsing: text)
        Issue.record("k\(repeated) repeated in an object of \(members + 1) members was not refused")
      } catch {
        #expect(error.message == "duplicate key 'k\(repeated)' in object")
      }
    }
  }

  @Test(arguments: [
    ("", 1, 1, "unexpected end of input; expected a value"),
    ("{\n  \"a\": 1,\n  \"b\": 2 \"c\": 3\n}", 3, 10, "expected ',' or '}' after object member"),
    ("[1 2]", 1, 4, "expected ',' or ']' after array element"),
    ("[1,]", 1, 3, "trailing comma before ']'"),
    ("{\"a\":1,}", 1, 7, "trailing comma before '}'"),
    ("{\"a\":1,\"a\":2}", 1, 8, "duplicate key 'a' in object"),
    ("{a:1}", 1, 2, "expected a double-quoted object key"),
    ("{\"a\" 1}", 1, 6, "expected ':' after object key"),
    ("01", 1, 1, "leading zeros are not allowed in numbers"),
    ("-01", 1, 2, "leading zeros are not allowed in numbers"),
    ("1.x", 1, 3, "expected a digit after the decimal point"),
    (".5", 1, 1, "unexpected '.'; expected a value"),
    ("1ex", 1, 3, "expected a digit in the exponent"),
    ("- 1", 1, 2, "expected a digit after '-'"),
    ("+1", 1, 1, "unexpected '+'; expected a value"),
    ("NaN", 1, 1, "NaN and Infinity are not JSON numbers"),
    ("Infinity", 1, 1, "NaN and Infinity are not JSON numbers"),
    ("-Infinity", 1, 1, "NaN and Infinity are not JSON numbers"),
    ("1e400", 1, 1, "number 1e400 is too large"),
    // A non-zero literal must not silently become 0 (an integer key would read it as 0).
    (
      "[1e-400]", 1, 2,
      "number 1e-400 is too small to represent (it would round to 0); write 0 or a larger number"
    ),
    ("True", 1, 1, "unexpected 'True'; expected a value (true, false, null, a number, a string, [ or {)"),
    ("'a'", 1, 1, "strings must be enclosed in double quotes"),
    ("// note\n1", 1, 1, "comments are not allowed in JSON"),
    ("\"a\tb\"", 1, 3, "control character U+0009 must be escaped in a string"),
    ("[\"a\nb\"]", 1, 4, "control character U+000A must be escaped in a string"),
    (#""\x""#, 1, 2, "invalid escape '\\x' in string"),
    (#""\u12G4""#, 1, 2, "expected 4 hexadecimal digits after \\u"),
    (
      #""\ud800""#, 1, 2,
      "unpaired surrogate \\uD800 (a high surrogate must be followed by a \\uDC00-\\uDFFF escape)"
    ),
    (
      #""\ud800\u0041""#, 1, 2,
      "unpaired surrogate \\uD800 (a high surrogate must be followed by a \\uDC00-\\uDFFF escape)"
    ),
    (#""\udc00""#, 1, 2, "unpaired surrogate \\uDC00 (a low surrogate must follow a high one)"),
    ("[1] [2]", 1, 5, "unexpected '[' after the JSON value"),
    (
      "{\"a\": [1, {\"b\": tru}]}", 1, 17,
      "unexpected 'tru'; expected a value (true, false, null, a number, a string, [ or {)"
    ),
    ("[\"é\", x]", 1, 7, "unexpected 'x'; expected a value (true, false, null, a number, a string, [ or {)"),
    ("\r\n\r\n  ]", 3, 3, "unexpected ']'; expected a value"),
  ])
  func rejectsInvalidTextWithLineAndColumn(text: String, line: Int, column: Int, message: String) {
    #expect(throws: JSONSyntaxError(line: line, column: column, message: message)) {
      try JSONValue(parsing: text)
    }
  }

  @Test(
    arguments: [
      [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
    ] as [[UInt8]])
  func rejectsInvalidUTF8InStrings(bytes: [UInt8]) {
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: bytes) }
  }

  @Test func reportsInvalidUTF8ByteValue() {
    #expect(throws: JSONSyntaxError(line: 1, column: 3, message: "invalid UTF-8 byte 0xFF in string")) {
      try JSONValue(parsing: [0x22, 0x61, 0xFF, 0x22])
    }
  }

  @Test func acceptsNestingUpToTheLimitAndRejectsDeeper() throws {
    let limit = JSONValue.defaultMaximumDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    var value = try JSONValue(parsing: deepest)
    var depth = 0
    while case .array(let elements) = value {
      depth += 1
      value = elements.first ?? .null
    }
    #expect(depth == limit)
    let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    #expect(
      throws: JSONSyntaxError(line: 1, column: limit + 1, message: "nesting deeper than \(limit) levels")
    ) {
      try JSONValue(parsing: tooDeep)
    }
  }

  @Test func hostileNestingFailsWithoutCrashing() {
    let hostile = String(repeating: "{\"a\":[", count: 200_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: hostile) }
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: String(repeating: "[", count: 1_000_000)) }
  }

  @Test func customDepthLimit() throws {
    #expect(try JSONValue(parsing: "[[1]]", maximumDepth: 2) == [[1]])
    #expect(throws: JSONSyntaxError(line: 1, column: 3, message: "nesting deeper than 2 levels")) {
      try JSONValue(parsing: "[[{}]]", maximumDepth: 2)
    }
  }

  @Test func columnsCountCharactersNotBytes() {
    // "é" and "😀" are one column each although they take 2 and 4 bytes.
    #expect(throws: JSONSyntaxError(line: 2, column: 10, message: "expected ',' or ']' after array element"))
    {
      try JSONValue(parsing: "[\n\"é\", \"😀\" 1]")
    }
  }
}

@Suite struct JSONValueSerializingTests {
  @Test func compactAndPrettyLayouts() {
    let value: JSONValue = ["name": "x", "list": [1, 2.5], "empty": [], "none": .object([]), "flag": false]
    #expect(value.serialized() == #"{"name":"x","list":[1,2.5],"empty":[],"none":{},"flag":false}"#)
    #expect(
      value.serialized(pretty: true) == """
        {
          "name": "x",
          "list": [
            1,
            2.5
          ],
          "empty": [],
          "none": {},
          "flag": false
        }
        """)
  }

  @Test(arguments: [
    (JSONValue.number(20, isInteger: true), "20"), (.number(20, isInteger: false), "20.0"),
    (.number(1e20, isInteger: false), "100000000000000000000.0"),
    (.number(0.000001, isInteger: false), "0.000001"),
    (.number(-0.1, isInteger: false), "-0.1"), (.number(.nan, isInteger: false), "null"),
    (.number(.infinity, isInteger: false), "null"), (JSONValue(3.0), "3"), (JSONValue(0.5), "0.5"),
    (.number(9_007_199_254_740_991, isInteger: true), "9007199254740991"),
    (.number(2e15, isInteger: false), "2000000000000000.0"),
    (.number(1e16, isInteger: true), "10000000000000000"),
  ])
  func numbers(value: JSONValue, text: String) {
    #expect(value.serialized() == text)
  }

  @Test func escapesOnlyWhatJSONRequires() {
    let value = JSONValue.string("a\"b\\c/d\n\r\t\u{08}\u{0C}\u{01}\u{1F}é😀")
    #expect(value.serialized() == #""a\"b\\c/d\n\r\t\b\f\u0001\u001fé😀""#)
  }

  @Test(arguments: [
    #"{"a":[1,2.5,-3e-7,true,null,"\u00e9\n"],"b":{"c":{}},"d":[]}"#,
    #"[0.1,0.2,0.30000000000000004,1e21,123456789.125,-0.0,5e-324,1.7976931348623157e308]"#,
    #"[9007199254740991,1234567890123456,2e15,1e15,-4503599627370497]"#,
    #""\ud83d\ude00 \u0000 \\ \"""#,
  ])
  func roundTripsThroughTheParser(text: String) throws {
    let value = try JSONValue(parsing: text)
    for pretty in [false, true] {
      let written = value.serialized(pretty: pretty)
      #expect(try JSONValue(parsing: written) == value)
      // Serializing is a fixed point: a second pass writes the same bytes.
      #expect(try JSONValue(parsing: written).serialized(pretty: pretty) == written)
    }
  }

  @Test func randomDoublesRoundTripExactly() throws {
    var generator = SplitMix64(seed: 99)
    for _ in 0..<2000 {
      let double = Double(bitPattern: generator.next())
      guard double.isFinite else { continue }
      let value = JSONValue.number(double, isInteger: false)
      #expect(try JSONValue(parsing: value.serialized()) == value)
    }
  }
}
