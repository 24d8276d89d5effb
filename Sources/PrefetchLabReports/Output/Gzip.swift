import CZlib

/// gzip (RFC 1952) through the system's zlib: the compressed run tables (`timeline.csv.gz`, …)
/// are written as one gzip member whose deflate data is compressed in pieces of
/// `pieceInputBytes` of input (`GzipPieceFile`, on a `CompressionPool`'s threads) and read back
/// with `Gzip.decompress`.
///
/// The bytes written depend only on the bytes given and the level, never on how they were
/// split into `append` calls or on which thread compressed a piece. The gzip header carries
/// no file name and a modification time of 0 (what `gzip -n` writes), so a table is the same
/// bytes for any `--jobs`, any shard split, and any day. zlib's own version can change the
/// compressed bytes (not what they decompress to); results compared by `check` are the
/// decompressed rows.
public enum Gzip {
  /// The level the run tables are written with: zlib's fastest (1). Measured on the bundled
  /// scenarios' tables (docs/ci.md, "Outputs"), level 6 (gzip's default) makes them 14 %
  /// smaller (9.4 MB against 10.9) at three times the CPU time, which writing cannot afford.
  public static let tableLevel: Int32 = 1

  /// Whether `bytes` starts as a gzip member does (`1f 8b`).
  public static func isCompressed<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
    var iterator = bytes.makeIterator()
    return iterator.next() == 0x1f && iterator.next() == 0x8b
  }

  /// `bytes` compressed at `level` (1 fastest … 9 smallest) as a table file holds them: one
  /// gzip member (`header`, the pieces of `pieceInputBytes` each, then the rest, which may be
  /// empty, as the last piece, `trailer`), the bytes `GzipPieceFile` writes for the same input
  /// on any number of threads.
  public static func compress(_ bytes: [UInt8], level: Int32 = tableLevel) -> [UInt8] {
    let compressor = PieceCompressor(level: level)
    var output = header
    var crc: UInt32 = 0
    bytes.withUnsafeBytes { raw in
      var start = 0
      while true {
        let end = min(start + pieceInputBytes, raw.count)
        let last = end - start < pieceInputBytes
        let piece = compressor.piece(UnsafeRawBufferPointer(rebasing: raw[start..<end]), last: last)
        output += piece.bytes
        crc = combine(crc, piece.crc, secondLength: piece.inputLength)
        start = end
        if last { break }
      }
    }
    return output + trailer(crc: crc, length: bytes.count)
  }

  /// A failure to decompress: what zlib said, and how far into the input it got.
  public struct Failure: Error, Sendable, Equatable {
    public var message: String
  }

  /// The decompressed bytes of every gzip member of `bytes`, one after another (as `gzip -dc`
  /// gives them: a file of concatenated members is one file), through `GzipInflater`, which
  /// says what is accepted.
  ///
  /// Complexity: O(n) in the decompressed size, which is held in memory at once.
  /// - Throws: `Failure` for bytes that are not gzip, a corrupt member (a failed CRC or ISIZE
  ///   included), bytes other than zeros after the last member, or a file that ends inside a
  ///   member.
  public static func decompress(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [UInt8] {
    var output = [UInt8]()
    output.reserveCapacity(bytes.count * 4)
    let inflater = GzipInflater()
    try inflater.feed(bytes) { output.append(contentsOf: $0) }
    try inflater.finish()
    return output
  }

  static func failureText(_ status: Int32, _ stream: UnsafeMutablePointer<z_stream>) -> String {
    if let message = stream.pointee.msg { return "corrupt gzip data: " + String(cString: message) }
    switch status {
    case Z_BUF_ERROR: return "the file ends inside a gzip member (truncated?)"
    case Z_MEM_ERROR: return "out of memory"
    default: return "corrupt gzip data (zlib status \(status))"
    }
  }

  /// Input bytes of each piece of a table: a table of n bytes is one gzip member whose deflate
  /// data is ⌊n / 1 MiB⌋ + 1 pieces, cut at fixed offsets of the table's bytes, each compressed
  /// on its own (as `pigz -i` does), so the pieces can be compressed on several threads and the
  /// file is still the same bytes for any thread count or `--jobs`. Each piece starts without
  /// the previous one's window; at 1 MiB that costs 0.06 % of the compressed size of the Sabre
  /// sessions' tables (3 210 302 bytes against 3 208 287 in one go; 256 KiB pieces cost
  /// 0.22 %).
  public static let pieceInputBytes = 1 << 20

  /// The gzip header of a table (RFC 1952): deflate, no flags, no name, modification time 0,
  /// "fastest" (extra flags 4, as zlib writes for level 1) and Unix as the system (3) on every
  /// system, so the bytes do not depend on the day or the machine.
  public static let header: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 4, 3]

  /// The gzip trailer: the CRC-32 of the uncompressed bytes and their count modulo 2^32, both
  /// little-endian.
  public static func trailer(crc: UInt32, length: Int) -> [UInt8] {
    let size = UInt32(truncatingIfNeeded: length)
    return (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
      + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
  }

  /// The CRC-32 of two pieces one after the other, from theirs (`second` of `secondLength` bytes).
  public static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
    UInt32(crc32_combine(UInt(first), UInt(second), Int(secondLength)))
  }

  /// A compressed piece: raw deflate data ending on a byte boundary, and the CRC-32 of its input.
  public struct Piece: Sendable {
    public var bytes: [UInt8]
    public var crc: UInt32
    public var inputLength: Int
  }

  /// Compresses the pieces of a table, one call each, reusing its zlib state (`deflateReset`)
  /// from one piece to the next. Not thread-safe: one owner at a time (a compressing thread owns
  /// one).
  public final class PieceCompressor {
    private let stream: UnsafeMutablePointer<z_stream>

    /// `level`: 1 (fastest) … 9 (smallest); zlib's default 6 for anything else.
    public init(level: Int32 = Gzip.tableLevel) {
      stream = .allocate(capacity: 1)
      stream.initialize(to: z_stream())
      let chosen = (1...9).contains(level) ? level : 6
      // -15: raw deflate (the member's header and trailer are the file's), the largest window;
      // memory level 8.
      let status = deflateInit2_(
        stream, chosen, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size))
      precondition(status == Z_OK, "zlib could not start compressing (status \(status))")
    }

    deinit {
      deflateEnd(stream)
      stream.deallocate()
    }

    /// `input` as raw deflate data: when `last`, ending with the final block, else with a sync
    /// flush (an empty stored block), so the next piece's data can follow it.
    ///
    /// Complexity: O(n); the output is allocated once, uninitialised, at zlib's bound for n bytes.
    public func piece(_ input: UnsafeRawBufferPointer, last: Bool) -> Piece {
      let reset = deflateReset(stream)
      precondition(reset == Z_OK, "zlib could not restart (status \(reset))")
      let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
      let crc = UInt32(crc32(0, base, UInt32(input.count)))
      var capacity = Int(deflateBound(stream, UInt(input.count))) + 64
      stream.pointee.next_in = UnsafeMutablePointer(mutating: base)
      stream.pointee.avail_in = UInt32(input.count)
      var output: [UInt8] = []
      while true {
        // Uninitialised room: zeroing a megabyte for some 80 KB of output cost more than it wrote.
        var status = Z_OK
        var full = false
        let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
          stream.pointee.next_out = buffer.baseAddress
          stream.pointee.avail_out = UInt32(buffer.count)
          status = deflate(stream, last ? Z_FINISH : Z_SYNC_FLUSH)
          full = stream.pointee.avail_out == 0
          count = buffer.count - Int(stream.pointee.avail_out)
        }
        precondition(status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "zlib: \(status)")
        output += chunk
        // A sync flush is complete when zlib returns with room left; the last piece at the end.
        if last ? status == Z_STREAM_END : !full && stream.pointee.avail_in == 0 {
          return Piece(bytes: output, crc: crc, inputLength: input.count)
        }
        capacity = max(capacity, 1 << 16)
      }
    }
  }
}
