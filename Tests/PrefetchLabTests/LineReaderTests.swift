import Testing

@testable import PrefetchLab

@Suite struct LineReaderTests {
  /// Every line the reader returns, as (number, text).
  private static func lines(_ text: String, _ blankLines: LineReader.BlankLines) -> [(Int, String)] {
    var reader = LineReader(Array(text.utf8), blankLines: blankLines)
    var result: [(Int, String)] = []
    while let line = reader.next() { result.append((line.number, reader.text(line.range))) }
    return result
  }

  /// The next line, which must exist.
  private static func next(_ reader: inout LineReader) throws -> LineReader.Line {
    let line = reader.next()
    return try #require(line)
  }

  /// `piece` without spaces, TABs and CRs at either end.
  private static func trimmed(_ piece: ArraySlice<UInt8>) -> String {
    let blanks: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
    guard let first = piece.firstIndex(where: { !blanks.contains($0) }),
      let last = piece.lastIndex(where: { !blanks.contains($0) })
    else { return "" }
    return String(decoding: piece[first...last], as: UTF8.self)
  }

  private static func same(_ a: [(Int, String)], _ b: [(Int, String)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
  }

  @Test func blanksAroundALineAreDroppedAndACRInsideIsKept() {
    let lines = Self.lines(" a b \t\r\n\tc\rd\r\n", .skipped)
    #expect(Self.same(lines, [(1, "a b"), (2, "c\rd")]))
  }

  @Test func aFinalLineFeedStartsNoLineAndItsAbsenceLosesNoLine() {
    #expect(Self.same(Self.lines("1\n2\n", .trailingOnly), [(1, "1"), (2, "2")]))
    #expect(Self.same(Self.lines("1\n2", .trailingOnly), [(1, "1"), (2, "2")]))
    #expect(Self.lines("", .trailingOnly).isEmpty)
    #expect(Self.lines("", .skipped).isEmpty)
  }

  /// Blank lines count in the numbering whatever the policy, so errors name the editor's line.
  @Test func skippedBlankLinesStillCount() {
    #expect(Self.same(Self.lines("\n \r\na\n\n\t\nb\n\n", .skipped), [(3, "a"), (6, "b")]))
  }

  /// `.trailingOnly`: a blank line before more content comes back empty, for the format to
  /// reject; blank lines (spaces, TABs, CRs) at the end are the end.
  @Test func trailingOnlyReturnsInnerBlankLinesAndStopsAtTrailingOnes() {
    var reader = LineReader(Array("1\n\n 2\n \r\n\t\n\n".utf8), blankLines: .trailingOnly)
    #expect(reader.next() == LineReader.Line(number: 1, range: 0..<1))
    let blank = reader.next()
    #expect(blank?.number == 2)
    #expect(blank?.isEmpty == true)
    #expect(blank?.location == "line 2")
    #expect(reader.next() == LineReader.Line(number: 3, range: 4..<5))
    #expect(reader.next() == nil)
    #expect(reader.next() == nil)
    #expect(Self.lines(" \n\r\n", .trailingOnly).isEmpty)
  }

  @Test func blankSeparatedFieldsHaveNoEmptyOnes() throws {
    let bytes = Array("  0.5\t 12 \r7  ".utf8)
    var reader = LineReader(bytes, blankLines: .trailingOnly)
    let line = try Self.next(&reader)
    #expect(reader.fields(of: line).map(reader.text) == ["0.5", "12", "7"])
  }

  /// Separated fields keep empty ones and lose the white space around them, Unicode's included.
  @Test func separatedFieldsKeepEmptiesAndTrimWhiteSpace() throws {
    var reader = LineReader(Array("a , ,b\u{00A0},\u{0B}c\n,\n x \n".utf8), blankLines: .skipped)
    let first = try Self.next(&reader)
    #expect(reader.fields(of: first, separatedBy: UInt8(ascii: ",")) == ["a", "", "b", "c"])
    let second = try Self.next(&reader)
    #expect(reader.fields(of: second, separatedBy: UInt8(ascii: ",")) == ["", ""])
    let third = try Self.next(&reader)
    #expect(reader.fields(of: third, separatedBy: UInt8(ascii: ",")) == ["x"])
  }

  /// Property over many random texts: the reader agrees with a plain reference (split on LF, trim
  /// spaces, TABs and CRs, number from 1), and CRLF line ends read exactly as LF ones.
  @Test func agreesWithAReferenceSplitOnRandomTexts() {
    let alphabet: [UInt8] = Array("ab1 \t\r\n\n\n".utf8)
    var random = SplitMix64(seed: 9)
    for _ in 0..<2000 {
      let length = Int(random.next() % 40)
      let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
      var pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      if bytes.last == UInt8(ascii: "\n") { pieces.removeLast() }
      let reference = pieces.enumerated().map { offset, piece in (offset + 1, Self.trimmed(piece)) }
      let text = String(decoding: bytes, as: UTF8.self)
      let skipped = reference.filter { !$0.1.isEmpty }
      #expect(Self.same(Self.lines(text, .skipped), skipped), "\(bytes)")
      let lastContent = reference.lastIndex { !$0.1.isEmpty }.map { $0 + 1 } ?? 0
      #expect(Self.same(Self.lines(text, .trailingOnly), Array(reference.prefix(lastContent))), "\(bytes)")
      let crlf = String(
        decoding: bytes.flatMap { $0 == UInt8(ascii: "\n") ? [UInt8(ascii: "\r"), $0] : [$0] }, as: UTF8.self)
      #expect(Self.same(Self.lines(crlf, .skipped), skipped), "\(bytes)")
    }
  }
}
