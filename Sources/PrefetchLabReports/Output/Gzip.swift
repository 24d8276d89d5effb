import CZlib

/// gzip (RFC 1952) through the system's zlib: the compressed run tables (`timeline.csv.gz`, …)
/// are written as members of `memberInputBytes` of input each (`GzipMemberFile`, compressed on
/// a `CompressionPool`'s threads) and read back with `Gzip.decompress`.
///
/// The bytes written depend only on the bytes given and the level, never on how they were
/// split into `append` calls or on which thread compressed a member. The gzip header carries
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

  /// `bytes` compressed at `level` (1 fastest … 9 smallest) as a table file holds them: a gzip
  /// member per `memberInputBytes` of input (one member for fewer bytes, an empty input
  /// included), the bytes `GzipMemberFile` writes for the same input on any number of threads.
  public static func compress(_ bytes: [UInt8], level: Int32 = tableLevel) -> [UInt8] {
    let compressor = MemberCompressor(level: level)
    guard !bytes.isEmpty else { return compressor.member([]) }
    var output: [UInt8] = []
    bytes.withUnsafeBytes { raw in
      var start = 0
      while start < raw.count {
        let end = min(start + memberInputBytes, raw.count)
        output += compressor.member(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
        start = end
      }
    }
    return output
  }

  /// A failure to decompress: what zlib said, and how far into the input it got.
  public struct Failure: Error, Sendable, Equatable {
    public var message: String
  }

  /// The decompressed bytes of every gzip member of `bytes`, one after another (as `gzip -dc`
  /// gives them: a file of concatenated members is one file).
  ///
  /// Complexity: O(n) in the decompressed size, which is held in memory at once.
  /// - Throws: `Failure` for bytes that are not gzip, a corrupt member (a failed CRC included)
  ///   or a file that ends inside a member.
  public static func decompress(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [UInt8] {
    var output = [UInt8]()
    output.reserveCapacity(bytes.count * 4)
    guard bytes.count > 0 else { return output }
    guard isCompressed(bytes) else { throw Failure(message: "not gzip (no 1f 8b at the start)") }
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    defer { stream.deallocate() }
    stream.initialize(to: z_stream())
    // 15 + 16: a gzip wrapper, the largest window.
    guard inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw Failure(message: "zlib could not start decompressing")
    }
    defer { inflateEnd(stream) }
    var consumed = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 18)
    while true {
      let available = min(bytes.count - consumed, Int(UInt32.max))
      stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress! + consumed)
      stream.pointee.avail_in = UInt32(available)
      let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
        stream.pointee.next_out = buffer.baseAddress
        stream.pointee.avail_out = UInt32(buffer.count)
        return inflate(stream, Z_NO_FLUSH)
      }
      let produced = chunk.count - Int(stream.pointee.avail_out)
      output += chunk[..<produced]
      consumed += available - Int(stream.pointee.avail_in)
      switch status {
      case Z_STREAM_END:
        if consumed == bytes.count { return output }
        // Another member may follow; trailing zeros (padding some tools add) end the file.
        if !isCompressed(bytes[consumed...]) {
          if bytes[consumed...].allSatisfy({ $0 == 0 }) { return output }
          throw Failure(message: "bytes after the last gzip member at byte \(consumed)")
        }
        guard inflateReset(stream) == Z_OK else { throw Failure(message: "zlib could not restart") }
      case Z_OK:
        continue
      case Z_BUF_ERROR where produced > 0 || consumed < bytes.count:
        continue
      case Z_BUF_ERROR:
        throw Failure(message: "the file ends inside a gzip member (truncated?)")
      default:
        throw Failure(message: failureText(status, stream) + " at byte \(consumed)")
      }
    }
  }

  static func failureText(_ status: Int32, _ stream: UnsafeMutablePointer<z_stream>) -> String {
    if let message = stream.pointee.msg { return "corrupt gzip data: " + String(cString: message) }
    switch status {
    case Z_BUF_ERROR: return "the file ends inside a gzip member (truncated?)"
    case Z_MEM_ERROR: return "out of memory"
    default: return "corrupt gzip data (zlib status \(status))"
    }
  }

  /// Input bytes of each gzip member of a table: a table of n bytes is ⌈n / 1 MiB⌉ members,
  /// cut at fixed offsets of the table's bytes, so the members can be compressed on several
  /// threads and the file is still the same bytes for any thread count or `--jobs`. Each member
  /// starts without the previous one's window; at 1 MiB that costs 0.06 % of the compressed
  /// size of the Sabre sessions' tables (measured: 3 210 302 bytes against 3 208 287 as one
  /// member; 256 KiB members cost 0.22 %).
  public static let memberInputBytes = 1 << 20

  /// Compresses gzip members, one call each, reusing its zlib state (`deflateReset`) from one
  /// member to the next. Not thread-safe: one owner at a time (a compressing thread owns one).
  public final class MemberCompressor {
    private let stream: UnsafeMutablePointer<z_stream>

    /// `level`: 1 (fastest) … 9 (smallest); zlib's default 6 for anything else.
    public init(level: Int32 = Gzip.tableLevel) {
      stream = .allocate(capacity: 1)
      stream.initialize(to: z_stream())
      let chosen = (1...9).contains(level) ? level : 6
      // 15 + 16: a gzip wrapper with zlib's own header (no name, time 0); memory level 8.
      let status = deflateInit2_(
        stream, chosen, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size))
      precondition(status == Z_OK, "zlib could not start compressing (status \(status))")
    }

    deinit {
      deflateEnd(stream)
      stream.deallocate()
    }

    /// `input` as one gzip member (header, deflate data, CRC-32 and length).
    ///
    /// Complexity: O(n); the output is allocated once at zlib's bound for n bytes.
    public func member(_ input: UnsafeRawBufferPointer) -> [UInt8] {
      let reset = deflateReset(stream)
      precondition(reset == Z_OK, "zlib could not restart (status \(reset))")
      let bound = Int(deflateBound(stream, UInt(input.count)))
      var output = [UInt8](repeating: 0, count: bound)
      var produced = 0
      stream.pointee.next_in = UnsafeMutablePointer(
        mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
      stream.pointee.avail_in = UInt32(input.count)
      while true {
        if produced == output.count { output += repeatElement(0, count: max(output.count, 1 << 12)) }
        let room = output.count - produced
        let status = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
          stream.pointee.next_out = buffer.baseAddress! + produced
          stream.pointee.avail_out = UInt32(room)
          return deflate(stream, Z_FINISH)
        }
        produced += room - Int(stream.pointee.avail_out)
        precondition(status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "zlib: \(status)")
        if status == Z_STREAM_END { break }
      }
      output.removeLast(output.count - produced)
      return output
    }

    /// `input` as one gzip member.
    public func member(_ input: [UInt8]) -> [UInt8] {
      input.withUnsafeBytes { member($0) }
    }
  }
}
