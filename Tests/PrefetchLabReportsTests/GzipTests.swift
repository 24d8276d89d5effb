import Foundation
import Testing

@testable import PrefetchLab
@testable import PrefetchLabReports

/// gzip through zlib: what is compressed comes back byte for byte, the bytes written do not
/// depend on how the input was split, and what other tools write (and damage) is read or refused.
@Suite struct GzipTests {
  static func decompress(_ bytes: [UInt8]) throws(Gzip.Failure) -> [UInt8] {
    try bytes.withUnsafeBufferPointer { buffer throws(Gzip.Failure) in try Gzip.decompress(buffer) }
  }

  /// CSV-like rows with repeated key cells and random numbers, as a run table holds.
  static func tableText(rows: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    var text = "scenario,strategy,params,seed,t_ms,value\r\n"
    for row in 0..<rows {
      text += "news-feed,paging3,\"prefetch_distance=10,initial_load_size=1\",\(row / 50),"
      text += "\(generator.next() % 100_000),\(Double(generator.next() % 1_000_000) / 1000)\r\n"
    }
    return Array(text.utf8)
  }

  /// Round trip over sizes around the piece size, random and repetitive input, given in random
  /// runs to a `GzipPieceFile` compressing on 1, 2 or 3 threads: always the bytes of one
  /// `compress` call, one gzip member whose trailer holds the length and the CRC-32 of the whole
  /// (the first MiB's piece compressed alone follows the header).
  @Test func piecesDoNotDependOnRunsOrThreads() throws {
    let folder = try TestFolder("gzip-pieces")
    defer { folder.remove() }
    let piece = Gzip.pieceInputBytes
    for seed in 1...4 {
      var generator = SplitMix64(seed: UInt64(seed))
      let sizes = [
        0, 1, piece - 1, piece, piece + 1, 2 * piece + 17, Int(generator.next() % UInt64(3 * piece)),
      ]
      for (number, size) in sizes.enumerated() {
        let input: [UInt8] =
          seed % 2 == 0
          ? (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
          : Array(Self.tableText(rows: size / 60 + 1, seed: UInt64(seed)).prefix(size))
        let whole = Gzip.compress(input)
        #expect(try Self.decompress(whole) == input, "seed \(seed), \(size) bytes")
        #expect(Array(whole.prefix(10)) == Gzip.header)
        let size32 = UInt32(size)
        #expect(Array(whole.suffix(4)) == [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: size32 >> $0) })
        if size >= piece {
          let first = Array(input.prefix(piece)).withUnsafeBytes {
            Gzip.PieceCompressor().piece($0, last: false)
          }
          #expect(Array(whole[10..<(10 + first.bytes.count)]) == first.bytes, "seed \(seed), \(size) bytes")
        }
        let threads = 1 + (seed + number) % 3
        let path = folder.file("\(seed)-\(size).gz")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0)
        let pool = CompressionPool(threads: threads)
        let file = GzipPieceFile(descriptor: descriptor, path: path, pool: pool)
        var index = 0
        while index < input.count {
          let length = min(Int(generator.next() % UInt64(piece / 3)), input.count - index)
          try file.append(input[index..<(index + length)])
          index += length
        }
        let written = try file.finish()
        pool.shutDown()
        let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
        #expect(
          bytes == whole, "seed \(seed), \(size) bytes, \(threads) threads: the split changed the bytes")
        #expect(written == whole.count)
      }
    }
  }

  /// A table of many pieces (as every long session's is) is one member: the header, then each
  /// piece's deflate data one after the other, reading back whole; a CRC that does not match the
  /// whole is refused.
  @Test func aLongTableIsOneMember() throws {
    let input = Self.tableText(rows: 60_000, seed: 5)
    #expect(input.count > 3 * Gzip.pieceInputBytes)
    var bytes = Gzip.compress(input)
    #expect(try Self.decompress(bytes) == input)
    let pieces = (0..<3).map { index in
      Array(input[(index * Gzip.pieceInputBytes)..<((index + 1) * Gzip.pieceInputBytes)]).withUnsafeBytes {
        Gzip.PieceCompressor().piece($0, last: false)
      }
    }
    #expect(Array(bytes[10..<(10 + pieces.map(\.bytes.count).reduce(0, +))]) == pieces.flatMap(\.bytes))
    bytes[bytes.count - 8] ^= 1
    #expect(throws: Gzip.Failure.self) { try Self.decompress(bytes) }
  }

  /// The header is `gzip -n`'s: no name, modification time 0, so files do not depend on the day
  /// (and Unix as the system on every machine).
  /// Run tables compress at least 5 times (their key cells repeat on every row).
  @Test func theHeaderHoldsNoNameOrTimeAndTablesShrink() throws {
    let input = Self.tableText(rows: 5_000, seed: 7)
    let bytes = Gzip.compress(input)
    #expect(Array(bytes.prefix(3)) == [0x1f, 0x8b, 8])
    #expect(bytes[3] == 0, "no flags: no name, comment or extra field")
    #expect(Array(bytes[4..<8]) == [0, 0, 0, 0], "modification time 0")
    #expect(bytes[9] == 3, "Unix as the system, on every machine")
    #expect(bytes.count * 5 < input.count, "\(input.count) → \(bytes.count) bytes")
    #expect(Gzip.isCompressed(bytes) && !Gzip.isCompressed(input) && !Gzip.isCompressed([UInt8]()))
  }

  /// What `gzip -n` (1.12) wrote for "a,b\r\n1,2\r\n", and two such files concatenated (one file
  /// for gzip), read back; damaged input is refused with a reason, never read as rows.
  @Test func readsWhatGzipWritesAndRefusesDamage() throws {
    let fromGzip: [UInt8] = [
      0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x4b, 0xd4, 0x49, 0xe2, 0xe5, 0x32, 0xd4,
      0x31, 0xe2, 0xe5, 0x02, 0x00, 0xf2, 0xb4, 0xd9, 0xef, 0x0a, 0x00, 0x00, 0x00,
    ]
    let text = Array("a,b\r\n1,2\r\n".utf8)
    #expect(try Self.decompress(fromGzip) == text)
    #expect(try Self.decompress(fromGzip + fromGzip) == text + text)
    #expect(try Self.decompress(fromGzip + [0, 0, 0]) == text, "zero padding after the last member")
    #expect(try Self.decompress([]) == [])
    #expect(throws: Gzip.Failure(message: "the file ends inside a gzip member (truncated?)")) {
      try Self.decompress(Array(fromGzip.dropLast(4)))
    }
    #expect(throws: Gzip.Failure(message: "not gzip (no 1f 8b at the start)")) {
      try Self.decompress(text)
    }
    #expect(throws: Gzip.Failure(message: "bytes after the last gzip member at byte 30")) {
      try Self.decompress(fromGzip + Array("x".utf8))
    }
    var crc = fromGzip
    crc[crc.count - 6] ^= 0xff  // the CRC-32 of the text
    #expect(throws: Gzip.Failure.self) { try Self.decompress(crc) }
    let big = Gzip.compress(Self.tableText(rows: 20_000, seed: 3))
    var corrupt = big
    corrupt[big.count / 2] ^= 0x5a
    #expect(throws: Gzip.Failure.self) { try Self.decompress(corrupt) }
    #expect(throws: Gzip.Failure.self) { try Self.decompress(Array(big.prefix(big.count / 2))) }
  }

  /// A compressed table reads as the plain one: the writer's `.csv.gz` and `.csv` of the same
  /// runs give the same rows through `RunData`, and the compressed file decompresses to the
  /// plain file's bytes.
  @Test func compressedAndPlainTablesReadTheSame() throws {
    let folder = try TestFolder("gzip-tables")
    defer { folder.remove() }
    let keys = (1...3).map { RunKey(scenario: "s", strategy: "a", params: "k=1", seed: UInt64($0)) }
    var generator = SplitMix64(seed: 11)
    var runs: [[TimeToContent]] = []
    for _ in keys {
      runs.append(
        (0..<300).map { item in
          TimeToContent(
            item: item, firstVisibleUs: Int64(generator.next() % 10_000_000),
            durationUs: Int64(generator.next() % 2_000_000), complete: generator.next() % 4 != 0)
        })
    }
    for (name, compressed) in [("gz", true), ("plain", false)] {
      let writer = RunTableWriter(folder: folder.file(name), compressed: compressed)
      try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
      for ordinal in [1, 2, 0] {
        try writer.submit(
          ordinal: ordinal,
          rows: [.timeToContent: RunFiles.timeToContentCSV(runs[ordinal], key: keys[ordinal])])
      }
      try writer.finish()
    }
    #expect(folder.exists("gz/ttc.csv.gz") && !folder.exists("gz/ttc.csv"))
    #expect(folder.exists("plain/ttc.csv") && !folder.exists("plain/ttc.csv.gz"))
    let plain = Array(try folder.read("plain/ttc.csv").utf8)
    let compressed = try #require(FileManager.default.contents(atPath: folder.file("gz/ttc.csv.gz")))
    #expect(try Self.decompress(Array(compressed)) == plain)
    #expect(compressed.count < plain.count, "random times compress little; the key cells still do")
    let fromGzip = RunData(folder: folder.file("gz"))
    let fromPlain = RunData(folder: folder.file("plain"))
    #expect(fromGzip.tableFileName(.timeToContent) == "ttc.csv.gz")
    #expect(fromPlain.tableFileName(.timeToContent) == "ttc.csv")
    for (key, records) in zip(keys, runs) {
      let rows = try #require(try fromGzip.timesToContent(key))
      #expect(rows == (try fromPlain.timesToContent(key)))
      #expect(rows.map(\.item) == records.map { Int64($0.item) })
      #expect(rows.map(\.complete) == records.map(\.complete))
    }
    #expect(try RunTable.timeToContent.text(in: folder.file("gz")) == String(decoding: plain, as: UTF8.self))
    // A damaged compressed table names its file.
    try folder.write("bad/ttc.csv.gz", "not gzip")
    #expect(
      throws: InputError(
        file: folder.file("bad/ttc.csv.gz"), location: "", message: "not gzip (no 1f 8b at the start)")
    ) {
      try RunData(folder: folder.file("bad")).timesToContent(keys[0])
    }
  }
}
