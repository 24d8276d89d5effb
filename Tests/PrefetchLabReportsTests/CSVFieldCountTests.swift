import Testing

@testable import PrefetchLab
@testable import PrefetchLabReports

/// `CSVFieldCount` against hand-counted records, and against `CSVWriter` over records of any
/// fields: what the writer writes, the counter counts.
@Suite struct CSVFieldCountTests {
  static func count(_ text: String) -> Int? { CSVFieldCount.of(Array(text.utf8)) }

  @Test func handCountedRecords() {
    #expect(Self.count("") == 1)
    #expect(Self.count("a") == 1)
    #expect(Self.count("a,b,c") == 3)
    #expect(Self.count(",,") == 3)
    #expect(Self.count("feed,paging3,\"a=1,b=2\",1,0.5") == 5)
    #expect(Self.count("\"he said \"\"hi, there\"\"\",x") == 2)
    #expect(Self.count("\"\"") == 1)
    #expect(Self.count("\"a\nb\",c") == 2)
    // A quote inside an unquoted field is a character of it.
    #expect(Self.count("a\"b,c") == 2)
    #expect(Self.count("\"unclosed,a") == nil)
    #expect(Self.count("\"closed\"x,a") == nil)
  }

  @Test func countsWhatTheWriterWrites() {
    var generator = SplitMix64(seed: 41)
    let pieces = ["a", ",", "\"", "b c", "", "é", "\r"]
    for _ in 0..<500 {
      let fields = (0..<(1 + Int(generator.next() % 8))).map { _ in
        (0..<Int(generator.next() % 4)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
          .joined()
      }
      // Without its line break, as bytes: "\r\n" is one Character of a String.
      let record = Array(CSVWriter.record(fields).utf8).dropLast(2)
      #expect(CSVFieldCount.of(record) == fields.count, "\(fields)")
    }
  }
}
