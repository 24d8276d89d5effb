import Foundation
import Testing

@testable import PrefetchLab
@testable import PrefetchLabReports

/// Reading a run table in pieces (`GzipInflater`, `LineSplitter`, `RunTable.streamLines`) gives
/// the lines reading it whole gives, however the pieces are cut: inside a row, between CR and
/// LF, inside a multi-byte UTF-8 character, across gzip members; and it refuses what
/// `Gzip.decompress` refuses.
@Suite struct StreamedTableReadingTests {
  /// A table with quoted params, multi-byte names (é: 2 bytes, → 3, 🚀 4) and random numbers.
  static func text(rows: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    var text = "scenario,strategy,params,seed,t_ms,value\r\n"
    let names = ["café-feed", "flèche→", "rocket🚀", "plain"]
    for row in 0..<rows {
      text += "\(names[row % 4]),paging3,\"prefetch_distance=10,initial_load_size=1\",\(row / 50),"
      text += "\(generator.next() % 100_000),\(Double(generator.next() % 1_000_000) / 1000)\r\n"
    }
    return Array(text.utf8)
  }

  /// The lines of `bytes` split whole: by LF, a CR before it dropped.
  static func wholeLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map { line -> [UInt8] in
      line.last == 13 ? Array(line.dropLast()) : Array(line)
    }
    if bytes.last == 10 { lines.removeLast() }
    return lines
  }

  /// `bytes` cut at random places (pieces of 1 to `largest` bytes).
  static func pieces(_ bytes: [UInt8], largest: Int, _ generator: inout SplitMix64) -> [[UInt8]] {
    var pieces: [[UInt8]] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + 1 + Int(generator.next() % UInt64(largest)))
      pieces.append(Array(bytes[start..<end]))
      start = end
    }
    return pieces
  }

  @Test func linesDoNotDependOnWherePiecesAreCut() {
    var generator = SplitMix64(seed: 11)
    for seed in 0..<40 as Range<UInt64> {
      var bytes = Self.text(rows: 1 + Int(seed) * 7, seed: seed)
      if seed % 3 == 0 { bytes.removeLast(2) }  // no line break after the last row
      let largest = [1, 2, 3, 5, 17, 300][Int(seed) % 6]
      var splitter = LineSplitter()
      var lines: [[UInt8]] = []
      for piece in Self.pieces(bytes, largest: largest, &generator) {
        piece.withUnsafeBufferPointer { splitter.feed($0) { lines.append(Array($0)) } }
      }
      #expect(splitter.endsWithLineBreak == (seed % 3 != 0))
      splitter.finish { lines.append(Array($0)) }
      #expect(lines == Self.wholeLines(bytes), "seed \(seed), pieces of up to \(largest) bytes")
      #expect(splitter.lines == lines.count)
      // Every line is valid UTF-8 again once put together.
      #expect(lines.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
    }
  }

  /// A CRLF cut between its CR and its LF, and a 4-byte character cut after each of its bytes.
  @Test func aLineBreakOrACharacterCutInTwoIsPutTogether() {
    let bytes = Array("a,🚀\r\nb\r\n".utf8)
    for cut in 1..<bytes.count {
      var splitter = LineSplitter()
      var lines: [String] = []
      for piece in [Array(bytes[..<cut]), Array(bytes[cut...])] {
        piece.withUnsafeBufferPointer {
          splitter.feed($0) { lines.append(String(decoding: $0, as: UTF8.self)) }
        }
      }
      splitter.finish { lines.append(String(decoding: $0, as: UTF8.self)) }
      #expect(lines == ["a,🚀", "b"], "cut at \(cut)")
    }
  }

  /// Inflated with random input pieces and tiny output pieces (a row, and a character, split
  /// across inflate chunks), over one member and over several concatenated ones.
  @Test func inflatingInPiecesGivesTheWholeDecompression() throws {
    var generator = SplitMix64(seed: 3)
    for seed in 0..<12 as Range<UInt64> {
      let bytes = Self.text(rows: 40 + Int(seed) * 300, seed: seed)
      var compressed = Gzip.compress(bytes)
      var expected = bytes
      if seed % 4 == 1 {
        compressed += Gzip.compress(Array("x,🚀\r\n".utf8))
        expected += Array("x,🚀\r\n".utf8)
      }
      if seed % 4 == 2 { compressed += [0, 0, 0, 0] }
      let outputBytes = [1, 7, 64, 4096][Int(seed) % 4]
      let inflater = GzipInflater(outputBytes: outputBytes)
      var output: [UInt8] = []
      var splitter = LineSplitter()
      var lines: [[UInt8]] = []
      for piece in Self.pieces(compressed, largest: [1, 13, 1000, 70_000][Int(seed / 4) % 4], &generator) {
        try piece.withUnsafeBufferPointer { input throws(Gzip.Failure) in
          try inflater.feed(input) { chunk in
            #expect(chunk.count <= outputBytes)
            output += chunk
            splitter.feed(chunk) { lines.append(Array($0)) }
          }
        }
      }
      try inflater.finish()
      splitter.finish { lines.append(Array($0)) }
      #expect(output == expected, "seed \(seed)")
      #expect(lines == Self.wholeLines(expected), "seed \(seed)")
    }
  }

  @Test func inflatingRefusesWhatDecompressRefuses() throws {
    let compressed = Gzip.compress(Self.text(rows: 500, seed: 1))
    func inflate(_ bytes: [UInt8]) throws(Gzip.Failure) {
      let inflater = GzipInflater(outputBytes: 100)
      for piece in stride(from: 0, to: bytes.count, by: 997) {
        try Array(bytes[piece..<min(bytes.count, piece + 997)]).withUnsafeBufferPointer {
          input throws(Gzip.Failure) in try inflater.feed(input) { _ in }
        }
      }
      try inflater.finish()
    }
    #expect(throws: Gzip.Failure(message: "the file ends inside a gzip member (truncated?)")) {
      try inflate(Array(compressed.prefix(compressed.count / 2)))
    }
    #expect(throws: Gzip.Failure(message: "the file ends inside a gzip member (truncated?)")) {
      try inflate(Array(compressed.dropLast(3)))
    }
    #expect(throws: Gzip.Failure(message: "not gzip (no 1f 8b at the start)")) {
      try inflate(Array("scenario,strategy\r\n".utf8))
    }
    #expect(throws: Gzip.Failure(message: "bytes after the last gzip member at byte \(compressed.count)")) {
      try inflate(compressed + Array("junk".utf8))
    }
    var corrupt = compressed
    corrupt[corrupt.count - 6] ^= 0xff  // the CRC-32 in the trailer
    #expect(throws: Gzip.Failure.self) { try inflate(corrupt) }
    try inflate(compressed)
  }

  /// `RunTable.streamLines` on files: the same lines, compressed or plain, as a whole read.
  @Test func streamingAFileGivesItsLines() throws {
    let folder = try TestFolder("streamed-table")
    defer { folder.remove() }
    let bytes = Self.text(rows: 3000, seed: 9)
    try Data(bytes).write(to: URL(fileURLWithPath: folder.file("t.csv")))
    try Data(Gzip.compress(bytes)).write(to: URL(fileURLWithPath: folder.file("t.csv.gz")))
    for name in ["t.csv", "t.csv.gz"] {
      for pieceBytes in [5, 4096, 1 << 18] {
        var lines: [[UInt8]] = []
        let found = try RunTable.streamLines(path: folder.file(name), pieceBytes: pieceBytes) {
          lines.append(Array($0))
        }
        #expect(lines == Self.wholeLines(bytes), "\(name), \(pieceBytes)")
        #expect(found == RunTableCompleteness.Found(lines: 3001, endsWithLineBreak: true))
      }
    }
    #expect(throws: InputError.self) { _ = try RunTable.streamLines(path: folder.file("none.csv")) { _ in } }
  }

  /// A file with no line feed is not held whole: past `LineSplitter.maxLineBytes` (1 MiB) of one
  /// line the read stops with the line's number, compressed or plain, whatever the piece size;
  /// the lines before it were handed over.
  @Test func aLineLongerThanAMebibyteIsRefused() throws {
    let folder = try TestFolder("overlong-line")
    defer { folder.remove() }
    let bytes = Array("a,b\r\n1,2\r\n".utf8) + [UInt8](repeating: 120, count: (1 << 20) + 1)
    try Data(bytes).write(to: URL(fileURLWithPath: folder.file("t.csv")))
    try Data(Gzip.compress(bytes)).write(to: URL(fileURLWithPath: folder.file("t.csv.gz")))
    for name in ["t.csv", "t.csv.gz"] {
      for pieceBytes in [4096, 1 << 18, 1 << 21] {
        var lines = 0
        do {
          _ = try RunTable.streamLines(path: folder.file(name), pieceBytes: pieceBytes) { _ in lines += 1 }
          Issue.record("\(name), \(pieceBytes): read whole")
        } catch {
          #expect(error.location == "line 3", "\(name), \(pieceBytes)")
          #expect(error.message.hasPrefix("longer than 1048576 bytes"), "\(error.message)")
        }
        #expect(lines == 2, "\(name), \(pieceBytes)")
      }
    }
  }
}
