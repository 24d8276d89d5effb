import Foundation
import Testing

@testable import PrefetchLab

/// `JSONElementStream`: the elements of one array handed over one at a time, exactly as the
/// whole-document parse holds them; any document the whole parse refuses, or whose path leads
/// elsewhere, is not streamed (the caller parses it whole for the message). And `HARReader`,
/// which reads `log.entries` this way, reads the same entries and errors as through the tree.
@Suite struct JSONElementStreamTests {
  static func streamed(_ text: String, _ path: [String] = ["log", "entries"]) -> (
    JSONElementStream.Outcome, [JSONValue]
  ) {
    var elements: [JSONValue] = []
    let outcome = JSONElementStream.forEachElement(of: path, in: Array(text.utf8)) { index, value in
      #expect(index == elements.count)
      elements.append(value)
    }
    return (outcome, elements)
  }

  @Test func theElementsAreThoseOfTheWholeParse() throws {
    let text = """
      \u{FEFF}{"version": 1, "log": {"pages": [{"log": 2}], "entries": [1, "two", {"three": [3, {"x": null}]}, [], {}],
      "creator": {"entries": 5}}, "after": [true, false]}
      """
    let (outcome, elements) = Self.streamed(text)
    #expect(outcome == .streamed)
    let whole = try JSONValue(parsing: text)
    guard case .array(let expected)? = whole["log"]?["entries"] else {
      Issue.record("no array")
      return
    }
    #expect(elements == expected)
    #expect(Self.streamed(#"{"log": {"entries": []}}"#).0 == .streamed)
    #expect(Self.streamed(#"{"log": {"entries": []}}"#).1.isEmpty)
  }

  /// Each of these the whole parse refuses or finds no array at the path in: not streamed,
  /// even where elements were handed over before the problem showed.
  @Test(arguments: [
    #"{"log": {"entries": [1, 2]}} x"#,  // text after the document
    #"{"log": {"entries": [1, 2,]}}"#,  // trailing comma
    #"{"log": {"entries": [1, 2]}, "log": 3}"#,  // a duplicate key on the path's level
    #"{"log": {"entries": [1], "entries": [2]}}"#,
    #"{"log": {"entries": [1, {"a": 1, "a": 2}]}}"#,  // a duplicate key inside an element
    #"{"log": {"entries": [1, 2]}, "tail": [1,}"#,  // a syntax error after the array
    #"{"log": {"entries": {"a": 1}}}"#,  // not an array
    #"{"log": [1]}"#,  // not an object
    #"{"logs": {"entries": [1]}}"#,  // no such key
    #"[{"log": {"entries": [1]}}]"#,  // the root is no object
    #"{"log": {"entries": [1, 2"#,  // cut short
    "",
  ])
  func documentsTheWholeParseRefusesAreNotStreamed(text: String) {
    #expect(Self.streamed(text).0 == .notStreamed)
  }

  /// The nesting limit counts from the root, as the whole parse's does.
  @Test func theDepthLimitCountsFromTheRoot() {
    let element = "[[[1]]]"  // 3 levels inside the entries array, itself at depth 3
    var elements: [JSONValue] = []
    let bytes = Array(#"{"log": {"entries": [\#(element)]}}"#.utf8)
    #expect(
      JSONElementStream.forEachElement(of: ["log", "entries"], in: bytes, maximumDepth: 6) {
        elements.append($1)
      } == .streamed)
    #expect((try? JSONValue(parsing: bytes, maximumDepth: 6)) != nil)
    #expect(
      JSONElementStream.forEachElement(of: ["log", "entries"], in: bytes, maximumDepth: 5) { _, _ in }
        == .notStreamed)
    #expect((try? JSONValue(parsing: bytes, maximumDepth: 5)) == nil)
  }

  /// The committed generated HAR (2 410 entries) reads the same streamed as through the tree.
  @Test func harEntriesStreamedAreThoseOfTheTree() throws {
    let path = HARImportTests.repository + "/Tests/Fixtures/har/generated.har"
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    let streamed = try HARReader.entries(bytes: bytes, file: path)
    let tree = try HARReader.entriesOfWholeTree(bytes: bytes, file: path)
    #expect(streamed.count == tree.count && streamed.count > 2000)
    #expect(streamed == tree)
  }

  /// Errors keep their order: a syntax error anywhere before the first wrong entry, with the
  /// whole parse's line and column; else the first wrong entry in file order.
  @Test func aSyntaxErrorComesBeforeAWrongEntry() {
    let good =
      #"{"startedDateTime": "2026-01-01T00:00:00.000Z", "request": {"url": "https://a.test/x"}, "#
      + #""response": {"status": 200}, "timings": {"wait": 1}}"#
    let wrong =
      #"{"startedDateTime": "2026-01-01T00:00:00.000Z", "request": {"url": ""}, "response": {"status": 200}, "timings": {}}"#
    let syntax = #"{"log": {"entries": [\#(good), \#(wrong)]}, "x": [1,]}"#
    #expect(throws: InputError.self) { try HARReader.entries(bytes: Array(syntax.utf8), file: "a.har") }
    do {
      _ = try HARReader.entries(bytes: Array(syntax.utf8), file: "a.har")
    } catch {
      #expect(error.message.hasPrefix("not a HAR file: trailing comma"), "\(error)")
      #expect(error.location == "line 1, column \(syntax.count - 2)", "\(error)")
    }
    let entries = #"{"log": {"entries": [\#(good), \#(wrong), \#(wrong)]}}"#
    do {
      _ = try HARReader.entries(bytes: Array(entries.utf8), file: "a.har")
      Issue.record("no error")
    } catch {
      #expect(error.location == "log.entries[1].request.url", "\(error)")
    }
  }
}
